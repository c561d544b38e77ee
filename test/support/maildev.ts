import { eventually } from './eventually';
import { stack } from './stack';

export interface MaildevMessage {
  id: string;
  subject: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
  replyTo?: { address: string; name: string }[];
  text: string;
  attachments?: { fileName: string; contentType: string; generatedFileName: string; length: number }[];
}

/** Waits until maildev holds a message matching `predicate` (mail is sent asynchronously). */
export function waitForMail(predicate: (m: MaildevMessage) => boolean): Promise<MaildevMessage> {
  return eventually('the expected e-mail in maildev', async () => {
    const res = await fetch(`${stack().maildev}/email`);
    return ((await res.json()) as MaildevMessage[]).find(predicate);
  });
}

export async function mailAttachment(message: MaildevMessage, generatedFileName: string): Promise<Buffer> {
  const res = await fetch(`${stack().maildev}/email/${message.id}/attachment/${generatedFileName}`);
  return Buffer.from(await res.arrayBuffer());
}
