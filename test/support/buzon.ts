import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { stack } from './stack';

/** A mailbox of the stack's Dovecot: what POST /buzon takes for it. */
export interface CuentaImap {
  host: string;
  port: number;
  tls: false;
  usuario: string;
  password: string;
}

/** A new account (Dovecot re-reads its passwd-file when it changes), with an empty INBOX. */
export function crearCuentaImap(nombre: string): CuentaImap {
  const { host, port, usuarios } = stack().imap;
  const usuario = `${nombre}-${randomBytes(4).toString('hex')}@buzon.test`;
  const password = randomBytes(12).toString('hex');
  fs.appendFileSync(usuarios, `${usuario}:{PLAIN}${password}\n`);
  return { host, port, tls: false, usuario, password };
}

async function conectado<T>(cuenta: CuentaImap, trabajo: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: cuenta.host,
    port: cuenta.port,
    secure: false,
    auth: { user: cuenta.usuario, pass: cuenta.password },
    logger: false,
  });
  await client.connect();
  try {
    return await trabajo(client);
  } finally {
    await client.logout();
  }
}

/**
 * Delivers a message to the account's INBOX as its server files what arrives (IMAP APPEND, unread): the raw
 * message an e-mail system sent (e.g. the service's own mail to a receptor, from maildev), or one nodemailer
 * builds from `options`. Answers its uid.
 */
export async function entregarCorreo(cuenta: CuentaImap, mensaje: Buffer | Mail.Options): Promise<number> {
  const raw = Buffer.isBuffer(mensaje)
    ? mensaje
    : await new MailComposer({
        from: 'Proveedor <facturacion@proveedor.test>',
        to: cuenta.usuario,
        subject: 'Documento tributario electrónico',
        text: 'Adjuntamos su documento.',
        ...mensaje,
      })
        .compile()
        .build();
  const res = await conectado(cuenta, (client) => client.append('INBOX', raw));
  if (!res || !res.uid) throw new Error(`APPEND to ${cuenta.usuario} answered no uid`);
  return res.uid;
}

/** The flags and keywords of each message of the INBOX, by uid. */
export function flagsDelBuzon(cuenta: CuentaImap): Promise<Map<number, string[]>> {
  return conectado(cuenta, async (client) => {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const flags = new Map<number, string[]>();
      if (client.mailbox && client.mailbox.exists > 0)
        for await (const m of client.fetch('1:*', { flags: true, uid: true })) flags.set(m.uid, [...(m.flags ?? [])]);
      return flags;
    } finally {
      lock.release();
    }
  });
}

/** The raw message maildev received (what the sender's SMTP client transmitted). */
export async function correoDeMaildev(id: string): Promise<Buffer> {
  const res = await fetch(`${stack().maildev}/email/${id}/download`);
  if (!res.ok) throw new Error(`maildev /email/${id}/download: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
