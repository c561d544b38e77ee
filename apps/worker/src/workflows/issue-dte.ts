import {
  allHandlersFinished,
  type ApplicationFailure,
  condition,
  defineSignal,
  defineUpdate,
  proxyActivities,
  setHandler,
  sleep,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import {
  Contingency,
  IssueDte,
  SearchAttribute,
  type DocumentEstado,
  type DocumentRecordView,
  type IssueDteInput,
} from '@dte/domain/workflow-contract';
import type { TransmitOutcome } from '@dte/activities';
import { deliverDocument, dteRefusal, steps, type Activities } from './shared';

// Up to three sends with a consult before each resend, each bounded by MH's 8-second timeout.
const mh = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute' },
});

export const documentOutcome = defineUpdate<DocumentRecordView>(IssueDte.outcomeUpdate);

function setEstado(estado: DocumentEstado): void {
  upsertSearchAttributes({ [SearchAttribute.estado]: [estado] });
}

/**
 * Issues one document: build and number it, sign it, persist it, transmit it under MH's policy, and
 * persist MH's verdict — the moment the API answers (the `documentOutcome` update). Then, for accepted
 * documents, the JSON and PDF are stored and the receptor is e-mailed, off the synchronous path.
 */
export async function IssueDteWorkflow(input: IssueDteInput): Promise<DocumentRecordView | null> {
  let record: DocumentRecordView | undefined;
  let refusal: ApplicationFailure | undefined;
  setHandler(documentOutcome, async () => {
    await condition(() => record !== undefined || refusal !== undefined);
    if (refusal) throw refusal;
    return record!;
  });

  try {
    const prepared = await steps.prepareDocument(input);
    upsertSearchAttributes({ [SearchAttribute.numeroControl]: [prepared.numeroControl] });
    const documento = await steps.signDocument(input.issuer.emisorId, prepared.dte);
    await steps.saveSignedDocument(input, prepared, documento);
    const transmit = () =>
      mh.transmitDocument({
        emisorId: input.issuer.emisorId,
        ambiente: prepared.dte.identificacion.ambiente,
        tipoDte: prepared.tipoDte,
        version: prepared.version,
        codigoGeneracion: input.codigoGeneracion,
        documento,
      });
    let outcome: TransmitOutcome = contingencyForced(input)
      ? { result: 'UNREACHABLE', reason: 'testContingencia' }
      : await transmit();
    let recorded = outcome.result === 'UNREACHABLE' ? await steps.issueInContingency(input.codigoGeneracion) : null;
    // Kinds MH does not take in contingency (CAT-023) can only wait for MH.
    for (let wait = 10; !recorded && outcome.result === 'UNREACHABLE'; wait = Math.min(wait * 2, 600)) {
      await sleep(`${wait} seconds`);
      outcome = await transmit();
    }
    recorded ??= await steps.recordOutcome(input.codigoGeneracion, outcome);
    if (recorded.dteJsonUrl) await steps.storeDocumentJson(input.codigoGeneracion);
    record = recorded;
    setEstado(recorded.estado);
  } catch (err) {
    refusal = dteRefusal(err);
    if (!refusal) throw err;
    await condition(allHandlersFinished);
    return null;
  }

  if (record.estado === 'PROCESSED' || record.estado === 'CONTINGENCIA') await deliverDocument(input.codigoGeneracion);
  if (record.estado === 'CONTINGENCIA') {
    // Enlisted after the contingency copy was delivered, so recovery never races it (delivery never
    // fails, so nothing keeps the document from reaching MH). The verdict comes back here to be recorded
    // and delivered, so a large backlog settles in parallel, each document in its own workflow.
    let desenlace: TransmitOutcome | undefined;
    setHandler(contingencyOutcome, (outcome) => void (desenlace = outcome));
    await steps.enlistInContingency(input.issuer.emisorId, input.codigoGeneracion);
    await condition(() => desenlace !== undefined);
    const final = await steps.recordOutcome(input.codigoGeneracion, desenlace!);
    if (final.estado === 'PROCESSED') {
      await steps.storeDocumentJson(input.codigoGeneracion);
      await deliverDocument(input.codigoGeneracion);
    }
    setEstado(final.estado);
  }
  await condition(allHandlersFinished);
  return record;
}

export const contingencyOutcome = defineSignal<[TransmitOutcome]>(Contingency.desenlaceSignal);

/** `testContingencia` (DTE 01, ambiente TEST only, checked by the API) issues in contingency without asking MH. */
function contingencyForced(input: IssueDteInput): boolean {
  return (input.request as { testContingencia?: boolean }).testContingencia === true;
}
