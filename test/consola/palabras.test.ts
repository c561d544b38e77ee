import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'puppeteer-core';
import { abrirNavegador, entrarComo, enviar, revisar, textoDe } from '../support/consola';
import { emitir } from '../support/fixtures';
import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, enEstado, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The console in a person's words (issue 52), in a real browser on the real stack: the invalidation is
 * checked and restated before anything reaches MH, a refused field keeps what was typed with a sentence
 * beside it; a resend names the address it went to in full to whom may resend, masked to the others; no
 * estado is shown by the API's code; and every page of the menu fits a 390 px phone with its whole menu
 * reachable. Each page passes axe-core and is saved to .data/artefactos/consola-palabras-*.png.
 */
describe('web console: human wording and the phone', () => {
  let tenant: TestTenant;
  let browser: Browser;
  let admin: Page;
  const url = (ruta: string) => `${stack().api}${ruta}`;
  /** The API's estado codes, which a screen never shows. */
  const CODIGOS = /\b(PROCESSED|REJECTED|CONTINGENCIA|CANCELLED|PENDIENTE)\b/;

  const factura = (correo: string) =>
    emitir(tenant, '/dte/dte01', {
      receptor: { nombre: 'Juana Martínez', tipoDocumento: '13', numDocumento: '012345678', correo },
      items: [{ descripcion: 'Café molido 500 g', cantidad: 2, precioUnitario: 6.5 }],
      condicionOperacion: 1,
    });

  /** What the page shows, its lists' choices included. */
  const visible = async (page: Page) =>
    `${await page.evaluate(() => document.body.innerText)}\n${(
      await page.$$eval('option', (os) => os.map((o) => o.textContent ?? ''))
    ).join('\n')}`;

  const valorDe = (page: Page, nombre: string) =>
    page.$eval(`#anular [name=${nombre}]`, (c) => (c as HTMLInputElement | HTMLSelectElement).value);

  async function llenarAnulacion(page: Page, campos: Record<string, string>) {
    for (const [nombre, valor] of Object.entries(campos)) {
      const selector = `#anular [name=${nombre}]`;
      if (await page.$eval(selector, (c) => c.tagName === 'SELECT')) await page.select(selector, valor);
      else {
        await page.$eval(selector, (c) => ((c as HTMLInputElement).value = ''));
        await page.type(selector, valor);
      }
    }
  }

  beforeAll(async () => {
    tenant = await createTestTenant();
    browser = await abrirNavegador();
    admin = await entrarComo(browser, tenant.emisorId, 'ADMINISTRADOR', 'Adela Administradora');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  it('restates the invalidation before sending it, keeps what was typed beside a refused field, and cancels sending nothing', async () => {
    const d = await factura(`anular-${randomUUID()}@example.test`);
    await admin.goto(url(`/consola/documentos/${d.codigoGeneracion}`));
    const tecleado = {
      tipoAnulacion: '2',
      motivoAnulacion: 'El cliente devolvió la mercadería',
      nombreResponsable: 'Adela Administradora',
      tipDocResponsable: '13',
      numDocResponsable: '012345678',
      // Too short: MH asks at least 5 characters.
      nombreSolicita: 'Ana',
      tipDocSolicita: '13',
      numDocSolicita: '012345678',
    };
    await llenarAnulacion(admin, tecleado);
    const refusal = await enviar(admin, '#anular button[type=submit]');
    expect(refusal.status()).toBe(400);
    // The same document's page, the sentence beside its field, everything typed kept.
    expect(await admin.$eval('h1', (h) => h.textContent)).toBe(d.numeroControl);
    expect(await admin.$eval('#error-nombreSolicita', (e) => e.textContent)).toBe(
      'Nombre de quien solicita: escriba al menos 5 caracteres',
    );
    expect(await admin.$eval('#campo-nombreSolicita', (c) => c.getAttribute('aria-describedby'))).toBe(
      'error-nombreSolicita',
    );
    for (const [nombre, valor] of Object.entries(tecleado))
      expect([nombre, await valorDe(admin, nombre)]).toEqual([nombre, valor]);
    expect(await textoDe(admin)).not.toContain('motivo.nombreSolicita');
    await revisar(admin, 'palabras-anular-error');
    expect((await (await testDatabase()).models.Document.findById(d.codigoGeneracion).lean())?.estado).toBe(
      'PROCESSED',
    );

    await llenarAnulacion(admin, { nombreSolicita: 'Ana Pérez' });
    await enviar(admin, '#anular button[type=submit]');
    // What will be invalidated, restated: nothing was sent yet.
    const registro = await (await testDatabase()).models.Document.findById(d.codigoGeneracion).lean();
    const confirmacion = await textoDe(admin);
    expect(await admin.$eval('h1', (h) => h.textContent)).toBe(`¿Anular ${d.numeroControl}?`);
    for (const dato of [
      'Factura',
      d.numeroControl,
      'Juana Martínez',
      // 2 × $6.50, IVA included in a Factura's prices.
      '$13.00',
      String(registro!.fecEmi),
      'El cliente devolvió la mercadería',
      '2 · Rescindir la operación',
      'Ninguno',
      'Ana Pérez',
    ])
      expect([dato, confirmacion.includes(dato)]).toEqual([dato, true]);
    await revisar(admin, 'palabras-anular-confirmacion');
    await enviar(admin, 'a.boton.secundario[href$="' + d.codigoGeneracion + '"]');
    expect(new URL(admin.url()).pathname).toBe(`/consola/documentos/${d.codigoGeneracion}`);
    expect(await admin.$eval('.ficha', (f) => (f as HTMLElement).innerText)).toContain('Aceptado');
    const sinAnular = await (await testDatabase()).models.Document.findById(d.codigoGeneracion).lean();
    expect([sinAnular?.estado, sinAnular?.anulacion ?? null]).toEqual(['PROCESSED', null]);

    await llenarAnulacion(admin, { ...tecleado, nombreSolicita: 'Ana Pérez' });
    await enviar(admin, '#anular button[type=submit]');
    await enviar(admin, 'form[action$="/anular"] button.peligro');
    expect(await admin.$eval('.aviso.ok', (p) => (p as HTMLElement).innerText)).toBe('Documento anulado');
    expect(await admin.$eval('.ficha', (f) => (f as HTMLElement).innerText)).toContain('Anulado');
    expect((await enEstado(d.codigoGeneracion, 'CANCELLED')).anulacion).not.toBeNull();
    expect(await visible(admin)).not.toMatch(CODIGOS);
    await revisar(admin, 'palabras-anulado');
  });

  it('names the full address a resend went to to whom may resend, masked to a role that may not', async () => {
    const d = await factura(`receptor-${randomUUID()}@example.test`);
    const facturador = await entrarComo(browser, tenant.emisorId, 'FACTURADOR', 'Fabio Facturador');
    const otro = `contabilidad-${randomUUID()}@example.test`;
    await facturador.goto(url(`/consola/documentos/${d.codigoGeneracion}`));
    await facturador.type('form[action$="/reenviar"] input[name=email]', otro);
    await enviar(facturador, 'form[action$="/reenviar"] button');
    await waitForMail((m) => m.to.some((t) => t.address === otro));
    expect(await facturador.$eval('.aviso.ok', (p) => (p as HTMLElement).innerText)).toBe(
      `Documento reenviado a ${otro}`,
    );
    expect(await facturador.$eval('.historia', (o) => (o as HTMLElement).innerText)).toContain(
      `Correo enviado a ${otro}`,
    );
    await revisar(facturador, 'palabras-reenviado');

    // The accountant resends nothing: the address masked, as the record's view keeps it.
    const contador = await entrarComo(browser, tenant.emisorId, 'CONTADOR', 'Carla Contadora');
    await contador.goto(url(`/consola/documentos/${d.codigoGeneracion}`));
    const historia = await contador.$eval('.historia', (o) => (o as HTMLElement).innerText);
    expect(historia).toContain('Correo enviado a c***@example.test');
    expect(await visible(contador)).not.toContain(otro);
    expect(await visible(contador)).not.toMatch(CODIGOS);
  });

  it('fits every page of the menu in a 390 px phone, the whole menu in view and reached by the keyboard', async () => {
    await factura(`lista-${randomUUID()}@example.test`);
    await admin.setViewport({ width: 390, height: 844 });
    await admin.goto(url('/consola/documentos'));
    const enlaces = await admin.$$eval('header nav a', (as) => as.map((a) => a.getAttribute('href')!));
    expect(enlaces).toEqual(
      expect.arrayContaining(['/consola/documentos', '/consola/operaciones', '/consola/usuarios']),
    );
    for (const enlace of enlaces) {
      await admin.goto(url(enlace));
      const medida = await admin.evaluate(() => ({
        ancho: document.documentElement.scrollWidth,
        // Each link of the menu is on screen and is what a finger on its middle touches.
        fuera: Array.from(document.querySelectorAll('header nav a')).flatMap((a) => {
          const r = a.getBoundingClientRect();
          const tocado = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return r.width > 0 && r.left >= 0 && r.right <= 390 && tocado === a ? [] : [a.getAttribute('href')];
        }),
      }));
      expect([enlace, medida]).toEqual([enlace, { ancho: 390, fuera: [] }]);
      expect([enlace, CODIGOS.exec(await visible(admin))?.[0] ?? null]).toEqual([enlace, null]);
    }
    // From the top of the page, the keyboard reaches every link of the menu.
    await admin.goto(url('/consola/documentos'));
    const alcanzados = new Set<string>();
    for (let i = 0; i < enlaces.length + 2; i++) {
      await admin.keyboard.press('Tab');
      const foco = await admin.evaluate(
        () => document.activeElement?.closest('header nav') && document.activeElement.getAttribute('href'),
      );
      if (foco) alcanzados.add(foco);
    }
    expect([...alcanzados].sort()).toEqual([...enlaces].sort());
    await admin.setViewport({ width: 1280, height: 900 });
    await revisar(admin, 'palabras-documentos');
  });
});
