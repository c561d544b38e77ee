import { z } from 'zod';
import { fecha } from './common';

/**
 * POST /buzon: the IMAP mailbox where the emisor's suppliers send their Archivos DTE. TLS from the first
 * byte (IMAPS, port 993) unless `tls` is false, which only a server on a private network should be:
 * Gmail, Microsoft 365 and other hosted mailboxes answer IMAPS alone, with an app password. The host
 * follows the destination policy (`../destinos`): a private one only where the deployment allows it.
 */
export const buzonRequest = z
  .strictObject({
    host: z.string().trim().min(1).max(255),
    port: z.number().int().min(1).max(65535).optional(),
    tls: z.boolean().default(true),
    usuario: z.string().trim().min(1).max(320),
    password: z.string().min(1).max(1000),
    /** The folder read: suppliers' mail may be filtered into one of its own. */
    carpeta: z.string().trim().min(1).max(255).default('INBOX'),
    /** Messages received (IMAP INTERNALDATE) before this day are left alone: a mailbox's years of mail are not read. */
    desde: fecha.optional(),
  })
  .transform((b) => ({ ...b, port: b.port ?? (b.tls ? 993 : 143) }));
export type BuzonRequest = z.output<typeof buzonRequest>;
