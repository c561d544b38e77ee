import { stack } from './stack';

export interface MaildevMessage {
  id: string;
  subject: string;
  to: { address: string }[];
  attachments?: { fileName: string; contentType: string; generatedFileName: string; length: number }[];
}

/** Waits until maildev holds a message matching `predicate` (mail is sent asynchronously). */
export async function waitForMail(
  predicate: (m: MaildevMessage) => boolean,
  timeoutMs = 30000,
): Promise<MaildevMessage> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const res = await fetch(`${stack().maildev}/email`);
    const found = ((await res.json()) as MaildevMessage[]).find(predicate);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('expected e-mail did not arrive in maildev');
}

export async function mailAttachment(message: MaildevMessage, generatedFileName: string): Promise<Buffer> {
  const res = await fetch(`${stack().maildev}/email/${message.id}/attachment/${generatedFileName}`);
  return Buffer.from(await res.arrayBuffer());
}
