import { validateMhSchema } from '@dte/domain';
import { contribuyente } from '../support/fixtures';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

/** POST /dte/dte03 through HTTP on the real stack. */
describe('POST /dte/dte03 (Crédito fiscal)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const items = [
    { descripcion: 'Asesoría', cantidad: 2, precioUnitario: 50 },
    { descripcion: 'Viáticos', cantidad: 1, precioUnitario: 12.35 },
  ];

  // The suite issues in the 2026 generation (global-setup); the whole document is also checked in 2023,
  // where the retention is resumen.ivaRete1.
  it.each([
    ['2026', 'fe-ccf-v4', 4, 'ivaRete'],
    ['2023', 'fe-ccf-v3', 3, 'ivaRete1'],
  ] as const)(
    'issues an accepted CCF in the %s generation, valid against %s, with tributo 20 at 13 % and the 1 % IVA retention',
    async (generacion, esquema, version, retencion) => {
      const tenant = await createTestTenant({ generacion });
      const res = await api('POST', '/dte/dte03', tenant, {
        receptor: contribuyente(),
        items,
        condicionOperacion: 1,
        isRetenIva: true,
      });
      expect(res.status).toBe(201);
      const d = res.body.data;
      expect(d).toMatchObject({
        tipo: 'CREDITO_FISCAL',
        estado: 'PROCESSED',
        numeroControl: 'DTE-03-M001P001-000000000000001',
        errorTecnico: null,
      });
      expect(d.selloRecibido).toMatch(/^20\d{2}[A-Z0-9]{36}$/);
      expect(validateMhSchema(esquema, d.dteJson)).toEqual([]);
      expect(d.dteJson.identificacion).toMatchObject({ tipoDte: '03', version });
      expect(d.dteJson.receptor).toMatchObject({ nit: '06140101901015', nrc: '9000009' });
      // By hand: 2 × 50 + 12.35 = 112.35; IVA 13 % = 14.6055 → 14.61; total 126.96;
      // retention 1 % of 112.35 = 1.1235 → 1.12; to pay 126.96 − 1.12 = 125.84.
      expect(d.dteJson.resumen).toMatchObject({
        totalGravada: 112.35,
        subTotal: 112.35,
        tributos: [{ codigo: '20', valor: 14.61 }],
        montoTotalOperacion: 126.96,
        [retencion]: 1.12,
        totalPagar: 125.84,
      });
      expect(d.total).toBe('125.84');
    },
  );

  // $0.02 × 13 % = 0.0026: the IVA rounds to 0.00, but the line is taxed and lists tributo 20, so the resumen
  // lists it too, at 0.00 (Manual Funcional §XIII); MH refuses a resumen without it.
  it.each(['2026', '2023'] as const)(
    'issues a $0.02 CCF in the %s generation, tributo 20 at 0.00 on the line and in the resumen',
    async (generacion) => {
      const tenant = await createTestTenant({ generacion });
      const res = await api('POST', '/dte/dte03', tenant, {
        receptor: contribuyente(),
        items: [{ descripcion: 'Arandela', cantidad: 1, precioUnitario: 0.02 }],
        condicionOperacion: 1,
      });
      expect([res.status, res.body.data?.estado, res.body.data?.respuestaMh?.codigoMsg]).toEqual([
        201,
        'PROCESSED',
        '001',
      ]);
      const { cuerpoDocumento, resumen } = res.body.data.dteJson;
      expect(cuerpoDocumento[0].tributos).toEqual(['20']);
      expect(resumen).toMatchObject({
        totalGravada: 0.02,
        tributos: [{ codigo: '20', valor: 0 }],
        montoTotalOperacion: 0.02,
        totalPagar: 0.02,
      });
    },
  );

  it('leaves totalPagar = montoTotalOperacion without retention', async () => {
    const res = await api('POST', '/dte/dte03', tenant, { receptor: contribuyente(), items, condicionOperacion: 1 });
    expect(res.status).toBe(201);
    expect(res.body.data.dteJson.resumen).toMatchObject({
      ivaRete: 0,
      montoTotalOperacion: 126.96,
      totalPagar: 126.96,
    });
  });

  it('refuses a receptor missing its identification with 400 RECEPTOR_VALIDATION_ERROR listing the fields', async () => {
    const { nit: _nit, nombre: _nombre, ...incompleto } = contribuyente();
    const res = await api('POST', '/dte/dte03', tenant, { receptor: incompleto, items, condicionOperacion: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'error',
      code: 'RECEPTOR_VALIDATION_ERROR',
      requiredFields: ['nit', 'nombre'],
    });
    expect(res.body.message).toEqual(expect.any(String));

    const sinReceptor = await api('POST', '/dte/dte03', tenant, { items, condicionOperacion: 1 });
    expect(sinReceptor.status).toBe(400);
    expect(sinReceptor.body.requiredFields).toEqual(['tipoDocumento', 'numDocumento', 'nit', 'nombre']);
  });

  it('answers a rejection by MH as 201 with estado REJECTED', async () => {
    await simulator('/reject', {
      next: 1,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: '[resumen.ivaRete1] CALCULO INCORRECTO',
      emisor: tenant.nit,
    });
    const res = await api('POST', '/dte/dte03', tenant, { receptor: contribuyente(), items, condicionOperacion: 1 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      estado: 'REJECTED',
      selloRecibido: null,
      respuestaMh: { estado: 'RECHAZADO', codigoMsg: '020' },
      errorTecnico: 'Documento rechazado por el Ministerio de Hacienda: [resumen.ivaRete1] CALCULO INCORRECTO',
    });
  });
});
