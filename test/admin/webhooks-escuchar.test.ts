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
  let r: ReceptorWebhooks | undefined;
  let cli: ChildProcess | undefined;
  afterAll(async () => {
    // A test that failed before stopping it leaves no command running.
    if (cli && cli.exitCode === null) cli.kill('SIGTERM');
    await r?.cerrar();
    await closeTestDatabase();
  });

  it('forwards a document’s event with a valid signature, and deletes its endpoint when stopped', async () => {
    const tenant = await createTestTenant();
    r = await ReceptorWebhooks.iniciar();
    const receptor = r;
    const proceso = spawn(
      'node',
      [
        'apps/api/dist/admin/cli.js',
        'webhooks',
        'escuchar',
        '--emisor',
        String(tenant.emisorId),
        '--reenviar-a',
        receptor.url,
        '--eventos',
        'dte.procesado',
      ],
      { env: { ...process.env, ...stack().env } },
    );
    cli = proceso;
    let stdout = '';
    let stderr = '';
    proceso.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proceso.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const salida = once(proceso, 'exit');

    const [, endpointId, secreto] = await eventually('the endpoint registered', () => {
      const m = /listening as webhook endpoint (whk_\d+_\d+) .*its secret: (whsec_\S+);/.exec(stderr);
      if (!m) throw new Error(`stderr so far: ${stderr}`);
      return m;
    });
    const lista = (await api('GET', '/webhooks', tenant)).body.data as { id: string; url: string; eventos: string[] }[];
    expect(lista.map((e) => [e.id, e.eventos])).toEqual([[endpointId, ['dte.procesado']]]);
    expect(lista[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    const doc = await emitirFactura(tenant);
    const [recibido] = await receptor.esperar(1);
    expect(receptor.verificar(secreto!, recibido!)).toMatchObject({
      type: 'dte.procesado',
      data: { codigoGeneracion: doc.codigoGeneracion },
    });
    // One line on stdout per event: its id and its body as the service sent it.
    const lineas = await eventually('the event printed', () => {
      const l = stdout.trim().split('\n').filter(Boolean);
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
    const [code] = await salida;
    expect([code, stderr]).toEqual([0, expect.stringContaining(`webhook endpoint ${endpointId} deleted`)]);
    expect((await api('GET', '/webhooks', tenant)).body.data).toEqual([]);
  });
});
