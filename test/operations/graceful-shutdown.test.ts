import { spawnSync } from 'node:child_process';
import { stack } from '../support/stack';
import { eventually } from '../support/eventually';
import { retenidaEnMh, retenidasEnMh } from '../support/mh';
import { accepting, startApi, startWorker } from '../support/processes';
import { closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

const factura = (descripcion: string) =>
  JSON.stringify({
    receptor: { nombre: 'Eva Ríos', tipoDocumento: '13', numDocumento: '012345678', correo: 'eva@example.test' },
    items: [{ descripcion, cantidad: 1, precioUnitario: 6 }],
    condicionOperacion: 1,
  });

async function issue(url: string, tenant: TestTenant, descripcion: string) {
  const res = await fetch(`${url}/dte/dte01`, { method: 'POST', headers: tenant.headers, body: factura(descripcion) });
  return {
    status: res.status,
    connection: res.headers.get('connection'),
    body: (await res.json()) as { data: { codigoGeneracion: string; estado: string } },
  };
}

/** How many times the simulator received each of the emisor's documents through recepciondte. */
async function receptions(tenant: TestTenant): Promise<Map<string, number>> {
  const sim = (await (await fetch(`${stack().mhSimulator}/__sim/documentos?emisor=${tenant.nit}`)).json()) as {
    data: { codigoGeneracion: string; respuestas: { servicio: string }[] }[];
  };
  return new Map(
    sim.data.map((d) => [d.codigoGeneracion, d.respuestas.filter((r) => r.servicio === 'recepciondte').length]),
  );
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * SIGTERM while work is in flight: the API answers the requests it holds and exits 0 without taking new
 * connections; a worker finishes the activity it runs, closes Chromium and exits 0. Each runs as a
 * process of its own beside the stack's, so the stack keeps serving the other suites.
 */
describe('graceful shutdown', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterEach(async () => {
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    await simulator('/latency', { ms: 0, emisor: tenant.nit });
  });
  afterAll(() => closeTestDatabase());

  it('the API drains: an issuance waiting on MH gets its 201, new connections are refused, exit 0', async () => {
    const api = await startApi('api-graceful');
    const port = Number(new URL(api.url).port);
    // MH holds the document: the issuance waits at the API until the test lets MH answer.
    await simulator('/outage', { mode: 'hold', emisor: tenant.nit });
    let settled = false;
    const inFlight = issue(api.url, tenant, 'En vuelo').finally(() => (settled = true));
    await retenidaEnMh(tenant.nit);

    api.child.kill('SIGTERM');
    await eventually('the API to stop listening', async () => !(await accepting(port)));
    expect(settled).toBe(false);
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });

    const res = await inFlight;
    expect(res.status).toBe(201);
    expect(res.body.data.estado).toBe('PROCESSED');
    // Answered with its connection closed, so no idle keep-alive holds the exit for keepAliveTimeout.
    expect(res.connection).toBe('close');
    expect(await api.exited).toBe(0);
    expect(api.logLines().map((l) => l.msg)).toEqual(expect.arrayContaining(['api draining', 'api stopped']));
    expect(api.logLines().find((l) => l.msg === 'api draining')).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });
  });

  it('a worker finishes its running activity, closes Chromium and its metrics port, and exits 0', async () => {
    // A second worker on the stack's task queue: activities go to either, so documents are issued in
    // waves until this one renders a PDF (Chromium up) and then runs a transmission that waits on MH.
    const worker = await startWorker('worker-graceful', { LOG_LEVEL: 'debug' });
    const pid = worker.child.pid!;
    const issued: Promise<Awaited<ReturnType<typeof issue>>>[] = [];
    /** Issues a wave of documents each time `gone` says the last one went its way, until `found` answers. */
    const waves = <T>(
      what: string,
      name: string,
      found: () => Promise<T | undefined>,
      gone: (wave: typeof issued) => Promise<boolean>,
    ) => {
      let wave: typeof issued = [];
      return eventually(what, async () => {
        const result = await found();
        if (result !== undefined || (wave.length > 0 && !(await gone(wave)))) return result;
        wave = Array.from({ length: 6 }, (_, i) => issue(stack().api, tenant, `${name} ${issued.length + i}`));
        issued.push(...wave);
        return undefined;
      });
    };
    const lines = (msg: string, since = 0) => worker.logLines().filter((l) => l.msg === msg && Number(l.time) >= since);

    await waves(
      'this worker to store a PDF of the tenant',
      'Calentamiento',
      async () => lines('PDF stored').some((l) => l.emisorId === tenant.emisorId) || undefined,
      async (wave) => {
        await Promise.allSettled(wave);
        return true;
      },
    );
    await Promise.all(issued);
    const chromium = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .map(Number)
      .filter(Boolean);
    expect(chromium.length).toBeGreaterThan(0);

    // MH holds the tenant's documents: a transmission this worker runs cannot end before it is told to stop.
    await simulator('/outage', { mode: 'hold', emisor: tenant.nit });
    const { Document } = (await testDatabase()).models;
    const warmUp = issued.length;
    const since = Date.now();
    const transmissions = (msg: string) =>
      lines(msg, since)
        .filter((l) => l.activityType === 'issueDocument')
        .map((l) => String(l.workflowId));
    const running = await waves(
      "this worker to be running a transmission of the tenant's",
      'Drenaje',
      async () => {
        const completed = new Set(transmissions('Activity completed'));
        for (const workflowId of transmissions('Activity started').filter((w) => !completed.has(w))) {
          const codigo = workflowId.replace(/^dte-/, '');
          if ((await Document.findById(codigo, { emisorId: 1 }).lean())?.emisorId === tenant.emisorId)
            return workflowId;
        }
        return undefined;
      },
      // Another wave once every transmission of these waves waits at MH, on either worker.
      async () => (await retenidasEnMh(tenant.nit)).length >= issued.length - warmUp,
    );
    expect(running).toBeDefined();

    const killedAt = Date.now();
    worker.child.kill('SIGTERM');
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    expect(await worker.exited).toBe(0);
    const completed = lines('Activity completed').find(
      (l) => l.workflowId === running && l.activityType === 'issueDocument',
    );
    expect(completed).toBeDefined();
    expect(Number(completed!.time)).toBeGreaterThan(killedAt);
    expect(lines('MH answered the document').some((l) => l.workflowId === running)).toBe(true);
    expect(lines('worker stopped', killedAt)).toHaveLength(1);
    expect(await accepting(worker.metricsPort)).toBe(false);
    expect(chromium.filter(alive)).toEqual([]);

    // Every document completed (the stack's worker took over what this one no longer polled), each sent once.
    const results = await Promise.all(issued);
    expect(results.map((r) => [r.status, r.body.data.estado])).toEqual(results.map(() => [201, 'PROCESSED']));
    const received = await receptions(tenant);
    for (const r of results) expect(received.get(r.body.data.codigoGeneracion)).toBe(1);
  }, 240000);
});
