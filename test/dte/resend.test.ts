import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

/** POST /dte/resend/:codigoGeneracion on the real stack: the mail goes through the worker to maildev. */
describe('POST /dte/resend/:codigoGeneracion', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const factura = (correo?: string) =>
    api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Ana López', ...(correo ? { correo } : {}) },
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });

  const sentTo = (address: string, numeroControl: string) => (m: { to: { address: string }[]; subject: string }) =>
    m.to.some((t) => t.address === address) && m.subject.includes(numeroControl);

  it('resends to the receptor, then to an override address for that resend only', async () => {
    const receptor = `resend-${Date.now()}@example.test`;
    const issued = await factura(receptor);
    expect(issued.body.data.estado).toBe('PROCESSED');
    const { codigoGeneracion, numeroControl } = issued.body.data;

    const again = await api('POST', `/dte/resend/${codigoGeneracion.toLowerCase()}`, tenant);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      status: 'success',
      message: expect.any(String),
      data: {
        codigoGeneracion,
        emailEnviado: receptor,
        correoEnviado: true,
        tipo: 'FACTURA_CONSUMIDOR_FINAL',
        estado: 'PROCESSED',
      },
    });

    const other = `override-${Date.now()}@example.test`;
    const overridden = await api('POST', `/dte/resend/${codigoGeneracion}`, tenant, { email: other });
    expect(overridden.status).toBe(200);
    expect(overridden.body.data).toMatchObject({ emailEnviado: other, correoEnviado: true });
    const mail = await waitForMail(sentTo(other, numeroControl));
    expect(mail.attachments?.map((a) => a.contentType).sort()).toEqual(['application/json', 'application/pdf']);

    // The override is not remembered: the next resend goes to the receptor again.
    const third = await api('POST', `/dte/resend/${codigoGeneracion}`, tenant);
    expect(third.body.data.emailEnviado).toBe(receptor);
    const res = await fetch(`${stack().maildev}/email`);
    const toReceptor = ((await res.json()) as { to: { address: string }[]; subject: string }[]).filter(
      sentTo(receptor, numeroControl),
    );
    // Resends answer once SMTP took the mail, so both are there whether or not the issuance's own has arrived.
    expect(toReceptor.length).toBeGreaterThanOrEqual(2);
  });

  it('asks for an address when the document has none', async () => {
    const issued = await factura();
    const res = await api('POST', `/dte/resend/${issued.body.data.codigoGeneracion}`, tenant, {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('EMAIL_NOT_AVAILABLE');
    const bad = await api('POST', `/dte/resend/${issued.body.data.codigoGeneracion}`, tenant, { email: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a rejected document with 409 DOCUMENT_REJECTED', async () => {
    await simulator('/reject', {
      next: 1,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: '[resumen.totalIva] CALCULO INCORRECTO',
      emisor: tenant.nit,
    });
    const issued = await factura('rechazo@example.test');
    expect(issued.body.data.estado).toBe('REJECTED');
    const res = await api('POST', `/dte/resend/${issued.body.data.codigoGeneracion}`, tenant);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DOCUMENT_REJECTED');
  });

  it("answers 404 for an unknown document and for another emisor's", async () => {
    const unknown = await api('POST', '/dte/resend/6F1C9A0E-2B7D-4C3A-9E5F-0A1B2C3D4E5F', tenant);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('DOCUMENT_NOT_FOUND');
    const issued = await factura('ajeno@example.test');
    const stranger = await createTestTenant();
    const res = await api('POST', `/dte/resend/${issued.body.data.codigoGeneracion}`, stranger);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('DOCUMENT_NOT_FOUND');
  });
});
