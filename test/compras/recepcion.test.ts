import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { RevisionCompras } from '@dte/contract';
import { loadConfig } from '@dte/config';
import { Compras, ObjectStore, TenantCache, type DocumentRecordView } from '@dte/store';
import {
  alReceptor as bloqueReceptor,
  anulacionRescindida,
  archivoDte as archivo,
  contribuyente,
  emitir,
  hoy,
} from '../support/fixtures';
import { eventually } from '../support/eventually';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import {
  api,
  closeTestDatabase,
  createTestTenant,
  enEstado,
  simulator,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

/**
 * Documents received from suppliers on the real stack: supplier emisores of the service (one in each of
 * MH's generations) issue CCFs, an NC and a Comprobante de Retención to the receptor, sealed by the
 * simulator; the receptor receives their Archivos DTE by POST /compras, and each is verified (its schema,
 * receptor, arithmetic, signature) and asked for at the simulator under the receptor's own session.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('documents received from suppliers', () => {
  let receptor: TestTenant;
  let proveedor: TestTenant;
  let proveedor2023: TestTenant;
  let webhooks: ReceptorWebhooks;
  let connection: Connection;
  const d = {} as Record<
    'ccf' | 'ccf2023' | 'nc' | 'cr' | 'anulable' | 'ajeno' | 'forjable' | 'tardio',
    DocumentRecordView
  >;

  beforeAll(async () => {
    [receptor, proveedor, proveedor2023] = await Promise.all([
      createTestTenant(),
      createTestTenant(),
      createTestTenant({ generacion: '2023' }),
    ]);
    connection = await Connection.connect({ address: stack().temporalGrpc });
    webhooks = await ReceptorWebhooks.iniciar();
    const suscrito = await api('POST', '/webhooks', receptor, {
      url: webhooks.url,
      eventos: ['compra.recibida', 'compra.rechazada'],
    });
    expect(suscrito.status).toBe(201);
    const alReceptor = await bloqueReceptor(receptor);
    const ccf = (quien: TestTenant, precioUnitario: number, a = alReceptor) =>
      emitir(quien, '/dte/dte03', {
        receptor: a,
        items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario }],
        condicionOperacion: 1,
      });
    d.ccf = await ccf(proveedor, 100);
    d.ccf2023 = await ccf(proveedor2023, 200);
    d.nc = await emitir(proveedor, '/dte/dte05', {
      codigoGeneracion: d.ccf.codigoGeneracion,
      items: [{ descripcion: 'Descuento', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    d.cr = await emitir(proveedor, '/dte/dte07', {
      receptor: alReceptor,
      cuerpoDocumento: [
        {
          numItem: 1,
          tipoDte: '03',
          tipoGeneracion: 1,
          numDocumento: 'A1',
          fechaEmision: hoy(),
          montoSujetoGrav: 200,
          codigoRetencionMH: '22',
          ivaRetenido: 2,
          descripcion: 'Retención',
        },
      ],
    });
    d.anulable = await ccf(proveedor, 50);
    d.forjable = await ccf(proveedor, 40);
    d.tardio = await ccf(proveedor, 60);
    // A sealed CCF of the supplier for another taxpayer (the documented contribuyente).
    d.ajeno = await ccf(proveedor, 30, contribuyente());
  }, 240_000);
  afterAll(async () => {
    await webhooks.cerrar();
    await connection.close();
    await closeTestDatabase();
  });

  it('verifies each real document against MH, in either generation: CCF, NC and CR', async () => {
    for (const [de, doc] of [
      [proveedor, d.ccf],
      [proveedor2023, d.ccf2023],
      [proveedor, d.nc],
      [proveedor, d.cr],
    ] as const) {
      const res = await api('POST', '/compras', receptor, await archivo(de, doc));
      expect([doc.numeroControl, res.status, res.body.data.estado, res.body.data.motivos]).toEqual([
        doc.numeroControl,
        201,
        'VERIFICADO',
        [],
      ]);
      expect(res.body.data).toMatchObject({
        codigoGeneracion: doc.codigoGeneracion,
        numeroControl: doc.numeroControl,
        fecEmi: hoy(),
        periodo: hoy().slice(0, 7),
        proveedor: { nit: de.nit },
        selloRecibido: doc.selloRecibido,
        selloMh: doc.selloRecibido,
        origen: 'API',
        duplicado: false,
      });
    }
    const [evento] = await webhooks.esperar(
      1,
      (r) => r.type === 'compra.recibida' && r.data.codigoGeneracion === d.ccf.codigoGeneracion,
    );
    expect(evento!.data).toMatchObject({
      estado: 'VERIFICADO',
      tipoDte: '03',
      url: expect.stringContaining(`/compras/${d.ccf.codigoGeneracion}`),
    });
  });

  it('recognises a duplicate by its codigoGeneracion and keeps the first record', async () => {
    const primero = await api('GET', `/compras/${d.ccf.codigoGeneracion}`, receptor);
    const otra = await api('POST', '/compras', receptor, await archivo(proveedor, d.ccf));
    expect([otra.status, otra.body.data.duplicado, otra.body.data.estado]).toEqual([200, true, 'VERIFICADO']);
    expect(otra.body.data.recibidoEn).toBe(primero.body.data.recibidoEn);
    const lista = await api('GET', `/compras?proveedor=${proveedor.nit}&tipo=03&estado=VERIFICADO`, receptor);
    expect(lista.body.data.filter((c: Json) => c.codigoGeneracion === d.ccf.codigoGeneracion)).toHaveLength(1);
  });

  it('records a changed amount as INCONSISTENTE, naming the figure and the signature', async () => {
    const forjado = await archivo(proveedor, d.forjable);
    // 40.00 became 4.00 on the line, as if the supplier had charged less; the totals still say 40.00.
    forjado.cuerpoDocumento[0].precioUni = 4;
    forjado.cuerpoDocumento[0].ventaGravada = 4;
    const res = await api('POST', '/compras', receptor, forjado);
    expect([res.status, res.body.data.estado]).toEqual([201, 'INCONSISTENTE']);
    const motivos = res.body.data.motivos.map((m: Json) => [m.codigo, m.campo]);
    // totalGravada 40.00 declared, the line now adds to 4.00
    expect(motivos).toEqual(
      expect.arrayContaining([
        ['CALCULO_INCORRECTO', 'resumen.totalGravada'],
        ['DIFIERE_DE_LO_FIRMADO', 'cuerpoDocumento[0].precioUni'],
        ['DIFIERE_DE_LO_FIRMADO', 'cuerpoDocumento[0].ventaGravada'],
      ]),
    );
    const [evento] = await webhooks.esperar(
      1,
      (r) => r.type === 'compra.rechazada' && r.data.codigoGeneracion === d.forjable.codigoGeneracion,
    );
    expect(evento!.data.estado).toBe('INCONSISTENTE');
  });

  it('records a document for another taxpayer as NO_ES_PARA_ESTE_EMISOR', async () => {
    const res = await api('POST', '/compras', receptor, await archivo(proveedor, d.ajeno));
    expect([res.status, res.body.data.estado]).toEqual([201, 'NO_ES_PARA_ESTE_EMISOR']);
    expect(res.body.data.motivos[0]).toMatchObject({ codigo: 'RECEPTOR_NIT', campo: 'receptor.nit' });
  });

  it('records a codigoGeneracion MH does not hold as NO_ENCONTRADO, with MH’s code', async () => {
    const inventado = await archivo(proveedor, d.forjable);
    delete inventado.firmaElectronica;
    delete inventado.selloRecibido;
    inventado.identificacion.codigoGeneracion = randomUUID().toUpperCase();
    const res = await api('POST', '/compras', receptor, inventado);
    expect([res.status, res.body.data.estado]).toEqual([201, 'NO_ENCONTRADO']);
    expect(res.body.data.motivos).toEqual([
      expect.objectContaining({ codigo: 'MH_014', campo: 'identificacion.codigoGeneracion' }),
    ]);
  });

  it('takes a file upload with its PDF, and serves both back', async () => {
    const json = await archivo(proveedor, d.anulable);
    const pdf = Buffer.from('%PDF-1.4\n% the supplier’s legible version\n');
    const form = new FormData();
    form.append('json', new Blob([JSON.stringify(json)], { type: 'application/json' }), 'dte.json');
    form.append('pdf', new Blob([pdf], { type: 'application/pdf' }), 'dte.pdf');
    const res = await fetch(`${stack().api}/compras`, {
      method: 'POST',
      headers: { 'x-api-token': receptor.token },
      body: form,
    });
    const body = (await res.json()) as Json;
    expect([res.status, body.data.estado, body.data.pdf]).toEqual([201, 'VERIFICADO', true]);
    const cg = d.anulable.codigoGeneracion;
    const guardado = await fetch(`${stack().api}/compras/${cg}/pdf`, { headers: receptor.headers });
    expect(Buffer.from(await guardado.arrayBuffer())).toEqual(pdf);
    expect((await api('GET', `/compras/${cg}/json`, receptor)).body).toEqual(json);
    expect((await api('GET', `/compras/${cg}`, receptor)).body.data.documento).toEqual(json);
    const sinPdf = await api('GET', `/compras/${d.ccf.codigoGeneracion}/pdf`, receptor);
    expect([sinPdf.status, sinPdf.body.code]).toEqual([404, 'PDF_NOT_AVAILABLE']);
  });

  it('marks a document its supplier invalidated later as INVALIDADO_EN_MH at the re-check', async () => {
    const cg = d.anulable.codigoGeneracion;
    expect((await api('POST', '/dte/anulacion', proveedor, anulacionRescindida(cg))).status).toBe(200);
    await enEstado(cg, 'CANCELLED');
    // The schedule's action, run now for this month.
    const temporal = new Client({ connection });
    const resumenes = await temporal.workflow.execute(RevisionCompras.workflowType, {
      taskQueue: loadConfig(stack().env).TEMPORAL_TASK_QUEUE,
      workflowId: `${RevisionCompras.scheduleId}-${randomUUID()}`,
      args: [{ periodo: hoy().slice(0, 7) }],
    });
    expect(resumenes).toEqual(
      expect.arrayContaining([expect.objectContaining({ periodo: hoy().slice(0, 7), cambiados: 1 })]),
    );
    const compra = await api('GET', `/compras/${cg}`, receptor);
    expect(compra.body.data).toMatchObject({
      estado: 'INVALIDADO_EN_MH',
      motivos: [expect.objectContaining({ codigo: 'INVALIDADO_EN_MH' })],
    });
    const [evento] = await webhooks.esperar(1, (r) => r.type === 'compra.rechazada' && r.data.codigoGeneracion === cg);
    expect(evento!.data.estado).toBe('INVALIDADO_EN_MH');
    // Its schedule exists, daily.
    const schedule = await temporal.schedule.getHandle(RevisionCompras.scheduleId).describe();
    expect(schedule.spec.calendars).toHaveLength(1);
  });

  it('lists by period and filters, a page at a time', async () => {
    const periodo = hoy().slice(0, 7);
    const todos = await api('GET', `/compras?periodo=${periodo}&limit=100`, receptor);
    expect(todos.status).toBe(200);
    // Eight recorded: four verified, the forged one, the other taxpayer's, the invented one, the uploaded one.
    expect(todos.body.data).toHaveLength(8);
    const verificados = await api('GET', `/compras?periodo=${periodo}&estado=VERIFICADO`, receptor);
    expect(verificados.body.data.map((c: Json) => c.codigoGeneracion).sort()).toEqual(
      [d.ccf, d.ccf2023, d.nc, d.cr].map((x) => x.codigoGeneracion).sort(),
    );
    const primera = await api('GET', '/compras?tipo=07&limit=1', receptor);
    expect(primera.body.data.map((c: Json) => c.codigoGeneracion)).toEqual([d.cr.codigoGeneracion]);
    const pagina1 = await api('GET', '/compras?limit=3', receptor);
    const pagina2 = await api('GET', `/compras?limit=3&cursor=${pagina1.body.cursor}`, receptor);
    expect(pagina1.body.data).toHaveLength(3);
    expect(pagina2.body.data).toHaveLength(3);
    const vistos = [...pagina1.body.data, ...pagina2.body.data].map((c: Json) => c.codigoGeneracion);
    expect(new Set(vistos).size).toBe(6);
    const malo = await api('GET', '/compras?estado=OTRO', receptor);
    expect([malo.status, malo.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('stores the accountant’s classification, and the supplier’s default', async () => {
    const clasificacion = { tipoOperacion: 1, clasificacion: 2, sector: 4, tipoCostoGasto: 2 };
    const res = await api('PATCH', `/compras/${d.ccf.codigoGeneracion}`, receptor, { clasificacion, proveedor: true });
    expect([res.status, res.body.data.clasificacion]).toEqual([200, clasificacion]);
    const db = await testDatabase();
    const config = loadConfig(stack().env);
    const compras = new Compras(db, ObjectStore.fromConfig(config), new TenantCache(db.models, 0));
    expect(await compras.defectoProveedor(receptor.emisorId, proveedor.nit)).toEqual(clasificacion);
    // Three first defaults of another supplier at once: each is taken (two upserts of one `_id` race).
    const juntos = await Promise.all(
      [1, 2, 3].map(() =>
        api('PATCH', `/compras/${d.ccf2023.codigoGeneracion}`, receptor, { clasificacion, proveedor: true }),
      ),
    );
    expect(juntos.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await compras.defectoProveedor(receptor.emisorId, proveedor2023.nit)).toEqual(clasificacion);
    // A cost (1) of services (4) cannot be a sales expense (1): DGII's table
    const malo = await api('PATCH', `/compras/${d.ccf.codigoGeneracion}`, receptor, {
      clasificacion: { tipoOperacion: 1, clasificacion: 1, sector: 4, tipoCostoGasto: 1 },
    });
    expect([malo.status, malo.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('keeps a document PENDIENTE_MH while MH does not answer the receptor, and verifies it once MH does', async () => {
    const cg = d.tardio.codigoGeneracion;
    const json = await archivo(proveedor, d.tardio);
    await simulator('/outage', { mode: 'refuse', emisor: receptor.nit });
    let respuesta: ReturnType<typeof api>;
    try {
      respuesta = api('POST', '/compras', receptor, json);
      await eventually(`${cg} to be recorded PENDIENTE_MH`, async () => {
        const compra = await api('GET', `/compras/${cg}`, receptor);
        return compra.body.data?.estado === 'PENDIENTE_MH';
      });
    } finally {
      await simulator('/outage', { mode: 'none', emisor: receptor.nit });
    }
    const res = await respuesta;
    expect([res.status, res.body.data.estado, res.body.data.selloMh]).toEqual([
      201,
      'VERIFICADO',
      d.tardio.selloRecibido,
    ]);
  });

  it('refuses what is not an Archivo DTE, and keeps each emisor to its own documents', async () => {
    const vacio = await api('POST', '/compras', receptor, { identificacion: {} });
    expect([vacio.status, vacio.body.code]).toEqual([400, 'ARCHIVO_DTE_INVALID']);
    expect(vacio.body.errors.map((e: Json) => e.field)).toEqual(
      expect.arrayContaining(['identificacion.codigoGeneracion', 'identificacion.fecEmi', 'emisor']),
    );
    const fse = await archivo(proveedor, d.ccf);
    fse.identificacion.tipoDte = '14';
    const noRecibible = await api('POST', '/compras', receptor, fse);
    expect([noRecibible.status, noRecibible.body.errors[0].field]).toEqual([400, 'identificacion.tipoDte']);
    const ajeno = await api('GET', `/compras/${d.ccf.codigoGeneracion}`, proveedor);
    expect([ajeno.status, ajeno.body.code]).toEqual([404, 'COMPRA_NOT_FOUND']);
    expect((await api('GET', '/compras', proveedor)).body.data).toEqual([]);
  });
});
