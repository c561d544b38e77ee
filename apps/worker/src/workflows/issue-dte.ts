import {
  allHandlersFinished,
  type ApplicationFailure,
  condition,
  defineSignal,
  defineUpdate,
  proxyLocalActivities,
  setHandler,
  sleep,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import {
  Contingency,
  DTE_ERROR_FAILURE,
  IssueDte,
  SearchAttribute,
  type DocumentEstado,
  type DocumentOutcome,
  type IssueDteInput,
} from '@dte/domain/workflow-contract';
import type { TransmitOutcome } from '@dte/activities';
import { deliverDocument, dteRefusal, steps, type Activities } from './shared';

// The path to MH's verdict runs as local activities: in the worker, without a round trip to the Temporal
// server per step, which is most of an issuance's latency otherwise. Their results are recorded when the
// workflow task completes; a worker lost before that re-runs them from the top on replay, which each
// step tolerates: numbering and saving are idempotent on codigoGeneracion, and transmission consults MH
// first once the document was already on record.
const local = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', nonRetryableErrorTypes: [DTE_ERROR_FAILURE] },
});
// Up to three sends with a consult before each resend, each bounded by MH's 8-second timeout.
const mh = proxyLocalActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute' },
});

export const documentOutcome = defineUpdate<DocumentOutcome>(IssueDte.outcomeUpdate);

function setEstado(estado: DocumentEstado): void {
  upsertSearchAttributes({ [SearchAttribute.estado]: [estado] });
}

/**
 * Issues one document: build and number it, sign it, persist it, transmit it under MH's policy, and
 * persist MH's verdict with the receptor's JSON — the moment the API answers (the `documentOutcome`
 * update, from which it reads the record). Then, for accepted documents, the PDF is stored and the
 * receptor is e-mailed, off the synchronous path. The document itself never passes through here.
 */
export async function IssueDteWorkflow(input: IssueDteInput): Promise<DocumentOutcome | null> {
  let record: DocumentOutcome | undefined;
  let refusal: ApplicationFailure | undefined;
  setHandler(documentOutcome, async () => {
    await condition(() => record !== undefined || refusal !== undefined);
    if (refusal) throw refusal;
    return record!;
  });

  try {
    const { prepared, nuevo } = await local.prepareDocument(input);
    // Set with the estado in one upsert (each is a visibility write), or earlier if MH keeps it waiting.
    const numeroControl = { [SearchAttribute.numeroControl]: [prepared.numeroControl] };
    const transmit = (consultarAntes: boolean) =>
      mh.transmitDocument({
        emisorId: input.issuer.emisorId,
        ambiente: ambienteDe(prepared),
        tipoDte: prepared.tipoDte,
        version: prepared.version,
        codigoGeneracion: input.codigoGeneracion,
        consultarAntes,
      });
    let outcome: TransmitOutcome = contingencyForced(input)
      ? { result: 'UNREACHABLE', reason: 'testContingencia' }
      : await transmit(!nuevo);
    if (outcome.result === 'UNREACHABLE') upsertSearchAttributes(numeroControl);
    let recorded = outcome.result === 'UNREACHABLE' ? await steps.issueInContingency(input.codigoGeneracion) : null;
    // Kinds MH does not take in contingency (CAT-023) can only wait for MH.
    for (let wait = 10; !recorded && outcome.result === 'UNREACHABLE'; wait = Math.min(wait * 2, 600)) {
      await sleep(`${wait} seconds`);
      // An unanswered send of the previous round may have reached MH.
      outcome = await transmit(true);
    }
    recorded ??= await local.recordOutcome(input.codigoGeneracion, outcome);
    record = recorded;
    upsertSearchAttributes({ ...numeroControl, [SearchAttribute.estado]: [recorded.estado] });
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
    const final = await local.recordOutcome(input.codigoGeneracion, desenlace!);
    if (final.estado === 'PROCESSED') await deliverDocument(input.codigoGeneracion);
    setEstado(final.estado);
  }
  await condition(allHandlersFinished);
  return record;
}

export const contingencyOutcome = defineSignal<[TransmitOutcome]>(Contingency.desenlaceSignal);

/**
 * `testContingencia` (DTE 01, ambiente TEST only, checked by the API) issues in contingency without asking
 * MH. Executions started before the request stayed out of history carry it in the request.
 */
function contingencyForced(input: IssueDteInput): boolean {
  return (
    input.forzarContingencia ?? (input.request as { testContingencia?: boolean } | undefined)?.testContingencia === true
  );
}

/** The document's ambiente; the prepared document of executions started earlier carried the whole DTE. */
function ambienteDe(prepared: { ambiente?: string; dte?: { identificacion: { ambiente: string } } }): string {
  return prepared.ambiente ?? prepared.dte!.identificacion.ambiente;
}
