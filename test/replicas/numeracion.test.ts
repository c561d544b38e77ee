import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { takeOwned } from '@dte/store';
import { stack } from '../support/stack';
import { closeTestDatabase, testDatabase } from '../support/tenant';

const exec = promisify(execFile);
const HIJO = path.join(__dirname, '../support/tomar-numero.js');

/** One process taking one number for `dueno`, killed at the K-th command it starts or sees answered. */
async function tomar(serie: string, dueno: string, muerte?: ['commandStarted' | 'commandSucceeded', number]) {
  const args = [HIJO, stack().env.MONGODB_URI!, serie, dueno, ...(muerte ? [muerte[0], String(muerte[1])] : [])];
  try {
    const { stdout } = await exec(process.execPath, args);
    return { muerto: false, ...(JSON.parse(stdout) as { n: number; comandos: string[] }) };
  } catch (err) {
    if ((err as { signal?: string }).signal !== 'SIGKILL') throw err;
    return { muerto: true, n: undefined, comandos: [] };
  }
}

/**
 * A correlativo is taken by a process that may die at any instant (a worker killed, a pod evicted). Each
 * database command of taking a number, in a process starting cold as a new replica does, is an instant to
 * die at: before the command leaves and after its answer came back. After each death the same owner (the
 * codigoGeneracion the retried activity numbers) asks again from a new process. The series must come out
 * as 1..N, one number per owner, the number an owner got once being the one it keeps.
 */
describe('a correlativo taken by a process killed at each step', () => {
  afterAll(() => closeTestDatabase());

  // Its timeout is a net for a hang, not a budget: each step starts cold Node processes (about 30 in all),
  // which took over two minutes on a machine busy with other suites.
  it('leaves no gap and no second number, whatever command the process dies at', async () => {
    const serie = `correlativo:prueba-${randomUUID()}`;
    const { Numero } = (await testDatabase()).models;
    const numeros = new Map<string, number>();
    const muertes: { paso: number; evento: string; tomado: boolean }[] = [];
    // Step K: a new owner's process dies at its K-th command, before it leaves, and another one's after
    // its answer; until a process has fewer commands than K and lives.
    for (let paso = 1, vivos = 0; vivos < 2; paso++) {
      expect(paso).toBeLessThan(50);
      vivos = 0;
      for (const evento of ['commandStarted', 'commandSucceeded'] as const) {
        const dueno = `dueno-${paso}-${evento}`;
        const intento = await tomar(serie, dueno, [evento, paso]);
        if (!intento.muerto) {
          vivos++;
          numeros.set(dueno, intento.n!);
          continue;
        }
        const tomado = await Numero.findById(`${serie}:${dueno}`).lean();
        muertes.push({ paso, evento, tomado: Boolean(tomado) });
        // The retry, as Temporal retries the activity on another worker.
        const reintento = await tomar(serie, dueno);
        if (tomado) expect(reintento.n).toBe(tomado.n);
        numeros.set(dueno, reintento.n!);
      }
    }
    // Deaths before the insert left, and after its answer with the number taken (the window a claim and a
    // second insert naming its owner left open before).
    expect(muertes.some((m) => !m.tomado)).toBe(true);
    expect(muertes.some((m) => m.tomado)).toBe(true);

    const guardados = await Numero.find({ serie }, { _id: 1, n: 1 }).lean();
    expect(guardados.map((g) => g.n).sort((a, b) => a - b)).toEqual([...numeros.keys()].map((_, i) => i + 1));
    expect(Object.fromEntries(guardados.map((g) => [g._id.slice(serie.length + 1), g.n]))).toEqual(
      Object.fromEntries(numeros),
    );
  }, 900_000);
});

/**
 * Replicas that contend for a series take its numbers from the series' numbering workflow
 * (`Secuenciador`). A process may die once its request reached the workflow, the number taken for it and
 * its answer on the way back: the retry, from a new process, must get that number, and the series no gap.
 */
describe('a correlativo asked of the numbering workflow by a process killed before it gets the answer', () => {
  afterAll(() => closeTestDatabase());

  it('is the number the retry gets, with no gap after it', async () => {
    const serie = `correlativo:${Date.now()}`;
    const db = await testDatabase();
    const codigo = () => randomUUID().toUpperCase();
    // Another replica took 1, so this cold process loses its race for it and asks the workflow.
    await takeOwned(db.connection, serie, codigo());
    const dueno = codigo();
    const queue = stack().env.TEMPORAL_TASK_QUEUE ?? 'dte';
    const args = [HIJO, stack().env.MONGODB_URI!, serie, dueno, 'secuenciador', stack().temporalGrpc, queue];
    await expect(exec(process.execPath, args)).rejects.toMatchObject({ signal: 'SIGKILL' });
    const { Numero } = db.models;
    expect((await Numero.findById(`${serie}:${dueno}`).lean())?.n).toBe(2);

    // The retry, as Temporal retries the activity on another worker; then the next document.
    expect((await tomar(serie, dueno)).n).toBe(2);
    expect((await tomar(serie, codigo())).n).toBe(3);
    const guardados = await Numero.find({ serie }, { n: 1 }).lean();
    expect(guardados.map((g) => g.n).sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });
});
