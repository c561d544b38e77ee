import { Context } from '@temporalio/activity';
import { urlPublica } from '@dte/config';
import type { EventoWebhook } from '@dte/contract';
import { DteWorkflowClient, iniciarEntrega } from '@dte/contract/client';
import type { DatosDocumento, DatosEvento } from '@dte/contract/eventos-webhook';
import { idEvento, type TipoEvento } from '@dte/domain';
import type { StoredDocumentRecord } from '@dte/store';
import type { ActivityDependencies } from '../dependencies';

/** The API's address for the links events carry. */
export function enlaceApi(deps: ActivityDependencies, ruta: string): string {
  return urlPublica(deps.config, ruta);
}

/** What every dte.* event says of its document. */
export function datosDocumento(deps: ActivityDependencies, doc: StoredDocumentRecord): DatosDocumento {
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
 * needs anyway; a failure fails the step, which is retried. `data` is typed by the event's schema, the one
 * the reference and `@dte/client` promise its receivers.
 */
export async function publicar<T extends TipoEvento>(
  deps: ActivityDependencies,
  emisorId: number,
  type: T,
  ocurrencia: string,
  data: DatosEvento<T>,
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
  await Promise.all(endpoints.map((endpoint) => iniciarEntrega(workflows, deps.config, endpoint._id, evento)));
}
