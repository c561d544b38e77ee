import type { Remitente } from '@dte/domain';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

export interface MailerOptions {
  /** SMTP_URL: smtp:// or smtps://, with credentials and nodemailer options as query parameters. */
  smtpUrl: string;
  /** MAIL_FROM, e.g. `DTE Service <dte@example.com>`. */
  from: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * What makes the message one: the same key gives the same Message-ID (`<clave@the From's domain>`), so a
   * message sent again because the sender died between the SMTP server's acceptance and its record of it
   * is the same message to the receptor's mail system (RFC 5322 §3.6.4), not a second one. Unset: a new
   * message.
   */
  clave?: string;
  /**
   * The emisor's own sender: its name on MAIL_FROM's address (the deployment's servers send for that
   * domain only, as SPF and DMARC check) and its address as the Reply-To. Unset: MAIL_FROM as it is.
   */
  remitente?: Remitente;
}

export interface SentMail {
  messageId: string;
  /** The recipients the SMTP server took. */
  accepted: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /** Closes the pooled SMTP connections; in-flight sends are dropped, so call it after the work drains. */
  close(): void;
}

/**
 * One pooled SMTP transport per process: connections are reused across messages instead of a TCP/TLS
 * handshake per DTE. Delivery failures reject, so the calling activity's retry policy decides.
 */
export function createMailer({ smtpUrl, from }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(pooled(smtpUrl));
  const direccion = addressparser(from, { flatten: true })[0]?.address ?? from;
  const dominio = /@([^@\s]+)$/.exec(direccion)?.[1] ?? 'localhost';
  const send = async ({ clave, remitente, ...message }: MailMessage): Promise<SentMail> => {
    const info = await transport.sendMail({
      // An address object: nodemailer quotes and encodes the name (RFC 2047), whatever it holds.
      from: remitente?.nombre ? { name: remitente.nombre, address: direccion } : from,
      ...(remitente?.responderA ? { replyTo: remitente.responderA } : {}),
      ...message,
      ...(clave ? { messageId: `<${clave}@${dominio}>` } : {}),
    });
    return {
      messageId: info.messageId,
      accepted: info.accepted.map((a) => (typeof a === 'string' ? a : a.address)),
    };
  };
  return { send, close: () => transport.close() };
}

/** nodemailer reads transport options from the URL's query; pooling is the default unless SMTP_URL says otherwise. */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
