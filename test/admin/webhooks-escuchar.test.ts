import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { emitirFactura } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant } from '../support/tenant';

/**
 * `npm run admin -- webhooks escuchar` as a developer runs it against their local app: a temporary
 * endpoint that prints what arrives and forwards it, signed, to a receiver on loopback (which checks the
 * signature with the `standardwebhooks` package), gone once the command is stopped.
 */
describe('admin webhooks escuchar', () => {
  const receptores: ReceptorWebhooks[] = [];
  let cli: ChildProcess | undefined;
  afterAll(async () => {
    // A test that failed before stopping it leaves no command running.
    if (cli && cli.exitCode === null) cli.kill('SIGTERM');
    for (const r of receptores) await r.cerrar();
    await closeTestDatabase();
  });

  /**
   * The command as the README runs it, in a shell of its own beside the stack: the stack's addresses, and not
   * its WEBHOOK_PERMITIR_DESTINOS_PRIVADOS (`npm start` sets it for its own processes only).
   */
  function enOtraTerminal(argumentos: string[]) {
    const { WEBHOOK_PERMITIR_DESTINOS_PRIVADOS: _privados, ...env } = { ...process.env, ...stack().env };
    const proceso = spawn('node', ['apps/api/dist/admin/cli.js', 'webhooks', ...argumentos], { env });
    cli = proceso;
    const salida = { stdout: '', stderr: '', fin: once(proceso, 'exit') };
    proceso.stdout.on('data', (c: Buffer) => (salida.stdout += c.toString()));
    proceso.stderr.on('data', (c: Buffer) => (salida.stderr += c.toString()));
    return { proceso, salida };
  }

  /** The endpoint the command registered, and its secret, once it says so. */
  const registrado = (salida: { stderr: string }) =>
    eventually('the endpoint registered', () => {
      const m = /listening as webhook endpoint (whk_\d+_\d+) .*its secret: (whsec_\S+);/.exec(salida.stderr);
      if (!m) throw new Error(`stderr so far: ${salida.stderr}`);
      return { endpointId: m[1]!, secreto: m[2]! };
    });

  /** A tenant of its own, a receiver on loopback, and the command forwarding to it, its endpoint registered. */
  async function escuchando(...opciones: string[]) {
    const tenant = await createTestTenant();
    const receptor = await ReceptorWebhooks.iniciar();
    receptores.push(receptor);
    const argumentos = ['escuchar', '--emisor', String(tenant.emisorId), '--reenviar-a', receptor.url, ...opciones];
    const { proceso, salida } = enOtraTerminal(argumentos);
    return { tenant, receptor, proceso, salida, ...(await registrado(salida)) };
  }

  it('forwards a document’s event with a valid signature, and deletes its endpoint when stopped', async () => {
    const { tenant, receptor, proceso, salida, endpointId, secreto } = await escuchando('--eventos', 'dte.procesado');
    const lista = (await api('GET', '/webhooks', tenant)).body.data as { id: string; url: string; eventos: string[] }[];
    expect(lista.map((e) => [e.id, e.eventos])).toEqual([[endpointId, ['dte.procesado']]]);
    expect(lista[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    const doc = await emitirFactura(tenant);
    const [recibido] = await receptor.esperar(1);
    expect(receptor.verificar(secreto, recibido!)).toMatchObject({
      type: 'dte.procesado',
      data: { codigoGeneracion: doc.codigoGeneracion },
    });
    // One line on stdout per event: its id and its body as the service sent it.
    const lineas = await eventually('the event printed', () => {
      const l = salida.stdout.trim().split('\n').filter(Boolean);
      if (l.length < 1) throw new Error('nothing printed yet');
      return l;
    });
    expect(lineas.map((l) => JSON.parse(l))).toEqual([{ id: recibido!.id, evento: JSON.parse(recibido!.body) }]);
    // The receiver's answer went back to the service: the delivery is logged delivered.
    await eventually('the delivery logged', async () => {
      const log = (await api('GET', `/webhooks/${endpointId}/entregas`, tenant)).body.data as { entregado: boolean }[];
      return log.length === 1 && log[0]!.entregado;
    });

    proceso.kill('SIGINT');
    const [code] = await salida.fin;
    expect([code, salida.stderr]).toEqual([0, expect.stringContaining(`webhook endpoint ${endpointId} deleted`)]);
    expect((await api('GET', '/webhooks', tenant)).body.data).toEqual([]);
  });

  it('receives the endpoint’s test event, as the README describes', async () => {
    const { tenant, receptor, proceso, salida, endpointId, secreto } = await escuchando();
    // The test event is answered once delivered: forwarded to the receiver, which answered 200.
    const prueba = await api('POST', `/webhooks/${endpointId}/prueba`, tenant);
    expect([prueba.status, prueba.body.data.estado]).toEqual([200, 'ENTREGADO']);
    const [recibido] = await receptor.esperar(1);
    expect(receptor.verificar(secreto, recibido!)).toMatchObject({ type: 'webhook.prueba' });
    expect(recibido!.id).toBe(prueba.body.data.eventoId);
    proceso.kill('SIGINT');
    expect((await salida.fin)[0]).toBe(0);
  });

  it('still refuses a loopback URL an operator gives, from that same shell', async () => {
    const tenant = await createTestTenant();
    const { salida } = enOtraTerminal([
      'create',
      '--emisor',
      String(tenant.emisorId),
      '--url',
      'http://127.0.0.1:4000/hook',
    ]);
    const [code] = await salida.fin;
    expect([code, salida.stderr]).toEqual([1, expect.stringContaining('(WEBHOOK_URL_NOT_ALLOWED)')]);
  });
});
