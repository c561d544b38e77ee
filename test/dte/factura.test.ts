import { esquemaDe, validateMhSchema, verifyDteJws } from '@dte/domain';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');
import { mailAttachment, waitForMail } from '../support/maildev';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

/** POST /dte/dte01 through HTTP on the real stack: API → Temporal → worker → simulator, MinIO, Chromium, maildev. */
describe('POST /dte/dte01 (Factura)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const receptor = (correo: string) => ({
    nombre: 'Juan Pérez',
    tipoDocumento: '13',
    numDocumento: '012345678',
    correo,
  });

  // The suite issues in the 2026 generation (global-setup); the whole document is also checked in 2023.
  it.each([
    ['2026', 'fe-f-v2'],
    ['2023', 'fe-fc-v1'],
  ] as const)(
    'issues an accepted document in the %s generation (%s): every field, signature, schema, files in storage, e-mail with both attachments',
    async (generacion, esquema) => {
      const tenant = await createTestTenant({ generacion });
      const correo = `receptor-${generacion}-${Date.now()}@example.test`;
      const res = await api('POST', '/dte/dte01', tenant, {
        receptor: { ...receptor(correo), nrc: '1234567', nit: '06140101011010' },
        items: [{ descripcion: 'Producto A', cantidad: 2, precioUnitario: 11.3 }],
        condicionOperacion: 1,
        observaciones: 'Entregar en recepción',
      });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('success');
      const d = res.body.data;
      expect(Object.keys(d).sort()).toEqual(
        [
          'id',
          'tipo',
          'codigoGeneracion',
          'numeroControl',
          'estado',
          'ambiente',
          'total',
          'dteJson',
          'dteFirmado',
          'selloRecibido',
          'respuestaMh',
          'dteJsonUrl',
          'dtePdfUrl',
          'sequenceNumber',
          'sequenceId',
          'serie',
          'emisorId',
          'branchId',
          'pointOfSaleId',
          'tokenId',
          'errorTecnico',
          'createdAt',
          'analisisHacienda',
        ].sort(),
      );
      expect(d).toMatchObject({
        tipo: 'FACTURA_CONSUMIDOR_FINAL',
        estado: 'PROCESSED',
        ambiente: 'TEST',
        total: '22.60',
        numeroControl: 'DTE-01-M001P001-000000000000001',
        sequenceNumber: '1',
        serie: 'P001',
        emisorId: tenant.emisorId,
        errorTecnico: null,
      });
      expect(Number.isInteger(d.sequenceId) && Number.isInteger(d.tokenId)).toBe(true);
      // The tenant's first document: its emisor's and its number on the emisor's list, emisorId × 10⁹ + 1.
      expect(d.id).toBe(tenant.emisorId * 1_000_000_000 + 1);
      expect(d.codigoGeneracion).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
      expect(d.selloRecibido).toMatch(/^20\d{2}[A-Z0-9]{36}$/);
      expect(new Date(d.createdAt).toISOString()).toBe(d.createdAt);
      expect(d.respuestaMh).toMatchObject({
        estado: 'PROCESSED',
        codigoMsg: '001',
        clasificaMsg: '10',
        descripcionMsg: 'RECIBIDO',
        observaciones: [],
        selloRecibido: d.selloRecibido,
        codigoGeneracion: d.codigoGeneracion,
      });
      expect(d.respuestaMh.fhProcesamiento).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(d.analisisHacienda).toEqual({
        estadoDocumento: 'PROCESSED',
        aceptadoPorMH: true,
        tieneObservaciones: false,
        observaciones: [],
        erroresValidacion: [],
        mensaje: expect.any(String),
      });

      // The DTE: valid against MH's official schema, unsupported receptor fields dropped, IVA-inclusive math.
      expect(esquemaDe('01', d.dteJson.identificacion.version)).toBe(esquema);
      expect(validateMhSchema(esquema, d.dteJson)).toEqual([]);
      expect(d.dteJson.identificacion).toMatchObject({
        tipoModelo: 1,
        tipoOperacion: 1,
        ambiente: '00',
        codigoGeneracion: d.codigoGeneracion,
        numeroControl: d.numeroControl,
      });
      expect(d.dteJson.receptor.nrc).toBeNull();
      expect(d.dteJson.cuerpoDocumento[0]).toMatchObject({ ventaGravada: 22.6, ivaItem: 2.6, uniMedida: 59 });
      expect(d.dteJson.resumen.pagos).toEqual([expect.objectContaining({ codigo: '01', montoPago: 22.6 })]);

      // The signature: compact JWS, header exactly {"alg":"RS512"}, verifies with the emisor's key, payload = dteJson.
      const verification = verifyDteJws(d.dteFirmado, tenant.publicKeyDer);
      expect(d.dteFirmado.split('.')[0]).toBe('eyJhbGciOiJSUzUxMiJ9');
      expect(verification.valid).toBe(true);
      expect(verification.payload).toEqual(d.dteJson);

      // Storage: the JSON delivered to the receptor and the PDF, at the documented paths.
      const [yyyy, mm, dd] = d.dteJson.identificacion.fecEmi.split('-');
      expect(d.dteJsonUrl).toMatch(
        new RegExp(`^emisores/[a-z0-9-]+/DTES/TEST/${yyyy}/${mm}/${dd}/DTE01/json/${d.codigoGeneracion}\\.json$`),
      );
      expect(d.dtePdfUrl).toBe(d.dteJsonUrl.replace('/json/', '/pdf/').replace(/\.json$/, '.pdf'));
      const stored = JSON.parse((await waitForObject(d.dteJsonUrl)).toString());
      expect(stored).toEqual({ ...d.dteJson, firmaElectronica: d.dteFirmado, selloRecibido: d.selloRecibido });
      const pdf = await waitForObject(d.dtePdfUrl);
      const text = (await pdfParse(pdf)).text;
      for (const id of [d.codigoGeneracion, d.numeroControl, d.selloRecibido]) expect(text).toContain(id);
      expect(text).toContain('Entregar en recepción');

      // The e-mail to the receptor, with the JSON and the PDF.
      const mail = await waitForMail((m) => m.to.some((t) => t.address === correo));
      const names = mail.attachments!.map((a) => a.fileName).sort();
      expect(names).toEqual([`${d.codigoGeneracion}.json`, `${d.codigoGeneracion}.pdf`]);
      const jsonAttachment = mail.attachments!.find((a) => a.fileName.endsWith('.json'))!;
      expect(JSON.parse((await mailAttachment(mail, jsonAttachment.generatedFileName)).toString())).toEqual(stored);
    },
  );

  it('computes several items with discounts, fractional quantities and half-cent rounding as MH does', async () => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: receptor('calc@example.test'),
      items: [
        { descripcion: 'A', cantidad: 2, precioUnitario: 11.3 },
        { descripcion: 'B', cantidad: 1.5, precioUnitario: 3.33, montoDescu: 0.5 },
        { descripcion: 'C', cantidad: 3, precioUnitario: 0.335 },
      ],
      condicionOperacion: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.estado).toBe('PROCESSED');
    const { cuerpoDocumento, resumen } = res.body.data.dteJson;
    // By hand: 2×11.30 = 22.60; 1.5×3.33 − 0.50 = 4.495; 3×0.335 = 1.005. IVA = venta × 13/113, 8 decimals.
    expect(cuerpoDocumento.map((i: { ventaGravada: number }) => i.ventaGravada)).toEqual([22.6, 4.495, 1.005]);
    expect(cuerpoDocumento.map((i: { ivaItem: number }) => i.ivaItem)).toEqual([2.6, 0.51712389, 0.11561947]);
    // 22.60 + 4.495 + 1.005 = 28.10; IVA 3.23274336 → 3.23.
    expect(resumen).toMatchObject({
      totalGravada: 28.1,
      subTotal: 28.1,
      totalIva: 3.23,
      montoTotalOperacion: 28.1,
      totalPagar: 28.1,
    });
    expect(resumen.totalLetras).toMatch(/^VEINTIOCHO /);
    expect(res.body.data.total).toBe('28.10');

    const half = await api('POST', '/dte/dte01', tenant, {
      receptor: receptor('half@example.test'),
      items: [{ descripcion: 'Medio centavo', cantidad: 1, precioUnitario: 6.685 }],
      condicionOperacion: 1,
    });
    // 6.685 rounds half-up to 6.69; IVA 6.685 × 13/113 = 0.76907080 → 0.77.
    expect(half.body.data.dteJson.resumen).toMatchObject({ totalGravada: 6.69, totalIva: 0.77, totalPagar: 6.69 });
    expect(half.body.data.estado).toBe('PROCESSED');
  });

  it('answers a rejection by MH as 201 with estado REJECTED, errorTecnico and no sello or files', async () => {
    await simulator('/reject', {
      next: 1,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: '[resumen.totalIva] CALCULO INCORRECTO',
      emisor: tenant.nit,
    });
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: receptor('rechazo@example.test'),
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({
      estado: 'REJECTED',
      selloRecibido: null,
      dteJsonUrl: null,
      dtePdfUrl: null,
      respuestaMh: { estado: 'RECHAZADO', codigoMsg: '020', clasificaMsg: '16', selloRecibido: null },
      analisisHacienda: {
        estadoDocumento: 'REJECTED',
        aceptadoPorMH: false,
        erroresValidacion: ['[resumen.totalIva] CALCULO INCORRECTO'],
      },
    });
    expect(res.body.data.errorTecnico).toBe(
      'Documento rechazado por el Ministerio de Hacienda: [resumen.totalIva] CALCULO INCORRECTO',
    );
  });

  it.each([
    ['no items', { receptor: {}, items: [], condicionOperacion: 1 }, 'items'],
    [
      'a negative quantity',
      { receptor: {}, items: [{ descripcion: 'X', cantidad: -1, precioUnitario: 1 }], condicionOperacion: 1 },
      'items[0].cantidad',
    ],
    [
      'credit without pago',
      { receptor: {}, items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }], condicionOperacion: 2 },
      'pago',
    ],
    [
      'an unknown condicionOperacion',
      { receptor: {}, items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }], condicionOperacion: 7 },
      'condicionOperacion',
    ],
    [
      'a price as a string',
      { receptor: {}, items: [{ descripcion: 'X', cantidad: 1, precioUnitario: '1' }], condicionOperacion: 1 },
      'items[0].precioUnitario',
    ],
  ])('refuses %s with 400 VALIDATION_ERROR naming the field', async (_name, body, field) => {
    const res = await api('POST', '/dte/dte01', tenant, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'VALIDATION_ERROR' });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  // Prices include IVA: one unit at the price is the operation total. 2026 (fe-f-v2): three minimum wages,
  // 3 × $408.80 = $1,226.40; 2023 (fe-fc-v1): $1,095.
  it.each([
    ['2026', 1226.39, 1226.4],
    ['2023', 1094.99, 1095],
  ] as const)(
    'issues in the %s generation to an anonymous consumer below $%s and asks for identification at $%s',
    async (generacion, debajo, umbral) => {
      const tenant = await createTestTenant({ generacion });
      const below = await api('POST', '/dte/dte01', tenant, {
        receptor: {},
        items: [{ descripcion: 'X', cantidad: 1, precioUnitario: debajo }],
        condicionOperacion: 1,
      });
      expect(below.status).toBe(201);
      expect(below.body.data.estado).toBe('PROCESSED');
      expect(below.body.data.dteJson.receptor).toMatchObject({ tipoDocumento: null, numDocumento: null });
      const at = await api('POST', '/dte/dte01', tenant, {
        receptor: {},
        items: [{ descripcion: 'X', cantidad: 1, precioUnitario: umbral }],
        condicionOperacion: 1,
      });
      expect(at.status).toBe(400);
      expect(at.body.code).toBe('VALIDATION_ERROR');
      expect(at.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'receptor.nombre',
        'receptor.numDocumento',
        'receptor.tipoDocumento',
      ]);
    },
  );

  it('refuses requests without a valid token', async () => {
    const missing = await api('POST', '/dte/dte01', null, {});
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('AUTH_TOKEN_MISSING');
    const wrong = await api(
      'POST',
      '/dte/dte01',
      { ...tenant, headers: { authorization: 'Bearer nope', 'content-type': 'application/json' } },
      {},
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('AUTH_TOKEN_INVALID');
  });

  it('numbers 100 concurrent documents with 100 distinct consecutive correlativos', async () => {
    const own = await createTestTenant();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api('POST', '/dte/dte01', own, {
          receptor: {},
          items: [{ descripcion: `Item ${i}`, cantidad: 1, precioUnitario: 1 }],
          condicionOperacion: 1,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const correlativos = results.map((r) => Number(r.body.data.sequenceNumber)).sort((a, b) => a - b);
    expect(correlativos).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.body.data.numeroControl)).size).toBe(100);
    expect(new Set(results.map((r) => r.body.data.sequenceId)).size).toBe(1);
  }, 300000);
});
