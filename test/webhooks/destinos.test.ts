import { eventually } from '../support/eventually';
import { freePort, startApi, startWorker, type ExtraProcess } from '../support/processes';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import {
  api,
  cambioLeido,
  closeTestDatabase,
  createTestTenant,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

/**
 * Where webhooks may point is the deployment's setting: an API and a worker of their own task queue run
 * as a hosted deployment would, without WEBHOOK_PERMITIR_DESTINOS_PRIVADOS (the test stack's own
 * processes allow private destinations, since its receivers are on loopback).
 */
describe('webhook destinations, private ones not allowed', () => {
  const env = {
    TEMPORAL_TASK_QUEUE: `webhooks-destinos-${Date.now()}`,
    WORKER_SCHEDULES: 'false',
    WEBHOOK_PERMITIR_DESTINOS_PRIVADOS: 'false',
  };
  const procesos: ExtraProcess[] = [];
  let receptor: ReceptorWebhooks;
  let apiPropia: string;
  beforeAll(async () => {
    const propia = await startApi('api-webhooks-destinos', env);
    procesos.push(propia, await startWorker('worker-webhooks-destinos', env));
    apiPropia = propia.url;
    receptor = await ReceptorWebhooks.iniciar();
  }, 120000);
  afterAll(async () => {
    for (const p of procesos) p.child.kill('SIGKILL');
    await receptor?.cerrar();
    await closeTestDatabase();
  });

  async function enPropia(method: string, pathname: string, tenant: TestTenant, body?: unknown) {
    const res = await fetch(`${apiPropia}${pathname}`, {
      method,
      headers: tenant.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code?: string; data: Record<string, unknown> } };
  }

  it('refuses private, loopback and link-local hosts in any form, for TEST and PROD emisores alike', async () => {
    const [test, prod] = await Promise.all([createTestTenant(), createTestTenant()]);
    const db = await testDatabase();
    await db.models.Emisor.updateOne({ id: prod.emisorId }, { $set: { ambiente: '01' } });
    await cambioLeido();
    const hosts = [
      '127.0.0.1:8080',
      '2130706433',
      '0177.0.0.1',
      '0x7f.1',
      '127.1',
      'localhost:3000',
      'api.localhost',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '169.254.169.254',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:0:7f00:1]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:7f00:1::1]',
      '[::7f00:1]',
      '[fd00::1]',
      '[fe80::1]',
    ];
    for (const [tenant, esquema] of [
      [test, 'http'],
      [prod, 'https'],
    ] as const)
      for (const host of hosts) {
        const url = `${esquema}://${host}/e`;
        const res = await enPropia('POST', '/webhooks', tenant, { url });
        expect([url, res.status, res.body.code]).toEqual([url, 422, 'WEBHOOK_URL_NOT_ALLOWED']);
      }
    // A public address is taken; a PROD emisor still needs https.
    expect((await enPropia('POST', '/webhooks', prod, { url: 'https://8.8.8.8/e' })).status).toBe(201);
    const http = await enPropia('POST', '/webhooks', prod, { url: 'http://8.8.8.8/e' });
    expect([http.status, http.body.code]).toEqual([422, 'WEBHOOK_URL_NOT_ALLOWED']);
    // A URL with CR/LF (which the URL parser would drop) is refused, here and where private ones are allowed.
    for (const res of [
      await enPropia('POST', '/webhooks', test, { url: 'https://8.8.8.8/e\r\nX-Otra: 1' }),
      await api('POST', '/webhooks', test, { url: 'http://127.0.0.1:8080/e\r\nX-Otra: 1' }),
    ])
      expect([res.status, res.body.code]).toEqual([422, 'WEBHOOK_URL_NOT_ALLOWED']);

    // The test stack's API allows them (WEBHOOK_PERMITIR_DESTINOS_PRIVADOS), whatever the emisor's ambiente.
    for (const [tenant, url] of [
      [test, 'http://[::7f00:1]:8080/e'],
      [test, 'http://0x7f.1:8080/e'],
      [prod, 'https://169.254.169.254/e'],
    ] as const)
      expect([url, (await api('POST', '/webhooks', tenant, { url })).status]).toEqual([url, 201]);
  });

  it('delivers nothing to a private destination, and the log tells no network error', async () => {
    const tenant = await createTestTenant();
    // Created where private destinations are allowed, delivered by a worker where they are not.
    const cerrado = `http://localhost:${await freePort()}/e`;
    const endpoints: string[] = [];
    for (const url of [receptor.url, cerrado]) {
      const res = await api('POST', '/webhooks', tenant, { url, eventos: ['dte.procesado'] });
      expect(res.status).toBe(201);
      endpoints.push(res.body.data.id);
    }
    const emitida = await enPropia('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    });
    expect(emitida.status).toBe(201);

    const logs: Record<string, unknown>[][] = [];
    await eventually('both attempts in the logs', async () => {
      logs.length = 0;
      for (const id of endpoints) logs.push((await api('GET', `/webhooks/${id}/entregas`, tenant)).body.data);
      return logs.every((l) => l.length === 1);
    });
    // The refusal is final (one attempt each) and in the same words whatever listens there or not.
    for (const [intento] of logs)
      expect(intento).toMatchObject({
        intento: 1,
        status: null,
        entregado: false,
        error: 'La URL del webhook apunta a una dirección privada o local, que este servicio no admite',
      });
    expect(receptor.recibidos).toEqual([]);
  });
});
