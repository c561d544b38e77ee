import { documentKind, type DteTipo } from '@dte/domain';
import type { DocumentRecordView, IssueDteInput } from '@dte/domain/workflow-contract';
import { takeNext, voidLedgerTake } from '../db';
import type { ActivityDependencies } from '../dependencies';
import type { PreparedDocument } from './prepare';
import { analisisHacienda, documentView, REJECTION_PREFIX, rejectionMessage, respuestaMhView } from './record-view';
import { documentKeys } from './storage-keys';
import type { TransmitOutcome } from './transmit';

export function createRecordActivities(deps: ActivityDependencies) {
  const { Document, Emisor } = deps.db.models;
  return {
    /**
     * Persists the signed document before it is transmitted (estado PENDIENTE), so an outcome that is
     * never learned is still on record. Idempotent on codigoGeneracion: a retried activity finds it, and
     * answers false — the document may have been sent since.
     */
    async saveSignedDocument(input: IssueDteInput, prepared: PreparedDocument, dteFirmado: string): Promise<boolean> {
      const saved = async () => !!(await Document.exists({ _id: input.codigoGeneracion }));
      if (await saved()) return false;
      const emisor = await Emisor.findOne({ id: input.issuer.emisorId }, { ambiente: 1 }).lean();
      try {
        await Document.create({
          _id: input.codigoGeneracion,
          id: await takeNext(deps.db.connection, 'document'),
          tipo: input.tipo,
          tipoDte: prepared.tipoDte,
          codigoGeneracion: input.codigoGeneracion,
          numeroControl: prepared.numeroControl,
          estado: 'PENDIENTE',
          ambiente: emisor!.ambiente,
          total: prepared.total,
          fecEmi: prepared.fecEmi,
          dteJson: prepared.dte,
          dteFirmado,
          sequenceId: prepared.sequenceId,
          sequenceNumber: String(prepared.correlativo),
          serie: prepared.serie,
          emisorId: input.issuer.emisorId,
          branchId: input.issuer.establecimientoId,
          pointOfSaleId: input.issuer.puntoVentaId,
          tokenId: input.issuer.tokenId,
          receptorCorreo: prepared.receptorCorreo,
        });
      } catch (err) {
        // A retried activity racing its own first attempt: the document is saved, which is all we want.
        if ((err as { code?: number }).code !== 11000 || !(await saved())) throw err;
        return false;
      }
      return true;
    },

    /** Stores MH's verdict on the record and answers with the record as the API shows it. */
    async recordOutcome(codigoGeneracion: string, outcome: TransmitOutcome): Promise<DocumentRecordView> {
      if (outcome.result === 'UNREACHABLE') throw new Error(`MH unreachable: ${outcome.reason}`);
      const doc = await Document.findById(codigoGeneracion).lean();
      if (!doc) throw new Error(`document ${codigoGeneracion} is not on record`);
      const r = outcome.respuesta;
      const accepted = outcome.result === 'PROCESADO';
      const keys = await documentKeys(deps.db.models, doc);
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
      // A rejected document never existed for MH: what it took of its original is available again.
      if (!accepted && documentKind(doc.tipo as DteTipo).consumoOrigen)
        await voidLedgerTake(deps.db.connection, codigoGeneracion);
      return documentView(updated!);
    },
  };
}
