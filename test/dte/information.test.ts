import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/** GET /dte/information: the token's emisor, establishment and point of sale, and its permissions. */
describe('GET /dte/information', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  it('answers every field of the spec and the permissions, and no secret', async () => {
    const res = await api('GET', '/dte/information', tenant);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const { emisor, permissions } = res.body.data;
    expect(Object.keys(res.body.data).sort()).toEqual(['emisor', 'normativa', 'permissions']);
    expect(Object.keys(emisor).sort()).toEqual(
      [
        'id',
        'nit',
        'nrc',
        'nombre',
        'nombreComercial',
        'codigoActividad',
        'actividadEconomica',
        'direccion',
        'tipoEstablecimiento',
        'departamento',
        'municipio',
        'distrito',
        'telefono',
        'logoUrl',
        'colorPrincipal',
        'colorSecundario',
        'colorFondo',
        'codEstableMH',
        'codEstable',
        'codPuntoVentaMH',
        'codPuntoVenta',
        'ambiente',
        'clientId',
        'createdAt',
      ].sort(),
    );
    expect(emisor).toMatchObject({
      id: tenant.emisorId,
      nit: tenant.nit,
      codEstable: 'M001',
      codPuntoVenta: 'P001',
      ambiente: 'TEST',
    });
    expect(typeof emisor.direccion).toBe('string');
    expect(Number.isInteger(emisor.clientId)).toBe(true);
    expect(new Date(emisor.createdAt).toISOString()).toBe(emisor.createdAt);
    for (const color of ['colorPrincipal', 'colorSecundario', 'colorFondo'])
      expect(emisor[color]).toMatch(/^#[0-9A-F]{6}$/i);
    expect(permissions).toEqual(expect.arrayContaining(['FACTURA_CONSUMIDOR_FINAL', 'ANULACION']));
    // The suites run pinned to the 2026 generation (NORMATIVA_2026_DESDE on 1 January 2026, global-setup);
    // a token with every permission sees the schema of each kind.
    expect(res.body.data.normativa).toMatchObject({
      generacion: '2026',
      corte: { generacion: '2026', desde: '2026-01-01T06:00:00.000Z', origen: 'SERVICIO' },
      eventos: {
        invalidacion: { version: 3, esquema: 'invalidacion-schema-v3' },
        contingencia: { version: 4, esquema: 'contingencia-schema-v4' },
      },
    });
    expect(res.body.data.normativa.documentos.map((d: { esquema: string }) => d.esquema)).toEqual([
      'fe-f-v2',
      'fe-ccf-v4',
      'fe-nr-v4',
      'fe-nc-v4',
      'fe-nd-v4',
      'fe-cr-v2',
      'fe-cl-v2',
      'fe-dcl-v2',
      'fe-fex-v3',
      'fe-fse-v2',
      'fe-cd-v2',
      'fe-eret-v1',
    ]);
    expect(emisor.distrito).toBe('14');

    const text = JSON.stringify(res.body);
    for (const secret of ['secrets', 'mhPassword', 'certificado', 'password', 'privateKey', tenant.token]) {
      expect(text).not.toContain(secret);
    }
  });

  it('refuses a request without a valid token', async () => {
    const res = await api('GET', '/dte/information', null);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTH_TOKEN_MISSING');
  });
});
