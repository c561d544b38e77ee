import { ApplicationFailure } from '@temporalio/common';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { Activities } from '@dte/activities';
import {
  DTE_ERROR_FAILURE,
  IssueDte,
  RECHAZADO_EN_API,
  SearchAttributeKeys,
  type DteErrorDetails,
  type IssueDteInput,
} from '@dte/contract';
import { eventually } from '../../../test/support/eventually';
import { newCodigo, procesado, rechazado, recordCalls, recordOutcomeStub, runWorker, workflowTests } from './support';

/**
 * IssueDteWorkflow against stub activities: the order of its steps, what it records, when it issues in
 * contingencia and when it waits for MH, and what the API's update (`documentOutcome`) answers.
 */

const ctx = workflowTests();

const issuer = { emisorId: 1, establecimientoId: 1, puntoVentaId: 1, tokenId: 1 };

function issueInput(codigoGeneracion: string, extra: Partial<IssueDteInput> = {}): IssueDteInput {
  return { tipo: 'FACTURA_CONSUMIDOR_FINAL', issuer, codigoGeneracion, ...extra };
}

/** What `prepareDocument` answers for a new document: numbered, signed and on record. */
function ready(admiteContingencia: boolean): Awaited<ReturnType<Activities['prepareDocument']>> {
  return {
    prepared: { numeroControl: 'DTE-01-M001P001-000000000000001', tipoDte: '01', version: 1, ambiente: '00' },
    admiteContingencia,
    nuevo: true,
  };
}

/** What `transmitDocument` is asked for the document, given whether MH must be consulted first. */
function transmission(codigoGeneracion: string, consultarAntes: boolean) {
  return { emisorId: 1, ambiente: '00', tipoDte: '01', version: 1, codigoGeneracion, consultarAntes };
}

