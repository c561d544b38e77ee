import { Contingencia } from '@dte/contract';
import { eventually } from '../../../test/support/eventually';
import {
  contingenciaStubs,
  enlist,
  gate,
  newCodigo,
  newTaskQueue,
  procesado,
  recordCalls,
  runWorker,
  workflowTests,
} from './support';

/**
 * ContingencyWorkflow's hand-over to a new run (continue-as-new), for real: this server suggests it after
 * 20 history events instead of Temporal's 4,096, so a few probes of a long outage cross runs. A server of
 * its own, because the other contingencia tests check sequences a new run would restart (the backoff).
 */

const ctx = workflowTests(['--dynamic-config-value', 'limit.historyCount.suggestContinueAsNew=20']);

describe('ContingencyWorkflow across runs', () => {
  it('continues a long outage as a new run that carries every waiting document on to the event', async () => {
    const [a, b] = [newCodigo(), newCodigo()];
    const input = {
      emisorId: 1,
      sondeo: { inicialSegundos: 1, maxSegundos: 1 },
      plazos: { eventoHoras: 24, lotesHoras: 72 },
    };
    const mhAnswers = gate();
    let answering = false;
    void mhAnswers.opened.then(() => (answering = true));
    const stubs = recordCalls(contingenciaStubs({ probeMh: async () => answering }));

    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [a]);
    const firstRunId = handle.signaledRunId;
    const { later, first, last } = await runWorker(
      ctx,
      stubs.activities,
      async () => {
        // A document issued during the outage joins the first run.
        await stubs.called('probeMh');
        await handle.signal(Contingencia.documento, b);
        const later = await eventually('a new run', async () => {
          const run = await handle.describe();
          return run.runId !== firstRunId && run;
        });
        const estado = await handle.query(Contingencia.estado).finally(mhAnswers.open);
        await handle.result();
        const first = await ctx.workflows.handle(Contingencia, handle.workflowId, firstRunId).describe();
        return { later: { runId: later.runId, estado }, first, last: await handle.describe() };
      },
      taskQueue,
    );

    expect(first.status.name).toBe('CONTINUED_AS_NEW');
    expect(later.runId).not.toBe(firstRunId);
    // The new run knows both documents, still waiting for MH.
    expect(later.estado).toMatchObject({
      pendientes: [
        { codigoGeneracion: a, fase: 'ESPERANDO_MH' },
        { codigoGeneracion: b, fase: 'ESPERANDO_MH' },
      ],
      finCorte: null,
      selloEvento: null,
    });
    expect(last.status.name).toBe('COMPLETED');
    expect(stubs.argsOf('sendContingencyEvent')).toEqual([[expect.objectContaining({ codigos: [a, b] })]]);
    expect(stubs.argsOf('recordOutcome')).toEqual(
      expect.arrayContaining([
        [a, procesado(a)],
        [b, procesado(b)],
      ]),
    );
    expect(stubs.argsOf('recordOutcome')).toHaveLength(2);
  });

  it('answers every probe asked for (sondearAhora) before the run hands over, one still checking its requester too', async () => {
    // An hour's backoff: the run waits after its first probe, and only the probes asked for wake it.
    const input = {
      emisorId: 2,
      sondeo: { inicialSegundos: 3600, maxSegundos: 3600 },
      plazos: { eventoHoras: 24, lotesHoras: 72 },
    };
    const primeraComprobada = gate();
    const stubs = recordCalls(
      contingenciaStubs({
        probeMh: async () => false,
        // The first request's check (token 7) lasts until the test lets it end; the second's (8) is at once.
        comprobarSolicitudSondeo: async ({ tokenId }) => (tokenId === 7 ? primeraComprobada.opened : undefined),
      }),
    );
    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [newCodigo()]);
    const firstRunId = handle.signaledRunId;
    const { primera, segunda, first } = await runWorker(
      ctx,
      stubs.activities,
      async () => {
        await eventually(
          'the first probe unanswered',
          async () => (await handle.query(Contingencia.estado)).proximoSondeo,
        );
        const primera = handle.executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId: 7 }] });
        await stubs.called('comprobarSolicitudSondeo');
        // The second request's probe takes the history past the server's 20 events: the run hands over
        // after it, while the first request is still checking its requester.
        const segunda = await handle.executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId: 8 }] });
        primeraComprobada.open();
        const respuestas = { primera: await primera, segunda };
        await eventually('a new run', async () => (await handle.describe()).runId !== firstRunId);
        const first = await ctx.workflows.handle(Contingencia, handle.workflowId, firstRunId).describe();
        await handle.terminate('test over');
        return { ...respuestas, first };
      },
      taskQueue,
    );
    expect(first.status.name).toBe('CONTINUED_AS_NEW');
    expect(segunda).toMatchObject({ respondio: false, proximoSondeo: expect.any(String) });
    // Answered with the latest probe, the one the second request woke: the next run does not know of it.
    expect(primera).toEqual(segunda);
    expect(stubs.names().filter((n) => n === 'probeMh')).toHaveLength(2);
  });
});
