import { loadConfig } from '@dte/config';
import { hashToken, SecretBox, Tenants } from '@dte/store';
import { anulacionRescindida } from '../support/fixtures';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

interface Entrada {
  fecha: string;
  actor: { tipo: string; id: number; nombre: string; clave: string };
  accion: string;
  codigoGeneracion: string | null;
  endpoint: string;
  direccion: string | null;
  requestId: string;
  detalles: Record<string, unknown>;
}

/**
 * The audit log through the API on the real stack (issue 50): what tokens do is listed by `GET /auditoria`
 * with who, the endpoint and the request id, filtered and paged; a refused request and a retry under the
 * same Idempotency-Key record nothing; only AUDITORIA reads it, each emisor its own; nothing edits it.
 */
describe('audit log', () => {
  let tenant: TestTenant;
  let otro: TestTenant;
  const tokens: Record<string, { id: number; token: string; clave: string }> = {};
  const como = (nombre: string): TestTenant => ({
    ...tenant,
    token: tokens[nombre]!.token,
    headers: { ...tenant.headers, 'x-api-token': tokens[nombre]!.token },
  });
  /** What each request recorded: its answer's request id. */
  const requestIds: Record<string, string> = {};
  let A: string;
  let B: string;
  let C: string;
  let antesDeWebhooks: string;

  async function hacer(nombre: string, quien: string, method: string, ruta: string, body?: unknown, status = 200) {
    const res = await api(method, ruta, como(quien), body);
    expect({ nombre, status: res.status, body: res.body }).toEqual({ nombre, status, body: expect.anything() });
    requestIds[nombre] = res.headers.get('x-request-id')!;
    return res.body;
  }

  const factura = {
    receptor: {
      nombre: 'Juana Martínez',
      tipoDocumento: '13',
      numDocumento: '012345678',
      correo: 'juana@example.test',
    },
    items: [{ descripcion: 'Café molido 500 g', cantidad: 2, precioUnitario: 6.5 }],
    condicionOperacion: 1,
  };

  async function listar(query: string, quien = 'auditor') {
    const res = await api('GET', `/auditoria${query}`, como(quien));
    expect(res.status).toBe(200);
    return res.body as { data: Entrada[]; cursor: string | null };
  }
  const resumen = (entradas: Entrada[]) => entradas.map((e) => [e.accion, e.codigoGeneracion, e.actor.nombre]);

  beforeAll(async () => {
    [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
    const db = await testDatabase();
    const tenants = new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY));
    const propio = (await db.models.ApiToken.findById(hashToken(tenant.token)).lean())!;
    const crear = async (name: string, permissions: string[]) => {
      const { token, record } = await tenants.createToken({
        emisorId: tenant.emisorId,
        establecimientoId: propio.establecimientoId,
        puntoVentaId: propio.puntoVentaId,
        name,
        permissions,
      });
      tokens[name] = { id: record.id, token, clave: `token:${record.id}` };
    };
    await crear('Caja 1', ['FACTURA_CONSUMIDOR_FINAL', 'ANULACION', 'WEBHOOKS']);
    await crear('Caja sin anulación', ['FACTURA_CONSUMIDOR_FINAL']);
    await crear('auditor', ['AUDITORIA']);
    await crear('sin auditoría', ['CONSOLA', 'LIBROS']);
    // A machine's token without REENVIO, and a person's (a membership's token, `usuarioId` set) without it.
    await crear('Mostrador', ['CONSOLA']);
    await crear('Ana (soporte)', ['CONSOLA']);
    // A person's token acts only through the console, which drops its secret (Personas.tokenEn); this one
    // keeps it to be presented in a header, and is made a person's as createTokenDePersona makes them.
    await db.models.ApiToken.updateOne({ id: tokens['Ana (soporte)']!.id }, { $set: { usuarioId: 'usuario-ana' } });

    A = (await hacer('emitir A', 'Caja 1', 'POST', '/dte/dte01', factura, 201)).data.codigoGeneracion;
    await hacer('reenviar A', 'Caja 1', 'POST', `/dte/resend/${A}`, {});
    // Refused: no ANULACION; then no REENVIO for a person.
    await hacer('anular A sin permiso', 'Caja sin anulación', 'POST', '/dte/anulacion', anulacionRescindida(A), 403);
    const rehusado = await hacer('reenviar A como Ana', 'Ana (soporte)', 'POST', `/dte/resend/${A}`, {}, 403);
    expect(rehusado).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'REENVIO' });
    // A machine's token resends as it always could.
    await hacer('reenviar A desde el mostrador', 'Mostrador', 'POST', `/dte/resend/${A}`, {
      email: 'otra@example.test',
    });
    await hacer('anular A', 'Caja 1', 'POST', '/dte/anulacion', anulacionRescindida(A));
    B = (await hacer('emitir B', 'Caja 1', 'POST', '/dte/dte01', factura, 201)).data.codigoGeneracion;
    // The same request twice under one Idempotency-Key: one issuance, one entry.
    const conClave = (nombre: string) =>
      api(
        'POST',
        '/dte/dte01',
        { ...como('Caja 1'), headers: { ...como('Caja 1').headers, 'idempotency-key': `auditoria-${A}` } },
        factura,
      ).then((res) => {
        expect(res.status).toBe(201);
        requestIds[nombre] = res.headers.get('x-request-id')!;
        return res.body.data.codigoGeneracion as string;
      });
    C = await conClave('emitir C');
    expect(await conClave('emitir C otra vez')).toBe(C);
    antesDeWebhooks = new Date().toISOString();
    const receptor = await ReceptorWebhooks.iniciar();
    try {
      const id = (await hacer('crear webhook', 'Caja 1', 'POST', '/webhooks', { url: receptor.url }, 201)).data.id;
      await hacer('eliminar webhook', 'Caja 1', 'DELETE', `/webhooks/${id}`);
    } finally {
      await receptor.cerrar();
    }
  });
  afterAll(closeTestDatabase);

  /** The whole log, newest first, by hand. */
  const todo = () => [
    ['WEBHOOK_ELIMINADO', null, 'Caja 1'],
    ['WEBHOOK_CREADO', null, 'Caja 1'],
    ['DTE_EMITIDO', C, 'Caja 1'],
    ['DTE_EMITIDO', B, 'Caja 1'],
    ['DTE_ANULADO', A, 'Caja 1'],
    ['DTE_REENVIADO', A, 'Mostrador'],
    ['DTE_REENVIADO', A, 'Caja 1'],
    ['DTE_EMITIDO', A, 'Caja 1'],
  ];

  it('lists what each token did, newest first, with who, the endpoint and the request id; nothing refused or replayed', async () => {
    const { data, cursor } = await listar('');
    expect(cursor).toBeNull();
    expect(resumen(data)).toEqual(todo());
    const [eliminado, creado, emitidoC, , anulado, , reenviado] = data;
    expect(anulado).toMatchObject({
      actor: { tipo: 'TOKEN', id: tokens['Caja 1']!.id, nombre: 'Caja 1', clave: tokens['Caja 1']!.clave },
      endpoint: 'POST /dte/anulacion',
      requestId: requestIds['anular A'],
      detalles: { tipoAnulacion: 2 },
    });
    expect(anulado!.direccion).toEqual(expect.any(String));
    expect(reenviado).toMatchObject({
      endpoint: `POST /dte/resend/${A}`,
      requestId: requestIds['reenviar A'],
      detalles: { para: 'j***@example.test' },
    });
    // The first of the two requests under one key recorded it; its retry nothing.
    expect(emitidoC).toMatchObject({ endpoint: 'POST /dte/dte01', requestId: requestIds['emitir C'] });
    expect(creado).toMatchObject({ endpoint: 'POST /webhooks', requestId: requestIds['crear webhook'] });
    expect(eliminado!.endpoint).toMatch(/^DELETE \/webhooks\/whk_/);
    // No secret in the log: the webhook's entry names its host, not its URL nor its secret.
    expect(Object.keys(creado!.detalles).sort()).toEqual(['host', 'id']);
    const refusados = ['anular A sin permiso', 'reenviar A como Ana', 'emitir C otra vez'].map((n) => requestIds[n]);
    expect(data.filter((e) => refusados.includes(e.requestId))).toEqual([]);
  });

  it('filters by acción, document, actor and dates, each narrowing the list', async () => {
    expect(resumen((await listar('?accion=DTE_EMITIDO')).data)).toEqual([
      ['DTE_EMITIDO', C, 'Caja 1'],
      ['DTE_EMITIDO', B, 'Caja 1'],
      ['DTE_EMITIDO', A, 'Caja 1'],
    ]);
    expect(resumen((await listar(`?codigoGeneracion=${A.toLowerCase()}`)).data)).toEqual([
      ['DTE_ANULADO', A, 'Caja 1'],
      ['DTE_REENVIADO', A, 'Mostrador'],
      ['DTE_REENVIADO', A, 'Caja 1'],
      ['DTE_EMITIDO', A, 'Caja 1'],
    ]);
    expect(resumen((await listar(`?codigoGeneracion=${A}&accion=DTE_REENVIADO`)).data)).toEqual([
      ['DTE_REENVIADO', A, 'Mostrador'],
      ['DTE_REENVIADO', A, 'Caja 1'],
    ]);
    expect(resumen((await listar(`?actor=${tokens['Mostrador']!.clave}`)).data)).toEqual([
      ['DTE_REENVIADO', A, 'Mostrador'],
    ]);
    expect(resumen((await listar(`?actor=${tokens['auditor']!.clave}`)).data)).toEqual([]);
    expect(resumen((await listar(`?desde=${encodeURIComponent(antesDeWebhooks)}`)).data)).toEqual([
      ['WEBHOOK_ELIMINADO', null, 'Caja 1'],
      ['WEBHOOK_CREADO', null, 'Caja 1'],
    ]);
    expect(resumen((await listar(`?hasta=${encodeURIComponent(antesDeWebhooks)}`)).data)).toEqual(todo().slice(2));
    // Days of El Salvador (UTC−6): today holds everything, yesterday nothing.
    const hoy = new Date(Date.now() - 6 * 3600_000).toISOString().slice(0, 10);
    const ayer = new Date(Date.now() - 30 * 3600_000).toISOString().slice(0, 10);
    expect(resumen((await listar(`?desde=${hoy}&hasta=${hoy}`)).data)).toEqual(todo());
    expect(resumen((await listar(`?hasta=${ayer}`)).data)).toEqual([]);
  });

  it('pages with the cursor', async () => {
    const paginas: Entrada[][] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const pagina = await listar(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      paginas.push(pagina.data);
      cursor = pagina.cursor;
    }
    expect(paginas.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(resumen(paginas.flat())).toEqual(todo());
  });

  it('refuses a token without AUDITORIA, shows another emisor none of it, and refuses bad filters', async () => {
    const sin = await api('GET', '/auditoria', como('sin auditoría'));
    expect(sin.status).toBe(403);
    expect(sin.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'AUDITORIA' });
    // Its token holds every permission, AUDITORIA among them.
    const ajeno = await api('GET', `/auditoria?codigoGeneracion=${A}`, otro);
    expect(ajeno.status).toBe(200);
    expect(ajeno.body.data).toEqual([]);
    expect((await api('GET', '/auditoria', otro)).body.data).toEqual([]);
    for (const query of [
      'accion=BORRADO',
      'desde=ayer',
      'desde=2026-12-03T10:00:00',
      'codigoGeneracion=123',
      'actor=Caja',
      'limit=0',
      'cursor=zzz',
      'emisor=1',
    ]) {
      const res = await api('GET', `/auditoria?${query}`, como('auditor'));
      expect({ query, status: res.status, code: res.body.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    const alReves = await api('GET', '/auditoria?desde=2026-12-03&hasta=2026-12-02', como('auditor'));
    expect(alReves.body.errors).toEqual([expect.objectContaining({ field: 'desde' })]);
  });

  it('has no route that edits or deletes the log', async () => {
    const [primera] = (await listar('')).data;
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      for (const ruta of ['/auditoria', '/auditoria/1', `/auditoria/${encodeURIComponent(primera!.requestId)}`]) {
        const res = await api(method, ruta, tenant, {});
        expect({ method, ruta, status: res.status }).toEqual({ method, ruta, status: 404 });
      }
    expect(resumen((await listar('')).data)).toEqual(todo());
  });
});
