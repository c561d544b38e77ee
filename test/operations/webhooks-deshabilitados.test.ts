import { Client, Connection, type WorkflowExecutionInfo } from '@temporalio/client';
import { colaEntregas, EntregaWebhook } from '@dte/contract';
import type { EndpointView } from '@dte/store';
import { eventually } from '../support/eventually';
import { startApi, startWorker, type ExtraProcess } from '../support/processes';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant } from '../support/tenant';

/**
 * A receiver that is down does not leave deliveries retrying for days among the documents' workflows:
 * they run on the webhooks' own task queue, the endpoint is disabled after WEBHOOK_DESHABILITAR_HORAS
 * (18 s here) with its reason, and every pending delivery ends then. An API and a worker of their own
 * task queue, whose backoff grows to 10 minutes, so a delivery that ended within the test was stopped,
 * not given up at its next attempt.
 */
describe('an endpoint whose receiver is down', () => {
  const env = {
    TEMPORAL_TASK_QUEUE: `webhooks-deshabilitados-${Date.now()}`,
    WORKER_SCHEDULES: 'false',
    WEBHOOK_DESHABILITAR_HORAS: '0.005',
    WEBHOOK_REINTENTO_MAX_SEGUNDOS: '600',
  };
  const procesos: ExtraProcess[] = [];
  let receptor: ReceptorWebhooks;
  let apiPropia: string;
  let connection: Connection;
  let temporal: Client;
  beforeAll(async () => {
    const propia = await startApi('api-webhooks-deshabilitados', env);
    procesos.push(propia, await startWorker('worker-webhooks-deshabilitados', env));
    apiPropia = propia.url;
    receptor = await ReceptorWebhooks.iniciar();
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
  }, 120000);
  afterAll(async () => {
    for (const p of procesos) p.child.kill('SIGKILL');
    await receptor?.cerrar();
    await connection?.close();
    await closeTestDatabase();
  });

  async function deliveries(query: string): Promise<WorkflowExecutionInfo[]> {
    const found: WorkflowExecutionInfo[] = [];
    for await (const w of temporal.workflow.list({ query })) found.push(w);
    return found;
  }

  it('is disabled after the bound with its reason, and none of its deliveries keeps retrying', async () => {
    const tenant = await createTestTenant();
    receptor.responder = () => 503;
    const creado = await api('POST', '/webhooks', tenant, { url: receptor.url, eventos: ['dte.procesado'] });
    expect(creado.status).toBe(201);
    const endpoint = creado.body.data as EndpointView;
    // Three events, so deliveries are pending when the endpoint is disabled by one of them.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${apiPropia}/dte/dte01`, {
        method: 'POST',
        headers: tenant.headers,
        body: JSON.stringify({
          receptor: {},
          items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
          condicionOperacion: 1,
        }),
      });
      expect(res.status).toBe(201);
    }
    const todas = `WorkflowType = '${EntregaWebhook.workflowType}' AND WorkflowId STARTS_WITH 'webhook-${endpoint.id}-'`;
    await eventually('three deliveries started', async () => (await deliveries(todas)).length === 3);

    const deshabilitado = await eventually('the endpoint disabled', async () => {
      const lista = (await api('GET', '/webhooks', tenant)).body.data as EndpointView[];
      return lista.find((e) => e.id === endpoint.id && !e.activo);
    });
    expect(deshabilitado.deshabilitado).toEqual({
      fecha: expect.any(String),
      motivo: expect.stringMatching(/^Ningún intento entregado desde \S+ \(el último: El receptor respondió 503\)$/),
    });

    // Nothing of it still runs: the pending deliveries ended DESHABILITADO when it was disabled.
    await eventually(
      'no delivery running',
      async () => (await deliveries(EntregaWebhook.enCurso(endpoint.id))).length === 0,
    );
    const terminadas = await deliveries(todas);
    expect(terminadas.map((w) => [w.status.name, w.taskQueue])).toEqual(
      Array(3).fill(['COMPLETED', colaEntregas(env.TEMPORAL_TASK_QUEUE)]),
    );
    const resultados = await Promise.all(terminadas.map((w) => temporal.workflow.getHandle(w.workflowId).result()));
    expect(resultados).toEqual(Array(3).fill({ estado: 'DESHABILITADO', motivo: deshabilitado.deshabilitado!.motivo }));
    // Stopped by the disabling attempt's signal, not at their own next attempt (minutes of backoff away).
    const historias = await Promise.all(
      terminadas.map((w) => temporal.workflow.getHandle(w.workflowId).fetchHistory()),
    );
    const senaladas = historias.filter((h) =>
      h.events!.some((e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'deshabilitado'),
    );
    expect(senaladas.length).toBeGreaterThanOrEqual(1);
    // The disabled endpoint's deliveries are out of the documents' queue's list an operator looks at.
    const enColaDocumentos = await deliveries(`TaskQueue = '${env.TEMPORAL_TASK_QUEUE}' AND ${todas}`);
    expect(enColaDocumentos).toEqual([]);
  }, 180000);
});
