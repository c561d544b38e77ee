import { contribuyente, emitirCcf, emitirFactura, hoy } from '../support/fixtures';
import { waitForObject } from '../support/storage';
import { stack } from '../support/stack';
import { unzip } from '../support/zip';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

async function descargar(tenant: TestTenant, query: string) {
  const res = await fetch(`${stack().api}/dte/export${query}`, { headers: tenant.headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** GET /dte/export on the real stack. */
describe('exporting a period', () => {
  let tenant: TestTenant;
  let otro: TestTenant;
  let documentos: Record<string, string>[];

  beforeAll(async () => {
    [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
    const factura = await emitirFactura(tenant);
    const ccf = await emitirCcf(tenant, 100, {
      receptor: { ...contribuyente(), nombre: '=HYPERLINK("x"), "Ñandú"' },
    });
    await simulator('/reject', { next: 1, codigoMsg: '096', clasificaMsg: '98', emisor: tenant.nit });
    const rechazada = await emitirFactura(tenant);
    expect(rechazada.estado).toBe('REJECTED');
    documentos = [factura, ccf, rechazada];
  });
  afterAll(() => closeTestDatabase());

  it('answers one CSV row per document of the period, oldest first, quoted as RFC 4180', async () => {
    const res = await descargar(tenant, `?desde=${hoy()}&hasta=${hoy()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="dte-${hoy()}-${hoy()}.csv"`);
    const lineas = res.body.toString('utf8').split('\r\n');
    expect(lineas[0]).toBe(
      'codigoGeneracion,numeroControl,tipo,fecEmi,estado,total,selloRecibido,receptorNombre,receptorIdentificadores,ambiente',
    );
    expect(lineas.at(-1)).toBe('');
    const filas = lineas.slice(1, -1);
    expect(filas.map((f) => f.split(',')[0])).toEqual(documentos.map((d) => d.codigoGeneracion));
    const [factura, ccf] = documentos as [Record<string, string>, Record<string, string>];
    expect(filas[0]).toBe(
      [factura.codigoGeneracion, factura.numeroControl, 'FACTURA_CONSUMIDOR_FINAL', hoy(), 'PROCESSED', '5.00']
        .concat([factura.selloRecibido!, '', '', 'TEST'])
        .join(','),
    );
    // By hand: 100.00 + 13 % IVA = 113.00. The name is quoted, its quotes doubled, the formula defused.
    expect(filas[1]).toContain(
      `,CREDITO_FISCAL,${hoy()},PROCESSED,113.00,${ccf.selloRecibido},"'=HYPERLINK(""x""), ""Ñandú""",`,
    );
    expect(filas[2]).toContain(',REJECTED,5.00,,');
  });

  it('answers a ZIP with the Archivo DTE and the PDF of each document that has them', async () => {
    const [factura, ccf] = documentos as [Record<string, string>, Record<string, string>];
    const pdfs = await Promise.all([factura, ccf].map((d) => waitForObject(d.dtePdfUrl!)));
    const res = await descargar(tenant, `?desde=${hoy()}&hasta=${hoy()}&formato=zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = await unzip(res.body);
    expect([...files.keys()].sort()).toEqual(
      [factura, ccf]
        .flatMap((d) => [`${hoy()}/${d.codigoGeneracion}.json`, `${hoy()}/${d.codigoGeneracion}.pdf`])
        .sort(),
    );
    for (const [i, d] of [factura, ccf].entries()) {
      const archivo = await api('GET', `/dte/${d.codigoGeneracion}/json`, tenant);
      expect(JSON.parse(files.get(`${hoy()}/${d.codigoGeneracion}.json`)!.toString('utf8'))).toEqual(archivo.body);
      expect(files.get(`${hoy()}/${d.codigoGeneracion}.pdf`)!.equals(pdfs[i]!)).toBe(true);
    }
  });

  it('has nothing of another emisor, and nothing outside the period', async () => {
    const ajeno = await descargar(otro, `?desde=${hoy()}&hasta=${hoy()}`);
    expect(ajeno.body.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1);
    const antes = await descargar(tenant, '?desde=2021-01-01&hasta=2021-12-31');
    expect(antes.body.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it.each([
    ['', 'desde'],
    ['?desde=2026-01-01', 'hasta'],
    ['?desde=2026-02-01&hasta=2026-01-01', 'desde'],
    ['?desde=2026-01-01&hasta=2026-01-31&formato=pdf', 'formato'],
    // Beyond what a query can mean: after tomorrow in El Salvador, before the first DTEs, longer than a year.
    ['?desde=2026-11-01&hasta=9999-12-31', 'hasta'],
    ['?desde=2020-12-31&hasta=2021-01-31', 'desde'],
    ['?desde=2025-01-01&hasta=2026-01-02', 'hasta'],
  ])('refuses %s with 400 VALIDATION_ERROR', async (query, field) => {
    const res = await api('GET', `/dte/export${query}`, tenant);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });
});
