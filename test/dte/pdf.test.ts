import { stack } from '../support/stack';
import { testStore } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

/** GET /dte/pdf/:codigoGeneracion in every format, on the real stack. */
describe('GET /dte/pdf/:codigoGeneracion', () => {
  let tenant: TestTenant;
  let doc: { codigoGeneracion: string; dtePdfUrl: string };

  beforeAll(async () => {
    tenant = await createTestTenant();
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    doc = res.body.data;
  });
  afterAll(() => closeTestDatabase());

  async function get(format?: string, who: TestTenant = tenant, codigo = doc.codigoGeneracion) {
    const query = format ? `?format=${format}` : '';
    return fetch(`${stack().api}/dte/pdf/${codigo}${query}`, { headers: who.headers });
  }

  it('streams the PDF inline by default (right after the issuance answer) and as an attachment on download', async () => {
    const view = await get();
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('application/pdf');
    expect(view.headers.get('content-disposition')).toBe(`inline; filename="${doc.codigoGeneracion}.pdf"`);
    expect(
      Buffer.from(await view.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    const download = await get('download');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${doc.codigoGeneracion}.pdf"`);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
  });

  it('returns a presigned URL that downloads the PDF, with its lifetime', async () => {
    const res = await get('url');
    const body = (await res.json()) as {
      status: string;
      data: { url: string; expiresIn: number; filename: string; codigoGeneracion: string };
    };
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({
      codigoGeneracion: doc.codigoGeneracion,
      expiresIn: 900,
      filename: `${doc.codigoGeneracion}.pdf`,
    });
    const pdf = await fetch(body.data.url);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
  });

  it('returns the PDF as base64', async () => {
    const body = (await (await get('base64')).json()) as {
      data: { base64: string; contentType: string; filename: string };
    };
    expect(body.data.contentType).toBe('application/pdf');
    expect(body.data.filename).toBe(`${doc.codigoGeneracion}.pdf`);
    expect(Buffer.from(body.data.base64, 'base64').subarray(0, 4).toString()).toBe('%PDF');
  });

  it('renders the PDF again when it is missing from storage', async () => {
    const store = testStore();
    await store.remove(doc.dtePdfUrl);
    expect(await store.exists(doc.dtePdfUrl)).toBe(false);
    const res = await get('download');
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    expect(await store.exists(doc.dtePdfUrl)).toBe(true);
  });

  it('refuses an unknown format with 400, and answers 404 for unknown documents and for another emisor', async () => {
    const bad = await get('docx');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    const unknown = await get('view', tenant, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('DOCUMENT_NOT_FOUND');
    const other = await createTestTenant();
    const foreign = await get('view', other);
    expect(foreign.status).toBe(404);
  });

  it('answers 409 PDF_NOT_AVAILABLE for a document MH rejected', async () => {
    await simulator('/reject', { next: 1, codigoMsg: '003', clasificaMsg: '13', emisor: tenant.nit });
    const rejected = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
    });
    expect(rejected.body.data.estado).toBe('REJECTED');
    const res = await get('view', tenant, rejected.body.data.codigoGeneracion);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('PDF_NOT_AVAILABLE');
  });
});
