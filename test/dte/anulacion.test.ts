import { loadConfig } from '@dte/config';
import { MhClient } from '@dte/activities';
import { hashToken, SecretBox, Tenants } from '@dte/store';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/** POST /dte/anulacion on the real stack: the invalidation event v2 is signed and sent to the simulator's anulardte. */
describe('POST /dte/anulacion', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const factura = async () => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo: 'anula@example.test' },
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 11.3 }],
      condicionOperacion: 1,
    });
    expect(res.body.data.estado).toBe('PROCESSED');
    return res.body.data as { codigoGeneracion: string; estado: string };
  };

  const motivo = (tipoAnulacion: 1 | 2 | 3) => ({
    tipoAnulacion,
    motivoAnulacion: 'Error en el precio',
    nombreResponsable: 'María Gómez',
    tipDocResponsable: '13',
    numDocResponsable: '012345678',
    nombreSolicita: 'Juan Pérez',
    tipDocSolicita: '13',
    numDocSolicita: '012345678',
  });

  /** What MH's consultadte says of a document, asked as the emisor. */
  async function consultaMh(codigoGeneracion: string, tdte = '01') {
    const db = await testDatabase();
    const emisor = await db.models.Emisor.findOne({ id: tenant.emisorId }).lean();
    const password = new SecretBox(loadConfig(stack().env).SECRET_KEY).open(emisor!.secrets!.mhPassword);
    const res = await new MhClient(stack().mhSimulator, 8000).post<{ estado: string }>(
      { nit: tenant.nit, password },
      '/fesv/recepcion/consultadte/',
      { nitEmisor: tenant.nit, tdte, codigoGeneracion },
    );
    return res.answered ? res.body : undefined;
  }

  it('invalidates (rescission): the original becomes CANCELLED with the event and its sello, and MH agrees', async () => {
    const original = await factura();
    expect((await consultaMh(original.codigoGeneracion))?.estado).toBe('PROCESADO');
    const res = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: original.codigoGeneracion.toLowerCase(),
      motivo: motivo(2),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      data: {
        aceptado: true,
        codigoGeneracion: original.codigoGeneracion,
        estado: 'CANCELLED',
        selloRecibido: expect.stringMatching(/^[A-Z0-9]{40}$/),
        respuestaMh: { estado: 'PROCESSED', codigoMsg: '001' },
      },
    });
    expect((await consultaMh(original.codigoGeneracion))?.estado).toBe('INVALIDADO');

    const db = await testDatabase();
    const stored = await db.models.Document.findById(original.codigoGeneracion).lean();
    expect(stored!.estado).toBe('CANCELLED');
    expect(stored!.anulacion).toMatchObject({
      codigoGeneracion: res.body.data.eventoCodigoGeneracion,
      selloRecibido: res.body.data.selloRecibido,
      // The 2026 generation's event (invalidacion-schema-v3); test/dte/normativa.test.ts invalidates in both.
      evento: { identificacion: { version: 3 }, documento: { codigoGeneracion: original.codigoGeneracion } },
    });

    const again = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: original.codigoGeneracion,
      motivo: motivo(2),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DOCUMENT_ALREADY_CANCELLED');
    // An invalidated document can still be sent to the receptor again.
    const resend = await api('POST', `/dte/resend/${original.codigoGeneracion}`, tenant);
    expect(resend.body.data).toMatchObject({ correoEnviado: true, estado: 'CANCELLED' });
  });

  it('invalidates with a replacement (tipoAnulacion 1)', async () => {
    const original = await factura();
    const reemplazo = await factura();
    const res = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: original.codigoGeneracion,
      codigoGeneracionR: reemplazo.codigoGeneracion,
      motivo: motivo(1),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.estado).toBe('CANCELLED');
    const db = await testDatabase();
    const stored = await db.models.Document.findById(original.codigoGeneracion).lean();
    expect(stored!.anulacion.evento.documento.codigoGeneracionR).toBe(reemplazo.codigoGeneracion);
  });

  it('returns MH rejection reasons as 422 INVALIDATION_REJECTED and leaves the original PROCESSED', async () => {
    const original = await factura();
    const db = await testDatabase();
    // A fecEmi that differs from MH's record makes MH reject the event (027, dato no coincide).
    await db.models.Document.updateOne({ _id: original.codigoGeneracion }, { $set: { fecEmi: '2020-01-01' } });
    const res = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: original.codigoGeneracion,
      motivo: motivo(2),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALIDATION_REJECTED');
    expect(res.body.data).toMatchObject({ aceptado: false, estado: 'PROCESSED', respuestaMh: { estado: 'RECHAZADO' } });
    expect(res.body.data.observaciones.join(' ')).toMatch(/fecEmi/);
    expect((await db.models.Document.findById(original.codigoGeneracion).lean())!.estado).toBe('PROCESSED');
  });

  it('refuses what the service can tell in advance', async () => {
    const unknown = '6F1C9A0E-2B7D-4C3A-9E5F-0A1B2C3D4E5F';
    const notFound = await api('POST', '/dte/anulacion', tenant, { codigoGeneracion: unknown, motivo: motivo(2) });
    expect([notFound.status, notFound.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND']);

    const stranger = await createTestTenant();
    const original = await factura();
    const foreign = await api('POST', '/dte/anulacion', stranger, {
      codigoGeneracion: original.codigoGeneracion,
      motivo: motivo(2),
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND']);

    const noR = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: original.codigoGeneracion,
      motivo: motivo(1),
    });
    expect([noR.status, noR.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    const missingR = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: original.codigoGeneracion,
      codigoGeneracionR: unknown,
      motivo: motivo(1),
    });
    expect([missingR.status, missingR.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND']);

    await simulator('/reject', {
      next: 1,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: '[resumen.totalIva] CALCULO INCORRECTO',
      emisor: tenant.nit,
    });
    const rechazado = (
      await api('POST', '/dte/dte01', tenant, {
        receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
        items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
        condicionOperacion: 1,
      })
    ).body.data;
    expect(rechazado.estado).toBe('REJECTED');
    const rejectedOriginal = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: rechazado.codigoGeneracion,
      motivo: motivo(2),
    });
    expect([rejectedOriginal.status, rejectedOriginal.body.code]).toEqual([400, 'DOCUMENT_NOT_PROCESSED']);
    const rejectedR = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: original.codigoGeneracion,
      codigoGeneracionR: rechazado.codigoGeneracion,
      motivo: motivo(1),
    });
    expect([rejectedR.status, rejectedR.body.code, rejectedR.body.field]).toEqual([
      400,
      'DOCUMENT_NOT_PROCESSED',
      'codigoGeneracionR',
    ]);

    const db = await testDatabase();
    const old = await factura();
    // Through the driver: mongoose keeps createdAt immutable.
    await db.models.Document.collection.updateOne(
      { _id: old.codigoGeneracion as never },
      { $set: { createdAt: new Date(Date.now() - 91 * 86_400_000) } },
    );
    const late = await api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion: old.codigoGeneracion,
      motivo: motivo(2),
    });
    expect([late.status, late.body.code, late.body.plazoDias]).toEqual([400, 'INVALIDATION_PERIOD_EXPIRED', 90]);

    const token = await db.models.ApiToken.findById(hashToken(tenant.token)).lean();
    const box = new SecretBox(loadConfig(stack().env).SECRET_KEY);
    const { token: sinPermiso } = await new Tenants(db, box).createToken({
      emisorId: token!.emisorId,
      establecimientoId: token!.establecimientoId,
      puntoVentaId: token!.puntoVentaId,
      name: 'sin anulación',
      permissions: ['FACTURA_CONSUMIDOR_FINAL'],
    });
    const denied = await api(
      'POST',
      '/dte/anulacion',
      { ...tenant, headers: { ...tenant.headers, 'x-api-token': sinPermiso } },
      { codigoGeneracion: original.codigoGeneracion, motivo: motivo(2) },
    );
    expect([denied.status, denied.body.code]).toEqual([403, 'PERMISSION_DENIED']);
    // None of the refusals touched the original.
    expect((await db.models.Document.findById(original.codigoGeneracion).lean())!.estado).toBe('PROCESSED');
  });
});