/** Starts the workflow as the API does (POST /dte/...) and waits for the update's answer. */
function issue(taskQueue: string, input: IssueDteInput) {
  return ctx.workflows.executeUpdateWithStart(IssueDte, IssueDte.documentOutcome, {
    ...IssueDte.startOptions(input),
    taskQueue,
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}

function handleOf(codigoGeneracion: string) {
  return ctx.workflows.handle(IssueDte, IssueDte.workflowId(codigoGeneracion));
}

/** Issues a document as the API does, with these activities, and answers the update's answer and the result. */
function issueToTheEnd(activities: Partial<Activities>, codigo: string) {
  return runWorker(ctx, activities, async (taskQueue) => {
    const answer = await issue(taskQueue, issueInput(codigo));
    return { answer, result: await handleOf(codigo).result() };
  });
}

async function searchAttribute(
  codigoGeneracion: string,
  key: (typeof SearchAttributeKeys)[keyof typeof SearchAttributeKeys],
): Promise<string | undefined> {
  const { typedSearchAttributes } = await handleOf(codigoGeneracion).describe();
  return typedSearchAttributes.get(key);
}

const unreachable = { result: 'UNREACHABLE', reason: 'MH did not answer' } as const;

/** The local activities the execution's history records (their markers), in order. */
async function localActivities(codigoGeneracion: string): Promise<string[]> {
  const history = await ctx.env.client.workflow.getHandle(IssueDte.workflowId(codigoGeneracion)).fetchHistory();
  return (history.events ?? []).flatMap((e) => {
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_local_activity') return [];
    const data = marker.details?.data?.payloads?.[0]?.data;
    return [(JSON.parse(Buffer.from(data!).toString()) as { activity_type: string }).activity_type];
  });
}

describe('IssueDteWorkflow', () => {
  it('records an accepted document as PROCESSED, answers the update with it, and delivers it once', async () => {
    const codigo = newCodigo();
    const stubs = recordCalls({
      prepareDocument: async () => ready(true),
      transmitDocument: async () => procesado(codigo),
      recordOutcome: recordOutcomeStub,
      deliverDocument: async () => undefined,
    });

    const { answer, result } = await issueToTheEnd(stubs.activities, codigo);

    expect(answer).toEqual({ codigoGeneracion: codigo, estado: 'PROCESSED' });
    expect(result).toEqual(answer);
    expect(stubs.names()).toEqual(['prepareDocument', 'transmitDocument', 'recordOutcome', 'deliverDocument']);
    expect(stubs.argsOf('prepareDocument')).toEqual([[issueInput(codigo)]]);
    // A new document is sent without consulting MH first.
    expect(stubs.argsOf('transmitDocument')).toEqual([[transmission(codigo, false)]]);
    expect(stubs.argsOf('recordOutcome')).toEqual([[codigo, procesado(codigo)]]);
    expect(stubs.argsOf('deliverDocument')).toEqual([[codigo]]);
    // The three parts are one local activity: one activation of the workflow, not three.
    expect(await localActivities(codigo)).toEqual(['issueDocument']);
    expect(await searchAttribute(codigo, SearchAttributeKeys.estado)).toBe('PROCESSED');
    expect(await searchAttribute(codigo, SearchAttributeKeys.numeroControl)).toBe('DTE-01-M001P001-000000000000001');
  });

  it('records a document MH rejects as REJECTED and never delivers it', async () => {
    const codigo = newCodigo();
    const stubs = recordCalls({
      prepareDocument: async () => ready(true),
      transmitDocument: async () => rechazado(codigo),
      recordOutcome: recordOutcomeStub,
      deliverDocument: async () => undefined,
    });

    const { answer, result } = await issueToTheEnd(stubs.activities, codigo);

    expect(answer).toEqual({ codigoGeneracion: codigo, estado: 'REJECTED' });
    expect(result).toEqual(answer);
    expect(stubs.names()).toEqual(['prepareDocument', 'transmitDocument', 'recordOutcome']);
    expect(stubs.argsOf('recordOutcome')).toEqual([[codigo, rechazado(codigo)]]);
    expect(await searchAttribute(codigo, SearchAttributeKeys.estado)).toBe('REJECTED');
  });

  it('answers the verdict on record and ends when an earlier run settled the document, calling nothing else', async () => {
    const codigo = newCodigo();
    const stubs = recordCalls({
      prepareDocument: async () => ({
        ...ready(true),
        nuevo: false,
        liquidado: { codigoGeneracion: codigo, estado: 'PROCESSED' as const },
      }),
      transmitDocument: async () => procesado(codigo),
      recordOutcome: recordOutcomeStub,
      deliverDocument: async () => undefined,
    });

    const { answer, result } = await issueToTheEnd(stubs.activities, codigo);

    expect(answer).toEqual({ codigoGeneracion: codigo, estado: 'PROCESSED' });
    expect(result).toEqual(answer);
    expect(stubs.names()).toEqual(['prepareDocument']);
    expect(await searchAttribute(codigo, SearchAttributeKeys.estado)).toBe('PROCESSED');
    expect(await searchAttribute(codigo, SearchAttributeKeys.numeroControl)).toBe('DTE-01-M001P001-000000000000001');
  });

  it('answers a refused request by failing the update with the DteError and ends with null, calling nothing else', async () => {
    const codigo = newCodigo();
    const details: DteErrorDetails = {
      code: 'VALIDATION_ERROR',
      httpStatus: 400,
      message: 'receptor.nit: no es un NIT válido',
      details: {},
    };
    const stubs = recordCalls({
      prepareDocument: async () => {
        throw ApplicationFailure.nonRetryable(details.message, DTE_ERROR_FAILURE, details);
      },
      transmitDocument: async () => procesado(codigo),
      recordOutcome: recordOutcomeStub,
      deliverDocument: async () => undefined,
    });

    const { refusal, result } = await runWorker(ctx, stubs.activities, async (taskQueue) => {
      const refusal: unknown = await issue(taskQueue, issueInput(codigo)).then(
        () => 'answered',
        (err: unknown) => err,
      );
      return { refusal, result: await handleOf(codigo).result() };
    });

    // The API turns this failure back into its DteError (HTTP 400 with the code and details).
    if (!(refusal instanceof WorkflowUpdateFailedError)) throw new Error(`the update answered ${String(refusal)}`);
    expect(refusal.cause).toBeInstanceOf(ApplicationFailure);
    expect(refusal.cause).toMatchObject({ type: DTE_ERROR_FAILURE, message: details.message, details: [details] });
    expect(result).toBeNull();
    // Not retried, and nothing numbered, sent or recorded.
    expect(stubs.names()).toEqual(['prepareDocument']);
    // Nor does it read as a document waiting for MH in Temporal's visibility.
    expect(await searchAttribute(codigo, SearchAttributeKeys.estado)).toBe(RECHAZADO_EN_API);
  });

  it('issues a document in contingencia when MH is unreachable and its kind allows it, then records and delivers the verdict the contingencia workflow signals', async () => {
    const codigo = newCodigo();
    const stubs = recordCalls({
      prepareDocument: async () => ready(true),
      transmitDocument: async () => unreachable,
      issueInContingency: async (c) => ({ codigoGeneracion: c, estado: 'CONTINGENCIA' }),
      enlistInContingency: async () => undefined,
      recordOutcome: recordOutcomeStub,
      deliverDocument: async () => undefined,
    });

    const { answer, estadoEnContingencia, result } = await runWorker(ctx, stubs.activities, async (taskQueue) => {
      const answer = await issue(taskQueue, issueInput(codigo));
      await stubs.called('enlistInContingency');
      const estadoEnContingencia = await searchAttribute(codigo, SearchAttributeKeys.estado);
      // What the emisor's ContingencyWorkflow sends once MH processed the lote.
      await handleOf(codigo).signal(IssueDte.desenlaceContingencia, procesado(codigo));
      return { answer, estadoEnContingencia, result: await handleOf(codigo).result() };
    });

    expect(answer).toEqual({ codigoGeneracion: codigo, estado: 'CONTINGENCIA' });
    expect(estadoEnContingencia).toBe('CONTINGENCIA');
    // The contingency copy is delivered before the document is enlisted, and the accepted one after the verdict.
    expect(stubs.names()).toEqual([
      'prepareDocument',
      'transmitDocument',
      'issueInContingency',
      'deliverDocument',
      'enlistInContingency',
      'recordOutcome',
      'deliverDocument',
    ]);
    expect(stubs.argsOf('issueInContingency')).toEqual([[codigo]]);
    expect(stubs.argsOf('enlistInContingency')).toEqual([[issuer.emisorId, codigo]]);
    expect(stubs.argsOf('recordOutcome')).toEqual([[codigo, procesado(codigo)]]);
    // The workflow's result stays what the API was answered; the search attribute follows the verdict.
    expect(result).toEqual(answer);
    expect(await searchAttribute(codigo, SearchAttributeKeys.estado)).toBe('PROCESSED');
  });

  it('keeps a kind MH does not take in contingencia waiting for MH, sending again after 10 s with a consult first', async () => {
    const codigo = newCodigo();
    let sends = 0;
    const stubs = recordCalls({
      prepareDocument: async () => ready(false),
      transmitDocument: async () => (++sends === 1 ? unreachable : procesado(codigo)),
      // What the activity answered for such kinds before the decision moved into the workflow.
      issueInContingency: async () => null,
      enlistInContingency: async () => undefined,
      recordOutcome: recordOutcomeStub,
      deliverDocument: async () => undefined,
    });

    const { answer, whileWaiting } = await runWorker(ctx, stubs.activities, async (taskQueue) => {
      const answer = issue(taskQueue, issueInput(codigo));
      await stubs.called('transmitDocument');
      // While it waits, operators find it by its numeroControl, still PENDIENTE.
      const numeroControl = await eventually('the numeroControl search attribute', () =>
        searchAttribute(codigo, SearchAttributeKeys.numeroControl),
      );
      const whileWaiting = { numeroControl, estado: await searchAttribute(codigo, SearchAttributeKeys.estado) };
      await handleOf(codigo).result();
      return { answer: await answer, whileWaiting };
    });

    expect(whileWaiting).toEqual({ numeroControl: 'DTE-01-M001P001-000000000000001', estado: 'PENDIENTE' });
    expect(answer).toEqual({ codigoGeneracion: codigo, estado: 'PROCESSED' });
    expect(stubs.names()).toEqual([
      'prepareDocument',
      'transmitDocument',
      'transmitDocument',
      'recordOutcome',
      'deliverDocument',
    ]);
    // The unanswered first send may have reached MH: the second consults before sending.
    expect(stubs.argsOf('transmitDocument')).toEqual([[transmission(codigo, false)], [transmission(codigo, true)]]);
    const [first, second] = stubs.calls.filter((c) => c.name === 'transmitDocument');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(9_500);
    expect(stubs.argsOf('recordOutcome')).toEqual([[codigo, procesado(codigo)]]);
  });

  it('issues a document in contingencia without asking MH when the request forces it (testContingencia)', async () => {
    const codigo = newCodigo();
    const stubs = recordCalls({
      prepareDocument: async () => ready(true),
      transmitDocument: async () => procesado(codigo),
      issueInContingency: async (c) => ({ codigoGeneracion: c, estado: 'CONTINGENCIA' }),
      enlistInContingency: async () => undefined,
      recordOutcome: recordOutcomeStub,
      deliverDocument: async () => undefined,
    });

    const { answer, result } = await runWorker(ctx, stubs.activities, async (taskQueue) => {
      const answer = await issue(taskQueue, issueInput(codigo, { forzarContingencia: true }));
      await stubs.called('enlistInContingency');
      // A rejected verdict ends it: recorded, never delivered again.
      await handleOf(codigo).signal(IssueDte.desenlaceContingencia, rechazado(codigo));
      return { answer, result: await handleOf(codigo).result() };
    });

    expect(answer).toEqual({ codigoGeneracion: codigo, estado: 'CONTINGENCIA' });
    expect(result).toEqual(answer);
    expect(stubs.names()).toEqual([
      'prepareDocument',
      'issueInContingency',
      'deliverDocument',
      'enlistInContingency',
      'recordOutcome',
    ]);
    expect(stubs.argsOf('recordOutcome')).toEqual([[codigo, rechazado(codigo)]]);
    expect(await searchAttribute(codigo, SearchAttributeKeys.estado)).toBe('REJECTED');
  });
});
