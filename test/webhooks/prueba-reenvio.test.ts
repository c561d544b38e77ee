import { Client, Connection } from '@temporalio/client';
import { INTENTOS_ENTREGA_PEDIDA } from '@dte/contract';
import { eventoWebhook } from '@dte/contract/eventos-webhook';
import { loadConfig } from '@dte/config';
import { SecretBox, Webhooks, type EndpointView } from '@dte/store';
import { emitirFactura } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

type Creado = EndpointView & { secreto: string };
interface Intento {
  eventoId: string;
  tipo: string;
  intento: number;
  status: number | null;
  entregado: boolean;
}

/**
 * The webhook development loop on the real stack: a test event sent now and one logged event sent again,
 * both through the delivery workflow every event takes, so signed (checked by the `standardwebhooks`
 * package) and logged like any delivery.
 */
describe('webhook test event and redelivery', () => {
  const receptores: ReceptorWebhooks[] = [];
  let connection: Connection;
  let temporal: Client;
  beforeAll(async () => {
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
  });
  afterAll(async () => {
    await Promise.all(receptores.map((r) => r.cerrar()));
    await connection?.close();
    await closeTestDatabase();
  });

  async function preparar(eventos?: string[]): Promise<{ tenant: TestTenant; r: ReceptorWebhooks; endpoint: Creado }> {
    const tenant = await createTestTenant();
    const r = await ReceptorWebhooks.iniciar();
    receptores.push(r);
    const res = await api('POST', '/webhooks', tenant, { url: r.url, ...(eventos ? { eventos } : {}) });
    expect(res.status).toBe(201);
    return { tenant, r, endpoint: res.body.data };
  }

  const entregas = async (tenant: TestTenant, id: string) =>
    (await api('GET', `/webhooks/${id}/entregas`, tenant)).body.data as Intento[];

  it('sends a signed webhook.prueba to an endpoint subscribed to other events, and logs it', async () => {
    const { tenant, r, endpoint } = await preparar(['dte.procesado']);
    const res = await api('POST', `/webhooks/${endpoint.id}/prueba`, tenant);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toEqual({
      eventoId: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      tipo: 'webhook.prueba',
      estado: 'ENTREGADO',
      motivo: null,
      ultimoIntento: expect.objectContaining({ eventoId: data.eventoId, tipo: 'webhook.prueba', status: 200 }),
    });
    expect(r.recibidos).toHaveLength(1);
    expect(r.recibidos[0]!.id).toBe(data.eventoId);
    expect(r.verificar(endpoint.secreto, r.recibidos[0]!)).toEqual({
      type: 'webhook.prueba',
      timestamp: expect.any(String),
      data: { id: endpoint.id, url: r.url, mensaje: 'Evento de prueba de su webhook' },
    });
    // As the OpenAPI document's union of events describes it.
    expect(eventoWebhook.safeParse(JSON.parse(r.recibidos[0]!.body)).error).toBeUndefined();
    expect((await entregas(tenant, endpoint.id)).map((i) => [i.eventoId, i.tipo, i.status])).toEqual([
      [data.eventoId, 'webhook.prueba', 200],
    ]);

    // Each test is an event of its own.
    const otra = await api('POST', `/webhooks/${endpoint.id}/prueba`, tenant);
    expect(otra.body.data.estado).toBe('ENTREGADO');
    expect(otra.body.data.eventoId).not.toBe(data.eventoId);
  });

  it('answers EN_CURSO while the receiver fails, and the test event is retried', async () => {
    const { tenant, r, endpoint } = await preparar();
    // The first three attempts get no answer (each given up at WEBHOOK_TIMEOUT_SECONDS, 3 s, and retried
    // after 1 s, then 2 s): the fourth, a test's last, starts 14 s after the first at the earliest, well
    // after the API answered (one attempt's deadline and 5 s).
    r.responder = () => (r.recibidos.length <= 3 ? 'colgar' : 200);
    const res = await api('POST', `/webhooks/${endpoint.id}/prueba`, tenant);
    const { eventoId } = res.body.data;
    expect(res.body.data).toMatchObject({
      tipo: 'webhook.prueba',
      estado: 'EN_CURSO',
      motivo: null,
      ultimoIntento: { eventoId, status: null, entregado: false },
    });
    await eventually('the retry delivered and logged', async () => {
      const [ultimo] = await entregas(tenant, endpoint.id);
      return ultimo !== undefined && ultimo.eventoId === eventoId && ultimo.entregado;
    });
    expect(r.recibidos.map((x) => x.id)).toEqual(Array(INTENTOS_ENTREGA_PEDIDA).fill(eventoId));
  });

  it('ends a test and a redelivery to an endpoint that always fails after a few attempts, each logged', async () => {
    const { tenant, r, endpoint } = await preparar();
    r.responder = () => 503;
    /** The endpoint's deliveries once every one of them has ended, with their outcome. */
    const terminadas = (cuantas: number) =>
      eventually(`${cuantas} deliveries of ${endpoint.id} to end`, async () => {
        const halladas = [];
        const query = `WorkflowType = 'WebhookDeliveryWorkflow' AND WorkflowId STARTS_WITH 'webhook-${endpoint.id}-'`;
        for await (const e of temporal.workflow.list({ query })) halladas.push(e);
        if (halladas.length !== cuantas || halladas.some((e) => e.status.name === 'RUNNING')) return undefined;
        return Promise.all(
          halladas.map(async (e) => [e.status.name, await temporal.workflow.getHandle(e.workflowId, e.runId).result()]),
        );
      });
    const fallida = ['COMPLETED', { estado: 'FALLIDO', motivo: 'El receptor respondió 503' }];

    const prueba = await api('POST', `/webhooks/${endpoint.id}/prueba`, tenant);
    const { eventoId } = prueba.body.data;
    expect(await terminadas(1)).toEqual([fallida]);
    // One after the other, so the log reads the test's attempts, then the redelivery's.
    const reenvio = await api('POST', `/webhooks/${endpoint.id}/entregas/${eventoId}/reenviar`, tenant);
    expect(reenvio.status).toBe(200);
    expect(await terminadas(2)).toEqual([fallida, fallida]);

    // Each made INTENTOS_ENTREGA_PEDIDA attempts, every one in the endpoint's log, newest first.
    const intentos = Array.from({ length: INTENTOS_ENTREGA_PEDIDA }, (_, i) => INTENTOS_ENTREGA_PEDIDA - i);
    expect((await entregas(tenant, endpoint.id)).map((i) => [i.eventoId, i.intento, i.status])).toEqual(
      [...intentos, ...intentos].map((n) => [eventoId, n, 503]),
    );
    expect(r.recibidos).toHaveLength(2 * INTENTOS_ENTREGA_PEDIDA);
  });

  it('does not wait behind the endpoint’s turn: a person’s test reaches a receiver busy with a backlog', async () => {
    const { tenant, r, endpoint } = await preparar();
    // Another delivery holds the endpoint's turn for an hour, as a receiver slow with a backlog would.
    const webhooks = new Webhooks((await testDatabase()).connection, new SecretBox(loadConfig(stack().env).SECRET_KEY));
    expect(await webhooks.tomarTurno(endpoint.id, 3_600_000)).not.toBeNull();
    const res = await api('POST', `/webhooks/${endpoint.id}/prueba`, tenant);
    expect([res.status, res.body.data.estado]).toEqual([200, 'ENTREGADO']);
    expect(r.recibidos.map((x) => x.id)).toEqual([res.body.data.eventoId]);
  });

  it('sends a logged event again with the same id and body, signed anew', async () => {
    const { tenant, r, endpoint } = await preparar(['dte.procesado']);
    const doc = await emitirFactura(tenant);
    const [primero] = await r.esperar(1);
    expect(primero!.data.codigoGeneracion).toBe(doc.codigoGeneracion);
    await eventually('the delivery in the log', async () => (await entregas(tenant, endpoint.id)).length === 1);

    const res = await api('POST', `/webhooks/${endpoint.id}/entregas/${primero!.id}/reenviar`, tenant);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      eventoId: primero!.id,
      tipo: 'dte.procesado',
      estado: 'ENTREGADO',
      motivo: null,
      ultimoIntento: expect.objectContaining({ eventoId: primero!.id, status: 200, entregado: true }),
    });
    expect(r.recibidos).toHaveLength(2);
    const segundo = r.recibidos[1]!;
    expect(segundo.id).toBe(primero!.id);
    expect(segundo.body).toBe(primero!.body);
    expect(r.verificar(endpoint.secreto, segundo)).toMatchObject({ type: 'dte.procesado' });
    expect(eventoWebhook.safeParse(JSON.parse(segundo.body)).error).toBeUndefined();
    expect((await entregas(tenant, endpoint.id)).map((i) => [i.eventoId, i.status])).toEqual([
      [primero!.id, 200],
      [primero!.id, 200],
    ]);

    // An event the log does not have, and another emisor's endpoint.
    const desconocida = await api('POST', `/webhooks/${endpoint.id}/entregas/msg_0000/reenviar`, tenant);
    expect([desconocida.status, desconocida.body.code]).toEqual([404, 'WEBHOOK_DELIVERY_NOT_FOUND']);
    const otro = await createTestTenant();
    for (const path of [
      `/webhooks/${endpoint.id}/prueba`,
      `/webhooks/${endpoint.id}/entregas/${primero!.id}/reenviar`,
    ]) {
      const ajeno = await api('POST', path, otro);
      expect([path, ajeno.status, ajeno.body.code]).toEqual([path, 404, 'WEBHOOK_NOT_FOUND']);
    }
  });

  it('refuses a disabled endpoint a test and a redelivery until it is enabled again', async () => {
    const { tenant, r, endpoint } = await preparar();
    // 410 Gone disables the endpoint, at the test's one attempt.
    r.responder = () => 410;
    const gone = await api('POST', `/webhooks/${endpoint.id}/prueba`, tenant);
    expect(gone.body.data).toMatchObject({ estado: 'DESHABILITADO', ultimoIntento: { status: 410 } });
    const eventoId = gone.body.data.eventoId as string;

    r.responder = () => 200;
    for (const path of [`/webhooks/${endpoint.id}/prueba`, `/webhooks/${endpoint.id}/entregas/${eventoId}/reenviar`]) {
      const res = await api('POST', path, tenant);
      expect([path, res.status, res.body.code]).toEqual([path, 409, 'WEBHOOK_DISABLED']);
    }
    expect(r.recibidos).toHaveLength(1);

    expect((await api('POST', `/webhooks/${endpoint.id}/habilitar`, tenant)).status).toBe(200);
    const otra = await api('POST', `/webhooks/${endpoint.id}/entregas/${eventoId}/reenviar`, tenant);
    expect(otra.body.data).toMatchObject({ eventoId, tipo: 'webhook.prueba', estado: 'ENTREGADO' });
    expect(r.recibidos.map((x) => x.id)).toEqual([eventoId, eventoId]);
  });
});
