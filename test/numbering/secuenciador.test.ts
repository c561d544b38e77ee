import { randomInt, randomUUID } from 'node:crypto';
import { Client, Connection, WorkflowUpdateFailedError } from '@temporalio/client';
import { Secuenciador } from '@dte/activities';
import { colaNumeracion, Numeracion } from '@dte/contract';
import { DteWorkflowClient } from '@dte/contract/client';
import { connectDatabase, takeOwned, type Database } from '@dte/store';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';

const codigo = () => randomUUID().toUpperCase();
/** A correlativo series of its own per test, as `nextCorrelativo` names them. */
const serieNueva = () => `correlativo:${randomInt(1e9, 9e9)}${randomInt(1e5, 9e5)}`;

/**
 * Processes that contend for one series (replicas issuing for one punto de venta) stop racing for each
 * number: the one that loses a race asks the series' numbering workflow, on the stack's worker, which takes
 * numbers for all of them. Two processes are two database connections here, each with its own memory of
 * the series, as two replicas have.
 */
describe('a contended series numbered by its workflow', () => {
  let a: Database;
  let b: Database;
  let connection: Connection;
  let workflows: DteWorkflowClient;
  const taskQueue = () => stack().env.TEMPORAL_TASK_QUEUE ?? 'dte';
  beforeAll(async () => {
    a = await connectDatabase(stack().env.MONGODB_URI!);
    b = await connectDatabase(stack().env.MONGODB_URI!);
    connection = await Connection.connect({ address: stack().temporalGrpc });
    workflows = new DteWorkflowClient(new Client({ connection }).workflow);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await connection.close();
  });

  it('gives the loser of a race its number from the workflow, and keeps the series gapless beside direct takers', async () => {
    const serie = serieNueva();
    const b1 = new Secuenciador(workflows, taskQueue());
    const [x, y, z, w] = [codigo(), codigo(), codigo(), codigo()];
    // A took 1. B starts cold, tries 1, loses it, and asks the workflow, which takes 2.
    expect(await takeOwned(a.connection, serie, x)).toBe(1);
    expect(b1.disputada(serie)).toBe(false);
    expect(await b1.tomar(b.connection, serie, y)).toBe(2);
    expect(b1.disputada(serie)).toBe(true);
    // Contended now, B asks the workflow straight away: no insert of its own is refused.
    expect(await b1.tomar(b.connection, serie, z)).toBe(3);
    // A, still taking directly, walks past what the workflow took.
    expect(await takeOwned(a.connection, serie, w)).toBe(4);
    // The same codigoGeneracion asked again (an activity's retry) gets its number, not another.
    expect(await b1.tomar(b.connection, serie, y)).toBe(2);
    expect(await b1.tomar(b.connection, serie, x)).toBe(1);

    const numeros = await a.connection
      .collection<{ _id: string; serie: string; n: number }>('numeros')
      .find({ serie })
      .toArray();
    expect(numeros.map((d) => [d._id, d.n]).sort((p, q) => Number(p[1]) - Number(q[1]))).toEqual([
      [`${serie}:${x}`, 1],
      [`${serie}:${y}`, 2],
      [`${serie}:${z}`, 3],
      [`${serie}:${w}`, 4],
    ]);
    // Its numbers went through the series' workflow, on the numbering queue.
    const descripcion = await workflows.handle(Numeracion, Numeracion.workflowId(serie)).describe();
    expect(descripcion.type).toBe('NumeracionWorkflow');
    expect(descripcion.taskQueue).toBe(colaNumeracion(taskQueue()));
    expect(descripcion.status.name).toBe('RUNNING');
    // As the README's query finds it (Numbering).
    const consulta = `WorkflowType = 'NumeracionWorkflow' AND ExecutionStatus = 'Running'`;
    const encontrada = await eventually('the README query to find the series', async () => {
      for await (const w of new Client({ connection }).workflow.list({ query: consulta }))
        if (w.workflowId === Numeracion.workflowId(serie)) return true;
      return false;
    });
    expect(encontrada).toBe(true);
  });

  it('batches the requests of many issuances at once, one number each, in the order of the series', async () => {
    const serie = serieNueva();
    const s = new Secuenciador(workflows, taskQueue());
    await takeOwned(a.connection, serie, codigo());
    await s.tomar(b.connection, serie, codigo()); // lost its race: contended from here on
    const duenos = Array.from({ length: 30 }, codigo);
    const numeros = await Promise.all(duenos.map((d) => s.tomar(b.connection, serie, d)));
    expect([...numeros].sort((p, q) => p - q)).toEqual(Array.from({ length: 30 }, (_, i) => i + 3));
    const guardados = await a.connection
      .collection<{ _id: string; serie: string; n: number }>('numeros')
      .find({ serie })
      .toArray();
    expect(guardados).toHaveLength(32);
    for (const [i, d] of duenos.entries()) expect(guardados.find((g) => g._id === `${serie}:${d}`)?.n).toBe(numeros[i]);
  });

  it('refuses what is not a codigoGeneracion, and a series that is not a correlativo one, as the Temporal UI could send', async () => {
    const serie = serieNueva();
    const pedir = (s: string, dueno: string) =>
      workflows.executeUpdateWithStart(
        Numeracion,
        Numeracion.tomarNumero,
        {
          workflowId: Numeracion.workflowId(s),
          taskQueue: colaNumeracion(taskQueue()),
          args: [s],
          workflowIdConflictPolicy: 'USE_EXISTING',
        },
        { args: [dueno] },
      );
    await expect(pedir(serie, 'no-es-un-codigo')).rejects.toBeInstanceOf(WorkflowUpdateFailedError);
    expect(
      await a.connection.collection<{ _id: string; serie: string; n: number }>('numeros').countDocuments({ serie }),
    ).toBe(0);
    const invalida = `prueba:${randomUUID()}`;
    await expect(pedir(invalida, codigo())).rejects.toThrow();
    const fin = await workflows.handle(Numeracion, Numeracion.workflowId(invalida)).describe();
    expect(fin.status.name).toBe('FAILED');
  });
});
