export { DteClient, retryAfterMs, type DteClientOptions } from './cliente.js';
export { DteApiError } from './errores.js';
export { webhooks, type CabecerasWebhook, type EventoWebhook } from './webhooks.js';
export { WebhookVerificationError } from 'standardwebhooks';
export { operaciones } from './generated/operaciones.js';
export type {
  Argumentos,
  Elemento,
  ErrorBody,
  ErrorCode,
  OperacionPaginada,
  OperationId,
  Opciones,
  Pendiente,
  Respuesta,
  RespuestaCompleta,
  SegunFormato,
  Sellado,
} from './tipos.js';
export type { components, operations, paths } from './generated/schema.js';
