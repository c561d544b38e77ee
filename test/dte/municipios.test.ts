import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@dte/config';
import { SecretBox } from '@dte/store';
import { Tenants } from '../../apps/api/src/admin/tenants';
import { contribuyente } from '../support/fixtures';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase } from '../support/tenant';

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

/** Receptor addresses with a municipio from before the 2024 reform, as MH took them in 2025. */
describe('pre-2024 municipio codes', () => {
  afterAll(() => closeTestDatabase());

  const ccf = (direccion: Record<string, unknown>) => ({
    receptor: { ...contribuyente(), direccion: { complemento: 'Barrio El Centro, 2a calle', ...direccion } },
    items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
    condicionOperacion: 1,
  });

  it('are issued as given in the 2023 generation, accepted by MH and valid under its published schema', async () => {
    const tenant = await createTestTenant();
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
    const box = new SecretBox(loadConfig(stack().env).SECRET_KEY);
    await new Tenants(await testDatabase(), box).setNormativa(tenant.emisorId, '2026', new Date(Date.now() - 60_000));
    await new Promise((r) => setTimeout(r, 1200)); // TENANT_CACHE_SECONDS
    const res = await api('POST', '/dte/dte03', tenant, ccf({ departamento: '11', municipio: '23' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [
        {
          field: 'receptor.direccion.municipio',
          message: expect.stringContaining('anterior a 2024'),
        },
      ],
    });
    // Written the 2024 way (a municipio of CAT-013, the old code as its distrito) it is accepted.
    const nuevo = await api('POST', '/dte/dte03', tenant, ccf({ departamento: '11', municipio: '26', distrito: '23' }));
    expect([nuevo.status, nuevo.body.data?.estado, nuevo.body.data?.dteJson.receptor.direccion]).toEqual([
      201,
      'PROCESSED',
      { departamento: '11', municipio: '26', distrito: '23', complemento: 'Barrio El Centro, 2a calle' },
    ]);
  });
});
