import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { crearCuentaImap } from '../support/buzon';
import { freePort, startApi, startWorker, type ExtraProcess } from '../support/processes';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

const NO_CONECTA = 'No se pudo conectar con el servidor del buzón';
const NO_PERMITIDO = 'El servidor del buzón está en una dirección privada o local, que este servicio no admite';

/** The stack's own database and Temporal, the addresses a tenant's mailbox must never reach in a deployment. */
const database = () => new URL(stack().database);
const temporal = () => new URL(`http://${stack().temporalGrpc}`);

/**
 * Where a mailbox's IMAP server may be is the deployment's setting, as for webhooks: an API and a worker
 * of their own task queue run as a hosted deployment would, without BUZON_PERMITIR_DESTINOS_PRIVADOS (the
 * test stack's own processes allow private destinations, since its Dovecot is on loopback).
 */
describe('the mailbox host, private destinations not allowed', () => {
  const env = {
    TEMPORAL_TASK_QUEUE: `buzon-destinos-${Date.now()}`,
    WORKER_SCHEDULES: 'false',
    BUZON_PERMITIR_DESTINOS_PRIVADOS: 'false',
  };
  const procesos: ExtraProcess[] = [];
  let apiPropia: string;
  beforeAll(async () => {
    const propia = await startApi('api-buzon-destinos', env);
    procesos.push(propia, await startWorker('worker-buzon-destinos', env));
    apiPropia = propia.url;
  }, 120000);
  afterAll(async () => {
    for (const p of procesos) p.child.kill('SIGKILL');
    await closeTestDatabase();
  });

  async function enPropia(method: string, pathname: string, tenant: TestTenant, body?: unknown) {
    const res = await fetch(`${apiPropia}${pathname}`, {
      method,
      headers: tenant.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  it('refuses a private, loopback or link-local host when it is set, for PROD and TEST emisores alike', async () => {
    const [test, prod] = await Promise.all([createTestTenant(), createTestTenant()]);
    await (await testDatabase()).models.Emisor.updateOne({ id: prod.emisorId }, { $set: { ambiente: '01' } });
    const hosts = [
      '127.0.0.1',
      database().hostname,
      temporal().hostname,
      '169.254.169.254',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      'localhost',
      'LOCALHOST.',
      'imap.localhost',
      '2130706433',
      '0177.0.0.1',
      '0x7f.1',
      '127.1',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      'fd00::1',
      'fe80::1',
      // A name that resolves to nothing (RFC 6761) cannot be judged: refused too.
      'buzon.invalid',
    ];
    for (const tenant of [test, prod])
      for (const host of hosts) {
        for (const port of [993, Number(database().port), Number(temporal().port)]) {
          const res = await enPropia('POST', '/buzon', tenant, { host, port, usuario: 'a@b.test', password: 'c' });
          expect([host, port, res.status, res.body.code, res.body.field]).toEqual([
            host,
            port,
            422,
            'BUZON_HOST_NOT_ALLOWED',
            'host',
          ]);
        }
      }
    // The admin CLI's `buzon set` checks it as the API does.
    const set = ['buzon', 'set', '--emisor', String(prod.emisorId), '--host', '169.254.169.254'];
    const cli = exec('node', ['apps/api/dist/admin/cli.js', ...set, '--usuario', 'a@b.test', '--password', 'c'], {
      env: { ...process.env, ...stack().env, ...env },
    });
    await expect(cli).rejects.toMatchObject({
      stderr: expect.stringContaining('169.254.169.254 es una dirección privada o local'),
    });
    // Nothing was set.
    for (const tenant of [test, prod])
      expect((await enPropia('GET', '/buzon', tenant)).body.code).toBe('BUZON_NOT_FOUND');

    // A public address is taken (and removed at once: nothing here is to read it).
    const publico = await enPropia('POST', '/buzon', prod, { host: '8.8.8.8', usuario: 'a@b.test', password: 'c' });
    expect([publico.status, publico.body.data?.host]).toEqual([200, '8.8.8.8']);
    expect((await enPropia('DELETE', '/buzon', prod)).status).toBe(200);
  });

  it('refuses it again when the mailbox is read, however it was set', async () => {
    // Set where private destinations are allowed (the stack's API): a working mailbox on the stack's Dovecot.
    const tenant = await createTestTenant();
    const cuenta = crearCuentaImap('destino');
    expect((await api('POST', '/buzon', tenant, cuenta)).status).toBe(200);
    expect((await api('POST', '/buzon/lectura', tenant)).body.data).toMatchObject({ error: null });

    // Read by a worker where they are not: refused before any connection.
    const res = await enPropia('POST', '/buzon/lectura', tenant);
    expect([res.status, res.body.code, res.body.detalle]).toEqual([502, 'BUZON_INACCESIBLE', NO_PERMITIDO]);
  });
});

/**
 * What a reading tells the emisor of a server it could not reach, on the stack (private destinations allowed):
 * a port that refuses, ports that accept and say nothing an IMAP server would (the database's, Temporal's,
 * over TLS or not) and a name that does not resolve all read the same, so a mailbox tells no open port from a
 * closed one.
 */
describe('the mailbox connection errors', () => {
  afterAll(() => closeTestDatabase());

  it('say they could not connect, in the same words whatever kept them from connecting', async () => {
    const casos = [
      { host: '127.0.0.1', port: await freePort(), tls: false },
      { host: '127.0.0.1', port: Number(database().port), tls: false },
      { host: '127.0.0.1', port: Number(database().port), tls: true },
      { host: '127.0.0.1', port: Number(temporal().port), tls: false },
      { host: '127.0.0.1', port: Number(temporal().port), tls: true },
      { host: 'buzon.invalid', port: 993, tls: true },
    ];
    const leidos = await Promise.all(
      casos.map(async (destino) => {
        const tenant = await createTestTenant();
        const set = await api('POST', '/buzon', tenant, { ...destino, usuario: 'a@buzon.test', password: 'clave' });
        expect(set.status).toBe(200);
        const res = await api('POST', '/buzon/lectura', tenant);
        const { ultimoError } = (await api('GET', '/buzon', tenant)).body.data;
        // Not left for the shared stack's schedule to read on every run.
        expect((await api('DELETE', '/buzon', tenant)).status).toBe(200);
        return { destino, leido: [res.status, res.body.code, res.body.detalle, ultimoError?.mensaje] };
      }),
    );
    expect(leidos).toEqual(
      casos.map((destino) => ({ destino, leido: [502, 'BUZON_INACCESIBLE', NO_CONECTA, NO_CONECTA] })),
    );
  });
});
