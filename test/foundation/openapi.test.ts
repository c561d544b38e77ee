import type { DteTipo } from '@dte/domain';
import { openApiDocument } from '../../apps/api/src/openapi/document';
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { errorBody, information, issued } from '../../apps/api/src/openapi/schemas';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant } from '../support/tenant';

/** The reference as the running API serves it, and the answers it documents as the API gives them. */
describe('GET /openapi.json and /docs', () => {
  afterAll(() => closeTestDatabase());
  const doc = openApiDocument();

  it('serves the generated OpenAPI document without a token', async () => {
    const res = await fetch(`${stack().api}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('serves the reference page without a token, under a CSP that lets its one inline style through', async () => {
    const res = await fetch(`${stack().api}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/style-src [^;]*'unsafe-inline'/);
    const html = await res.text();
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`<code>${path}</code>`);
  });

  it('documents what the API answers: the documented examples issue the documented totals', async () => {
    const tenant = await createTestTenant();
    const info = await api('GET', '/dte/information', tenant);
    expect(information.safeParse(info.body).error?.issues ?? []).toEqual([]);

    const issue = async (path: string, tipo: DteTipo, body: object = ISSUANCE_EXAMPLES[tipo].body as object) => {
      const res = await api('POST', path, tenant, body);
      expect([tipo, res.status, issued.safeParse(res.body).error?.issues ?? []]).toEqual([tipo, 201, []]);
      expect(res.body.data).toMatchObject({ tipo, estado: 'PROCESSED', total: ISSUANCE_EXAMPLES[tipo].total });
      return res.body.data as { codigoGeneracion: string };
    };
    await issue('/dte/dte01', 'FACTURA_CONSUMIDOR_FINAL');
    await issue('/dte/dte07', 'COMPROBANTE_RETENCION');
    await issue('/dte/dte14', 'SUJETO_EXCLUIDO');
    const ccf = await issue('/dte/dte03', 'CREDITO_FISCAL');
    for (const [path, tipo] of [
      ['/dte/dte05', 'NOTA_CREDITO'],
      ['/dte/dte06', 'NOTA_DEBITO'],
    ] as const)
      await issue(path, tipo, { ...(ISSUANCE_EXAMPLES[tipo].body as object), codigoGeneracion: ccf.codigoGeneracion });

    const refused = await api('POST', '/dte/dte01', tenant, { items: [] });
    expect(refused.status).toBe(400);
    expect(errorBody.safeParse(refused.body).error?.issues ?? []).toEqual([]);
  });
});
