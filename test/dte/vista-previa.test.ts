import { randomUUID } from 'node:crypto';
import { loadConfig } from '@dte/config';
import { SecretBox, Tenants, type DocumentRecordView } from '@dte/store';
import type { DteTipo } from '@dte/domain';
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { ENDPOINTS } from '../../apps/api/src/routes/issue';
import { contribuyente, emitir, emitirCcf, emitirFactura } from '../support/fixtures';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * POST /dte/<kind>/vista-previa on the real stack: for every kind, the document its POST then issues from the
 * same body, to the cent; nothing numbered, stored or taken; refused as the POST refuses.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const rutaDe = (tipo: DteTipo) => Object.entries(ENDPOINTS).find(([, t]) => t === tipo)![0];
const ejemplo = (tipo: DteTipo) => structuredClone(ISSUANCE_EXAMPLES[tipo].body) as Json;
const conClave = (quien: TestTenant, clave: string): TestTenant => ({
  ...quien,
  headers: { ...quien.headers, 'idempotency-key': clave },
});

const vistaPrevia = (quien: TestTenant, tipo: DteTipo, body: unknown) =>
  api('POST', `${rutaDe(tipo)}/vista-previa`, quien, body);
const correlativo = (d: DocumentRecordView) => Number(d.numeroControl!.slice(-15));

/** The issued DTE as its preview shows it: numbered by nobody, at the preview's instant. */
function sinNumerar(dte: Json, previa: Json): Json {
  const identificacion: Json = {
    ...dte.identificacion,
    codigoGeneracion: null,
    fecEmi: previa.identificacion.fecEmi,
    horEmi: previa.identificacion.horEmi,
  };
  if ('numeroControl' in dte.identificacion) identificacion.numeroControl = null;
  return { ...dte, identificacion };
}

/** Three lines, one with a discount: the Factura's prices include IVA. */
const FACTURA = {
  receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
  items: [
    { descripcion: 'Cuaderno', cantidad: 2, precioUnitario: 11.3 },
    { descripcion: 'Mochila', cantidad: 3, precioUnitario: 5.65, montoDescu: 1 },
    { descripcion: 'Calculadora', cantidad: 1, precioUnitario: 113 },
  ],
  condicionOperacion: 1,
};
/** Two lines to a taxpayer who withholds 1 % IVA; the CCF's prices exclude IVA. */
const CCF = {
  receptor: contribuyente(),
  items: [
    { descripcion: 'Consultoría', cantidad: 3, precioUnitario: 40 },
    { descripcion: 'Materiales', cantidad: 2, precioUnitario: 7.45 },
  ],
  condicionOperacion: 1,
  isRetenIva: true,
};

