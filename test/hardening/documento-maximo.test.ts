import { loadConfig } from '@dte/config';
import { mailAttachment, waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant } from '../support/tenant';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string; numpages: number }> = require('pdf-parse/lib/pdf-parse.js');

/**
 * A document of MH's largest size — 2,000 items with the longest descriptions MH's 2026 schema takes
 * (1,500 characters) — is issued, stored, rendered and e-mailed like any other: no payload of it crosses
 * Temporal, and the e-mail links to the files that would take it past MAIL_MAX_BYTES.
 */
describe('hardening: a document of MH maximum size', () => {
  afterAll(() => closeTestDatabase());

  it('is answered 201, its PDF stored and its e-mail sent within the size limit, with links to its files', async () => {
    const tenant = await createTestTenant();
    const config = loadConfig(stack().env);
    const correo = `maximo-${Date.now()}@example.test`;
    const descripcion = (i: number) =>
      `Ítem ${String(i + 1).padStart(4, '0')} ${'descripción larga, '.repeat(80)}`.slice(0, 1500);
    const items = Array.from({ length: 2000 }, (_, i) => ({
      descripcion: descripcion(i),
      cantidad: 1,
      precioUnitario: 1.13,
    }));
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo },
      items,
      condicionOperacion: 1,
    });
    expect(res.status).toBe(201);
    const d = res.body.data;
    // By hand: 2,000 × 1.13 = 2,260.00, of which IVA 2,260 × 13/113 = 260.00.
    expect(d).toMatchObject({ estado: 'PROCESSED', total: '2260.00' });
    expect(d.dteJson.cuerpoDocumento).toHaveLength(2000);
    expect(d.dteJson.cuerpoDocumento[1999].descripcion).toHaveLength(1500);
    expect(d.dteJson.resumen).toMatchObject({ totalGravada: 2260, totalIva: 260 });

    const pdf = await waitForObject(d.dtePdfUrl);
    const { text, numpages } = await pdfParse(pdf);
    expect(numpages).toBeGreaterThan(100);
    expect(text).toContain(`Página ${numpages} de ${numpages}`);
    // Money in cents: the item IVA 1.13 × 13/113 = 0.13 (0.13000000 on record), not 8 decimals.
    expect(text).not.toMatch(/\$0\.13000000/);

    const mail = await waitForMail((m) => m.to.some((t) => t.address === correo));
    const raw = await (await fetch(`${stack().maildev}/email/${mail.id}/download`)).arrayBuffer();
    expect(raw.byteLength).toBeLessThanOrEqual(config.MAIL_MAX_BYTES);
    const cuerpo = (await (await fetch(`${stack().maildev}/email/${mail.id}`)).json()) as { text: string };
    const enlaces = cuerpo.text.match(/^http\S+$/gm) ?? [];
    expect(enlaces.length).toBeGreaterThanOrEqual(1);
    const adjuntos = new Set(mail.attachments?.map((a) => a.fileName));
    // Each file is either attached or linked, and a link downloads it.
    for (const ext of ['json', 'pdf']) {
      const nombre = `${d.codigoGeneracion}.${ext}`;
      const enlace = enlaces.find(
        (e) => e.includes(`${d.codigoGeneracion}.${ext}`) || e.includes(`%2F${nombre}`) || e.includes(`/${nombre}`),
      );
      expect([nombre, adjuntos.has(nombre) || Boolean(enlace)]).toEqual([nombre, true]);
      if (enlace) {
        const descarga = Buffer.from(await (await fetch(enlace)).arrayBuffer());
        if (ext === 'pdf') expect(descarga.equals(pdf)).toBe(true);
        else expect(JSON.parse(descarga.toString()).selloRecibido).toBe(d.selloRecibido);
      } else {
        const adjunto = mail.attachments!.find((a) => a.fileName === nombre)!;
        expect((await mailAttachment(mail, adjunto.generatedFileName)).length).toBeGreaterThan(0);
      }
    }
  }, 420000);
});
