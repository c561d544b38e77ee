import { ApplicationFailure, WorkflowUpdateFailedError } from '@temporalio/client';
import { Contingencia, DTE_ERROR_FAILURE, type ContingenciaInput, type DteErrorDetails } from '@dte/contract';
import { eventually } from '../../../test/support/eventually';
import {
  contingenciaStubs,
  enlist,
  gate,
  newCodigo,
  newTaskQueue,
  recordCalls,
  runWorker,
  workflowTests,
} from './support';

/**
 * "Probar MH ahora" (issue 52) against stub activities: the `sondearAhora` update ends the backoff's wait
 * and answers the probe that follows; it is refused when there is nothing to probe, and fails with the
 * API's refusal when the requester's check refuses them.
 */

const ctx = workflowTests();

let emisores = 500;
/** A backoff of an hour: only a probe asked for explains a second probe within a test. */
function contingenciaInput(): ContingenciaInput {
  return {
    emisorId: ++emisores,
    sondeo: { inicialSegundos: 3600, maxSegundos: 3600 },
    plazos: { eventoHoras: 24, lotesHoras: 72 },
  };
}

const refusalOf = (err: unknown) => {
  const cause = err instanceof WorkflowUpdateFailedError ? err.cause : undefined;
  if (!(cause instanceof ApplicationFailure) || cause.type !== DTE_ERROR_FAILURE) throw err;
  const d = cause.details![0] as DteErrorDetails;
  return [d.httpStatus, d.code];
};

describe('ContingencyWorkflow’s sondearAhora', () => {
  it('probes MH at once while it waits for MH, and goes on without waiting for the backoff once MH answers', async () => {
    const input = contingenciaInput();
    let mhArriba = false;
    const stubs = recordCalls(
      contingenciaStubs({
        probeMh: async () => mhArriba,
        comprobarSolicitudSondeo: async () => undefined,
      }),
    );
    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [newCodigo()]);
    const [primero, segundo] = await runWorker(
      ctx,
      stubs.activities,
      async () => {
        await eventually(
          'the first probe unanswered',
          async () => (await handle.query(Contingencia.estado)).proximoSondeo,
        );
        const antes = Date.now();
        const primero = await handle.executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId: 7 }] });
        expect(new Date(primero.en).getTime()).toBeGreaterThanOrEqual(antes - 1000);
        mhArriba = true;
        const segundo = await handle.executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId: 7 }] });
        await handle.result();
        return [primero, segundo];
      },
      taskQueue,
    );
    expect(primero).toMatchObject({ respondio: false, proximoSondeo: expect.any(String) });
    // The next probe is the backoff's hour after the one asked for.
    expect(new Date(primero.proximoSondeo!).getTime() - new Date(primero.en).getTime()).toBe(3600_000);
    expect(segundo).toMatchObject({ respondio: true, proximoSondeo: null });
    expect(stubs.argsOf('comprobarSolicitudSondeo')).toEqual([
      [{ emisorId: input.emisorId, tokenId: 7 }],
      [{ emisorId: input.emisorId, tokenId: 7 }],
    ]);
    // Three probes in all, the last two asked for; then the event and the lote, within the first hour.
    expect(stubs.names().filter((n) => n === 'probeMh')).toHaveLength(3);
    expect(stubs.names()).toContain('sendContingencyLote');
  });

  it('is refused when the workflow is not waiting for MH: MH answered, the lote is being collected', async () => {
    const input = contingenciaInput();
    const resultado = gate();
    const stubs = recordCalls(
      contingenciaStubs({
        comprobarSolicitudSondeo: async () => undefined,
        contingencyLoteResult: async () => {
          await resultado.opened;
          return null;
        },
      }),
    );
    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [newCodigo()]);
    const refusal = await runWorker(
      ctx,
      stubs.activities,
      async () => {
        await stubs.called('contingencyLoteResult');
        const err = await handle
          .executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId: 7 }] })
          .then(
            () => null,
            (e: unknown) => e,
          )
          .finally(resultado.open);
        await handle.terminate('test over');
        return refusalOf(err);
      },
      taskQueue,
    );
    expect(refusal).toEqual([409, 'MH_NOT_AWAITED']);
    // Refused by the validator: the requester was never even checked.
    expect(stubs.names()).not.toContain('comprobarSolicitudSondeo');
  });

  it('fails with the check’s refusal when the requester may not probe, and probes nothing', async () => {
    const input = contingenciaInput();
    const stubs = recordCalls(
      contingenciaStubs({
        probeMh: async () => false,
        comprobarSolicitudSondeo: async () => {
          const details: DteErrorDetails = {
            code: 'PERMISSION_DENIED',
            httpStatus: 403,
            message: 'Sondear MH requiere el permiso SONDEO_MH',
            details: { permission: 'SONDEO_MH' },
          };
          throw ApplicationFailure.create({
            type: DTE_ERROR_FAILURE,
            message: details.message,
            nonRetryable: true,
            details: [details],
          });
        },
      }),
    );
    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [newCodigo()]);
    const [refusal, estado] = await runWorker(
      ctx,
      stubs.activities,
      async () => {
        await eventually(
          'the first probe unanswered',
          async () => (await handle.query(Contingencia.estado)).proximoSondeo,
        );
        const err = await handle.executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId: 8 }] }).then(
          () => null,
          (e: unknown) => e,
        );
        const estado = await handle.query(Contingencia.estado);
        await handle.terminate('test over');
        return [refusalOf(err), estado];
      },
      taskQueue,
    );
    expect(refusal).toEqual([403, 'PERMISSION_DENIED']);
    // The workflow goes on waiting, as it was: one probe, the next an hour later.
    expect(stubs.names().filter((n) => n === 'probeMh')).toHaveLength(1);
    expect(estado.ultimoSondeo).toMatchObject({ respondio: false });
  });
});
