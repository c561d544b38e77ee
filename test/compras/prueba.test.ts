import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { ConfirmarCompra, RecibirCompra, RevisionCompras } from '@dte/contract';
import { loadConfig } from '@dte/config';
import { documentoDelArchivo, signDte } from '@dte/domain';
import { hashToken, ObjectStore, SecretBox, Tenants, type DocumentRecordView } from '@dte/store';
import { crearCuentaImap, entregarCorreo } from '../support/buzon';
import { alReceptor, archivoDte, emitir, hoy } from '../support/fixtures';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * What a received document's verification proves, on the real stack (issue 48): a forged body put under a
 * genuine document's identificacion and sello — unsigned, or re-signed with any RSA key — never counts
 * unseen; a person compares what waits with MH's consulta pública; the ambiente is compared; and what no MH
 * document looks like is refused at every door before anything is recorded. Amounts by hand: a CCF of one
 * item of P (IVA excluded) has montoTotalOperacion P × 1.13.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const exec = promisify(execFile);
const { privateKey: otraClave } = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('what a received document’s verification proves', () => {
  let receptor: TestTenant;
  let proveedor: TestTenant;
  let webhooks: ReceptorWebhooks;
  let connection: Connection;
  let temporal: Client;
  /** A token of the receptor's with COMPRAS alone: the system that sends the documents in. */
  let ingesta: { token: string; id: number };
  /** The ids of the receptor's and the supplier's own tokens (all permissions). */
  let tokenDe: Record<'receptor' | 'proveedor', number>;
  const periodo = hoy().slice(0, 7);
  const d = {} as Record<
    'base' | 'base2' | 'mil' | 'genuino' | 'sinFirma' | 'grande' | 'antiguo' | 'paraProd',
    DocumentRecordView
  >;

  const comoIngesta = () => ({ ...receptor, headers: { ...receptor.headers, 'x-api-token': ingesta.token } });
  const confirmar = (quien: TestTenant, cg: string, body: unknown) =>
    api('POST', `/compras/${cg}/confirmacion`, quien, body);
  const libro = async () => (await api('GET', `/libros/compras?periodo=${periodo}`, receptor)).body.data;

  beforeAll(async () => {
    [receptor, proveedor] = await Promise.all([createTestTenant(), createTestTenant()]);
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
    webhooks = await ReceptorWebhooks.iniciar();
    const suscrito = await api('POST', '/webhooks', receptor, {
      url: webhooks.url,
      eventos: ['compra.recibida', 'compra.por_confirmar', 'compra.rechazada'],
    });
    expect(suscrito.status).toBe(201);
    const db = await testDatabase();
    const propio = await db.models.ApiToken.findById(hashToken(receptor.token)).lean();
    const creado = await new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY)).createToken({
      emisorId: receptor.emisorId,
      establecimientoId: propio!.establecimientoId,
      puntoVentaId: propio!.puntoVentaId,
      name: 'ERP (ingesta)',
      permissions: ['COMPRAS'],
    });
    ingesta = { token: creado.token, id: creado.record.id };
    const idDe = async (t: TestTenant) => (await db.models.ApiToken.findById(hashToken(t.token)).lean())!.id;
    tokenDe = { receptor: await idDe(receptor), proveedor: await idDe(proveedor) };
    const para = await alReceptor(receptor);
    const ccf = (precioUnitario: number) =>
      emitir(proveedor, '/dte/dte03', {
        receptor: para,
        items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario }],
        condicionOperacion: 1,
      });
    // 100.00 → 113.00 (the genuine document whose identificacion and sello the forgeries take);
    // 1,000.00 → 1,130.00 (the body they put under it)
    d.base = await ccf(100);
    d.base2 = await ccf(100);
    d.mil = await ccf(1000);
    d.genuino = await ccf(50);
    d.sinFirma = await ccf(60);
    d.grande = await ccf(2000);
    d.antiguo = await ccf(70);
  }, 240_000);

  afterAll(async () => {
    await webhooks.cerrar();
    await connection.close();
    await closeTestDatabase();
  });

  /** A genuine document's identificacion and sello over another document's body, as the probe forged it. */
  async function forjado(base: DocumentRecordView): Promise<Json> {
    const cuerpo = await archivoDte(proveedor, d.mil);
    const genuino = await archivoDte(proveedor, base);
    const falso: Json = { ...cuerpo, identificacion: genuino.identificacion, selloRecibido: genuino.selloRecibido };
    delete falso.firmaElectronica;
    return falso;
  }

  it('keeps an unsigned forgery out of the books: MH confirms its sello, nothing binds its amounts', async () => {
    const res = await api('POST', '/compras', comoIngesta(), await forjado(d.base));
    expect([res.status, res.body.data.estado]).toEqual([201, 'POR_CONFIRMAR']);
    expect(res.body.data.motivos.map((m: Json) => m.codigo)).toEqual(['SIN_FIRMA', 'MONTO_SOBRE_UMBRAL']);
    expect(res.body.data.verificacion).toEqual({
      confirmadoPorMh: ['codigoGeneracion', 'selloRecibido', 'emisor', 'receptor', 'ambiente', 'vigente'],
      contenido: 'SIN_FIRMA',
      monto: '1130.00',
      consultaPublica: `https://admin.factura.gob.sv/consultaPublica?ambiente=00&codGen=${d.base.codigoGeneracion}&fechaEmi=${hoy()}`,
    });
    const [evento] = await webhooks.esperar(
      1,
      (r) => r.type === 'compra.por_confirmar' && r.data.codigoGeneracion === d.base.codigoGeneracion,
    );
    expect(evento!.data.consultaPublica).toBe(res.body.data.verificacion.consultaPublica);
    const { lineas, pendientesDeConfirmacion } = await libro();
    expect(lineas.filter((l: Json) => l.codigoGeneracion === d.base.codigoGeneracion)).toEqual([]);
    expect(pendientesDeConfirmacion).toEqual(
      expect.arrayContaining([expect.objectContaining({ codigoGeneracion: d.base.codigoGeneracion })]),
    );
  });

  it('has a forgery re-signed with another key wait for a person when above the amount', async () => {
    const falso = await forjado(d.base2);
    falso.firmaElectronica = signDte(documentoDelArchivo(falso), otraClave);
    const res = await api('POST', '/compras', comoIngesta(), falso);
    expect([res.status, res.body.data.estado, res.body.data.motivos.map((m: Json) => m.codigo)]).toEqual([
      201,
      'POR_CONFIRMAR',
      ['MONTO_SOBRE_UMBRAL'],
    ]);
    expect(res.body.data.verificacion).toMatchObject({ contenido: 'FIRMA_DEL_PROVEEDOR', monto: '1130.00' });
  });

  it('still verifies a genuine signed document below the amount, and counts it', async () => {
    const res = await api('POST', '/compras', comoIngesta(), await archivoDte(proveedor, d.genuino));
    expect([res.status, res.body.data.estado, res.body.data.motivos]).toEqual([201, 'VERIFICADO', []]);
    expect(res.body.data.verificacion).toMatchObject({ contenido: 'FIRMA_DEL_PROVEEDOR', monto: '56.50' });
    // 50.00 gravada ; crédito fiscal 13 % = 6.50
    const { lineas } = await libro();
    expect(lineas.find((l: Json) => l.codigoGeneracion === d.genuino.codigoGeneracion).montos).toMatchObject({
      gravadas: '50.00',
      creditoFiscal: '6.50',
    });
  });

  it('lets a person with COMPRAS_CONFIRMAR decide, once, recorded with who and when; then it counts', async () => {
    const sinFirma = await archivoDte(proveedor, d.sinFirma);
    delete sinFirma.firmaElectronica;
    const cg = d.sinFirma.codigoGeneracion;
    const recibido = await api('POST', '/compras', comoIngesta(), sinFirma);
    expect([recibido.body.data.estado, recibido.body.data.motivos.map((m: Json) => m.codigo)]).toEqual([
      'POR_CONFIRMAR',
      ['SIN_FIRMA'],
    ]);
    // The system that sends the documents in cannot confirm them.
    const negado = await confirmar(comoIngesta(), cg, { coincide: true });
    expect([negado.status, negado.body.code]).toEqual([403, 'PERMISSION_DENIED']);
    const malo = await confirmar(receptor, cg, { coincide: 'si' });
    expect([malo.status, malo.body.code, malo.body.errors[0].field]).toEqual([400, 'VALIDATION_ERROR', 'coincide']);

    const antes = Date.now();
    const res = await confirmar(receptor, cg, { coincide: true, nota: 'Igual a la consulta pública' });
    expect([res.status, res.body.data.estado]).toEqual([200, 'CONFIRMADO']);
    expect(res.body.data.confirmacion).toEqual({
      coincide: true,
      nota: 'Igual a la consulta pública',
      por: { tokenId: tokenDe.receptor, nombre: 'dev token (all permissions)' },
      en: expect.any(String),
    });
    expect(Date.parse(res.body.data.confirmacion.en)).toBeGreaterThanOrEqual(antes - 1000);
    const [evento] = await webhooks.esperar(1, (r) => r.type === 'compra.recibida' && r.data.codigoGeneracion === cg);
    expect(evento!.data.estado).toBe('CONFIRMADO');
    const otra = await confirmar(receptor, cg, { coincide: false });
    expect([otra.status, otra.body.code, otra.body.estado]).toEqual([409, 'COMPRA_NO_POR_CONFIRMAR', 'CONFIRMADO']);
    const verificado = await confirmar(receptor, d.genuino.codigoGeneracion, { coincide: true });
    expect([verificado.status, verificado.body.code]).toEqual([409, 'COMPRA_NO_POR_CONFIRMAR']);
    // 60.00 gravada ; crédito fiscal 7.80
    const { lineas, pendientesDeConfirmacion } = await libro();
    expect(lineas.find((l: Json) => l.codigoGeneracion === cg).montos).toMatchObject({
      gravadas: '60.00',
      creditoFiscal: '7.80',
    });
    expect(pendientesDeConfirmacion.map((p: Json) => p.codigoGeneracion)).not.toContain(cg);
  });

  it('records a document a person finds different from MH as INCONSISTENTE, out of the books', async () => {
    const cg = d.grande.codigoGeneracion;
    const recibido = await api('POST', '/compras', comoIngesta(), await archivoDte(proveedor, d.grande));
    // 2,000.00 → 2,260.00, above 1,000.00
    expect([recibido.body.data.estado, recibido.body.data.verificacion.monto]).toEqual(['POR_CONFIRMAR', '2260.00']);
    const res = await confirmar(receptor, cg, { coincide: false, nota: 'MH muestra otro total' });
    expect([res.status, res.body.data.estado, res.body.data.motivos]).toEqual([
      200,
      'INCONSISTENTE',
      [
        expect.objectContaining({
          codigo: 'NO_COINCIDE_CON_MH',
          mensaje: expect.stringContaining('MH muestra otro total'),
        }),
      ],
    ]);
    const [evento] = await webhooks.esperar(1, (r) => r.type === 'compra.rechazada' && r.data.codigoGeneracion === cg);
    expect(evento!.data.estado).toBe('INCONSISTENTE');
    const { lineas, pendientesDeConfirmacion } = await libro();
    expect([...lineas, ...pendientesDeConfirmacion].map((l: Json) => l.codigoGeneracion)).not.toContain(cg);
  });

  it('checks a confirmation started by hand as the API does: the token, its emisor and permission', async () => {
    const decidir = (tokenId: number) =>
      temporal.workflow.execute(ConfirmarCompra.workflowType, {
        taskQueue: loadConfig(stack().env).TEMPORAL_TASK_QUEUE,
        workflowId: `${ConfirmarCompra.workflowId(receptor.emisorId, d.base.codigoGeneracion)}-${randomUUID()}`,
        args: [
          {
            emisorId: receptor.emisorId,
            codigoGeneracion: d.base.codigoGeneracion,
            solicitud: { coincide: true },
            tokenId,
          },
        ],
      });
    const causa = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(WorkflowFailedError);
      return ((err as WorkflowFailedError).cause as { details?: { code?: string }[] }).details?.[0]?.code;
    };
    expect(await causa(decidir(ingesta.id))).toBe('PERMISSION_DENIED');
    expect(await causa(decidir(tokenDe.proveedor))).toBe('AUTH_TOKEN_INVALID');
    expect((await api('GET', `/compras/${d.base.codigoGeneracion}`, receptor)).body.data.estado).toBe('POR_CONFIRMAR');
  });

  it('has a supplier’s first document wait where the emisor chose it (admin CLI), the next one not', async () => {
    const [comprador, nuevo] = await Promise.all([createTestTenant(), createTestTenant()]);
    const { stdout } = await exec(
      'node',
      [
        'apps/api/dist/admin/cli.js',
        'emisor',
        'compras',
        '--emisor',
        String(comprador.emisorId),
        '--monto-confirmacion',
        '5000',
        '--primero-del-proveedor',
        'si',
      ],
      { env: { ...process.env, ...stack().env } },
    );
    expect(JSON.parse(stdout)).toEqual({
      emisorId: comprador.emisorId,
      montoConfirmacion: '5000',
      primeroDelProveedor: true,
      propio: true,
    });
    const para = await alReceptor(comprador);
    const ccf = () =>
      emitir(nuevo, '/dte/dte03', {
        receptor: para,
        items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 1500 }],
        condicionOperacion: 1,
      });
    const [primero, segundo] = [await ccf(), await ccf()];
    const r1 = await api('POST', '/compras', comprador, await archivoDte(nuevo, primero));
    // 1,695.00 is below the emisor's 5,000.00: it waits as the supplier's first only
    expect([r1.body.data.estado, r1.body.data.motivos.map((m: Json) => m.codigo)]).toEqual([
      'POR_CONFIRMAR',
      ['PROVEEDOR_NUEVO'],
    ]);
    expect((await confirmar(comprador, primero.codigoGeneracion, { coincide: true })).body.data.estado).toBe(
      'CONFIRMADO',
    );
    const r2 = await api('POST', '/compras', comprador, await archivoDte(nuevo, segundo));
    expect([r2.body.data.estado, r2.body.data.motivos]).toEqual(['VERIFICADO', []]);
  });

  it('refuses a test document for an emisor in production, with its reason', async () => {
    const produccion = await createTestTenant();
    // Before the stack reads it: the emisor is in MH's production environment.
    await (await testDatabase()).models.Emisor.updateOne({ id: produccion.emisorId }, { $set: { ambiente: '01' } });
    d.paraProd = await emitir(proveedor, '/dte/dte03', {
      receptor: await alReceptor(produccion),
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    const res = await api('POST', '/compras', produccion, await archivoDte(proveedor, d.paraProd));
    expect([res.status, res.body.data.estado, res.body.data.motivos]).toEqual([
      201,
      'NO_ES_PARA_ESTE_EMISOR',
      [
        {
          codigo: 'AMBIENTE',
          campo: 'identificacion.ambiente',
          mensaje: 'El documento es del ambiente de pruebas (00); el emisor está en el de producción (01)',
        },
      ],
    ]);
  });

  it('concludes again at the re-check a document recorded VERIFICADO before it stated what proves it', async () => {
    const cg = d.antiguo.codigoGeneracion;
    const sinFirma = await archivoDte(proveedor, d.antiguo);
    delete sinFirma.firmaElectronica;
    expect((await api('POST', '/compras', receptor, sinFirma)).body.data.estado).toBe('POR_CONFIRMAR');
    // As the service recorded an unsigned document before issue 48: VERIFICADO, nothing stated.
    const db = await testDatabase();
    await db.models.Compra.updateOne(
      { _id: `compra:${receptor.emisorId}:${cg}` },
      { $set: { estado: 'VERIFICADO', motivos: [], verificacion: null } },
    );
    const resumenes = await temporal.workflow.execute(RevisionCompras.workflowType, {
      taskQueue: loadConfig(stack().env).TEMPORAL_TASK_QUEUE,
      workflowId: `${RevisionCompras.scheduleId}-${randomUUID()}`,
      args: [{ periodo }],
    });
    expect(resumenes).toEqual(expect.arrayContaining([expect.objectContaining({ periodo, cambiados: 1 })]));
    const compra = (await api('GET', `/compras/${cg}`, receptor)).body.data;
    expect([compra.estado, compra.motivos.map((m: Json) => m.codigo), compra.verificacion.contenido]).toEqual([
      'POR_CONFIRMAR',
      ['SIN_FIRMA'],
      'SIN_FIRMA',
    ]);
  });
});

