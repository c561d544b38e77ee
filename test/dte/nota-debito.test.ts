import { validateMhSchema } from '@dte/domain';
import { emitirCcf } from '../support/fixtures';
import { reglasDelOriginal } from '../support/notas';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/** POST /dte/dte06 through HTTP on the real stack. */
describe('POST /dte/dte06 (Nota de débito)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  // The suite issues in the 2026 generation (global-setup); the whole note is also checked in 2023, where
  // the retention is resumen.ivaRete1.
  it.each([
    ['2026', 'fe-nd-v4', 'ivaRete'],
    ['2023', 'fe-nd-v3', 'ivaRete1'],
  ] as const)(
    'issues an accepted note in the %s generation related to the CCF, valid against %s, not limited by the original',
    async (generacion, esquema, retencion) => {
      const tenant = await createTestTenant({ generacion });
      const ccf = await emitirCcf(tenant, 10);
      const res = await api('POST', '/dte/dte06', tenant, {
        codigoGeneracion: ccf.codigoGeneracion,
        items: [{ descripcion: 'Intereses', cantidad: 3, precioUnitario: 7.5 }],
        condicionOperacion: 1,
      });
      expect(res.status).toBe(201);
      const d = res.body.data;
      expect(d).toMatchObject({
        tipo: 'NOTA_DEBITO',
        estado: 'PROCESSED',
        numeroControl: expect.stringMatching(/^DTE-06-/),
      });
      expect(validateMhSchema(esquema, d.dteJson)).toEqual([]);
      expect(d.dteJson.documentoRelacionado[0]).toMatchObject({
        tipoDocumento: '03',
        numeroDocumento: ccf.codigoGeneracion,
      });
      // By hand: 3 × 7.50 = 22.50; IVA 2.925 → 2.93; total 25.43 (more than the CCF's 11.30: a debit adds).
      expect(d.dteJson.resumen).toMatchObject({ totalGravada: 22.5, montoTotalOperacion: 25.43, [retencion]: 0 });
      expect(d.total).toBe('25.43');
    },
  );

  reglasDelOriginal('/dte/dte06', () => tenant);
});
