import { Client, Connection } from '@temporalio/client';
import { EntregaWebhook } from '@dte/contract';
import { startApi, startWorker, type ExtraProcess } from '../support/processes';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant } from '../support/tenant';
import { eventually } from '../support/eventually';

/**
 * A worker killed (SIGKILL) while its webhook deliveries wait on the receiver: a new worker retries them
 * once the attempts time out, every event arrives, and each duplicate carries its event's webhook-id. The
 * worker and the API run on a task queue of their own, so the kill touches no other suite.
 */
describe('worker killed mid-delivery', () => {
  const queue = `webhooks-crash-${Date.now()}`;
  const env = { TEMPORAL_TASK_QUEUE: queue, WORKER_SCHEDULES: 'false' };
  const procesos: ExtraProcess[] = [];
  let receptor: ReceptorWebhooks;
  let connection: Connection;
  afterAll(async () => {
    for (const p of procesos) p.child.kill('SIGKILL');
    await receptor?.cerrar();
    await connection?.close();
    await closeTestDatabase();
  });

  it('delivers every event after the restart, duplicates under the same webhook-id', async () => {
    const apiPropia = await startApi('api-webhook-crash', env);
    const primero = await startWorker('worker-webhook-crash', env);
    procesos.push(apiPropia, primero);
    const tenant = await createTestTenant();
    receptor = await ReceptorWebhooks.iniciar();
    // Every request hangs while the first worker lives (its attempts are cut off at their deadline and
    // tried again, one at a time to the endpoint); once it is killed, every request is answered 200.
    let primeroVive = true;
    receptor.responder = () => (primeroVive ? 'colgar' : 200);
    const creado = await api('POST', '/webhooks', tenant, { url: receptor.url, eventos: ['dte.procesado'] });
    expect(creado.status).toBe(201);
    const { id: endpointId, secreto } = creado.body.data as { id: string; secreto: string };
    // Verified as each delivery arrives: the first ones are looked at only after the retried ones came, which
    // on a busy machine is past the signature's five minutes of freshness.
    receptor.secreto = secreto;

    const emitidas = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const res = await fetch(`${apiPropia.url}/dte/dte01`, {
          method: 'POST',
          headers: tenant.headers,
          body: JSON.stringify({
            receptor: {},
            items: [{ descripcion: `Entrega ${i}`, cantidad: 1, precioUnitario: 3 }],
            condicionOperacion: 1,
          }),
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: { codigoGeneracion: string } }).data.codigoGeneracion;
      }),
    );
    // Every event published and tried once (an event's document may take a while to be PROCESSED on a busy
    // machine), so none is left to the first worker alone.
    await eventually('each event tried once', () => new Set(receptor.recibidos.map((r) => r.id)).size === 3);
    primeroVive = false;
    const hastaElCorte = receptor.recibidos.length;
    primero.child.kill('SIGKILL');
    expect(await primero.exited).toBeNull();

    const segundo = await startWorker('worker-webhook-crash-2', env);
    procesos.push(segundo);

    // The killed attempt times out (WEBHOOK_TIMEOUT_SECONDS + 10 s) and is retried by the new worker, like the
    // others: each event arrives again, answered this time, under its own webhook-id and for its own document.
    await eventually('every event delivered again after the restart', () => {
      if (segundo.child.exitCode !== null) throw new Error(`the second worker exited: see ${segundo.logFile}`);
      const otraVez = new Set(receptor.recibidos.slice(hastaElCorte).map((r) => r.id));
      // What arrived so far, so a wait that gives up says which events stopped coming.
      if (otraVez.size < 3) throw new Error(`arrived again: ${JSON.stringify([...otraVez])}`);
      return true;
    });
    const porEvento = new Map<string, string[]>();
    for (const r of receptor.recibidos) {
      const evento = receptor.verificar(secreto, r) as { data: { codigoGeneracion: string } };
      porEvento.set(r.id, [...(porEvento.get(r.id) ?? []), evento.data.codigoGeneracion]);
    }
    expect(porEvento.size).toBe(3);
    expect([...porEvento.values()].map((c) => new Set(c).size)).toEqual([1, 1, 1]);
    expect([...porEvento.values()].map((c) => c[0]).sort()).toEqual([...emitidas].sort());

    connection = await Connection.connect({ address: stack().temporalGrpc });
    const temporal = new Client({ connection });
    for (const id of porEvento.keys())
      expect(await temporal.workflow.getHandle(EntregaWebhook.workflowId(endpointId, id)).result()).toEqual({
        estado: 'ENTREGADO',
      });
    // A net for a hang, not a budget: two processes start and the killed attempts must time out on a machine
    // that may be busy (180 s was spent before the end in a CI run beside other work).
  }, 600000);
});
