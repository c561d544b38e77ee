import type { EndpointView } from '@dte/store';
import { eventually } from '../support/eventually';
import { startApi, startWorker, type ExtraProcess } from '../support/processes';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

type Creado = EndpointView & { secreto: string };
interface Intento {
  eventoId: string;
  intento: number;
  status: number | null;
  entregado: boolean;
  error: string | null;
}

/**
 * What a receiver can cost the service: a deadline for the whole attempt, one attempt at a time per
 * endpoint, and an endpoint that delivers nothing for WEBHOOK_DESHABILITAR_HORAS disabled. The deadline is
 * the test stack's (WEBHOOK_TIMEOUT_SECONDS 3 s); the disabling runs on an API and a worker of their own
 * task queue, whose endpoints are disabled after 18 s without a delivery.
 */
describe('webhook deliveries bounded', () => {
  const env = {
    TEMPORAL_TASK_QUEUE: `webhooks-acotadas-${Date.now()}`,
    WORKER_SCHEDULES: 'false',
    WEBHOOK_DESHABILITAR_HORAS: '0.005',
  };
  const procesos: ExtraProcess[] = [];
  const receptores: ReceptorWebhooks[] = [];
  let apiPropia: string;
  beforeAll(async () => {
    const propia = await startApi('api-webhooks-acotadas', env);
    procesos.push(propia, await startWorker('worker-webhooks-acotadas', env));
    apiPropia = propia.url;
  }, 120000);
  afterAll(async () => {
    for (const p of procesos) p.child.kill('SIGKILL');
    await Promise.all(receptores.map((r) => r.cerrar()));
    await closeTestDatabase();
  });

  async function receptor(): Promise<ReceptorWebhooks> {
    const r = await ReceptorWebhooks.iniciar();
    receptores.push(r);
    return r;
  }

  async function suscribir(tenant: TestTenant, url: string, eventos: string[]): Promise<Creado> {
    const res = await api('POST', '/webhooks', tenant, { url, eventos });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  /** A Factura issued through `url`'s API, so its events are published on that API's worker. */
  async function emitir(tenant: TestTenant, url = apiPropia): Promise<string> {
    const res = await fetch(`${url}/dte/dte01`, {
      method: 'POST',
      headers: tenant.headers,
      body: JSON.stringify({
        receptor: {},
        items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
        condicionOperacion: 1,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { codigoGeneracion: string } }).data.codigoGeneracion;
  }

  const entregas = async (tenant: TestTenant, id: string) =>
    (await api('GET', `/webhooks/${id}/entregas`, tenant)).body.data as Intento[];

  it('cuts off a receiver that drips its answer at the deadline, one attempt to the endpoint at a time', async () => {
    const tenant = await createTestTenant();
    const r = await receptor();
    // Headers at once, then one byte a second of a 100,000-byte body: never idle for the 3 s deadline.
    r.responder = () => 'gotear';
    const endpoint = await suscribir(tenant, r.url, ['dte.procesado']);
    // On the shared stack, whose endpoints are disabled only after days: the second event may find the
    // first one's attempts holding the turn for a while on a busy machine, and must still get its own.
    await Promise.all([emitir(tenant, stack().api), emitir(tenant, stack().api)]);

    let log: Intento[] = [];
    await eventually('both events attempted, and attempts cut off', async () => {
      log = await entregas(tenant, endpoint.id);
      return new Set(r.recibidos.map((x) => x.id)).size === 2 && log.length >= 2;
    });
    // The two events' attempts took turns: never two connections to the receiver at once.
    expect(r.maxAbiertas).toBe(1);
    for (const intento of log)
      expect([intento.status, intento.entregado, intento.error]).toEqual([
        null,
        false,
        'El receptor no respondió por completo en 3 s',
      ]);
    // Its deliveries would otherwise go on dripping for the rest of the suite.
    expect((await api('DELETE', `/webhooks/${endpoint.id}`, tenant)).status).toBe(200);
  }, 120000);

  it('disables an endpoint that delivers nothing for the set hours, tells the others, and enables it again', async () => {
    const tenant = await createTestTenant();
    const caido = await receptor();
    caido.responder = () => 500;
    const otro = await receptor();
    const endpoint = await suscribir(tenant, caido.url, ['dte.procesado']);
    const avisos = await suscribir(tenant, otro.url, ['webhook.deshabilitado']);
    await emitir(tenant);

    const [aviso] = await otro.esperar(1);
    const evento = otro.verificar(avisos.secreto, aviso!) as { type: string; data: Record<string, string> };
    expect(evento.type).toBe('webhook.deshabilitado');
    expect(evento.data).toEqual({
      id: endpoint.id,
      url: caido.url,
      motivo: expect.stringMatching(/^Ningún intento entregado desde \S+ \(el último: El receptor respondió 500\)$/),
      fecha: expect.any(String),
    });
    // At least two attempts failed, 18 s apart or more, before it was disabled.
    const desde = Date.parse(/desde (\S+) /.exec(evento.data.motivo!)![1]!);
    expect(Date.parse(evento.data.fecha!) - desde).toBeGreaterThanOrEqual(18000);
    expect(caido.recibidos.length).toBeGreaterThanOrEqual(2);

    const lista = (await api('GET', '/webhooks', tenant)).body.data as EndpointView[];
    expect(lista.find((e) => e.id === endpoint.id)).toMatchObject({
      activo: false,
      deshabilitado: { fecha: evento.data.fecha, motivo: evento.data.motivo },
    });
    expect(lista.find((e) => e.id === avisos.id)!.activo).toBe(true);

    // Enabled again, it gets the next event, which the mended receiver accepts.
    caido.responder = () => 200;
    const habilitado = await api('POST', `/webhooks/${endpoint.id}/habilitar`, tenant);
    expect(habilitado.status).toBe(200);
    expect(habilitado.body.data).toMatchObject({ id: endpoint.id, activo: true, deshabilitado: null });
    const codigoGeneracion = await emitir(tenant);
    const [entregado] = await caido.esperar(1, (x) => x.data.codigoGeneracion === codigoGeneracion);
    expect(caido.verificar(endpoint.secreto, entregado!)).toMatchObject({ type: 'dte.procesado' });
    await eventually('the delivery in the log', async () => (await entregas(tenant, endpoint.id))[0]?.status === 200);

    const ajeno = await createTestTenant();
    const res = await api('POST', `/webhooks/${endpoint.id}/habilitar`, ajeno);
    expect([res.status, res.body.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);
  }, 150000);
});