describe('what no MH document looks like, at every door', () => {
  let receptor: TestTenant;
  let proveedor: TestTenant;
  let doc: DocumentRecordView;
  let connection: Connection;

  beforeAll(async () => {
    [receptor, proveedor] = await Promise.all([createTestTenant(), createTestTenant()]);
    connection = await Connection.connect({ address: stack().temporalGrpc });
    doc = await emitir(proveedor, '/dte/dte03', {
      receptor: await alReceptor(receptor),
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
  }, 120_000);
  afterAll(async () => {
    await connection.close();
    await closeTestDatabase();
  });

  const enviar = (cuerpo: string) =>
    fetch(`${stack().api}/compras`, { method: 'POST', headers: receptor.headers, body: cuerpo });

  it('answers 400 at once, naming where, and records nothing: nested arrays, deep nesting, unreachable dates', async () => {
    const genuino = await archivoDte(proveedor, doc);
    /** The genuine document's JSON with one more field, written as text: jest's own stack is too short to stringify the deep one. */
    const con = (campo: string, valor: string) => `${JSON.stringify(genuino).slice(0, -1)},"${campo}":${valor}}`;
    const fecha = (fecEmi: string) =>
      JSON.stringify({ ...genuino, identificacion: { ...genuino.identificacion, fecEmi } });
    const casos: [string, string, string][] = [
      ['a nested array', con('bomba', '[[0]]'), 'bomba[0]'],
      ['5,000 levels', con('hondo', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`), 'hondo'],
      ['year 1', fecha('0001-01-01'), 'identificacion.fecEmi'],
      ['year 9999', fecha('9999-12-31'), 'identificacion.fecEmi'],
    ];
    for (const [caso, cuerpo, campo] of casos) {
      const res = await enviar(cuerpo);
      const body = (await res.json()) as Json;
      expect([caso, res.status, body.code, body.errors[0].field.startsWith(campo)]).toEqual([
        caso,
        400,
        'ARCHIVO_DTE_INVALID',
        true,
      ]);
    }
    // The whole body 500,000 levels deep (3 MB, under API_BODY_LIMIT): refused the same way, not a 500.
    const res = await enviar(`${'{"a":'.repeat(500_000)}1${'}'.repeat(500_000)}`);
    expect([res.status, ((await res.json()) as Json).code]).toEqual([400, 'ARCHIVO_DTE_INVALID']);
    expect((await api('GET', `/compras/${doc.codigoGeneracion}`, receptor)).status).toBe(404);
  });

  it('fails a verification started by hand on such a file once, with its reason, never retrying', async () => {
    const config = loadConfig(stack().env);
    const jsonKey = `pruebas/${randomUUID()}.json`;
    const genuino = await archivoDte(proveedor, doc);
    await ObjectStore.fromConfig(config).put(
      jsonKey,
      Buffer.from(JSON.stringify({ ...genuino, bomba: [[0]] })),
      'application/json',
    );
    const temporal = new Client({ connection });
    const workflowId = `${RecibirCompra.workflowId(receptor.emisorId, doc.codigoGeneracion)}-${randomUUID()}`;
    const handle = await temporal.workflow.start(RecibirCompra.workflowType, {
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowId,
      args: [{ emisorId: receptor.emisorId, codigoGeneracion: doc.codigoGeneracion, jsonKey, origen: 'API' }],
    });
    const err = await handle.result().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WorkflowFailedError);
    expect(((err as WorkflowFailedError).cause as { details?: { code?: string }[] }).details?.[0]?.code).toBe(
      'ARCHIVO_DTE_INVALID',
    );
    const { events } = await handle.fetchHistory();
    const intentos = events!
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => e.activityTaskStartedEventAttributes!.attempt);
    expect(intentos).toEqual([1]);
  });

  it('reports such an e-mailed file as a message it could not take', async () => {
    const cuenta = crearCuentaImap('patologico');
    expect((await api('POST', '/buzon', receptor, cuenta)).status).toBe(200);
    const genuino = await archivoDte(proveedor, doc);
    await entregarCorreo(cuenta, {
      subject: 'Factura con bomba',
      attachments: [{ filename: 'dte.json', content: JSON.stringify({ ...genuino, bomba: [[0]] }) }],
    });
    const lectura = await api('POST', '/buzon/lectura', receptor);
    expect(lectura.body.data).toMatchObject({ mensajes: 1, tomados: 0, informes: 1 });
    const { noLeidos } = (await api('GET', '/buzon', receptor)).body.data;
    expect(noLeidos[0]).toMatchObject({
      asunto: 'Factura con bomba',
      motivo: 'NO_ES_ARCHIVO_DTE',
      detalle: expect.stringContaining('bomba[0]'),
    });
    expect((await api('GET', `/compras/${doc.codigoGeneracion}`, receptor)).status).toBe(404);
  });
});
