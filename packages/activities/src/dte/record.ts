import { documentKind, type DteTipo } from '@dte/domain';
import type { DocumentEstado, DocumentOutcome } from '@dte/domain/workflow-contract';
import { voidLedgerTake } from '../db';
import type { ActivityDependencies } from '../dependencies';
import { storeReceptorJson } from './deliver';
import { analisisHacienda, REJECTION_PREFIX, rejectionMessage, respuestaMhView } from './record-view';
import { documentKeys } from './storage-keys';
import type { TransmitOutcome } from './transmit';

export function createRecordActivities(deps: ActivityDependencies) {
  const { Document } = deps.db.models;
  return {
    /** Stores MH's verdict on the record, and for an accepted document the receptor's JSON. */
    async recordOutcome(codigoGeneracion: string, outcome: TransmitOutcome): Promise<DocumentOutcome> {
      if (outcome.result === 'UNREACHABLE') throw new Error(`MH unreachable: ${outcome.reason}`);
      const doc = await Document.findById(codigoGeneracion).lean();
      if (!doc) throw new Error(`document ${codigoGeneracion} is not on record`);
      const r = outcome.respuesta;
      const accepted = outcome.result === 'PROCESADO';
      const keys = await documentKeys(deps.tenants, doc);
      const updated = await Document.findOneAndUpdate(
        { _id: codigoGeneracion },
        {
          $set: {
            estado: accepted ? 'PROCESSED' : 'REJECTED',
            selloRecibido: accepted ? r.selloRecibido : null,
            respuestaMh: respuestaMhView(r),
            analisisHacienda: analisisHacienda(r),
            errorTecnico: accepted ? null : `${REJECTION_PREFIX}: ${rejectionMessage(r)}`,
            dteJsonUrl: accepted ? keys.json : null,
            dtePdfUrl: accepted ? keys.pdf : null,
          },
        },
        { new: true },
      ).lean();
      if (accepted) await storeReceptorJson(deps, updated!);
      // A rejected document never existed for MH: what it took of its original is available again.
      if (!accepted && documentKind(doc.tipo as DteTipo).consumoOrigen)
        await voidLedgerTake(deps.db.connection, codigoGeneracion);
      return { codigoGeneracion, estado: updated!.estado as DocumentEstado };
    },
  };
}
