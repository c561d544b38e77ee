import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { EntregaWebhook } from '@dte/contract';
import { eventoWebhook } from '@dte/contract/eventos-webhook';
import { hashToken, type EndpointView } from '@dte/store';
import { anulacionRescindida, emitirCcf, emitirFactura } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { ReceptorWebhooks, type Recibido } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

type Creado = EndpointView & { secreto: string };

/**
 * Webhooks on the real stack: endpoints managed over HTTP, events delivered by their Temporal workflows
 * to a receiver on loopback that verifies every signature with the `standardwebhooks` package.
 */
describe('webhooks', () => {
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

  /** The endpoint's delivery workflows, running or ended: one per event it was given. */
  async function entregasDe(endpointId: string): Promise<{ id: string; estado: string }[]> {
    const lista = [];
    for await (const w of temporal.workflow.list({
      query: `WorkflowType = 'WebhookDeliveryWorkflow' AND WorkflowId STARTS_WITH 'webhook-${endpointId}-'`,
    }))
      lista.push({ id: w.workflowId, estado: w.status.name });
    return lista.sort((a, b) => a.id.localeCompare(b.id));
  }

  async function receptor(): Promise<ReceptorWebhooks> {
    const r = await ReceptorWebhooks.iniciar();
    receptores.push(r);
    return r;
  }

  async function suscribir(tenant: TestTenant, url: string, eventos?: string[]): Promise<Creado> {
    const res = await api('POST', '/webhooks', tenant, { url, ...(eventos ? { eventos } : {}) });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const entregas = async (tenant: TestTenant, id: string) =>
    (await api('GET', `/webhooks/${id}/entregas`, tenant)).body.data as {
      eventoId: string;
      tipo: string;
      intento: number;
      status: number | null;
      entregado: boolean;
    }[];

  /**
   * Every request verifies with the secret, and carries the document's identifiers and its link, as the
   * OpenAPI document's union of events describes its type's payload.
   */
  function verificados(r: ReceptorWebhooks, secreto: string, recibidos: Recibido[]) {
    return recibidos.map((x) => {
      const evento = r.verificar(secreto, x) as { type: string; data: Record<string, unknown> };
      expect([evento.type, eventoWebhook.safeParse(evento).error]).toEqual([evento.type, undefined]);
      return evento;
    });
  }

  it('manages an emisor’s endpoints: the secret once, validation, and no other emisor sees them', async () => {
    const [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
    const creado = await suscribir(tenant, 'https://erp.example.test/eventos', ['dte.procesado', 'dte.procesado']);
    expect(creado).toEqual({
      id: `whk_${tenant.emisorId}_1`,
      url: 'https://erp.example.test/eventos',
      eventos: ['dte.procesado'],
      descripcion: null,
      activo: true,
      deshabilitado: null,
      creado: expect.any(String),
      secreto: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
    });
    const todos = await suscribir(tenant, 'http://127.0.0.1:9/x');
    expect(todos.eventos).toEqual([
      'dte.procesado',
      'dte.rechazado',
      'dte.contingencia',
      'dte.invalidado',
      'dte.correo_fallido',
      'contingencia.alerta',
      'conciliacion.diferencias',
      'webhook.deshabilitado',
      'certificacion.completa',
      'compra.recibida',
      'compra.por_confirmar',
      'compra.rechazada',
    ]);

    const { secreto: _s, ...vista } = creado;
    const lista = await api('GET', '/webhooks', tenant);
    expect(lista.status).toBe(200);
    expect(lista.body.data).toEqual([vista, (({ secreto: _t, ...v }) => v)(todos)]);
    expect(JSON.stringify(lista.body)).not.toContain('whsec_');
    expect((await api('GET', `/webhooks/${creado.id}`, tenant)).body.data).toEqual(vista);

    // Another emisor: an empty list, and 404 for this one's endpoint whatever it asks.
    expect((await api('GET', '/webhooks', otro)).body.data).toEqual([]);
    for (const [method, path] of [
      ['GET', `/webhooks/${creado.id}`],
      ['DELETE', `/webhooks/${creado.id}`],
      ['POST', `/webhooks/${creado.id}/secreto`],
      ['GET', `/webhooks/${creado.id}/entregas`],
    ] as const) {
      const res = await api(method, path, otro);
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 404, 'WEBHOOK_NOT_FOUND']);
    }

    // Bad requests.
    for (const body of [{}, { url: 'https://x.test', eventos: ['dte.otro'] }, { url: 'https://x.test', extra: 1 }]) {
      const res = await api('POST', '/webhooks', tenant, body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    for (const url of ['ftp://x.test/e', 'no es una url', 'https://usuario:clave@x.test/e']) {
      const res = await api('POST', '/webhooks', tenant, { url });
      expect([url, res.status, res.body.code]).toEqual([url, 422, 'WEBHOOK_URL_NOT_ALLOWED']);
    }
    // Characters a URL does not carry raw (the URL parser would encode some and keep others as they came).
    for (const url of [
      'https://x.test/e f',
      'https://x.test/e"><script>',
      'https://x.test/<e>',
      'https://x"y.test/e',
      'https://x.test/e?a={b}',
      'https://x.test/e|f',
      'https://x.test/e%zz',
      'https://x.test/cañón',
      'https://x.test/e`',
    ]) {
      const res = await api('POST', '/webhooks', tenant, { url });
      expect([url, res.status, res.body.code, res.body.field]).toEqual([url, 422, 'WEBHOOK_URL_NOT_ALLOWED', 'url']);
    }
    // Stored in the parser's normalized form: the one that is called and shown.
    const normalizada = await api('POST', '/webhooks', tenant, { url: 'HTTPS://X.Test:443/a/../e%20f?b=1' });
    expect([normalizada.status, normalizada.body.data.url]).toEqual([201, 'https://x.test/e%20f?b=1']);
    expect((await api('GET', `/webhooks/${normalizada.body.data.id}`, tenant)).body.data.url).toBe(
      'https://x.test/e%20f?b=1',
    );
    await api('DELETE', `/webhooks/${normalizada.body.data.id}`, tenant);
    const cursor = await api('GET', `/webhooks/${creado.id}/entregas?cursor=zzz`, tenant);
    expect([cursor.status, cursor.body.code]).toEqual([400, 'VALIDATION_ERROR']);

    // Deleted: gone from the list and from every route.
    expect((await api('DELETE', `/webhooks/${creado.id}`, tenant)).body.data).toEqual({
      id: creado.id,
      eliminado: true,
    });
    expect((await api('GET', '/webhooks', tenant)).body.data.map((e: EndpointView) => e.id)).toEqual([todos.id]);
    expect((await api('GET', `/webhooks/${creado.id}`, tenant)).status).toBe(404);

    // A token without the WEBHOOKS permission.
    const db = await testDatabase();
    const propio = (await db.models.ApiToken.findById(hashToken(tenant.token)).lean())!;
    const sinPermiso = `dte_sin_webhooks_${Date.now()}`;
    await db.models.ApiToken.create({
      ...propio,
      _id: hashToken(sinPermiso),
      id: propio.id + 1_000_000,
      permissions: ['FACTURA_CONSUMIDOR_FINAL'],
    });
    const prohibido = await api('GET', '/webhooks', {
      ...tenant,
      headers: { ...tenant.headers, 'x-api-token': sinPermiso },
    });
    expect([prohibido.status, prohibido.body.code]).toEqual([403, 'PERMISSION_DENIED']);
  });

  it('numbers endpoints created at once apart, and lists them in order past a deleted one', async () => {
    const tenant = await createTestTenant();
    const primero = await suscribir(tenant, 'https://example.test/1');
    // Created at the same moment, each takes a number of its own: the loser of the race takes the next.
    const juntos = await Promise.all([2, 3, 4].map((n) => suscribir(tenant, `https://example.test/${n}`)));
    const ids = [primero, ...juntos].map((e) => e.id);
    expect(new Set(ids).size).toBe(4);
    expect([...ids].sort()).toEqual([1, 2, 3, 4].map((n) => `whk_${tenant.emisorId}_${n}`));
    expect((await api('DELETE', `/webhooks/whk_${tenant.emisorId}_2`, tenant)).status).toBe(200);
    const quinto = await suscribir(tenant, 'https://example.test/5');
    expect(quinto.id).toBe(`whk_${tenant.emisorId}_5`);
    const lista = (await api('GET', '/webhooks', tenant)).body.data.map((e: EndpointView) => e.id);
    expect(lista).toEqual([`whk_${tenant.emisorId}_1`, ...[3, 4, 5].map((n) => `whk_${tenant.emisorId}_${n}`)]);
  });

  it('delivers dte.procesado signed, retrying a failing receiver with the same webhook-id until it answers 2xx', async () => {
    const tenant = await createTestTenant();
    const r = await receptor();
    let fallos = 2;
    r.responder = () => (fallos-- > 0 ? 503 : 200);
    const endpoint = await suscribir(tenant, r.url);
    const doc = await emitirFactura(tenant);

    const recibidos = await r.esperar(3);
    // The third attempt delivered it, and the delivery ended: nothing more comes.
    const entrega = temporal.workflow.getHandle(EntregaWebhook.workflowId(endpoint.id, recibidos[0]!.id));
    expect(await entrega.result()).toEqual({ estado: 'ENTREGADO' });
    expect(r.recibidos).toHaveLength(3);
    expect(new Set(recibidos.map((x) => x.id)).size).toBe(1);
    expect(recibidos[0]!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    // The body is the same on every attempt; only the timestamp and signature are the attempt's.
    expect(new Set(recibidos.map((x) => x.body)).size).toBe(1);
    const [evento] = verificados(r, endpoint.secreto, recibidos);
    expect(evento).toEqual({
      type: 'dte.procesado',
      timestamp: expect.any(String),
      data: {
        codigoGeneracion: doc.codigoGeneracion,
        numeroControl: doc.numeroControl,
        tipoDte: '01',
        tipo: 'FACTURA_CONSUMIDOR_FINAL',
        fecEmi: doc.dteJson.identificacion.fecEmi,
        ambiente: '00',
        estado: 'PROCESSED',
        selloRecibido: doc.selloRecibido,
        url: `${stack().api}/dte/${doc.codigoGeneracion}`,
      },
    });
    // The link answers the document to the emisor's token.
    expect((await api('GET', new URL(evento!.data.url as string).pathname, tenant)).body.data.estado).toBe('PROCESSED');
    // A signature under another secret does not verify.
    expect(() => r.verificar('whsec_' + Buffer.alloc(24, 1).toString('base64'), recibidos[0]!)).toThrow();

    let log: Awaited<ReturnType<typeof entregas>> = [];
    await eventually(
      'the three attempts in the log',
      async () => (log = await entregas(tenant, endpoint.id)).length === 3,
    );
    expect(log.map((e) => [e.intento, e.status, e.entregado, e.eventoId, e.tipo])).toEqual([
      [3, 200, true, recibidos[0]!.id, 'dte.procesado'],
      [2, 503, false, recibidos[0]!.id, 'dte.procesado'],
      [1, 503, false, recibidos[0]!.id, 'dte.procesado'],
    ]);
    // The log by pages of one, with no gap and no repeat.
    const paginas: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await api(
        'GET',
        `/webhooks/${endpoint.id}/entregas?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        tenant,
      );
      paginas.push(...res.body.data.map((e: { intento: number }) => e.intento));
      cursor = res.body.cursor;
    }
    expect(paginas).toEqual([3, 2, 1]);
  });

  it('tells only the events an endpoint takes: dte.rechazado, then dte.invalidado of an accepted document', async () => {
    const tenant = await createTestTenant();
    const r = await receptor();
    const endpoint = await suscribir(tenant, r.url, ['dte.rechazado', 'dte.invalidado']);
    await simulator('/reject', {
      next: 1,
      codigoMsg: '003',
      clasificaMsg: '13',
      descripcionMsg: '[receptor.nombre] VALOR NO VALIDO',
      emisor: tenant.nit,
    });
    const rechazada = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    });
    expect(rechazada.body.data.estado).toBe('REJECTED');
    const ccf = await emitirCcf(tenant, 20);
    const anulada = await api('POST', '/dte/anulacion', tenant, anulacionRescindida(ccf.codigoGeneracion));
    expect(anulada.status).toBe(200);

    const recibidos = await r.esperar(2);
    const eventos = verificados(r, endpoint.secreto, recibidos);
    expect(eventos.map((e) => [e.type, e.data.codigoGeneracion, e.data.estado]).sort()).toEqual([
      ['dte.invalidado', ccf.codigoGeneracion, 'CANCELLED'],
      ['dte.rechazado', rechazada.body.data.codigoGeneracion, 'REJECTED'],
    ]);
    const invalidado = eventos.find((e) => e.type === 'dte.invalidado')!;
    expect(invalidado.data.anulacion).toEqual({
      codigoGeneracion: anulada.body.data.eventoCodigoGeneracion,
      selloRecibido: anulada.body.data.selloRecibido,
    });
    expect(anulada.body.data.selloRecibido).toMatch(/^[0-9A-Z]{40}$/);
    // The accepted CCF's dte.procesado, published before its 201, was not for this endpoint: it was given
    // these two events only, and their deliveries have ended.
    const dadas = await eventually('the endpoint’s two deliveries to end', async () => {
      const lista = await entregasDe(endpoint.id);
      return lista.length >= 2 && lista.every((e) => e.estado !== 'RUNNING') && lista;
    });
    expect(dadas).toEqual(
      recibidos
        .map((x) => ({ id: EntregaWebhook.workflowId(endpoint.id, x.id), estado: 'COMPLETED' }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(r.recibidos.map((x) => x.type).sort()).toEqual(['dte.invalidado', 'dte.rechazado']);
  });

  it('signs with the new and the replaced secret for a day after a rotation', async () => {
    const tenant = await createTestTenant();
    const r = await receptor();
    const endpoint = await suscribir(tenant, r.url, ['dte.procesado']);
    const rotado = await api('POST', `/webhooks/${endpoint.id}/secreto`, tenant);
    expect(rotado.status).toBe(200);
    const nuevo = rotado.body.data.secreto as string;
    expect(nuevo).not.toBe(endpoint.secreto);
    const vence = Date.parse(rotado.body.data.anteriorVigenteHasta);
    expect(vence - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(vence - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    await emitirFactura(tenant);
    const [recibido] = await r.esperar(1);
    expect(recibido!.firma.split(' ')).toHaveLength(2);
    // Either secret verifies it on its own, so the receiver can switch at any moment of the day.
    expect(verificados(r, nuevo, [recibido!])[0]!.type).toBe('dte.procesado');
    expect(verificados(r, endpoint.secreto, [recibido!])[0]!.type).toBe('dte.procesado');
  });

  it('disables an endpoint that answers 410 Gone: it gets nothing more', async () => {
    const tenant = await createTestTenant();
    const r = await receptor();
    r.responder = () => 410;
    const endpoint = await suscribir(tenant, r.url, ['dte.procesado']);
    await emitirFactura(tenant);
    await r.esperar(1);
    await eventually('the endpoint to be disabled', async () => {
      const res = await api('GET', `/webhooks/${endpoint.id}`, tenant);
      return res.body.data.activo === false;
    });
    const leido = (await api('GET', `/webhooks/${endpoint.id}`, tenant)).body.data;
    expect(leido.deshabilitado).toEqual({ fecha: expect.any(String), motivo: 'El receptor respondió 410 Gone' });
    // Its event, published before the 201, reaches no receiver: every delivery of the endpoint has ended.
    await emitirFactura(tenant);
    await eventually('the endpoint’s deliveries to end', async () =>
      (await entregasDe(endpoint.id)).every((e) => e.estado !== 'RUNNING'),
    );
    expect(r.recibidos).toHaveLength(1);
    expect((await entregas(tenant, endpoint.id)).map((e) => e.status)).toEqual([410]);
  });

  it('tells of a document issued in contingencia, and again once MH accepts it', async () => {
    const tenant = await createTestTenant();
    const r = await receptor();
    const endpoint = await suscribir(tenant, r.url, ['dte.contingencia', 'dte.procesado']);
    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    let doc: { codigoGeneracion: string; estado: string };
    try {
      doc = await emitirFactura(tenant);
      expect(doc.estado).toBe('CONTINGENCIA');
      const [contingencia] = verificados(r, endpoint.secreto, await r.esperar(1));
      expect(contingencia).toMatchObject({
        type: 'dte.contingencia',
        data: { codigoGeneracion: doc.codigoGeneracion, estado: 'CONTINGENCIA', selloRecibido: null },
      });
    } finally {
      await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    }
    const recibidos = await r.esperar(2);
    const procesado = verificados(r, endpoint.secreto, recibidos).find((e) => e.type === 'dte.procesado')!;
    expect(procesado.data).toMatchObject({ codigoGeneracion: doc.codigoGeneracion, estado: 'PROCESSED' });
    expect(procesado.data.selloRecibido).toMatch(/^[0-9A-Z]{40}$/);
    expect(new Set(recibidos.map((x) => x.id)).size).toBe(2);
  });

  it('raises contingencia.alerta once less than a quarter of the lotes window is left', async () => {
    const tenant = await createTestTenant();
    const r = await receptor();
    const endpoint = await suscribir(tenant, r.url, ['contingencia.alerta']);
    const ventanaMs = loadConfig(stack().env).CONTINGENCIA_PLAZO_LOTES_HORAS * 3600_000;
    // MH keeps the lote's results from the service until the alerta has come.
    await simulator('/outage', { mode: 'hold', ruta: '/fesv/recepcion/consultadtelote', emisor: tenant.nit });
    try {
      const res = await api('POST', '/dte/dte01', tenant, {
        receptor: {},
        items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
        condicionOperacion: 1,
        testContingencia: true,
      });
      expect(res.body.data.estado).toBe('CONTINGENCIA');
      const [alerta] = verificados(r, endpoint.secreto, await r.esperar(1));
      expect(alerta).toEqual({
        type: 'contingencia.alerta',
        timestamp: expect.any(String),
        data: { plazo: 'LOTES', vence: expect.any(String), documentosPendientes: 1 },
      });
      // Raised in the window's last quarter, not before (when in it depends on how busy the worker is).
      const vence = Date.parse(alerta!.data.vence as string);
      const llegada = Date.parse((alerta as unknown as { timestamp: string }).timestamp);
      expect(vence - llegada).toBeLessThanOrEqual(ventanaMs / 4);
    } finally {
      await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    }
  });
});
