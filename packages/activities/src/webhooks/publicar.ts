import { Context } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { colaEntregas, EntregaWebhook, type EventoWebhook } from '@dte/contract';
import { DteWorkflowClient } from '@dte/contract/client';
import { idEvento, type TipoEvento } from '@dte/domain';
import type { StoredDocumentRecord } from '@dte/store';
import type { ActivityDependencies } from '../dependencies';

/** The API's address for the links events carry. */
export function enlaceApi(deps: ActivityDependencies, ruta: string): string {
  const base = deps.config.API_PUBLIC_URL ?? `http://${deps.config.API_HOST}:${deps.config.API_PORT}`;
  return `${base.replace(/\/$/, '')}${ruta}`;
}

/** What every dte.* event says of its document. */
export function datosDocumento(deps: ActivityDependencies, doc: StoredDocumentRecord): Record<string, unknown> {
  return {
    codigoGeneracion: doc._id,
    numeroControl: doc.numeroControl,
    tipoDte: doc.tipoDte,
    tipo: doc.tipo,
    fecEmi: doc.fecEmi,
    ambiente: doc.ambiente,
    estado: doc.estado,
    selloRecibido: doc.selloRecibido ?? null,
    url: enlaceApi(deps, `/dte/${doc._id}`),
  };
}

/**
 * Publishes an event to the emisor's endpoints that take it: one delivery workflow each, started and not
 * awaited, so whatever the receivers do never holds the step that published. `ocurrencia` names the
 * occurrence (a document's codigoGeneracion for its once-only transitions): the event's id is derived
 * from it, and the workflow id from that, so a retried step starts nothing twice and a receiver sees
 * the same `webhook-id` on every duplicate. Starting needs Temporal and the database, which the step
 * needs anyway; a failure fails the step, which is retried.
 */
export async function publicar(
  deps: ActivityDependencies,
  emisorId: number,
  type: TipoEvento,
  ocurrencia: string,
  data: Record<string, unknown>,
): Promise<void> {
  const endpoints = (await deps.webhooks.delEmisor(emisorId)).filter(
    (e) => e.deshabilitado === null && e.eventos.includes(type),
  );
  if (endpoints.length === 0) return;
  const evento: EventoWebhook = {
    id: idEvento(type, ocurrencia),
    type,
    timestamp: new Date().toISOString(),
    data,
  };
  const workflows = new DteWorkflowClient(Context.current().client.workflow);
  const { config } = deps;
  await Promise.all(
    endpoints.map((endpoint) =>
      workflows
        .start(EntregaWebhook, {
          workflowId: EntregaWebhook.workflowId(endpoint._id, evento.id),
          // Off the documents' queue, so deliveries neither take its workflow slots nor fill its lists.
          // Named from the configuration, not from the activity's own queue: a delivery's attempt (on the
          // webhooks' queue) publishes too (webhook.deshabilitado). Deliveries started before this move
          // stay on the documents' queue, whose workers still run their type, until they end.
          taskQueue: colaEntregas(config.TEMPORAL_TASK_QUEUE),
          // A completed delivery's id is not reused either: the event happened once.
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
          args: [
            {
              endpointId: endpoint._id,
              evento,
              reintento: {
                inicialSegundos: config.WEBHOOK_REINTENTO_SEGUNDOS,
                maxSegundos: config.WEBHOOK_REINTENTO_MAX_SEGUNDOS,
                plazoHoras: config.WEBHOOK_PLAZO_HORAS,
                timeoutSegundos: config.WEBHOOK_TIMEOUT_SECONDS,
              },
              cola: colaEntregas(config.TEMPORAL_TASK_QUEUE),
            },
          ],
        })
        .catch((err: unknown) => {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }),
    ),
  );
}
