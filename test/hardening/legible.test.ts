import { mailAttachment, waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';
import { anulacionRescindida } from '../support/fixtures';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');

/** What a person reads: an invalidated document says so everywhere, a retorno names what it returns and why. */
describe('hardening: the legible version', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const pdfText = async (codigoGeneracion: string) => {
    const res = await api('GET', `/dte/pdf/${codigoGeneracion}?format=base64`, tenant);
    expect(res.status).toBe(200);
    return (await pdfParse(Buffer.from(res.body.data.base64, 'base64'))).text.replace(/\s+/g, ' ');
  };

  it('marks an invalidated document INVALIDADO on its PDF and in the resend e-mail', async () => {
    const correo = `invalidado-${Date.now()}@example.test`;
    const emitido = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo },
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    const { codigoGeneracion } = emitido.body.data;
    expect(await pdfText(codigoGeneracion)).not.toContain('INVALIDADO');
    const anulada = await api('POST', '/dte/anulacion', tenant, anulacionRescindida(codigoGeneracion));
    expect(anulada.status).toBe(200);
    expect(await pdfText(codigoGeneracion)).toContain('DOCUMENTO INVALIDADO');

    const reenvio = await api('POST', `/dte/resend/${codigoGeneracion}`, tenant, {});
    expect(reenvio.body.data).toMatchObject({ correoEnviado: true, estado: 'CANCELLED' });
    const mail = await waitForMail((m) => m.to.some((t) => t.address === correo) && m.subject.startsWith('INVALIDADO'));
    expect(mail.subject).toMatch(/^INVALIDADO - /);
    const { text } = (await (await fetch(`${stack().maildev}/email/${mail.id}`)).json()) as { text: string };
    expect(text).toContain('DOCUMENTO INVALIDADO: este documento fue invalidado ante el Ministerio de Hacienda');
    const pdf = mail.attachments!.find((a) => a.fileName === `${codigoGeneracion}.pdf`)!;
    const adjunto = (await pdfParse(await mailAttachment(mail, pdf.generatedFileName))).text;
    expect(adjunto).toContain('DOCUMENTO INVALIDADO');
  });

  it('shows on the retorno PDF the document returned and the motivo', async () => {
    const factura = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'Silla', cantidad: 2, precioUnitario: 20 }],
      condicionOperacion: 1,
    });
    const retorno = await api('POST', '/dte/retorno', tenant, {
      documentoOrigen: factura.body.data.codigoGeneracion,
      items: [{ numItem: 1, cantidadRetorno: 1 }],
      motivo: 'Pata rota al entregar',
    });
    expect(retorno.status).toBe(201);
    const text = await pdfText(retorno.body.data.codigoGeneracion);
    expect(text).toContain('DOCUMENTOS RELACIONADOS');
    expect(text).toContain(factura.body.data.codigoGeneracion.slice(0, 18));
    expect(text).toContain('Motivo del retorno: Pata rota al entregar');
  });
});
