import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { abrirNavegador, entrarComo, enviar, revisar, textoDe } from '../support/consola';
import { eventually } from '../support/eventually';
import { archivoDte, emitir } from '../support/fixtures';
import { archivosPrevios, zipDe } from '../support/importacion';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';
import { auditadas } from '../clientes/libreta';

/**
 * The console's Importar page (issue 53) in a real browser on the real stack: the emisor's administrator
 * uploads a ZIP of two Facturas issued with a previous provider and another emisor's, follows the import's
 * progress to its end, and reads why a file was not imported; a FACTURADOR is not offered the page. Pages
 * pass axe-core's WCAG 2.1 A/AA rules and are saved to .data/artefactos/consola-importacion*-*.png.
 */
describe('web console: importing the documents issued with a previous provider', () => {
  let emisor: TestTenant;
  let browser: Browser;
  let zip: string;
  const url = (ruta: string) => `${stack().api}${ruta}`;

  beforeAll(async () => {
    let otro: TestTenant;
    let plantillas: TestTenant;
    [emisor, otro, plantillas] = await Promise.all([createTestTenant(), createTestTenant(), createTestTenant()]);
    const fe = await archivoDte(
      plantillas,
      await emitir(plantillas, '/dte/dte01', {
        receptor: {},
        items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 11.3 }],
        condicionOperacion: 1,
      }),
    );
    const [a, b] = await archivosPrevios(emisor, fe, 2, { fecEmi: '2026-11-03' });
    const [c] = await archivosPrevios(otro, fe, 1, { fecEmi: '2026-11-03' });
    zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'consola-importacion-')), 'anterior.zip');
    fs.writeFileSync(zip, await zipDe({ 'a.json': a!, 'b.json': b!, 'c.json': c! }));
    browser = await abrirNavegador();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  it('imports an administrator’s upload, shows its progress to the end and why a file was not imported', async () => {
    const page = await entrarComo(browser, emisor.emisorId, 'ADMINISTRADOR', 'Ana Administradora');
    await page.goto(url('/consola/importaciones'));
    expect(await textoDe(page)).toContain('Aún no se importó nada.');
    await revisar(page, 'importaciones');
    const archivo = (await page.$('input[type=file][name=archivo]'))!;
    await archivo.uploadFile(zip);
    await enviar(page, 'form[action="/consola/importaciones"] button');
    expect(new URL(page.url()).pathname).toMatch(/^\/consola\/importaciones\/[0-9A-F-]{36}$/);
    // The page reloads itself while the import runs.
    await eventually('the import to end on its page', async () => {
      await page.reload();
      return (await textoDe(page)).includes('3 de 3 archivos revisados: 2 importados, 1 no importado.');
    });
    const texto = await textoDe(page);
    expect(texto).toContain('c.json');
    expect(texto).toMatch(/Lo emitió el NIT \d+, no el emisor/);
    expect(await page.$('meta[http-equiv=refresh]')).toBeNull();
    await revisar(page, 'importacion');

    await page.goto(url('/consola/importaciones'));
    expect(await textoDe(page)).toContain('anterior.zip');
    const [auditada] = await auditadas(emisor, 'IMPORTACION_INICIADA');
    expect(auditada).toMatchObject({ actor: { tipo: 'USUARIO' }, endpoint: 'POST /consola/importaciones' });
    expect((await api('GET', '/dte?desde=2026-11-03&hasta=2026-11-03', emisor)).body.data).toHaveLength(2);
  });

  it('offers a FACTURADOR no Importar, and refuses the page', async () => {
    const page = await entrarComo(browser, emisor.emisorId, 'FACTURADOR', 'Fabio Facturador');
    await page.goto(url('/consola/documentos'));
    expect(await page.$('nav a[href="/consola/importaciones"]')).toBeNull();
    const res = await page.goto(url('/consola/importaciones'));
    expect(res!.status()).toBe(403);
    expect(await textoDe(page)).toContain('IMPORTACION');
  });
});
