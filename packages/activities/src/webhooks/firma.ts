import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks' `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by
 * the secret's base64 part, one per secret in force, space-separated (two during a rotation's overlap).
 * Written here rather than taken from the `standardwebhooks` package so the tests, which verify with that
 * package, check this against an independent implementation.
 */
export function firmar(secretos: readonly string[], id: string, timestamp: number, body: string): string {
  return secretos
    .map((secreto) => {
      const clave = Buffer.from(secreto.replace(/^whsec_/, ''), 'base64');
      return `v1,${createHmac('sha256', clave).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
