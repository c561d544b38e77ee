import { randomUUID } from 'node:crypto';
import { validateMhSchema } from '@dte/domain';
import { direccion, hoy } from '../support/fixtures';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/** POST /dte/dte07 through HTTP on the real stack. */
describe('POST /dte/dte07 (Comprobante de retención)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const receptor = {
    tipoDocumento: '36',
    numDocumento: '06140101901015',
    nombre: 'PROVEEDOR RETENIDO, S.A.',
    correo: 'retenido@example.test',
    nrc: '9000009',
    codActividad: '69100',
    descActividad: 'Actividades jurídicas',
    direccion,
  };
  const retencion = (extra: Record<string, unknown> = {}) => ({
    numItem: 1,
    tipoDte: '03',
    tipoGeneracion: 2,
    numDocumento: randomUUID(),
    fechaEmision: hoy(),
    montoSujetoGrav: 250,
    codigoRetencionMH: '22',
    ivaRetenido: 2.5,
    descripcion: 'Retención 1 % IVA',
    ...extra,
  });

  // The suite issues in the 2026 generation (global-setup); the whole comprobante is also checked in 2023,
  // where the total withheld is resumen.totalIVAretenido.
  it.each([
    ['2026', 'fe-cr-v2', 'totalIvaRetenido'],
    ['2023', 'fe-cr-v1', 'totalIVAretenido'],
  ] as const)(
    'issues an accepted comprobante in the %s generation valid against %s; total is the IVA withheld',
    async (generacion, esquema, totalRetenido) => {
      const tenant = await createTestTenant({ generacion });
      const res = await api('POST', '/dte/dte07', tenant, {
        receptor,
        cuerpoDocumento: [
          retencion(),
          retencion({
            numItem: 2,
            tipoGeneracion: 1,
            numDocumento: 'F001234',
            montoSujetoGrav: 100,
            codigoRetencionMH: 'C4',
            ivaRetenido: 13,
          }),
        ],
      });
      expect(res.status).toBe(201);
      const d = res.body.data;
      expect(d).toMatchObject({
        tipo: 'COMPROBANTE_RETENCION',
        estado: 'PROCESSED',
        numeroControl: expect.stringMatching(/^DTE-07-/),
      });
      expect(validateMhSchema(esquema, d.dteJson)).toEqual([]);
      // By hand: 250 × 1 % = 2.50 and 100 × 13 % = 13.00; 15.50 withheld on 350.00.
      expect(d.dteJson.resumen).toMatchObject({ totalSujetoRetencion: 350, [totalRetenido]: 15.5 });
      expect(d.total).toBe('15.50');
    },
  );

  it.each(['tipoDocumento', 'numDocumento', 'nombre', 'correo'])(
    'refuses a receptor without %s with 400 VALIDATION_ERROR',
    async (campo) => {
      const { [campo as keyof typeof receptor]: _omitido, ...incompleto } = receptor;
      const res = await api('POST', '/dte/dte07', tenant, { receptor: incompleto, cuerpoDocumento: [retencion()] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(`receptor.${campo}`);
    },
  );

  it('refuses an ivaRetenido that is not the rate of its CAT-006 code with 400 VALIDATION_ERROR', async () => {
    // 22 is 1 %: 250 → 2.50, not 32.50 (13 %).
    const res = await api('POST', '/dte/dte07', tenant, {
      receptor,
      cuerpoDocumento: [retencion({ ivaRetenido: 32.5 })],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['cuerpoDocumento[0].ivaRetenido']);
  });
});
