import type { SearchAttributeUpdatePair } from '@temporalio/common';
import {
  allHandlersFinished,
  type ApplicationFailure,
  condition,
  patched,
  setHandler,
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import {
  IssueDte,
  RECHAZADO_EN_API,
  SearchAttributeKeys,
  type DocumentEstado,
  type DocumentOutcome,
  type IssueDteInput,
  type TransmitOutcome,
  type WorkflowFn,
} from '@dte/contract';
import type { Emision } from '@dte/activities';
import { deliverDocument, settle } from './delivery';
import { ESPERA_MH, siguienteEspera } from '@dte/domain/limites';
import { databaseSteps, issuanceSteps, issuanceToVerdict, mhReception } from './policies';
import { dteRefusal } from './refusal';

/**
 * Changes since executions of this workflow were first recorded, each kept behind `patched()` so an
 * execution recorded before it replays as it ran (apps/worker/test/replay.test.ts).
 */
export const Cambios = {
  /**
   * Whether MH unreachable means contingencia is decided here, from what `prepareDocument` answers;
   * before, `issueInContingency` was asked for every document and answered null for kinds that wait.
   */
  contingenciaDecidida: 'emision-contingencia-decidida',
  /**
   * A refusal sets `DteEstado` RECHAZADO_EN_API (before, it stayed PENDIENTE, as if waiting for MH), and
   * fails an issuance started by hand, which nobody else would tell of it.
   */
  rechazoVisible: 'emision-rechazo-visible',
  /**
   * A second run for a document an earlier run settled (the API's start joins a closed execution by
   * starting a new one) answers the verdict on record and ends: before, it asked MH, recorded and
   * delivered the document again. Guarded although `liquidado` is new: in a rolling deploy the new
   * activity answers it to the old workflow code, which went on (histories/segunda-ejecucion-anterior).
   */
  segundaEjecucion: 'emision-segunda-ejecucion',
  /**
   * The document is prepared, sent and its verdict recorded in one local activity (`issueDocument`), one
   * activation of this workflow where the three steps took three; before, they were three local activities.
   */
  unPaso: 'emision-un-paso',
} as const;

function estadoBuscable(estado: DocumentEstado | typeof RECHAZADO_EN_API): SearchAttributeUpdatePair {
  return { key: SearchAttributeKeys.estado, value: estado };
}

/**
 * Issues one document: build and number it, sign it, persist it, transmit it under MH's policy, and
 * persist MH's verdict with the receptor's JSON — the moment the API answers (the `documentOutcome`
 * update, from which it reads the record). MH unreachable issues the document in contingencia when MH
 * takes its kind so (CAT-023), and otherwise waits for MH. Then, for accepted and contingencia
 * documents, the PDF is stored and the receptor is e-mailed, off the synchronous path. The document
 * itself never passes through here.
 */
export const IssueDteWorkflow: WorkflowFn<typeof IssueDte> = async (input) => {
  let record: DocumentOutcome | undefined;
  let refusal: ApplicationFailure | undefined;
  let esperado = false;
  setHandler(IssueDte.documentOutcome, async () => {
    esperado = true;
    await condition(() => record !== undefined || refusal !== undefined);
    if (refusal) throw refusal;
    return record!;
  });

  try {
    const paso = await hastaElVeredicto(input);
    const { ready } = paso;
    // Set with the estado in one upsert (each is a visibility write), or earlier if MH keeps it waiting.
    const numeroControl = { key: SearchAttributeKeys.numeroControl, value: ready.prepared.numeroControl };
    if (ready.liquidado && patched(Cambios.segundaEjecucion)) {
      record = ready.liquidado;
      upsertSearchAttributes([numeroControl, estadoBuscable(record.estado)]);
      await condition(allHandlersFinished);
      return record;
    }
    record = await hastaElRegistro(input, paso, numeroControl);
    upsertSearchAttributes([numeroControl, estadoBuscable(record.estado)]);
  } catch (err) {
    refusal = dteRefusal(err);
    if (!refusal) throw err;
    const visible = patched(Cambios.rechazoVisible);
    if (visible) upsertSearchAttributes([estadoBuscable(RECHAZADO_EN_API)]);
    await condition(allHandlersFinished);
    // The API learns the refusal from its update, a certification campaign from the null its child
    // returns; started by hand (the Temporal UI's "Start Workflow") nobody asks, so the refusal is the
    // workflow's own failure, the API's code and status in it.
    if (visible && !esperado && !workflowInfo().parent) throw refusal;
    return null;
  }

  if (record.estado === 'PROCESSED' || record.estado === 'CONTINGENCIA') await deliverDocument(input.codigoGeneracion);
  if (record.estado === 'CONTINGENCIA') await esperarDesenlace(input);
  await condition(allHandlersFinished);
  return record;
};

/**
 * From the first step's answer to MH's verdict on record: the document sent unless the step sent it; MH
 * unreachable issues it in contingencia when MH takes its kind so, and otherwise sends it again, with
 * backoff, until MH answers.
 */
async function hastaElRegistro(
  input: IssueDteInput,
  paso: Emision,
  numeroControl: SearchAttributeUpdatePair,
): Promise<DocumentOutcome> {
  const { ready } = paso;
  const { prepared } = ready;
  const transmit = (consultarAntes: boolean) =>
    mhReception.transmitDocument({
      emisorId: input.issuer.emisorId,
      ambiente: ambienteDe(prepared),
      tipoDte: prepared.tipoDte,
      version: prepared.version,
      codigoGeneracion: input.codigoGeneracion,
      consultarAntes,
    });
  let outcome: TransmitOutcome =
    paso.outcome ??
    (contingenciaForzada(input) ? { result: 'UNREACHABLE', reason: 'testContingencia' } : await transmit(!ready.nuevo));
  let recorded: DocumentOutcome | null = paso.recorded ?? null;
  if (outcome.result === 'UNREACHABLE') {
    upsertSearchAttributes([numeroControl]);
    // A prepared document recorded before `admiteContingencia` existed leaves the answer to the activity.
    const admite = patched(Cambios.contingenciaDecidida) ? (ready.admiteContingencia ?? true) : true;
    if (admite) recorded = await databaseSteps.issueInContingency(input.codigoGeneracion);
  }
  for (let wait = ESPERA_MH.inicialSegundos; !recorded && outcome.result === 'UNREACHABLE';) {
    await sleep(`${wait} seconds`);
    wait = siguienteEspera(wait, ESPERA_MH);
    // An unanswered send of the previous round may have reached MH.
    outcome = await transmit(true);
  }
  return recorded ?? (await issuanceSteps.recordOutcome(input.codigoGeneracion, outcome));
}

/**
 * A document issued in contingencia: its copy already delivered, it waits for the verdict on MH's lote,
 * then records and delivers it.
 */
async function esperarDesenlace(input: IssueDteInput): Promise<void> {
  // Enlisted after the contingency copy was delivered, so recovery never races it (delivery never
  // fails, so nothing keeps the document from reaching MH). The verdict comes back here to be recorded
  // and delivered, so a large backlog settles in parallel, each document in its own workflow.
  let desenlace: TransmitOutcome | undefined;
  setHandler(IssueDte.desenlaceContingencia, (outcome) => void (desenlace = outcome));
  await databaseSteps.enlistInContingency(input.issuer.emisorId, input.codigoGeneracion);
  await condition(() => desenlace !== undefined);
  const final = await settle(input.codigoGeneracion, desenlace!, issuanceSteps.recordOutcome);
  upsertSearchAttributes([estadoBuscable(final.estado)]);
}

/**
 * As far as one step takes the document: prepared, and unless it is to be issued in contingencia without
 * asking MH, sent and recorded too (`Cambios.unPaso`). Executions recorded before that only prepare it here.
 */
async function hastaElVeredicto(input: IssueDteInput): Promise<Emision> {
  if (!contingenciaForzada(input) && patched(Cambios.unPaso)) return issuanceToVerdict.issueDocument(input);
  return { ready: await issuanceSteps.prepareDocument(input) };
}

/**
 * `testContingencia` (DTE 01, ambiente TEST only, checked by the API) issues in contingency without asking
 * MH. Executions started before the API set `forzarContingencia` carry it in their request.
 */
function contingenciaForzada(input: IssueDteInput): boolean {
  return input.forzarContingencia ?? input.request?.testContingencia === true;
}

/** The document's ambiente; the prepared document of executions started earlier carried the whole DTE. */
function ambienteDe(prepared: { ambiente?: string; dte?: { identificacion: { ambiente: string } } }): string {
  return prepared.ambiente ?? prepared.dte!.identificacion.ambiente;
}
