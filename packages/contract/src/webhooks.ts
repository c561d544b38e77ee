import type { TipoEventoEntrega } from '@dte/domain';
import { defineSignal } from '@temporalio/workflow';
import { defineWorkflow } from './workflow';

/**
 * An event as its receivers get it, the body of every delivery (Standard Webhooks' payload form): `id` is
 * the `webhook-id` header, the same on every attempt and duplicate, so receivers deduplicate on it.
 */
export interface EventoWebhook {
  id: string;
  type: TipoEventoEntrega;
  /** When it happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * How a delivery is retried: exponential from `inicialSegundos`, doubling up to `maxSegundos`, for `plazoHoras`,
 * and at most `intentos` attempts when it is given.
 */
export interface ReintentoWebhook {
  inicialSegundos: number;
  maxSegundos: number;
  plazoHoras: number;
  /** How long one attempt may last in all (connection, headers and body). */
  timeoutSegundos: number;
  /** At most this many attempts (a delivery a person asked for: `INTENTOS_ENTREGA_PEDIDA`); absent, no bound. */
  intentos?: number;
}

/**
 * The attempts of a delivery a person asked for (`POST /webhooks/:id/prueba`, `/reenviar`): the first and
 * three retries, so within minutes (30 s, 1 min and 2 min apart with the default WEBHOOK_REINTENTO_SEGUNDOS),
 * for a receiver being set up or mended while someone watches, not the days' window of a published event.
 * Each is a request to the receiver: these deliveries do not wait for the endpoint's turn.
 */
export const INTENTOS_ENTREGA_PEDIDA = 4;

export interface EntregaWebhookInput {
  endpointId: string;
  evento: EventoWebhook;
  reintento: ReintentoWebhook;
  /**
   * The task queue the attempts run on (`colaEntregas`), served with a bounded number of slots; absent in
   * deliveries started before it existed, whose attempts run on the workflow's own queue.
   */
  cola?: string;
}

/**
 * The task queue of the webhook deliveries of the workers of `taskQueue`: their workflows (since
 * deliveries were moved off the documents' queue, so an operator's list of the documents' queue shows
 * no delivery) and their attempts.
 */
export const colaEntregas = (taskQueue: string) => `${taskQueue}-webhooks`;

/**
 * ENTREGADO: the receiver answered 2xx. DESHABILITADO: it answered 410 Gone (the endpoint is disabled), or
 * was disabled before. ELIMINADO: the emisor deleted the endpoint. FALLIDO: no 2xx within the retry window,
 * or an address the emisor's ambiente does not admit.
 */
export interface ResultadoEntrega {
  estado: 'ENTREGADO' | 'DESHABILITADO' | 'ELIMINADO' | 'FALLIDO';
  motivo?: string;
}

/**
 * The failure type of an attempt to an address the emisor's ambiente does not admit: no retry can mend
 * it, so the delivery's retry policy names it as final.
 */
export const DESTINO_NO_PERMITIDO = 'WebhookDestinoNoPermitido';

/**
 * One event to one endpoint, one workflow: its attempts, retries and outcome are in its history, and a
 * worker that dies mid-attempt leaves the attempt to be retried with the same event id.
 */
export const EntregaWebhook = {
  ...defineWorkflow<(input: EntregaWebhookInput) => Promise<ResultadoEntrega>>('WebhookDeliveryWorkflow'),
  workflowId: (endpointId: string, eventoId: string) => `webhook-${endpointId}-${eventoId}`,
  /**
   * The endpoint was disabled (the reason): the delivery stops waiting for its next attempt and ends
   * DESHABILITADO, instead of retrying for the rest of its window.
   */
  deshabilitado: defineSignal<[string]>('deshabilitado'),
  /** Temporal's visibility query of the endpoint's deliveries still running. */
  enCurso: (endpointId: string) =>
    [
      `WorkflowType = 'WebhookDeliveryWorkflow'`,
      `ExecutionStatus = 'Running'`,
      // The id's trailing '-' keeps whk_1_1 from matching whk_1_10's deliveries.
      `WorkflowId STARTS_WITH 'webhook-${endpointId}-'`,
    ].join(' AND '),
};
