import { anulacionRescindida, emitirCcf, emitirFactura } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/** GET /dte/:codigoGeneracion and GET /dte/:codigoGeneracion/json on the real stack. */
describe('reading a document', () => {
  let tenant: TestTenant;
  let otro: TestTenant;
  beforeAll(async () => {
    [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
  });
  afterAll(() => closeTestDatabase());

  /** The document once its automatic e-mail is on record (it is sent off the issuance's path). */
  async function conCorreo(codigoGeneracion: string) {
    let data: { correos: { para: string; enviado: boolean }[] } & Record<string, unknown> = { correos: [] };
    await eventually('the e-mail on record', async () => {
      data = (await api('GET', `/dte/${codigoGeneracion}`, tenant)).body.data;
      return data.correos.length > 0;
    });
    return data;
  }

  it('answers the record as issued, its e-mail with the address masked, and the notes that refer to it', async () => {
    const ccf = await emitirCcf(tenant, 100);
    const leido = await conCorreo(ccf.codigoGeneracion);
    const { correos, anulacion, importacion, relacionados, esperaSegundos, ...record } = leido;
    expect(record).toEqual(ccf);
    // Issued here, not brought from a previous provider.
    expect(importacion).toBeNull();
    // It waits for MH no more: PROCESSED.
    expect(esperaSegundos).toBeNull();
    expect(anulacion).toBeNull();
    expect(relacionados).toEqual([]);
    // The receptor is contribuyente@example.test.
    expect(correos).toEqual([{ para: 'c***@example.test', fecha: expect.any(String), enviado: true, error: null }]);

    const nc = await api('POST', '/dte/dte05', tenant, {
      codigoGeneracion: ccf.codigoGeneracion,
      items: [{ descripcion: 'Devolución', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    expect(nc.status).toBe(201);
    const despues = await api('GET', `/dte/${ccf.codigoGeneracion.toLowerCase()}`, tenant);
    expect(despues.status).toBe(200);
    expect(despues.body.data.relacionados).toEqual([
      {
        codigoGeneracion: nc.body.data.codigoGeneracion,
        tipo: 'NOTA_CREDITO',
        numeroControl: nc.body.data.numeroControl,
        estado: 'PROCESSED',
        fecEmi: nc.body.data.dteJson.identificacion.fecEmi,
      },
    ]);
  });

  it('keeps e-mail attempts off the record, and shows those an older record kept before them', async () => {
    const ccf = await emitirCcf(tenant, 30);
    await conCorreo(ccf.codigoGeneracion);
    const { Document, Correo } = (await testDatabase()).models;
    // The attempt is in `correos`; the record, with its DTE and JWS, was not rewritten for it.
    expect((await Document.findById(ccf.codigoGeneracion, { emails: 1 }).lean())?.emails).toEqual([]);
    expect((await Correo.findById(ccf.codigoGeneracion).lean())?.intentos).toEqual([
      expect.objectContaining({ to: 'contribuyente@example.test', ok: true }),
    ]);
    // A later attempt (a resend) is appended to the first, which it does not replace.
    const reenvio = await api('POST', `/dte/resend/${ccf.codigoGeneracion}`, tenant, { email: 'otra@example.test' });
    expect(reenvio.status).toBe(200);
    expect((await Correo.findById(ccf.codigoGeneracion).lean())?.intentos).toEqual([
      expect.objectContaining({ to: 'contribuyente@example.test', ok: true }),
      expect.objectContaining({ to: 'otra@example.test', ok: true }),
    ]);
    // A record saved before `correos` kept its attempts on itself: they come first.
    const antiguo = { to: 'antes@example.test', at: new Date('2026-11-01T15:00:00Z'), ok: false, error: 'buzón lleno' };
    await Document.updateOne({ _id: ccf.codigoGeneracion }, { $set: { emails: [antiguo] } });
    const { correos } = (await api('GET', `/dte/${ccf.codigoGeneracion}`, tenant)).body.data;
    expect(correos).toEqual([
      { para: 'a***@example.test', fecha: '2026-11-01T15:00:00.000Z', enviado: false, error: 'buzón lleno' },
      { para: 'c***@example.test', fecha: expect.any(String), enviado: true, error: null },
      { para: 'o***@example.test', fecha: expect.any(String), enviado: true, error: null },
    ]);
  });

  it('shows an invalidated document CANCELLED with its anulación', async () => {
    const ccf = await emitirCcf(tenant, 20);
    const anulada = await api('POST', '/dte/anulacion', tenant, anulacionRescindida(ccf.codigoGeneracion));
    expect(anulada.status).toBe(200);
    const res = await api('GET', `/dte/${ccf.codigoGeneracion}`, tenant);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      estado: 'CANCELLED',
      selloRecibido: ccf.selloRecibido,
      anulacion: {
        codigoGeneracion: anulada.body.data.eventoCodigoGeneracion,
        selloRecibido: anulada.body.data.selloRecibido,
        fhProcesamiento: anulada.body.data.respuestaMh.fhProcesamiento,
      },
    });
  });

  it('serves the Archivo DTE byte for byte as stored for the receptor', async () => {
    const ccf = await emitirCcf(tenant, 50);
    const archivo = await api('GET', `/dte/${ccf.codigoGeneracion}/json`, tenant);
    expect(archivo.status).toBe(200);
    expect(archivo.headers.get('content-type')).toMatch(/^application\/json/);
    expect(archivo.headers.get('content-disposition')).toBe(`attachment; filename="${ccf.codigoGeneracion}.json"`);
    expect(archivo.body).toEqual({
      ...ccf.dteJson,
      firmaElectronica: ccf.dteFirmado,
      selloRecibido: ccf.selloRecibido,
    });
    const almacenado = await waitForObject(ccf.dteJsonUrl);
    expect(JSON.parse(almacenado.toString('utf8'))).toEqual(archivo.body);
  });

  it('has no Archivo DTE for a document MH rejected', async () => {
    await simulator('/reject', { next: 1, codigoMsg: '096', clasificaMsg: '98', emisor: tenant.nit });
    const rechazada = (
      await api('POST', '/dte/dte01', tenant, {
        receptor: {},
        items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
        condicionOperacion: 1,
      })
    ).body.data;
    expect(rechazada.estado).toBe('REJECTED');
    const archivo = await api('GET', `/dte/${rechazada.codigoGeneracion}/json`, tenant);
    expect(archivo.status).toBe(409);
    expect(archivo.body).toMatchObject({ code: 'DOCUMENT_NOT_PROCESSED', estado: 'REJECTED' });
    expect((await api('GET', `/dte/${rechazada.codigoGeneracion}`, tenant)).body.data.estado).toBe('REJECTED');
  });

  it("answers another emisor's document exactly as an unknown one", async () => {
    const factura = await emitirFactura(tenant);
    const desconocido = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    for (const path of [`/dte/${factura.codigoGeneracion}`, `/dte/${factura.codigoGeneracion}/json`]) {
      const ajeno = await api('GET', path, otro);
      expect(ajeno.status).toBe(404);
      expect(ajeno.body.code).toBe('DOCUMENT_NOT_FOUND');
      const inexistente = await api('GET', path.replace(factura.codigoGeneracion, desconocido), tenant);
      expect([inexistente.status, inexistente.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND']);
      expect((await api('GET', path, null)).status).toBe(401);
    }
    // A segment that is no codigoGeneracion is no document: an unknown route, whoever asks.
    const ruta = await api('GET', '/dte/no-es-un-documento', null);
    expect([ruta.status, ruta.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});
