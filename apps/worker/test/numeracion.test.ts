import { randomUUID } from 'node:crypto';
import { Numeracion } from '@dte/contract';
import { eventually } from '../../../test/support/eventually';
import { recordCalls, runWorker, workflowTests } from './support';

/**
 * NumeracionWorkflow against a stub of its one activity, on a server that suggests continue-as-new after
 * 20 history events instead of 4,096, so a few dozen requests cross runs. The stub keeps what the
 * database keeps: one number per owner, the next one for a new owner.
 */
const ctx = workflowTests(['--dynamic-config-value', 'limit.historyCount.suggestContinueAsNew=20']);

function baseDeDatos() {
  const numeros = new Map<string, number>();
  return {
    numeros,
    async numerar(_serie: string, duenos: string[]) {
      return duenos.map((d) => numeros.get(d) ?? numeros.set(d, numeros.size + 1).get(d)!);
    },
  };
}

describe('NumeracionWorkflow', () => {
  it('answers every request with its own number, in batches, across runs, a repeated request with the same number', async () => {
    const serie = `correlativo:${Date.now()}`;
    const db = baseDeDatos();
    const stubs = recordCalls({ numerar: db.numerar });
    const duenos = Array.from({ length: 40 }, () => randomUUID().toUpperCase());
    const { numeros, repetido, otraVez, runs } = await runWorker(ctx, stubs.activities, async (taskQueue) => {
      const pedir = (dueno: string, updateId?: string) =>
        ctx.workflows.executeUpdateWithStart(
          Numeracion,
          Numeracion.tomarNumero,
          {
            workflowId: Numeracion.workflowId(serie),
            taskQueue,
            args: [serie],
            workflowIdConflictPolicy: 'USE_EXISTING',
          },
          { args: [dueno], updateId: updateId ?? dueno },
        );
      const numeros = [];
      // Ten waves of four at once: requests that arrive together share a batch.
      for (let i = 0; i < duenos.length; i += 4)
        numeros.push(...(await Promise.all(duenos.slice(i, i + 4).map((d) => pedir(d)))));
      // The same request again (an activity's retry), and the same codigoGeneracion under another request id.
      const repetido = await pedir(duenos[0]!);
      const otraVez = await pedir(duenos[1]!, randomUUID());
      const runs = await eventually('the chain of runs', async () => {
        const list = [];
        for await (const w of ctx.env.client.workflow.list({ query: `WorkflowId = '${Numeracion.workflowId(serie)}'` }))
          list.push(w.status.name);
        return list.length > 1 && list;
      });
      return { numeros, repetido, otraVez, runs };
    });

    expect(numeros).toEqual(duenos.map((d) => db.numeros.get(d)));
    expect([...numeros].sort((a, b) => a - b)).toEqual(duenos.map((_, i) => i + 1));
    expect(repetido).toBe(numeros[0]);
    expect(otraVez).toBe(numeros[1]);
    // Fewer batches than requests: those that arrived together were numbered together.
    expect(stubs.argsOf('numerar').length).toBeLessThan(duenos.length);
    expect(stubs.argsOf('numerar').every(([s]) => s === serie)).toBe(true);
    // It continued as new along the way, the last run still waiting for requests.
    expect(runs).toContain('CONTINUED_AS_NEW');
    expect(runs).toContain('RUNNING');
  });
});
