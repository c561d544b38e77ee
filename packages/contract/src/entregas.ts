import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import type { DteWorkflowClient } from './workflow-client';
import { colaEntregas, EntregaWebhook, type EventoWebhook } from './webhooks';

/** The deployment's settings a delivery is started with (the fields of `@dte/config`'s Config it reads). */
export interface ConfigEntregas {
  TEMPORAL_TASK_QUEUE: string;
  WEBHOOK_REINTENTO_SEGUNDOS: number;
  WEBHOOK_REINTENTO_MAX_SEGUNDOS: number;
  WEBHOOK_PLAZO_HORAS: number;
  WEBHOOK_TIMEOUT_SECONDS: number;
}

/**
 * Starts the delivery of an event to an endpoint, and does not await it: a published event (`publicar`),
 * the test event and a redelivery alike. `workflowId` is the delivery's (by default the event's on that
 * endpoint, so an event is delivered once); a completed delivery's id is not reused either, and one
 * already started is left to run. `intentos` bounds its attempts (by default, only the window
 * WEBHOOK_PLAZO_HORAS does). Answers the delivery's workflow id.
 */
export async function iniciarEntrega(
  workflows: DteWorkflowClient,
  config: ConfigEntregas,
  endpointId: string,
  evento: EventoWebhook,
  {
    workflowId = EntregaWebhook.workflowId(endpointId, evento.id),
    intentos,
  }: { workflowId?: string; intentos?: number } = {},
): Promise<string> {
  await workflows
    .start(EntregaWebhook, {
      workflowId,
      // Off the documents' queue, so deliveries neither take its workflow slots nor fill its lists.
      // Named from the configuration, not from the activity's own queue: a delivery's attempt (on the
      // webhooks' queue) publishes too (webhook.deshabilitado). Deliveries started before this move
      // stay on the documents' queue, whose workers still run their type, until they end.
      taskQueue: colaEntregas(config.TEMPORAL_TASK_QUEUE),
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      args: [
        {
          endpointId,
          evento,
          reintento: {
            inicialSegundos: config.WEBHOOK_REINTENTO_SEGUNDOS,
            maxSegundos: config.WEBHOOK_REINTENTO_MAX_SEGUNDOS,
            plazoHoras: config.WEBHOOK_PLAZO_HORAS,
            timeoutSegundos: config.WEBHOOK_TIMEOUT_SECONDS,
            ...(intentos === undefined ? {} : { intentos }),
          },
          cola: colaEntregas(config.TEMPORAL_TASK_QUEUE),
        },
      ],
    })
    .catch((err: unknown) => {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    });
  return workflowId;
}
