// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');
import { contribuyente } from '../support/fixtures';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/** Several payments on the real stack: accepted by MH without observaciones, printed, and refused when they do not add up. */
describe('pagos', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  // One service of 100.00 plus 13 % IVA: totalPagar = 113.00.
  const ccf = (pagos: object[]) => ({
    receptor: contribuyente(),
    items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 }],
    condicionOperacion: 2,
    pagos,
  });

  it('splits a CCF on credit between a card and a transfer', async () => {
    const res = await api(
      'POST',
      '/dte/dte03',
      tenant,
      ccf([
        { codigo: '03', montoPago: 63, plazo: '01', periodo: 30 },
        { codigo: '05', montoPago: 50, plazo: '02', periodo: 1, referencia: 'TRF-88' },
      ]),
    );
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d.estado).toBe('PROCESSED');
    expect(d.respuestaMh.observaciones).toEqual([]);
    expect(d.dteJson.resumen).toMatchObject({
      totalPagar: 113,
      pagos: [
        { codigo: '03', montoPago: 63, referencia: null, plazo: '01', periodo: 30 },
        { codigo: '05', montoPago: 50, referencia: 'TRF-88', plazo: '02', periodo: 1 },
      ],
    });
    const { text } = await pdfParse(await waitForObject(d.dtePdfUrl));
    expect(text).toContain('63.00');
    expect(text).toContain('50.00');
  });

  it('refuses payments that do not add up, before a correlativo is taken', async () => {
    const antes = await api(
      'POST',
      '/dte/dte03',
      tenant,
      ccf([{ codigo: '03', montoPago: 113, plazo: '01', periodo: 30 }]),
    );
    expect(antes.status).toBe(201);
    const res = await api(
      'POST',
      '/dte/dte03',
      tenant,
      ccf([
        { codigo: '03', montoPago: 63, plazo: '01', periodo: 30 },
        { codigo: '05', montoPago: 49.99, plazo: '01', periodo: 30 },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'pagos', message: 'Los montoPago suman 112.99; el total a pagar es 113.00' }],
    });
    const despues = await api(
      'POST',
      '/dte/dte03',
      tenant,
      ccf([{ codigo: '01', montoPago: 113, plazo: '01', periodo: 1 }]),
    );
    const correlativo = (r: { body: { data: { numeroControl: string } } }) =>
      Number(r.body.data.numeroControl.slice(-15));
    expect(correlativo(despues)).toBe(correlativo(antes) + 1);
  });
});
