import { Client, Connection } from '@temporalio/client';
import { freePort, startApi, startWorker, type ExtraProcess } from '../support/processes';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant } from '../support/tenant';

/**
 * dte.correo_fallido on the real stack: an API and a worker of their own task queue whose SMTP server is
 * down (nothing listens on SMTP_URL's port), so the receptor's e-mail fails.
 */
describe('dte.correo_fallido', () => {
  const procesos: ExtraProcess[] = [];
  let receptor: ReceptorWebhooks;
  afterAll(async () => {
    for (const p of procesos) p.child.kill('SIGKILL');
    await receptor?.cerrar();
    await closeTestDatabase();
  });

  it('tells the endpoint once that the receptor’s e-mail failed, with the address masked', async () => {
    const env = {
      TEMPORAL_TASK_QUEUE: `correo-fallido-${Date.now()}`,
      WORKER_SCHEDULES: 'false',
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    };
    const apiPropia = await startApi('api-correo-fallido', env);
    procesos.push(apiPropia, await startWorker('worker-correo-fallido', env));
    const tenant = await createTestTenant();
    receptor = await ReceptorWebhooks.iniciar();
    const creado = await api('POST', '/webhooks', tenant, { url: receptor.url, eventos: ['dte.correo_fallido'] });
    const { secreto } = creado.body.data as { secreto: string };

    const res = await fetch(`${apiPropia.url}/dte/dte01`, {
      method: 'POST',
      headers: tenant.headers,
      body: JSON.stringify({
        receptor: {
          nombre: 'Ana Ruiz',
          tipoDocumento: '13',
          numDocumento: '012345678',
          correo: 'ana.ruiz@example.test',
        },
        items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 4 }],
        condicionOperacion: 1,
      }),
    });
    expect(res.status).toBe(201);
    const { codigoGeneracion } = ((await res.json()) as { data: { codigoGeneracion: string } }).data;

    const [recibido] = await receptor.esperar(1);
    const evento = receptor.verificar(secreto, recibido!) as { type: string; data: Record<string, unknown> };
    expect(evento.type).toBe('dte.correo_fallido');
    expect(evento.data).toMatchObject({
      codigoGeneracion,
      estado: 'PROCESSED',
      correo: { para: 'a***@example.test', error: expect.stringMatching(/ECONNREFUSED|connect/i) },
    });
    // The e-mail's retries (five attempts over about 30 s) fail alike: one event, not one per attempt. The
    // document's workflow ends once the last has failed.
    const connection = await Connection.connect({ address: stack().temporalGrpc });
    try {
      await new Client({ connection }).workflow.getHandle(`dte-${codigoGeneracion}`).result();
    } finally {
      await connection.close();
    }
    expect(new Set(receptor.recibidos.map((r) => r.id)).size).toBe(1);
    const leido = await api('GET', `/dte/${codigoGeneracion}`, tenant);
    expect(leido.body.data.correos.length).toBeGreaterThanOrEqual(2);
    expect(leido.body.data.correos.every((c: { enviado: boolean }) => !c.enviado)).toBe(true);
  }, 180000);
});
