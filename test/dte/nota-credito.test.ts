import { validateMhSchema } from '@dte/domain';
import { emitirCcf } from '../support/fixtures';
import { reglasDelOriginal } from '../support/notas';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

/** POST /dte/dte05 through HTTP on the real stack. */
describe('POST /dte/dte05 (Nota de crédito)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const nota = (codigoGeneracion: string, precioUnitario: number, extra: Record<string, unknown> = {}) => ({
    codigoGeneracion,
    items: [{ descripcion: 'Devolución parcial', cantidad: 1, precioUnitario }],
    condicionOperacion: 1,
    ...extra,
  });

  // The suite issues in the 2026 generation (global-setup); the whole note is also checked in 2023, where
  // the retention is resumen.ivaRete1.
  type Receptor = Record<string, unknown> & { nit: string };
  // fe-nc-v4 names the receptor by tipoDocumento 36 (NIT) and numDocumento where fe-ccf-v4 has its nit.
  const porNit = ({ nit, ...receptor }: Receptor) => ({ ...receptor, tipoDocumento: '36', numDocumento: nit });
  it.each([
    ['2026', 'fe-nc-v4', 'ivaRete', porNit],
    ['2023', 'fe-nc-v3', 'ivaRete1', (receptor: Receptor) => receptor],
  ] as const)(
    'issues an accepted note in the %s generation to the original receptor, related to the CCF, valid against %s',
    async (generacion, esquema, retencion, receptorDeLaNota) => {
      const tenant = await createTestTenant({ generacion });
      const ccf = await emitirCcf(tenant, 100, { isRetenIva: true });
      const res = await api('POST', '/dte/dte05', tenant, nota(ccf.codigoGeneracion, 20, { isRetenIva: true }));
      expect(res.status).toBe(201);
      const d = res.body.data;
      expect(d).toMatchObject({
        tipo: 'NOTA_CREDITO',
        estado: 'PROCESSED',
        numeroControl: expect.stringMatching(/^DTE-05-/),
      });
      expect(validateMhSchema(esquema, d.dteJson)).toEqual([]);
      expect(d.dteJson.documentoRelacionado).toEqual([
        expect.objectContaining({ tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: ccf.codigoGeneracion }),
      ]);
      expect(d.dteJson.receptor).toEqual(receptorDeLaNota(ccf.dteJson.receptor as Receptor));
      // By hand: 20.00 + IVA 2.60 = 22.60; retention 1 % of 20.00 = 0.20.
      expect(d.dteJson.resumen).toMatchObject({ totalGravada: 20, montoTotalOperacion: 22.6, [retencion]: 0.2 });
      expect(d.total).toBe('22.60');
    },
  );

  reglasDelOriginal('/dte/dte05', () => tenant);

  it('never credits more than remains of the original, under concurrency (CREDIT_EXCEEDS_ORIGINAL)', async () => {
    // 100.00 + IVA = 113.00; each note 20.00 + IVA = 22.60, so exactly five fit.
    const ccf = await emitirCcf(tenant, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', '/dte/dte05', tenant, nota(ccf.codigoGeneracion, 20))),
    );
    const aceptadas = results.filter((r) => r.status === 201);
    expect(aceptadas.map((r) => r.body.data.estado)).toEqual(Array(5).fill('PROCESSED'));
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(5).fill([400, 'CREDIT_EXCEEDS_ORIGINAL']));
    expect(refused[0]!.body.saldoDisponible).toBe(0);

    const otra = await api('POST', '/dte/dte05', tenant, nota(ccf.codigoGeneracion, 0.01));
    expect(otra.status).toBe(400);
    expect(otra.body.code).toBe('CREDIT_EXCEEDS_ORIGINAL');
  }, 120000);

  it('gives back the amount of a note MH rejected', async () => {
    const ccf = await emitirCcf(tenant, 100);
    await simulator('/reject', {
      next: 1,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: 'X',
      emisor: tenant.nit,
    });
    const rechazada = await api('POST', '/dte/dte05', tenant, nota(ccf.codigoGeneracion, 100));
    expect(rechazada.body.data.estado).toBe('REJECTED');
    const total = await api('POST', '/dte/dte05', tenant, nota(ccf.codigoGeneracion, 100));
    expect(total.status).toBe(201);
    expect(total.body.data).toMatchObject({ estado: 'PROCESSED', total: '113.00' });
  });
});
