import { z } from 'zod';
import { EVENTOS_WEBHOOK } from '../webhooks';

/** POST /webhooks: an endpoint of the token's emisor. Without `eventos` it receives every event. */
export const webhookRequest = z.strictObject({
  url: z.string().trim().min(1).max(2000),
  eventos: z
    .array(z.enum(EVENTOS_WEBHOOK))
    .min(1)
    .transform((e) => [...new Set(e)])
    .default([...EVENTOS_WEBHOOK]),
  descripcion: z.string().trim().max(200).optional(),
});
export type WebhookRequest = z.output<typeof webhookRequest>;

/** GET /webhooks/:id/entregas: the delivery log, newest first, by cursor. */
export const entregasRequest = z.strictObject({
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