describe('POST /dte/<kind>/vista-previa', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  /**
   * Every kind: the body (its originals issued first), the schema version of the 2026 generation and the
   * total, worked out by hand (the documented examples' in ISSUANCE_EXAMPLES, the two above here).
   */
  const casos: [DteTipo, number, string, () => Promise<Json>][] = [
    ['FACTURA_CONSUMIDOR_FINAL', 2, '151.55', async () => FACTURA],
    ['CREDITO_FISCAL', 4, '151.09', async () => CCF],
    ['NOTA_REMISION', 4, '171.25', async () => ejemplo('NOTA_REMISION')],
    [
      'NOTA_CREDITO',
      4,
      '11.30',
      async () => ({ ...ejemplo('NOTA_CREDITO'), codigoGeneracion: (await emitirCcf(tenant, 100)).codigoGeneracion }),
    ],
    [
      'NOTA_DEBITO',
      4,
      '5.65',
      async () => ({ ...ejemplo('NOTA_DEBITO'), codigoGeneracion: (await emitirCcf(tenant, 100)).codigoGeneracion }),
    ],
    ['COMPROBANTE_RETENCION', 2, '15.50', async () => ejemplo('COMPROBANTE_RETENCION')],
    ['COMPROBANTE_LIQUIDACION', 2, '1330.00', async () => ejemplo('COMPROBANTE_LIQUIDACION')],
    ['DOCUMENTO_CONTABLE_LIQUIDACION', 2, '5467.63', async () => ejemplo('DOCUMENTO_CONTABLE_LIQUIDACION')],
    ['FACTURA_EXPORTACION', 3, '19325.35', async () => ejemplo('FACTURA_EXPORTACION')],
    ['SUJETO_EXCLUIDO', 2, '133.06', async () => ejemplo('SUJETO_EXCLUIDO')],
    ['COMPROBANTE_DONACION', 2, '1150.00', async () => ejemplo('COMPROBANTE_DONACION')],
    [
      'RETORNO',
      1,
      '44.20',
      async () => {
        const factura = await emitirFactura(tenant, [
          { descripcion: 'Silla', cantidad: 4, precioUnitario: 22.6, montoDescu: 2 },
          { descripcion: 'Mesa', cantidad: 1, precioUnitario: 113 },
        ]);
        return { ...ejemplo('RETORNO'), documentoOrigen: factura.codigoGeneracion };
      },
    ],
  ];
  const previas = {} as Record<DteTipo, Json>;

  it.each(casos)('%s: previews the document its POST then issues, to the cent', async (tipo, version, total, body) => {
    const solicitud = await body();
    const previa = await vistaPrevia(tenant, tipo, solicitud);
    expect([previa.status, previa.body.status]).toEqual([200, 'success']);
    const { data } = previa.body;
    expect(data).toMatchObject({ tipo, version, generacion: '2026', ambiente: '00', total });
    expect(data.dte.identificacion).toMatchObject({ version, codigoGeneracion: null });
    // The Evento de Retorno has no numeroControl; every other DTE has one, not given yet.
    if (tipo === 'RETORNO') expect(data.dte.identificacion).not.toHaveProperty('numeroControl');
    else expect(data.dte.identificacion.numeroControl).toBeNull();
    previas[tipo] = data;

    const emitido = await emitir(tenant, rutaDe(tipo), solicitud);
    const leido = await api('GET', `/dte/${emitido.codigoGeneracion}`, tenant);
    expect(leido.status).toBe(200);
    const dte = leido.body.data.dteJson as Json;
    expect(leido.body.data.total).toBe(total);
    expect(data.dte.identificacion.version).toBe(dte.identificacion.version);
    expect(data.tipoDte).toBe(dte.identificacion.tipoDte ?? dte.identificacion.tipoEvento);
    expect(data.dte.resumen).toEqual(dte.resumen);
    expect(data.dte.cuerpoDocumento).toEqual(dte.cuerpoDocumento);
    // And the rest of it: emisor, receptor, related documents, apendice.
    expect(data.dte).toEqual(sinNumerar(dte, data.dte));
  });

  it('computes a Factura of three lines with a discount as worked out by hand', () => {
    const { cuerpoDocumento, resumen } = previas.FACTURA_CONSUMIDOR_FINAL!.dte;
    // 2 × 11.30 = 22.60; 3 × 5.65 − 1.00 = 15.95; 1 × 113.00. IVA inside each: × 13/113, to 8 decimals.
    expect(cuerpoDocumento).toEqual([
      expect.objectContaining({ numItem: 1, precioUni: 11.3, montoDescu: 0, ventaGravada: 22.6, ivaItem: 2.6 }),
      expect.objectContaining({ numItem: 2, precioUni: 5.65, montoDescu: 1, ventaGravada: 15.95, ivaItem: 1.83495575 }),
      expect.objectContaining({ numItem: 3, precioUni: 113, montoDescu: 0, ventaGravada: 113, ivaItem: 13 }),
    ]);
    // 22.60 + 15.95 + 113.00 = 151.55; IVA 151.55 × 13/113 = 17.4349… → 17.43; the line discount counted.
    expect(resumen).toMatchObject({
      totalGravada: 151.55,
      subTotalVentas: 151.55,
      totalDescu: 1,
      subTotal: 151.55,
      totalIva: 17.43,
      montoTotalOperacion: 151.55,
      totalPagar: 151.55,
      totalLetras: 'CIENTO CINCUENTA Y UN DÓLARES CON 55/100',
    });
  });

  it('computes a CCF with the 1 % IVA retention as worked out by hand', () => {
    const { cuerpoDocumento, resumen } = previas.CREDITO_FISCAL!.dte;
    expect(cuerpoDocumento).toEqual([
      expect.objectContaining({ precioUni: 40, ventaGravada: 120, tributos: ['20'] }),
      expect.objectContaining({ precioUni: 7.45, ventaGravada: 14.9, tributos: ['20'] }),
    ]);
    // 120.00 + 14.90 = 134.90; IVA 13 % = 17.537 → 17.54; 152.44; retained 1 % of 134.90 = 1.349 → 1.35;
    // to pay 152.44 − 1.35 = 151.09.
    expect(resumen).toMatchObject({
      totalGravada: 134.9,
      subTotal: 134.9,
      tributos: [{ codigo: '20', valor: 17.54 }],
      montoTotalOperacion: 152.44,
      ivaRete: 1.35,
      totalPagar: 151.09,
      totalLetras: 'CIENTO CINCUENTA Y UN DÓLARES CON 09/100',
    });
  });

  it('numbers, stores and records nothing, and keeps no Idempotency-Key', async () => {
    const nuevo = await createTestTenant();
    const clave = randomUUID();
    for (let i = 0; i < 3; i++)
      expect((await vistaPrevia(conClave(nuevo, clave), 'CREDITO_FISCAL', CCF)).status).toBe(200);
    // The same key with another body is no reuse: the key was never kept.
    expect((await vistaPrevia(conClave(nuevo, clave), 'CREDITO_FISCAL', { ...CCF, isRetenIva: false })).status).toBe(
      200,
    );
    const { IssueRequest, Document } = (await testDatabase()).models;
    expect(await IssueRequest.countDocuments({ emisorId: nuevo.emisorId })).toBe(0);
    expect(await Document.countDocuments({ emisorId: nuevo.emisorId })).toBe(0);
    expect((await api('GET', '/dte', nuevo, undefined)).body.data).toEqual([]);
    expect((await api('GET', '/auditoria', nuevo)).body.data).toEqual([]);
    // Issued with the previews' key, the CCF is the first of its series.
    const res = await api('POST', '/dte/dte03', conClave(nuevo, clave), CCF);
    expect([res.status, res.body.data?.numeroControl]).toEqual([201, 'DTE-03-M001P001-000000000000001']);
  });

  it('consumes no correlativo: previews between two Facturas leave them consecutive', async () => {
    const primera = await emitir(tenant, '/dte/dte01', FACTURA);
    for (let i = 0; i < 3; i++)
      expect((await vistaPrevia(tenant, 'FACTURA_CONSUMIDOR_FINAL', FACTURA)).status).toBe(200);
    const segunda = await emitir(tenant, '/dte/dte01', FACTURA);
    expect(correlativo(segunda)).toBe(correlativo(primera) + 1);
  });

  it('checks what remains to credit of a CCF without taking it, and refuses an over-credit as the POST does', async () => {
    // A CCF of 100.00 + 13.00 IVA: a note of 100.00 credits it whole.
    const ccf = await emitirCcf(tenant, 100);
    const nota = {
      codigoGeneracion: ccf.codigoGeneracion,
      items: [{ descripcion: 'Devolución', cantidad: 1, precioUnitario: 100 }],
      condicionOperacion: 1,
    };
    for (let i = 0; i < 3; i++) {
      const previa = await vistaPrevia(tenant, 'NOTA_CREDITO', nota);
      expect([previa.status, previa.body.data?.total]).toEqual([200, '113.00']);
    }
    // Neither its credit ledger nor its list of referring documents has an entry.
    const ledgers = (await testDatabase()).connection.collection('ledgers');
    expect(await ledgers.findOne({ _id: `05:${ccf.codigoGeneracion}:1` as never })).toBeNull();
    expect(await ledgers.findOne({ _id: `ref:${ccf.codigoGeneracion}:1` as never })).toBeNull();
    expect((await api('GET', `/dte/${ccf.codigoGeneracion}`, tenant)).body.data.relacionados).toEqual([]);

    await emitir(tenant, '/dte/dte05', nota);
    const otra = { ...nota, items: [{ descripcion: 'Otra', cantidad: 1, precioUnitario: 0.01 }] };
    const previa = await vistaPrevia(tenant, 'NOTA_CREDITO', otra);
    const post = await api('POST', '/dte/dte05', tenant, otra);
    expect([previa.status, previa.body.code]).toEqual([400, 'CREDIT_EXCEEDS_ORIGINAL']);
    expect(previa.body).toEqual(post.body);
  });

  it('refuses an over-return as the POST does', async () => {
    const factura = await emitirFactura(tenant, [{ descripcion: 'Vaso', cantidad: 2, precioUnitario: 1.13 }]);
    const retorno = (cantidadRetorno: number) => ({
      documentoOrigen: factura.codigoGeneracion,
      items: [{ numItem: 1, cantidadRetorno }],
      motivo: 'Producto defectuoso',
    });
    expect((await vistaPrevia(tenant, 'RETORNO', retorno(2))).status).toBe(200);
    await emitir(tenant, '/dte/retorno', retorno(2));
    const previa = await vistaPrevia(tenant, 'RETORNO', retorno(1));
    const post = await api('POST', '/dte/retorno', tenant, retorno(1));
    expect([previa.status, previa.body.code]).toEqual([400, 'OVER_RETURN_ERROR']);
    expect(previa.body).toEqual(post.body);
  });

  it.each([
    ['FACTURA_CONSUMIDOR_FINAL', { ...FACTURA, items: [{ descripcion: 'X', cantidad: -1, precioUnitario: 1 }] }],
    ['CREDITO_FISCAL', { ...CCF, receptor: { ...CCF.receptor, nit: undefined, nombre: undefined } }],
    ['NOTA_CREDITO', { codigoGeneracion: 'no-es-un-uuid', items: [] }],
    ['RETORNO', {}],
  ] as const)('refuses a bad %s body with the POST’s 400 and details', async (tipo, body) => {
    const previa = await vistaPrevia(tenant, tipo, body);
    const post = await api('POST', rutaDe(tipo), tenant, body);
    expect(previa.status).toBe(400);
    expect(['VALIDATION_ERROR', 'RECEPTOR_VALIDATION_ERROR']).toContain(previa.body.code);
    expect(previa.body.errors?.length).toBeGreaterThan(0);
    expect([previa.status, previa.body]).toEqual([post.status, post.body]);
  });

  it('refuses a token without the kind’s permission with 403, as the POST does', async () => {
    const db = await testDatabase();
    const establecimiento = await db.models.Establecimiento.findOne({ emisorId: tenant.emisorId }).lean();
    const puntoVenta = await db.models.PuntoVenta.findOne({ establecimientoId: establecimiento!.id }).lean();
    const { token } = await new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY)).createToken({
      emisorId: tenant.emisorId,
      establecimientoId: establecimiento!.id,
      puntoVentaId: puntoVenta!.id,
      name: 'solo facturas',
      permissions: ['FACTURA_CONSUMIDOR_FINAL'],
    });
    const cajero = { ...tenant, headers: { ...tenant.headers, 'x-api-token': token } };
    const previa = await vistaPrevia(cajero, 'CREDITO_FISCAL', CCF);
    const post = await api('POST', '/dte/dte03', cajero, CCF);
    expect([previa.status, previa.body]).toEqual([
      403,
      expect.objectContaining({ code: 'PERMISSION_DENIED', permission: 'CREDITO_FISCAL' }),
    ]);
    expect(previa.body).toEqual(post.body);
    expect((await vistaPrevia(cajero, 'FACTURA_CONSUMIDOR_FINAL', FACTURA)).status).toBe(200);
  });

  it('answers another emisor’s original as the POST does: 404, as an unknown one', async () => {
    const otro = await createTestTenant();
    const ajeno = await emitirCcf(otro, 100);
    const nota = { ...ejemplo('NOTA_CREDITO'), codigoGeneracion: ajeno.codigoGeneracion };
    const previa = await vistaPrevia(tenant, 'NOTA_CREDITO', nota);
    const post = await api('POST', '/dte/dte05', tenant, nota);
    expect([previa.status, previa.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND']);
    expect(previa.body).toEqual(post.body);
  });

  it('builds in the schema version of the emisor’s generation: 2023', async () => {
    const antiguo = await createTestTenant({ generacion: '2023' });
    for (const [tipo, body, version] of [
      ['FACTURA_CONSUMIDOR_FINAL', FACTURA, 1],
      ['CREDITO_FISCAL', CCF, 3],
    ] as const) {
      const previa = await vistaPrevia(antiguo, tipo, body);
      expect([tipo, previa.status, previa.body.data?.generacion, previa.body.data?.version]).toEqual([
        tipo,
        200,
        '2023',
        version,
      ]);
      const emitido = await emitir(antiguo, rutaDe(tipo), body);
      const dte = emitido.dteJson as Json;
      expect(dte.identificacion.version).toBe(version);
      expect(previa.body.data.dte).toEqual(sinNumerar(dte, previa.body.data.dte));
    }
    // The 2023 CCF (v3) names the retention ivaRete1; the amounts are the 2026 one's.
    const ccf = (await vistaPrevia(antiguo, 'CREDITO_FISCAL', CCF)).body.data.dte;
    expect(ccf.resumen).toMatchObject({ ivaRete1: 1.35, totalPagar: 151.09 });
  });
});
