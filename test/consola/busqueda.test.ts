import type { Browser, Page } from 'puppeteer-core';
import { Auditoria } from '@dte/store';
import { abrirNavegador, enviar, entrarComo, revisar, textoDe } from '../support/consola';
import { eventually } from '../support/eventually';
import type { MaildevMessage } from '../support/maildev';
import { stack } from '../support/stack';
import { unzip } from '../support/zip';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The console's search box and what is done with the documents marked on the list, on the real stack: support
 * finds a document by a lower-case fragment of the receptor's name and by a DUI typed with its dash, a query
 * that can find nothing is told beside the box with the filters kept, and the marked documents are resent
 * (each audited), downloaded as one zip of PDFs and exported as CSV.
 */
describe('web console: search and the marked documents', () => {
  let tenant: TestTenant;
  let browser: Browser;
  let page: Page;
  const correo = (quien: string) => `${quien}-${Date.now()}@example.test`;
  const docs: { codigoGeneracion: string; numeroControl: string; para: string }[] = [];
  const url = (ruta: string) => `${stack().api}${ruta}`;

  const factura = async (nombre: string, numDocumento: string, para: string) => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre, tipoDocumento: '13', numDocumento, correo: para },
      items: [{ descripcion: 'Café molido 500 g', cantidad: 2, precioUnitario: 6.5 }],
      condicionOperacion: 1,
    });
    expect(res.status).toBe(201);
    return { ...(res.body.data as { codigoGeneracion: string; numeroControl: string }), para };
  };

  /** How many e-mails maildev holds to an address. */
  const correosA = async (para: string) =>
    ((await (await fetch(`${stack().maildev}/email`)).json()) as MaildevMessage[]).filter((m) =>
      m.to.some((t) => t.address === para),
    ).length;

  /** The numeros de control of the list's rows, top to bottom. */
  const filas = () => page.$$eval('tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent!.trim()));

  /** What the list's form answers for the marked documents and `accion`, fetched by the page itself. */
  const descargar = (accion: string) =>
    page.evaluate(async (a) => {
      const form = document.querySelector('form.seleccion') as HTMLFormElement;
      const datos = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      datos.set('accion', a);
      const res = await fetch(form.action, { method: 'POST', body: datos });
      const bytes = new Uint8Array(await res.arrayBuffer());
      let binario = '';
      for (const b of bytes) binario += String.fromCharCode(b);
      return { status: res.status, tipo: res.headers.get('content-type'), cuerpo: btoa(binario) };
    }, accion);

  beforeAll(async () => {
    tenant = await createTestTenant();
    docs.push(await factura('Ferretería Núñez', '012345678', correo('nunez')));
    docs.push(await factura('José Álvarez', '098765432', correo('alvarez')));
    docs.push(await factura('Ferretería El Martillo', '055555555', correo('martillo')));
    browser = await abrirNavegador();
    page = await entrarComo(browser, tenant.emisorId, 'SOPORTE', 'Sofía de Soporte');
  });
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  it('finds a document by a lower-case fragment of the receptor’s name and by a DUI with its dash', async () => {
    await page.type('input[name=q]', 'ferre');
    await enviar(page, 'form.filtros button[type=submit]');
    expect(await filas()).toEqual([docs[2]!.numeroControl, docs[0]!.numeroControl]);
    await revisar(page, 'busqueda-nombre');

    await page.goto(url('/consola/documentos'));
    await page.type('input[name=q]', '01234567-8');
    await enviar(page, 'form.filtros button[type=submit]');
    expect(await filas()).toEqual([docs[0]!.numeroControl]);
    expect(await textoDe(page)).toContain('Ferretería Núñez');
  });

  it('tells a query that can find nothing beside the box, and keeps the filters', async () => {
    await page.goto(url('/consola/documentos?q=de&estado=PROCESSED'));
    expect(await page.$eval('#error-q', (e) => e.textContent)).toContain('al menos 3 letras');
    expect(await page.$eval('input[name=q]', (i) => (i as HTMLInputElement).value)).toBe('de');
    expect(await page.$eval('select[name=estado]', (s) => (s as HTMLSelectElement).value)).toBe('PROCESSED');
    await revisar(page, 'busqueda-error');
  });

  it('resends the marked documents, each audited, and downloads their PDFs as a zip and as CSV', async () => {
    await page.goto(url('/consola/documentos?q=ferre'));
    // Marked with the keyboard: the first box, then the next one.
    await page.focus('tbody input[type=checkbox]');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    const marcados = await page.$$eval('tbody input:checked', (is) => is.map((i) => (i as HTMLInputElement).value));
    expect(marcados).toEqual([docs[2]!.codigoGeneracion, docs[0]!.codigoGeneracion]);
    await revisar(page, 'busqueda-marcados');

    const zip = await descargar('pdf');
    expect([zip.status, zip.tipo]).toEqual([200, 'application/zip']);
    const archivos = await unzip(Buffer.from(zip.cuerpo, 'base64'));
    expect([...archivos.keys()].sort()).toEqual([`${docs[0]!.numeroControl}.pdf`, `${docs[2]!.numeroControl}.pdf`]);
    for (const pdf of archivos.values()) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const csv = await descargar('csv');
    expect([csv.status, csv.tipo]).toEqual([200, 'text/csv; charset=utf-8']);
    const lineas = Buffer.from(csv.cuerpo, 'base64').toString('utf8').trim().split('\r\n');
    expect(lineas[0]).toMatch(/^codigoGeneracion,numeroControl,/);
    expect(
      lineas
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual([docs[0]!.codigoGeneracion, docs[2]!.codigoGeneracion].sort());
    // 2 × 6.50 = 13.00, IVA included in a Factura's price.
    expect(lineas.slice(1).every((l) => l.includes(',13.00,'))).toBe(true);

    await enviar(page, 'form.seleccion button[value=reenviar]');
    expect(await textoDe(page)).toContain('2 de 2 documentos reenviados');
    await revisar(page, 'busqueda-reenviados');
    for (const d of [docs[0]!, docs[2]!]) {
      // The issuance's e-mail, then the resend's.
      await eventually(`the resend to ${d.para}`, async () => (await correosA(d.para)) === 2);
      const entradas = await new Auditoria((await testDatabase()).connection).deDocumento(
        tenant.emisorId,
        d.codigoGeneracion,
      );
      expect(entradas.filter((e) => e.accion === 'DTE_REENVIADO')).toHaveLength(1);
    }
    // The document not marked got its issuance's e-mail alone.
    expect(await correosA(docs[1]!.para)).toBeLessThan(2);
  });
});
