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
});
