import type { DocumentOutcome, IssueDteInput, TransmitOutcome } from '@dte/contract';
import type { createPrepareActivities, ReadyDocument } from './prepare';
import type { createRecordActivities } from './record';
import type { createTransmitActivities } from './transmit';

/** How far one issuance step took a document: prepared, and when it got that far, sent and recorded. */
export interface Emision {
  ready: ReadyDocument;
  /** MH's answer; absent when another run settled the document (`ready.liquidado`). */
  outcome?: TransmitOutcome;
  /** MH's verdict on record; absent when MH did not answer, for the workflow to decide what follows. */
  recorded?: DocumentOutcome;
}

type Pasos = ReturnType<typeof createPrepareActivities> &
  ReturnType<typeof createTransmitActivities> &
  ReturnType<typeof createRecordActivities>;

export function createIssueActivities(pasos: Pasos) {
  return {
    /**
     * The path to MH's verdict in one step: prepare, transmit and record, as the three activities of that
     * name run one after the other. One step costs the workflow one activation where three cost three, and
     * each costs Temporal's sandbox a native watchdog (docs/benchmarks.md, run 14). A retry starts from the
     * top, as a replay of the three did: the document is then on record, so MH is consulted before sending.
     */
    async issueDocument(input: IssueDteInput): Promise<Emision> {
      const ready = await pasos.prepareDocument(input);
      if (ready.liquidado) return { ready };
      const { prepared } = ready;
      const outcome = await pasos.transmitDocument({
        emisorId: input.issuer.emisorId,
        ambiente: prepared.ambiente,
        tipoDte: prepared.tipoDte,
        version: prepared.version,
        codigoGeneracion: input.codigoGeneracion,
        consultarAntes: !ready.nuevo,
      });
      if (outcome.result === 'UNREACHABLE') return { ready, outcome };
      return { ready, outcome, recorded: await pasos.recordOutcome(input.codigoGeneracion, outcome) };
    },
  };
}
