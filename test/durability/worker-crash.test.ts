import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase } from '../support/tenant';

const ROOT = path.resolve(__dirname, '../..');

/** Starts a replacement worker with the stack's configuration; the global teardown stops it. */
async function startWorker(): Promise<void> {
  const logPath = path.join(stack().dataDir, 'logs', 'worker-restarted.log');
  const logFile = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/worker/dist/main.js')], {
    env: { ...process.env, ...stack().env },
    stdio: ['ignore', logFile, logFile],
    detached: true,
  });
  child.unref();
  fs.appendFileSync(path.join(stack().dataDir, 'extra-pids'), `${child.pid}\n`);
  await eventually("the restarted worker to log 'worker running'", () =>
    fs.readFileSync(logPath, 'utf8').includes('worker running'),
  );
}

/**
 * Killing the only worker (SIGKILL) in the middle of a burst of issuances, then starting a new one:
 * every request completes, MH receives each document exactly once, and no numeroControl repeats.
 */
describe('worker killed mid-burst', () => {
  afterAll(() => closeTestDatabase());

  it('completes every request with exactly-once transmission, and leaves no Chromium nor its profile behind', async () => {
    const tenant = await createTestTenant();
    // One document first (another tenant's, out of the counts below), so the worker has its Chromium
    // running: it starts with the first PDF.
    const primero = await api('POST', '/dte/dte01', await createTestTenant(), {
      receptor: {},
      items: [{ descripcion: 'Antes del choque', cantidad: 1, precioUnitario: 2 }],
      condicionOperacion: 1,
    });
    expect(primero.status).toBe(201);
    let chromium: number[] = [];
    await eventually('the worker to run Chromium', () => (chromium = chromiumChildren(stack().pids.worker)).length > 0);
    const burst = Array.from({ length: 20 }, (_, i) =>
      api('POST', '/dte/dte01', tenant, {
        receptor: {},
        items: [{ descripcion: `Crash ${i}`, cantidad: 1, precioUnitario: 2 }],
        condicionOperacion: 1,
      }),
    );
    // Once part of the burst has reached the worker, kill it without any chance to clean up.
    const { Document } = (await testDatabase()).models;
    await eventually('part of the burst to be numbered', () => Document.exists({ emisorId: tenant.emisorId }));
    const perfiles = () =>
      fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`dte-chromium-${stack().pids.worker}-`));
    expect(perfiles()).toHaveLength(1);
    process.kill(stack().pids.worker, 'SIGKILL');
    await eventually('the killed worker to be gone', () => !alive(stack().pids.worker));
    // Its Chromium profile outlives it, until the next worker's start removes it.
    expect(perfiles()).toHaveLength(1);
    await startWorker();
    expect(perfiles()).toEqual([]);
    // Chromium talks to the worker over a pipe, and exits once the killed worker's end is closed.
    await eventually("the killed worker's Chromium to exit", () => chromium.every((pid) => !alive(pid)));

    const results = await Promise.all(burst);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(results.map((r) => r.body.data.estado)).toEqual(Array(20).fill('PROCESSED'));

    const codigos = results.map((r) => r.body.data.codigoGeneracion as string);
    const numeros = results.map((r) => r.body.data.numeroControl as string);
    expect(chromium.filter(alive)).toEqual([]);
    expect(new Set(codigos).size).toBe(20);
    expect(new Set(numeros).size).toBe(20);
    const db = await testDatabase();
    expect(await db.models.Document.countDocuments({ emisorId: tenant.emisorId })).toBe(20);

    // The simulator's own ledger: every document received by recepciondte exactly once, none missing.
    const sim = (await (await fetch(`${stack().mhSimulator}/__sim/documentos?emisor=${tenant.nit}`)).json()) as {
      data: { codigoGeneracion: string; respuestas: { servicio: string; estado: string }[] }[];
    };
    const received = new Map(
      sim.data.map((d) => [d.codigoGeneracion, d.respuestas.filter((r) => r.servicio === 'recepciondte').length]),
    );
    expect([...received.keys()].sort()).toEqual([...codigos].sort());
    expect([...received.values()]).toEqual(Array(20).fill(1));
  }, 240000);
});

/** The Chromium processes a process started directly (puppeteer's browser process). */
function chromiumChildren(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('chrom');
      } catch {
        return false; // It exited while we looked.
      }
    })
    .map(Number);
}

function alive(pid: number): boolean {
  try {
    // Signal 0 checks existence only; a zombie left for init to reap counts as gone.
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}
