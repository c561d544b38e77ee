import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import type { Activities } from '@dte/activities';
import {
  Anulacion,
  DTE_ERROR_FAILURE,
  type AnulacionInput,
  type AnulacionResult,
  type DteErrorDetails,
} from '@dte/contract';
import { newCodigo, recordCalls, respuesta, runWorker, workflowTests } from './support';

/**
 * InvalidateDteWorkflow against stub activities: the branches its `Cambios` added behind `patched()`
 * (apps/worker/src/workflows/anulacion.ts), which a new execution takes and the recorded histories of
 * older executions do not.
 */

const ctx = workflowTests();

const issuer = { emisorId: 1, establecimientoId: 1, puntoVentaId: 1, tokenId: 1 };

function anulacionInput(codigoGeneracion: string): AnulacionInput {
  return { codigoGeneracion, request: {}, issuer, eventoCodigoGeneracion: newCodigo() };
}

/** The steps before MH, and the record of MH's verdict as the real activity answers an acceptance. */
function stubs(overrides: Partial<Activities>) {
  return recordCalls({
    prepareInvalidation: async () => ({ ambiente: '00', evento: { identificacion: {} } }),
    signDocument: async () => 'evento.firmado',
    transmitInvalidation: async (input) => respuesta(input.documento, 'PROCESADO'),
    recordInvalidation: async ({ codigoGeneracion, eventoCodigoGeneracion, respuesta }) => ({
      aceptado: true,
      codigoGeneracion,
      estado: 'CANCELLED',
      eventoCodigoGeneracion,
      selloRecibido: respuesta.selloRecibido,
      respuestaMh: null,
      observaciones: [],
    }),
    storeDocumentPdf: async () => undefined,
    ...overrides,
  });
}

function invalidate(taskQueue: string, input: AnulacionInput): Promise<AnulacionResult> {
  return ctx.workflows.execute(Anulacion, {
    workflowId: Anulacion.workflowId(input.codigoGeneracion),
    taskQueue,
    args: [input],
  });
}

describe('InvalidateDteWorkflow', () => {
  it('renders the stored PDF again once MH accepted the invalidation', async () => {
    const codigo = newCodigo();
    const calls = stubs({});

    const result = await runWorker(ctx, calls.activities, (taskQueue) => invalidate(taskQueue, anulacionInput(codigo)));

    expect(result).toMatchObject({ aceptado: true, codigoGeneracion: codigo, estado: 'CANCELLED' });
    expect(calls.names()).toEqual([
      'prepareInvalidation',
      'signDocument',
      'transmitInvalidation',
      'recordInvalidation',
      'storeDocumentPdf',
    ]);
    expect(calls.argsOf('storeDocumentPdf')).toEqual([[codigo]]);
  });

  it('ends with mhNoDisponible, the document untouched, when MH does not answer any attempt', async () => {
    const codigo = newCodigo();
    const input = anulacionInput(codigo);
    const calls = stubs({
      // What transmitInvalidation throws when MH does not answer: retried, so not a refusal.
      transmitInvalidation: async () => {
        throw new Error('MH did not answer the invalidation: timeout');
      },
    });

    const result = await runWorker(ctx, calls.activities, (taskQueue) => invalidate(taskQueue, input));

    expect(result).toEqual({
      aceptado: false,
      codigoGeneracion: codigo,
      estado: 'PROCESSED',
      eventoCodigoGeneracion: input.eventoCodigoGeneracion,
      selloRecibido: null,
      respuestaMh: null,
      observaciones: [],
      mhNoDisponible: true,
    });
    // mhAnulacion's three attempts (apps/worker/src/workflows/policies.ts), then nothing recorded.
    expect(calls.names()).toEqual([
      'prepareInvalidation',
      'signDocument',
      'transmitInvalidation',
      'transmitInvalidation',
      'transmitInvalidation',
    ]);
  });

  it('fails with the DteError when sending is refused, recording nothing', async () => {
    const codigo = newCodigo();
    const details: DteErrorDetails = {
      code: 'DOCUMENT_ALREADY_CANCELLED',
      httpStatus: 409,
      message: 'El documento ya fue anulado',
      details: {},
    };
    const calls = stubs({
      transmitInvalidation: async () => {
        throw ApplicationFailure.nonRetryable(details.message, DTE_ERROR_FAILURE, details);
      },
    });

    const failure: unknown = await runWorker(ctx, calls.activities, (taskQueue) =>
      invalidate(taskQueue, anulacionInput(codigo)).then(
        () => 'completed',
        (err: unknown) => err,
      ),
    );

    // The API turns this failure back into its DteError, not into a 503 for an MH that did not answer.
    if (!(failure instanceof WorkflowFailedError)) throw new Error(`the workflow ended with ${String(failure)}`);
    expect(failure.cause).toBeInstanceOf(ApplicationFailure);
    expect(failure.cause).toMatchObject({ type: DTE_ERROR_FAILURE, message: details.message, details: [details] });
    expect(calls.names()).toEqual(['prepareInvalidation', 'signDocument', 'transmitInvalidation']);
  });
});
