import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import { anulacionRescindida } from '../support/fixtures';
import { abrirNavegador, enviar, entrarComo, revisar, sinPlazos, textoDe } from '../support/consola';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

/**
 * The emisor's logo (admin CLI `emisor branding --logo`), which its documents' public pages show: drawn as SVG,
 * taken as the PNG the CLI takes (PNG or JPEG only) by Chromium's screenshot of it, 120 × 48 px.
 */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48"><rect width="120" height="48" rx="8" ' +
  'fill="#b42318"/><text x="60" y="31" font-size="20" font-family="sans-serif" fill="#fff" ' +
  'text-anchor="middle">DEMO</text></svg>';

/**
 * A document's "Compartir" in the console, in a real browser (issue 53): a person who may resend makes a
 * share link, reads it in a field to copy with its WhatsApp link, opens the public page it leads to (looked
 * at on a phone and a desk), and revokes the document's links after a confirmation; the page then is gone.
 * Once the document is invalidated, its page says so.
 */
describe('web console: sharing a document', () => {
  let tenant: TestTenant;
  let browser: Browser;
  let page: Page;
  let doc: { codigoGeneracion: string; numeroControl: string };

  beforeAll(async () => {
    tenant = await createTestTenant();
    browser = await abrirNavegador();
    const dibujo = await browser.newPage();
    await dibujo.setViewport({ width: 120, height: 48 });
    await dibujo.setContent(`<body style="margin:0">${LOGO_SVG}</body>`);
    const logo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dte-logo-')), 'logo.png');
    await dibujo.screenshot({ path: logo, clip: { x: 0, y: 0, width: 120, height: 48 } });
    await dibujo.close();
    await exec(
      'node',
      ['apps/api/dist/admin/cli.js', 'emisor', 'branding', '--emisor', String(tenant.emisorId), '--logo', logo],
      {
        env: { ...process.env, ...stack().env },
      },
    );
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Carla Méndez', telefono: '2222-3333' },
      items: [{ descripcion: 'Pintura blanca 1 galón', cantidad: 3, precioUnitario: 12.25 }],
      condicionOperacion: 1,
    });
    expect(res.status).toBe(201);
    doc = res.body.data;
    page = await entrarComo(browser, tenant.emisorId, 'FACTURADOR', 'Fernando Facturador');
  });
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  it('makes a link to copy and share by WhatsApp, whose page shows the document without signing in', async () => {
    await page.goto(`${stack().api}/consola/documentos/${doc.codigoGeneracion}`);
    expect(await textoDe(page)).toContain('Nadie ha abierto aún la página del documento.');
    await revisar(page, 'documento-compartir');
    await enviar(page, `form[action$="/compartir"] button`);
    const url = await page.$eval('.enlace-compartir input', (i) => (i as HTMLInputElement).value);
    expect(url).toMatch(new RegExp(`^${stack().api}/d/[A-Za-z0-9_-]{43}$`));
    const whatsapp = await page.$eval('a[href^="https://wa.me/"]', (a) => (a as HTMLAnchorElement).href);
    expect(whatsapp.startsWith('https://wa.me/50322223333?text=')).toBe(true);
    expect(whatsapp).toContain(encodeURIComponent(url));
    expect(await textoDe(page)).toContain('Cópielo ahora');
    await revisar(page, 'compartir-enlace');

    // The public page, in a context with no session of the console.
    const publica = sinPlazos(await (await browser.createBrowserContext()).newPage());
    await publica.setViewport({ width: 1280, height: 900 });
    const res = await publica.goto(url);
    expect(res!.status()).toBe(200);
    const texto = await textoDe(publica);
    expect(texto).toContain(doc.numeroControl);
    expect(texto).toContain('Descargar PDF');
    expect(texto).toContain('Verificar en Hacienda');
    // The logo loads from the page's own link, under the page's CSP.
    expect(await publica.$eval('header.emisor img', (i) => (i as HTMLImageElement).naturalWidth)).toBe(120);
    await revisar(publica, 'documento-publico');

    await page.goto(`${stack().api}/consola/documentos/${doc.codigoGeneracion}`);
    expect(await textoDe(page)).toContain('Su página se abrió 1 vez.');
    await enviar(page, `form[action$="/revocar-enlaces"] button`);
    expect(await textoDe(page)).toContain('dejarán de funcionar');
    await revisar(page, 'compartir-revocar');
    await enviar(page, 'form.acciones button.peligro');
    expect(await textoDe(page)).toContain('Enlaces para compartir revocados');

    const despues = await publica.goto(url);
    expect(despues!.status()).toBe(404);
    expect(await textoDe(publica)).toContain('El enlace no es válido o ya no está disponible');
    await revisar(publica, 'documento-publico-no-disponible');

    // Invalidated, the document's page says so first.
    expect((await api('POST', '/dte/anulacion', tenant, anulacionRescindida(doc.codigoGeneracion))).status).toBe(200);
    const nuevo = await api('POST', `/dte/${doc.codigoGeneracion}/enlace`, tenant);
    await publica.goto(nuevo.body.data.url);
    expect(await publica.$eval('[role=alert]', (e) => (e as HTMLElement).innerText)).toContain('Documento invalidado');
    await revisar(publica, 'documento-publico-invalidado');
  });
});
