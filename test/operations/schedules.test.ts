import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client, Connection, type ScheduleDescription } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { ConciliacionDiaria, LecturaBuzones, RevisionCompras, SettleOutcomes } from '@dte/contract';
import { startWorker } from '../support/processes';
import { stack } from '../support/stack';

const exec = promisify(execFile);

const IDS = [
  SettleOutcomes.scheduleId,
  ConciliacionDiaria.scheduleId,
  RevisionCompras.scheduleId,
  LecturaBuzones.scheduleId,
];

/** `npm run admin -- schedules …` with the stack's configuration and `env` over it; its JSON answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON printed by the CLI
async function admin(env: Record<string, string>, ...args: string[]): Promise<any> {
  const cli = ['apps/api/dist/admin/cli.js', 'schedules', ...args];
  const { stdout } = await exec('node', cli, { env: { ...process.env, ...stack().env, ...env } });
  return JSON.parse(stdout);
}

/** What start-up and `apply` may change: the interval or hour, the workflow and its queue, the pause. */
const forma = (d: ScheduleDescription) => ({
  intervalos: d.spec.intervals?.map((i) => i.every),
  horas: d.spec.calendars?.map((c) => c.hour[0]?.start),
  taskQueue: d.action.type === 'startWorkflow' ? d.action.taskQueue : null,
  pausado: d.state.paused,
  nota: d.state.note,
});

/**
 * The suite's worker started first and created the schedules. A second worker with other settings, as a
 * replica of a rollout where they changed, and an operator's pause: start-up leaves the schedules alone,
 * and only the explicit admin command changes them. The suite's schedules are put back at the end.
 */
describe('Temporal Schedules with several workers', () => {
  let connection: Connection;
  let temporal: Client;
  const antes: Record<string, ReturnType<typeof forma>> = {};
  const conciliacion = () => temporal.schedule.getHandle(ConciliacionDiaria.scheduleId);
  const actuales = async () =>
    Object.fromEntries(
      await Promise.all(IDS.map(async (id) => [id, forma(await temporal.schedule.getHandle(id).describe())])),
    );

  beforeAll(async () => {
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
    Object.assign(antes, await actuales());
  });
  afterAll(async () => {
    await admin({}, 'apply');
    if ((await conciliacion().describe()).state.paused) await conciliacion().unpause();
    await connection?.close();
  });

  it('a worker started with other settings leaves every existing schedule, and the operator pause, as they are', async () => {
    const config = loadConfig(stack().env);
    expect(antes[ConciliacionDiaria.scheduleId]).toMatchObject({
      horas: [(config.CONCILIACION_HORA + 6) % 24],
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      pausado: false,
    });
    await conciliacion().pause('cierre de mes: conciliación a mano');

    const otro = await startWorker('worker-schedules', {
      TEMPORAL_TASK_QUEUE: 'schedules-otra-cola',
      CONCILIACION_HORA: '5',
      BUZON_LECTURA_SEGUNDOS: '777',
      UNKNOWN_OUTCOME_SCAN_SECONDS: '99',
    });
    try {
      const linea = otro.logLines().find((l) => Array.isArray(l.schedules));
      expect(linea?.schedules).toEqual(IDS.map((scheduleId) => ({ scheduleId, resultado: 'sin cambios' })));
      expect(await actuales()).toEqual({
        ...antes,
        [ConciliacionDiaria.scheduleId]: {
          ...antes[ConciliacionDiaria.scheduleId],
          pausado: true,
          nota: 'cierre de mes: conciliación a mano',
        },
      });
    } finally {
      otro.child.kill('SIGTERM');
      await otro.exited;
    }
  });

  it('`schedules apply` brings them in line with its configuration and keeps the pause; `list` shows them', async () => {
    const hechos = await admin({ CONCILIACION_HORA: '5', BUZON_LECTURA_SEGUNDOS: '777' }, 'apply');
    expect(hechos).toEqual(IDS.map((scheduleId) => ({ scheduleId, resultado: 'actualizado' })));
    const ahora = await actuales();
    expect(ahora[ConciliacionDiaria.scheduleId]).toMatchObject({ horas: [11], pausado: true });
    expect(ahora[LecturaBuzones.scheduleId]!.intervalos).toEqual([777_000]);
    // What the command did not change keeps the suite's settings.
    expect(ahora[SettleOutcomes.scheduleId]).toEqual(antes[SettleOutcomes.scheduleId]);

    const lista = await admin({}, 'list');
    expect(lista.map((s: { scheduleId: string }) => s.scheduleId).sort()).toEqual([...IDS].sort());
    expect(lista.find((s: { scheduleId: string }) => s.scheduleId === ConciliacionDiaria.scheduleId)).toMatchObject({
      pausado: true,
      nota: 'cierre de mes: conciliación a mano',
      calendarios: [expect.objectContaining({ hour: [{ start: 11, end: 11, step: 1 }] })],
    });
  });

  it('`schedules apply` creates a schedule that was deleted, with its configuration', async () => {
    await temporal.schedule.getHandle(RevisionCompras.scheduleId).delete();
    const hechos = await admin({}, 'apply');
    expect(hechos.find((h: { scheduleId: string }) => h.scheduleId === RevisionCompras.scheduleId)).toEqual({
      scheduleId: RevisionCompras.scheduleId,
      resultado: 'creado',
    });
    const { [ConciliacionDiaria.scheduleId]: conc, ...resto } = await actuales();
    expect(conc).toEqual({
      ...antes[ConciliacionDiaria.scheduleId],
      pausado: true,
      nota: 'cierre de mes: conciliación a mano',
    });
    const { [ConciliacionDiaria.scheduleId]: _, ...restoAntes } = antes;
    expect(resto).toEqual(restoAntes);
  });
});
