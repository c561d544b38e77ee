import { Webhook } from 'standardwebhooks';
import type { components } from './generated/schema.js';

/** The body of every delivery: one of the events (the OpenAPI's `webhooks`), told apart by `type`. */
export type EventoWebhook = components['schemas']['WebhookEvento'];

/** The Standard Webhooks headers of a delivery, as a `Headers` or a plain object (Node's `req.headers`). */
export type CabecerasWebhook = Headers | Record<string, string | string[] | undefined>;

function cabecera(headers: CabecerasWebhook, nombre: string): string {
  const valor = headers instanceof Headers ? headers.get(nombre) : headers[nombre];
  return (Array.isArray(valor) ? valor[0] : valor) ?? '';
}

export const webhooks = {
  /**
   * The event of a delivery, once its signature is checked against the endpoint's secret (`whsec_…`):
   * `payload` is the body exactly as it came (the raw text, not re-serialized JSON). Throws when the
   * signature does not match any in `webhook-signature` (two during a secret's rotation) or the timestamp
   * is more than five minutes off (a replay).
   */
  verify(payload: string | Uint8Array, headers: CabecerasWebhook, secret: string): EventoWebhook {
    const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
    return new Webhook(secret).verify(body, {
      'webhook-id': cabecera(headers, 'webhook-id'),
      'webhook-timestamp': cabecera(headers, 'webhook-timestamp'),
      'webhook-signature': cabecera(headers, 'webhook-signature'),
    }) as EventoWebhook;
  },
};
