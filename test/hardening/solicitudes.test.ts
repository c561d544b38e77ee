import { Client, Connection } from '@temporalio/client';
import { contribuyente, hoy } from '../support/fixtures';
import { stack } from '../support/stack';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');

/**
 * Requests a probe of the running service found answered badly (issue "Hardening"): each is refused with
 * a 4xx before anything starts, or issued normally; none hangs or answers 500.
 */
describe('hardening: requests', () => {
  let tenant: TestTenant;
  let connection: Connection;
  beforeAll(async () => {
    tenant = await createTestTenant();
    connection = await Connection.connect({ address: stack().temporalGrpc });
  });
  afterAll(async () => {
    await connection?.close();
    await closeTestDatabase();
  });

  /** The workflows of the tenant's emisor Temporal knows, of any status. */
  async function workflowsDelEmisor(): Promise<string[]> {
    const ids: string[] = [];
    const client = new Client({ connection });
    for await (const w of client.workflow.list({ query: `DteEmisor = "${tenant.emisorId}"` })) ids.push(w.workflowId);
    return ids;
  }

  it('refuses a huge total (99,999,999,999 × 11.30) with 400, starting nothing', async () => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
      items: [{ descripcion: 'P', cantidad: 99999999999, precioUnitario: 11.3 }],
      condicionOperacion: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'items[0]' }] });
    expect(await workflowsDelEmisor()).toEqual([]);
    expect(await (await testDatabase()).models.IssueRequest.countDocuments({ emisorId: tenant.emisorId })).toBe(0);
  });

  it('issues a request carrying a deeply nested unknown field with an Idempotency-Key (201, not 500)', async () => {
    // Written as text: 20,000 levels are past what a recursive walk (JSON.stringify included) survives.
    const anidado = `${'{"a":'.repeat(20000)}true${'}'.repeat(20000)}`;
    const body = `{"receptor":{},"items":[{"descripcion":"X","cantidad":1,"precioUnitario":1}],"condicionOperacion":1,"extra":${anidado}}`;
    const res = await fetch(`${stack().api}/dte/dte01`, {
      method: 'POST',
      headers: { ...tenant.headers, 'idempotency-key': `anidado-${Date.now()}` },
      body,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: { estado: string } }).data.estado).toBe('PROCESSED');
  });

  it('refuses a retention on a document dated after the comprobante itself', async () => {
    const res = await api('POST', '/dte/dte07', tenant, {
      receptor: contribuyente(),
      cuerpoDocumento: [
        {
          numItem: 1,
          tipoDte: '03',
          tipoGeneracion: 1,
          numDocumento: 'A1234',
          fechaEmision: '2099-01-01',
          montoSujetoGrav: 100,
          codigoRetencionMH: '22',
          ivaRetenido: 1,
          descripcion: 'Retención',
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'cuerpoDocumento[0].fechaEmision', message: expect.stringContaining(hoy()) }],
    });
  });

  it('refuses control characters, NUL and bidi overrides in text, naming the fields', async () => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan \u202EzeréP' },
      items: [{ descripcion: 'Caf\u0000é', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['items[0].descripcion', 'receptor.nombre']);
  });

  it('prints accented text and emoji on the PDF as they were sent', async () => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Ñandú Peña Güemes' },
      items: [{ descripcion: 'Café de altura ☕ 👩‍💻', cantidad: 1, precioUnitario: 4.5 }],
      condicionOperacion: 1,
    });
    expect(res.status).toBe(201);
    const pdf = await waitForObject(res.body.data.dtePdfUrl);
    const text = (await pdfParse(pdf)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Ñandú Peña Güemes');
    expect(text).toContain('Café de altura');
    // The emoji are drawn with Debian's colour emoji font, embedded in the PDF.
    expect(pdf.toString('latin1')).toMatch(/NotoColorEmoji/);
  });

  it('refuses two different tokens in x-api-token and Authorization with 400; the same one twice is fine', async () => {
    const otro = await createTestTenant();
    const ambiguo = await fetch(`${stack().api}/dte/information`, {
      headers: { 'x-api-token': tenant.token, authorization: `Bearer ${otro.token}` },
    });
    expect(ambiguo.status).toBe(400);
    expect(await ambiguo.json()).toMatchObject({ code: 'AUTH_TOKEN_AMBIGUOUS' });
    const igual = await fetch(`${stack().api}/dte/information`, {
      headers: { 'x-api-token': tenant.token, authorization: `Bearer ${tenant.token}` },
    });
    expect(igual.status).toBe(200);
  });
});
