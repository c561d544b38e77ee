import fs from 'node:fs';
import path from 'node:path';
import { contribuyente } from '../support/fixtures';
import { api, closeTestDatabase, createTestTenant } from '../support/tenant';

const ROOT = path.resolve(__dirname, '../..');

/**
 * MH's official 2023 file compiled as published, its per-departamento municipio patterns included: they
 * are the pre-2024 codes, so a receptor carrying one passes them unchanged.
 */
const deDominio = (m: string) => require(require.resolve(m, { paths: [path.join(ROOT, 'packages/domain')] })); // eslint-disable-line @typescript-eslint/no-require-imports
const Ajv = deDominio('ajv').default;
const ajv = new Ajv({ strict: false, allErrors: true, multipleOfPrecision: 8 });
deDominio('ajv-formats').default(ajv);
const { $schema: _s, ...ccfV3 } = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'packages/domain/src/mh/schemas/fe-ccf-v3.json'), 'utf8'),
);
const validaCcfV3 = ajv.compile(ccfV3);
/** The schema's complaints about the receptor (the test emisor's own address is a 2024 one, which they refuse). */
function erroresDelReceptor(dte: unknown): unknown[] {
  validaCcfV3(dte);
  return (validaCcfV3.errors ?? []).filter((e: { instancePath: string }) => e.instancePath.startsWith('/receptor'));
}

const ccf = (direccion: Record<string, unknown>) => ({
  receptor: { ...contribuyente(), direccion: { complemento: 'Barrio El Centro, 2a calle', ...direccion } },
  items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
  condicionOperacion: 1,
});

afterAll(() => closeTestDatabase());

/** Receptor addresses with a municipio from before the 2024 reform, as MH took them in 2025. */
describe('pre-2024 municipio codes', () => {
  it('are issued as given in the 2023 generation, accepted by MH and valid under its published schema', async () => {
    const tenant = await createTestTenant({ generacion: '2023' });
    for (const [departamento, municipio] of [
      ['11', '23'],
      ['03', '07'],
    ]) {
      const res = await api('POST', '/dte/dte03', tenant, ccf({ departamento, municipio }));
      expect([departamento, municipio, res.status, res.body.data?.estado]).toEqual([
        departamento,
        municipio,
        201,
        'PROCESSED',
      ]);
      expect(res.body.data.dteJson.receptor.direccion).toEqual({
        departamento,
        municipio,
        complemento: 'Barrio El Centro, 2a calle',
      });
      expect(erroresDelReceptor(res.body.data.dteJson)).toEqual([]);
      // The patterns do apply: the same receptor with its 2024 municipio fails them.
      const con2024 = structuredClone(res.body.data.dteJson);
      con2024.receptor.direccion.municipio = departamento === '11' ? '26' : '20';
      expect(erroresDelReceptor(con2024)).not.toEqual([]);
    }
    // Neither a 2024 nor an older code of that departamento; an older code with another distrito.
    const ninguno = await api('POST', '/dte/dte03', tenant, ccf({ departamento: '06', municipio: '25' }));
    expect([ninguno.status, ninguno.body.errors]).toEqual([
      400,
      [expect.objectContaining({ field: 'receptor.direccion.municipio' })],
    ]);
    const otroDistrito = await api(
      'POST',
      '/dte/dte03',
      tenant,
      ccf({ departamento: '11', municipio: '23', distrito: '05' }),
    );
    expect([otroDistrito.status, otroDistrito.body.errors]).toEqual([
      400,
      [expect.objectContaining({ field: 'receptor.direccion.distrito' })],
    ]);
  });

  it('are refused in the 2026 generation, naming the field and what it takes instead', async () => {
    const tenant = await createTestTenant();
    const res = await api('POST', '/dte/dte03', tenant, ccf({ departamento: '11', municipio: '23' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [
        {
          field: 'receptor.direccion.municipio',
          // Usulután (11/23) lies in Usulután Este, 25 in CAT-013.
          message: expect.stringContaining('con el municipio de 2024 que lo contiene (CAT-013: 25, USULUTAN ESTE)'),
        },
      ],
    });
    // Written the 2024 way (a municipio of CAT-013, the old code as its distrito) it is accepted.
    const nuevo = await api('POST', '/dte/dte03', tenant, ccf({ departamento: '11', municipio: '25', distrito: '23' }));
    expect([nuevo.status, nuevo.body.data?.estado, nuevo.body.data?.dteJson.receptor.direccion]).toEqual([
      201,
      'PROCESSED',
      { departamento: '11', municipio: '25', distrito: '23', complemento: 'Barrio El Centro, 2a calle' },
    ]);
  });
});

/** MH's 2026 annexes require departamento, municipio and distrito to correspond. */
describe('a distrito and its municipio', () => {
  it('is refused outside its municipio before anything is numbered, and taken in it', async () => {
    const tenant = await createTestTenant();
    // Distrito 14 of San Salvador (06) is the old municipio San Salvador, in San Salvador Centro (23), not Norte (20).
    const ajeno = await api('POST', '/dte/dte03', tenant, ccf({ departamento: '06', municipio: '20', distrito: '14' }));
    expect([ajeno.status, ajeno.body.code, ajeno.body.errors]).toEqual([
      400,
      'VALIDATION_ERROR',
      [
        {
          field: 'receptor.direccion.distrito',
          message: expect.stringContaining('está en el municipio 23 (SAN SALVADOR CENTRO)'),
        },
      ],
    ]);
    const propio = await api(
      'POST',
      '/dte/dte03',
      tenant,
      ccf({ departamento: '06', municipio: '23', distrito: '14' }),
    );
    expect([propio.status, propio.body.data?.estado, propio.body.data?.dteJson.receptor.direccion]).toEqual([
      201,
      'PROCESSED',
      { departamento: '06', municipio: '23', distrito: '14', complemento: 'Barrio El Centro, 2a calle' },
    ]);
    // The refused request took no correlativo: the accepted CCF is the tenant's first.
    expect(propio.body.data.dteJson.identificacion.numeroControl).toMatch(/-000000000000001$/);
  });
});
