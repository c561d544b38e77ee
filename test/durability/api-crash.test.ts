import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eventually } from '../support/eventually';
import { freePort } from '../support/processes';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, simulator, testDatabase } from '../support/tenant';

const ROOT = path.resolve(__dirname, '../..');

/** A second API process on its own port, with the stack's configuration; the global teardown stops leftovers. */
async function startApi(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    env: { ...process.env, ...stack().env, API_PORT: String(port) },
    stdio: 'ignore',
  });
  fs.appendFileSync(path.join(stack().dataDir, 'extra-pids'), `${child.pid}\n`);
  await eventually('the API to answer /health', () =>
    fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  return child;
}

/**
 * The API killed (SIGKILL) while a request waits for MH, then the client retrying with the same
 * Idempotency-Key: it gets the original outcome, and MH received the document once.
 */
describe('API killed mid-request', () => {
  afterAll(() => closeTestDatabase());

  it('a retry with the same Idempotency-Key returns the original outcome', async () => {
    const tenant = await createTestTenant();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/dte/dte01`;
    const key = `crash-${Date.now()}`;
    const body = JSON.stringify({
      receptor: {},
      items: [{ descripcion: 'Antes del corte', cantidad: 1, precioUnitario: 4 }],
      condicionOperacion: 1,
    });
    const headers = { ...tenant.headers, 'idempotency-key': key };

    await simulator('/latency', { ms: 2000, emisor: tenant.nit });
    const first = await startApi(port);
    const inFlight = fetch(url, { method: 'POST', headers, body }).then(
      () => 'answered',
      () => 'connection lost',
    );
    // Killed once the document is numbered and waiting for MH's answer.
    const { Document } = (await testDatabase()).models;
    await eventually('the document to wait for MH', () =>
      Document.exists({ emisorId: tenant.emisorId, estado: 'PENDIENTE' }),
    );
    first.kill('SIGKILL');
    expect(await inFlight).toBe('connection lost');
    await simulator('/latency', { ms: 0, emisor: tenant.nit });

    const second = await startApi(port);
    try {
      const retry = await fetch(url, { method: 'POST', headers, body });
      expect(retry.status).toBe(201);
      const { data } = (await retry.json()) as { data: { codigoGeneracion: string; estado: string } };
      expect(data.estado).toBe('PROCESSED');

      const db = await testDatabase();
      expect(await db.models.Document.countDocuments({ emisorId: tenant.emisorId })).toBe(1);
      const sim = (await (await fetch(`${stack().mhSimulator}/__sim/documentos?emisor=${tenant.nit}`)).json()) as {
        data: { codigoGeneracion: string; respuestas: { servicio: string }[] }[];
      };
      expect(
        sim.data.map((d) => [d.codigoGeneracion, d.respuestas.filter((r) => r.servicio === 'recepciondte').length]),
      ).toEqual([[data.codigoGeneracion, 1]]);
    } finally {
      second.kill('SIGTERM');
    }
  });
});
