export { DteClient, retryAfterMs, type DteClientOptions, type RespuestaCompleta } from './cliente';
export { DteApiError } from './errores';
export { webhooks, type CabecerasWebhook, type EventoWebhook } from './webhooks';
export { WebhookVerificationError } from 'standardwebhooks';
export { operaciones } from './generated/operaciones';
export type {
  Argumentos,
  Elemento,
  ErrorBody,
  ErrorCode,
  OperacionPaginada,
  OperationId,
  Opciones,
  Respuesta,
} from './tipos';
export type { components, operations, paths } from './generated/schema';
