import type { DocumentEstado, DocumentOutcome, TransmitOutcome } from '@dte/contract';
import type { ActivityDependencies } from '../dependencies';
import { storeReceptorJson } from './deliver';

export function createRecordActivities(deps: ActivityDependencies) {
  return {
    /** Stores MH's verdict on the record, and for an accepted document the receptor's JSON. */
    async recordOutcome(codigoGeneracion: string, outcome: TransmitOutcome): Promise<DocumentOutcome> {
      if (outcome.result === 'UNREACHABLE') throw new Error(`MH unreachable: ${outcome.reason}`);
      const updated = await deps.documents.recordOutcome(codigoGeneracion, outcome);
      if (updated.estado === 'PROCESSED') await storeReceptorJson(deps, updated);
      return { codigoGeneracion, estado: updated.estado as DocumentEstado };
    },
  };
}
