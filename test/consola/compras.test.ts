import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { loadConfig } from '@dte/config';
import { hashToken, SecretBox, Tenants } from '@dte/store';
import { infraccionesDeAccesibilidad } from '../support/accesibilidad';
import { sinPlazos } from '../support/consola';
import { alReceptor, archivoDte, emitir } from '../support/fixtures';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The console's purchases that wait for a person, in a real browser on the real stack: an accountant with
 * COMPRAS_CONFIRMAR opens MH's consulta pública from the document's page and records that it matches, in two
 * steps; a choice forgotten is told beside its field with the note kept; a colleague without the permission
 * reads but cannot decide. Each page passes axe-core's WCAG 2.1 A/AA rules, and is saved to
 * /tmp/consola-compras-*.png (1280 and 390 px wide) to be looked at.
 */
describe('web console: received documents that wait for a person', () => {
  let receptor: TestTenant;
  let proveedor: TestTenant;
  let browser: Browser;
  const personas = {} as Record<'contadora' | 'soporte', string>;
  let cg: string;
  const url = (ruta: string) => `${stack().api}${ruta}`;

  beforeAll(async () => {
    [receptor, proveedor] = await Promise.all([createTestTenant(), createTestTenant()]);
    const db = await testDatabase();
    const config = loadConfig(stack().env);
    const propio = await db.models.ApiToken.findById(hashToken(receptor.token)).lean();
    const tenants = new Tenants(db, new SecretBox(config.SECRET_KEY));
    const token = async (name: string, permissions: string[]) =>
      (
        await tenants.createToken({
          emisorId: receptor.emisorId,
          establecimientoId: propio!.establecimientoId,
          puntoVentaId: propio!.puntoVentaId,
          name,
          permissions,
        })
      ).token;
    personas.contadora = await token('Marta (contadora)', ['CONSOLA', 'COMPRAS', 'COMPRAS_CONFIRMAR']);
    personas.soporte = await token('Ana (soporte)', ['CONSOLA', 'COMPRAS']);
    // 2,000.00 → 2,260.00, above the service's 1,000.00: it waits for a person.
    const doc = await emitir(proveedor, '/dte/dte03', {
      receptor: await alReceptor(receptor),
      items: [{ descripcion: 'Mobiliario de oficina', cantidad: 1, precioUnitario: 2000 }],
      condicionOperacion: 1,
    });
    cg = doc.codigoGeneracion;
    const recibido = await api('POST', '/compras', receptor, await archivoDte(proveedor, doc));
    expect(recibido.body.data.estado).toBe('POR_CONFIRMAR');
    browser = await puppeteer.launch({
      executablePath: config.CHROMIUM_PATH,
      headless: true,
      pipe: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  async function entrar(token: string): Promise<Page> {
    const page = sinPlazos(await (await browser.createBrowserContext()).newPage());
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(url('/consola/entrar/token'));
    await page.type('input[name=token]', token);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    return page;
  }
  const texto = (page: Page) => page.$eval('main', (m) => (m as HTMLElement).innerText);

  /** The page at 1280 and at 390 px, whole, with nothing wider than the phone at 390. */
  async function captura(page: Page, nombre: string): Promise<void> {
    for (const ancho of [1280, 390]) {
      await page.setViewport({ width: ancho, height: 900 });
      const alto = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewport({ width: ancho, height: alto });
      await page.screenshot({ path: `/tmp/consola-compras-${nombre}-${ancho}.png` });
      if (ancho === 390)
        expect([nombre, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([nombre, 390]);
    }
    await page.setViewport({ width: 1280, height: 900 });
  }

  it('lists the document, opens it with MH’s consulta pública, and records the decision after a confirmation', async () => {
    const page = await entrar(personas.contadora);
    await page.goto(url('/consola/compras'));
    expect(await texto(page)).toContain('MONTO_SOBRE_UMBRAL');
    expect(await infraccionesDeAccesibilidad(page)).toEqual([]);
    await captura(page, 'lista');

    await Promise.all([page.waitForNavigation(), page.click(`a[href="/consola/compras/${cg}"]`)]);
    const consulta = await page.$eval('a[target=_blank]', (a) => ({
      href: (a as HTMLAnchorElement).href,
      rel: a.getAttribute('rel'),
      texto: (a as HTMLElement).innerText,
    }));
    expect(consulta).toEqual({
      href: (await api('GET', `/compras/${cg}`, receptor)).body.data.verificacion.consultaPublica,
      rel: 'noopener noreferrer',
      texto: 'Abrir la consulta pública de MH',
    });
    expect(await texto(page)).toContain('Por confirmar');
    expect(await infraccionesDeAccesibilidad(page)).toEqual([]);
    await captura(page, 'documento');

    // No choice made: told beside its field, the note kept.
    await page.type('textarea[name=nota]', 'Revisado con la factura en papel');
    const sinElegir = await Promise.all([page.waitForNavigation(), page.click('form.accion button[type=submit]')]);
    expect(sinElegir[0]!.status()).toBe(400);
    expect(await page.$eval('fieldset .error-campo', (p) => (p as HTMLElement).innerText)).toBe(
      'Elija si el documento coincide o no con la consulta pública de MH',
    );
    expect(await page.$eval('textarea[name=nota]', (t) => (t as HTMLTextAreaElement).value)).toBe(
      'Revisado con la factura en papel',
    );
    expect(await infraccionesDeAccesibilidad(page)).toEqual([]);
    await captura(page, 'error');

    await page.click('input[name=coincide][value=si]');
    await Promise.all([page.waitForNavigation(), page.click('form.accion button[type=submit]')]);
    expect(await texto(page)).toContain('Pasará a Confirmado y contará en el libro de compras');
    // Nothing recorded before the second step.
    expect((await api('GET', `/compras/${cg}`, receptor)).body.data.estado).toBe('POR_CONFIRMAR');
    expect(await infraccionesDeAccesibilidad(page)).toEqual([]);
    await captura(page, 'confirmacion');

    await Promise.all([page.waitForNavigation(), page.click('form.accion button[type=submit]')]);
    expect(page.url()).toBe(url(`/consola/compras/${cg}?hecho=confirmado`));
    const final = await texto(page);
    expect(final).toContain('Decisión registrada');
    expect(final).toContain('Confirmado');
    expect(final).toContain('Marta (contadora) lo comparó con la consulta pública de MH');
    await captura(page, 'confirmado');
    const compra = (await api('GET', `/compras/${cg}`, receptor)).body.data;
    expect([compra.estado, compra.confirmacion.por.nombre, compra.confirmacion.nota]).toEqual([
      'CONFIRMADO',
      'Marta (contadora)',
      'Revisado con la factura en papel',
    ]);
  });

  it('shows a colleague without COMPRAS_CONFIRMAR the document, not the decision', async () => {
    const page = await entrar(personas.soporte);
    await page.goto(url(`/consola/compras/${cg}`));
    expect(await texto(page)).toContain('Este documento no espera confirmación');
    const otro = await emitir(proveedor, '/dte/dte03', {
      receptor: await alReceptor(receptor),
      items: [{ descripcion: 'Escritorio', cantidad: 1, precioUnitario: 1500 }],
      condicionOperacion: 1,
    });
    await api('POST', '/compras', receptor, await archivoDte(proveedor, otro));
    await page.goto(url(`/consola/compras/${otro.codigoGeneracion}`));
    expect(await texto(page)).toContain('Confirmarlo requiere el permiso COMPRAS_CONFIRMAR');
    expect(await page.$('textarea[name=nota]')).toBeNull();
  });
});
