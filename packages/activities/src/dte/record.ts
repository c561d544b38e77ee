import { Context } from '@temporalio/activity';
import type { DocumentEstado, DocumentOutcome, TransmitOutcome } from '@dte/contract';
import type { ActivityDependencies } from '../dependencies';
import { datosDocumento, publicar } from '../webhooks/publicar';
import { storeReceptorJson } from './deliver';

export function createRecordActivities(deps: ActivityDependencies) {
  return {
    /**
     * Stores MH's verdict on the record, and for an accepted document the receptor's JSON, and tells the
     * emisor's webhooks (dte.procesado or dte.rechazado), on the first attempt or a retry alike.
     */
    async recordOutcome(codigoGeneracion: string, outcome: TransmitOutcome): Promise<DocumentOutcome> {
      if (outcome.result === 'UNREACHABLE') throw new Error(`MH unreachable: ${outcome.reason}`);
      const recien = deps.preparados.leer(codigoGeneracion)?.claves;
      deps.preparados.olvidar(codigoGeneracion);
      const runId = Context.current().info.workflowExecution?.runId;
      const updated = await deps.documents.recordOutcome(codigoGeneracion, outcome, recien, runId);
      deps.registrados.guardar(codigoGeneracion, updated);
      if (updated.estado === 'PROCESSED') await storeReceptorJson(deps, updated);
      const evento = updated.estado === 'PROCESSED' ? 'dte.procesado' : 'dte.rechazado';
      await publicar(deps, updated.emisorId, evento, codigoGeneracion, datosDocumento(deps, updated));
      return { codigoGeneracion, estado: updated.estado as DocumentEstado };
    },
  };
}
