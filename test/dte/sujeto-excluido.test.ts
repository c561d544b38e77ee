import { validateMhSchema } from '@dte/domain';
import { direccion } from '../support/fixtures';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/** POST /dte/dte14 through HTTP on the real stack. */
describe('POST /dte/dte14 (Sujeto excluido)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const body = (extra: Record<string, unknown>) => ({
    sujetoExcluido: {
      tipoDocumento: '13',
      numDocumento: '01234567-8',
      nombre: 'María López',
      direccion,
      correo: 'maria@example.test',
    },
    items: [
      { descripcion: 'Servicio de limpieza', cantidad: 3, precioUnitario: 45.5 },
      { descripcion: 'Materiales', cantidad: 1, precioUnitario: 12.35, montoDescu: 1 },
    ],
    condicionOperacion: 1,
    ...extra,
  });

  // The suite issues in the 2026 generation (global-setup); the whole FSE is also checked in 2023.
  it.each([
    ['2026', 'fe-fse-v2'],
    ['2023', 'fe-fse-v1'],
  ] as const)(
    'issues an accepted FSE in the %s generation valid against %s withholding 10 %% renta',
    async (generacion, esquema) => {
      const tenant = await createTestTenant({ generacion });
      const res = await api('POST', '/dte/dte14', tenant, body({ applyrent: true }));
      expect(res.status).toBe(201);
      const d = res.body.data;
      expect(d).toMatchObject({
        tipo: 'SUJETO_EXCLUIDO',
        estado: 'PROCESSED',
        numeroControl: expect.stringMatching(/^DTE-14-/),
      });
      expect(validateMhSchema(esquema, d.dteJson)).toEqual([]);
      // By hand: 3 × 45.50 = 136.50; 12.35 − 1.00 = 11.35; totalCompra 147.85; renta 10 % = 14.785 → 14.79;
      // to pay 147.85 − 14.79 = 133.06.
      expect(d.dteJson.resumen).toMatchObject({ totalCompra: 147.85, reteRenta: 14.79, totalPagar: 133.06 });
      expect(d.total).toBe('133.06');
    },
  );

  it('withholds nothing when applyrent is false', async () => {
    const res = await api('POST', '/dte/dte14', tenant, body({ applyrent: false }));
    expect(res.status).toBe(201);
    expect(res.body.data.dteJson.resumen).toMatchObject({ totalCompra: 147.85, reteRenta: 0, totalPagar: 147.85 });
  });

  it('refuses a request without applyrent with 400 VALIDATION_ERROR', async () => {
    const res = await api('POST', '/dte/dte14', tenant, body({}));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['applyrent']);
  });
});
