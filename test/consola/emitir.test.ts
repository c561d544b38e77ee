import type { Browser, Page } from 'puppeteer-core';
import { examples } from '@dte/domain';
import { abrirNavegador, enviar, entrarComo, revisar, textoDe } from '../support/consola';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * Issuing from the console (issue 51), in a real browser on the real stack: a FACTURADOR signs in, keeps a
 * customer and two products in the book and issues a Factura of three lines with a discount by keyboard
 * alone; CCFs with retención at 1280 and 390 px (a double submit issues once); a Nota de Crédito started
 * from a CCF's page; a Sujeto Excluido, an Exportación and a Donación. Each reaches PROCESSED with the
 * totals its preview showed, which are checked against MH's arithmetic done by hand here and against the
 * issued document (GET /dte/:cg). A NIT with a wrong check digit is told beside the field with everything
 * typed kept; a SOPORTE person sees no form. Each page passes axe-core's WCAG 2.1 A/AA rules and is saved
 * to .data/artefactos/consola-emitir-*.png at 1280 and 390 px.
 */
describe('web console: issuing documents', () => {
  let tenant: TestTenant;
  let browser: Browser;
  let facturador: Page;
  /** The CCF issued at 1280 px, which the Nota de Crédito adjusts. */
  let ccf = '';
  const url = (ruta: string) => `${stack().api}${ruta}`;
  const campo = (nombre: string) => `[name="${nombre}"]`;

  beforeAll(async () => {
    tenant = await createTestTenant();
    browser = await abrirNavegador();
    facturador = await entrarComo(browser, tenant.emisorId, 'FACTURADOR', 'Carla Facturadora');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  /**
   * Presses Tab until the focus is on `selector`, as a person does who uses no mouse; each stop on the way
   * must show that it has the focus.
   */
  async function tabHasta(page: Page, selector: string): Promise<void> {
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press('Tab');
      const foco = await page.evaluate((s) => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return { llegado: false, visible: true };
        const estilo = getComputedStyle(el);
        return { llegado: el.matches(s), visible: estilo.outlineStyle !== 'none' && estilo.outlineWidth !== '0px' };
      }, selector);
      expect([selector, i, foco.visible]).toEqual([selector, i, true]);
      if (foco.llegado) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }
  const teclear = async (page: Page, selector: string, texto: string) => {
    await tabHasta(page, selector);
    await page.keyboard.type(texto);
  };
  const enter = async (page: Page) => (await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]))[0]!;

  /** The preview's amounts as the page shows them: the resumen's by MH's name, each line's. */
  async function previstos(page: Page) {
    return page.$eval('#vista-previa', (panel) => {
      const valor = (el: Element) => Number(el.getAttribute('data-valor') ?? el.textContent!.replace(/[$,]/g, ''));
      return {
        resumen: Object.fromEntries(
          Array.from(panel.querySelectorAll('.totales [data-campo]')).map((d) => [
            d.getAttribute('data-campo')!,
            valor(d.querySelector('dd')!),
          ]),
        ),
        lineas: Array.from(panel.querySelectorAll('tbody tr')).map((tr) =>
          Object.fromEntries(
            Array.from(tr.querySelectorAll('td[data-campo]')).map((td) => [td.getAttribute('data-campo')!, valor(td)]),
          ),
        ),
        letras: panel.querySelector('.letras')?.textContent?.trim(),
      };
    });
  }

  /**
   * The issued document from the API, once PROCESSED: its resumen and lines are those the preview showed
   * (every amount shown is the document's), its total in letters too.
   */
  async function comoSuVistaPrevia(codigoGeneracion: string, vista: Awaited<ReturnType<typeof previstos>>) {
    const doc = await eventually(`${codigoGeneracion} to be PROCESSED`, async () => {
      const r = await api('GET', `/dte/${codigoGeneracion}`, tenant);
      return r.body.data?.estado === 'PROCESSED' && r.body.data;
    });
    const resumen = doc.dteJson.resumen as Record<string, unknown> & { tributos?: { codigo: string; valor: number }[] };
    for (const [campo, valor] of Object.entries(vista.resumen)) {
      const emitido = campo.startsWith('tributo-')
        ? resumen.tributos?.find((t) => `tributo-${t.codigo}` === campo)?.valor
        : resumen[campo];
      expect([campo, emitido]).toEqual([campo, valor]);
    }
    const lineas = doc.dteJson.cuerpoDocumento as Record<string, number>[];
    expect(vista.lineas).toEqual(
      lineas.map((l, i) => Object.fromEntries(Object.keys(vista.lineas[i] ?? {}).map((k) => [k, l[k]]))),
    );
    expect(resumen.totalLetras).toBe(vista.letras);
    return doc;
  }

  /** The result page: what it says of the document, after the redirect of «Emitir». */
  async function resultado(page: Page): Promise<string> {
    const codigoGeneracion = /\/consola\/emitido\/([0-9A-F-]{36})/.exec(page.url())?.[1];
    expect(codigoGeneracion).toBeDefined();
    return codigoGeneracion!;
  }

  it('keeps a customer and two products in the book, then issues a Factura of three lines by keyboard alone', async () => {
    const page = facturador;
    // The book, by its pages (mouse allowed here: what is keyboard-only is the issuance).
    await page.goto(url('/consola/clientes/nuevo'));
    await page.type(campo('nombre'), 'Ana Martínez');
    await page.select(campo('tipoDocumento'), '13');
    await page.type(campo('numDocumento'), '00016297-5');
    await page.type(campo('correo'), 'ana.martinez@example.test');
    await enviar(page, 'button[type=submit].guardar');
    expect(await textoDe(page)).toContain('Ana Martínez');
    for (const [codigo, descripcion, precio] of [
      ['CAF-500', 'Café molido 500 g', '5.65'],
      ['TAZ-01', 'Taza de cerámica', '3.39'],
    ]) {
      await page.goto(url('/consola/productos/nuevo'));
      await page.type(campo('codigo'), codigo!);
      await page.type(campo('descripcion'), descripcion!);
      await page.type(campo('precioUnitario'), precio!);
      await page.click(campo('precioIncluyeIva'));
      await enviar(page, 'button[type=submit].guardar');
      expect(await textoDe(page)).toContain(descripcion);
    }

    // From the documents page to the Factura's form by the menu.
    await page.goto(url('/consola/documentos'));
    await tabHasta(page, 'a[href="/consola/emitir"]');
    await enter(page);
    await revisar(page, 'emitir-tipos');
    await tabHasta(page, 'a[href="/consola/emitir/01"]');
    await enter(page);
    await revisar(page, 'emitir-factura-nueva');

    // The customer from the book: searched, then picked.
    await teclear(page, campo('buscarCliente'), 'martinez');
    await enter(page);
    await tabHasta(page, 'button[name=accion][value^="cliente:"]');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText)).toContain('Ana Martínez');
    await enter(page);
    expect(await page.$eval(campo('receptor.nombre'), (i) => (i as HTMLInputElement).value)).toBe('Ana Martínez');

    // Two lines from the catalog, by code and by description, and one typed.
    await teclear(page, campo('buscarProducto'), 'CAF-500');
    await enter(page);
    await tabHasta(page, 'button[name=accion][value^="producto:"]');
    await enter(page);
    await teclear(page, campo('items.0.cantidad'), '2');
    await teclear(page, campo('items.0.montoDescu'), '1.13');
    await teclear(page, campo('buscarProducto'), 'taza');
    await enter(page);
    await tabHasta(page, 'button[name=accion][value^="producto:"]');
    await enter(page);
    await teclear(page, campo('items.1.cantidad'), '3');
    await teclear(page, campo('items.2.descripcion'), 'Envío a domicilio');
    await teclear(page, campo('items.2.cantidad'), '1');
    await teclear(page, campo('items.2.precioUnitario'), '2.26');
    // Enter in a field previews.
    await enter(page);
    const vista = await previstos(page);
    // By hand: prices include IVA; 2 × 5.65 − 1.13 = 10.17, 3 × 3.39 = 10.17, 2.26; IVA = 22.60 × 13/113.
    expect(vista.resumen).toEqual({
      totalGravada: 22.6,
      subTotalVentas: 22.6,
      totalDescu: 1.13,
      subTotal: 22.6,
      montoTotalOperacion: 22.6,
      totalIva: 2.6,
      totalPagar: 22.6,
    });
    expect(vista.lineas).toEqual([
      { ventaGravada: 10.17, ivaItem: 1.17 },
      { ventaGravada: 10.17, ivaItem: 1.17 },
      { ventaGravada: 2.26, ivaItem: 0.26 },
    ]);
    expect(vista.letras).toBe('VEINTIDÓS DÓLARES CON 60/100');
    await revisar(page, 'emitir-factura-vista-previa');

    await tabHasta(page, '#emitir');
    await enter(page);
    const cg = await resultado(page);
    const doc = await comoSuVistaPrevia(cg, vista);
    expect(doc.dteJson.receptor).toMatchObject({ nombre: 'Ana Martínez', correo: 'ana.martinez@example.test' });
    expect(await textoDe(page)).toContain('MH aceptó el documento');
    expect(await textoDe(page)).toContain(doc.selloRecibido);
    // The e-mail to the customer, shown once sent.
    await eventually('the e-mail to the customer on the result page', async () => {
      await page.reload();
      return (await textoDe(page)).includes('Enviado a a***@example.test');
    });
    const pdf = await fetch(await page.$eval('a[href*="format=download"]', (a) => (a as HTMLAnchorElement).href), {
      headers: { cookie: (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    await revisar(page, 'emitir-resultado');
  }, 240_000);

  /** A form's fields as the browser would send them with «Emitir». */
  const camposDelFormulario = (page: Page) =>
    page.$eval('form.emision', (f) => {
      const campos: [string, string][] = [];
      new FormData(f as HTMLFormElement).forEach((v, k) => campos.push([k, String(v)]));
      return [...campos, ['accion', 'emitir']];
    });

  describe('a CCF with retención', () => {
    beforeAll(async () => {
      const { nit: _nit, ...contribuyente } = examples.contribuyente;
      const creado = await api('POST', '/clientes', tenant, { ...contribuyente, correo: 'cabal@example.test' });
      expect(creado.status).toBe(201);
    });

    it.each([1280, 390])(
      'is issued at %i px to a customer of the book, once however often «Emitir» is sent',
      async (ancho) => {
        const page = facturador;
        await page.setViewport({ width: ancho, height: 900 });
        await page.goto(url('/consola/emitir/03'));
        await page.type(campo('buscarCliente'), 'cabal');
        // At 1280 the script's typeahead offers the match as it is typed; at 390 the search is the form's own.
        if (ancho === 1280) await page.waitForSelector('#resultados-clientes button[value^="cliente:"]');
        else await enviar(page, 'button[value="buscar-cliente"]');
        await enviar(page, '#resultados-clientes button[value^="cliente:"]');
        expect(await page.$eval(campo('receptor.nit'), (i) => (i as HTMLInputElement).value)).toBe('06140101901015');
        await page.type(campo('items.0.descripcion'), 'Honorarios de consultoría');
        await page.type(campo('items.0.cantidad'), '4');
        await page.type(campo('items.0.precioUnitario'), '25.00');
        await enviar(page, 'button[value="agregar:items"]');
        await page.type(campo('items.1.descripcion'), 'Informe anual');
        await page.type(campo('items.1.cantidad'), '1');
        await page.type(campo('items.1.precioUnitario'), '150');
        await page.click(campo('isRetenIva'));
        await enviar(page, 'button[value="vista-previa"]');
        const vista = await previstos(page);
        // By hand: prices exclude IVA; 4 × 25 + 150 = 250.00, IVA 13 % 32.50, the 1 % retained 2.50.
        expect(vista.resumen).toEqual({
          totalGravada: 250,
          subTotalVentas: 250,
          subTotal: 250,
          'tributo-20': 32.5,
          ivaRete: 2.5,
          montoTotalOperacion: 282.5,
          totalPagar: 280,
        });
        expect(vista.lineas).toEqual([{ ventaGravada: 100 }, { ventaGravada: 150 }]);
        // Looked at once: `revisar` renders it at both widths.
        if (ancho === 390) await revisar(page, 'emitir-ccf-vista-previa');

        // «Emitir» sent twice, as a double click does: one document, both answered with it.
        const campos = await camposDelFormulario(page);
        const cookie = (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
        const emitirUnaVez = () =>
          fetch(url('/consola/emitir/03'), {
            method: 'POST',
            redirect: 'manual',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(campos).toString(),
          });
        const [a, b] = await Promise.all([emitirUnaVez(), emitirUnaVez()]);
        expect([a.status, b.status]).toEqual([303, 303]);
        expect(a.headers.get('location')).toBe(b.headers.get('location'));
        await page.goto(url(a.headers.get('location')!));
        const cg = await resultado(page);
        await comoSuVistaPrevia(cg, vista);
        const lista = await api('GET', `/dte?receptor=06140101901015&tipo=CREDITO_FISCAL&limit=100`, tenant);
        expect((lista.body.data as unknown[]).length).toBe(ancho === 1280 ? 1 : 2);
        if (ancho === 1280) ccf = cg;
        await page.setViewport({ width: 1280, height: 900 });
      },
      180_000,
    );

    it('tells a NIT with a wrong check digit beside the NIT, keeping everything typed', async () => {
      const page = facturador;
      await page.goto(url('/consola/emitir/03'));
      const escritos: Record<string, string> = {
        'receptor.nombre': 'Comercial La Esperanza, S.A. de C.V.',
        'receptor.nombreComercial': 'La Esperanza',
        // 0614-010190-101-5 is the NIT: its last digit mistyped.
        'receptor.nit': '0614-010190-101-6',
        'receptor.nrc': '123456',
        'receptor.codActividad': '46900',
        'receptor.descActividad': 'Venta al por mayor de otros productos',
        'receptor.direccion.complemento': 'Calle Arce 123',
        'receptor.correo': 'compras@esperanza.test',
        'receptor.telefono': '2222-3333',
        'items.0.descripcion': 'Resmas de papel',
        'items.0.cantidad': '10',
        'items.0.precioUnitario': '4.50',
        'items.0.montoDescu': '2',
        'pagos.0.referencia': 'Transferencia 778',
        'pagos.0.periodo': '30',
        observaciones: 'Entrega en bodega',
      };
      const elegidos: Record<string, string> = {
        'receptor.direccion.ubicacion': '06-23-14',
        'items.0.uniMedida': '36',
        condicionOperacion: '2',
        'pagos.0.codigo': '05',
        'pagos.0.plazo': '01',
      };
      for (const [nombre, valor] of Object.entries(escritos)) await page.type(campo(nombre), valor);
      for (const [nombre, valor] of Object.entries(elegidos)) await page.select(campo(nombre), valor);
      await page.click(campo('isRetenIva'));
      expect((await enviar(page, 'button[value="vista-previa"]')).status()).toBe(400);

      expect(await page.$eval('[id="error-receptor.nit"]', (e) => (e as HTMLElement).innerText)).toBe(
        'El dígito verificador del NIT no corresponde: revise el número',
      );
      expect(await page.$eval(campo('receptor.nit'), (i) => i.getAttribute('aria-invalid'))).toBe('true');
      // The only error, listed above the form with a link to its field.
      expect(await page.$$eval('.error-campo', (es) => es.map((e) => e.id))).toEqual(['error-receptor.nit']);
      expect(await page.$eval('#errores a', (a) => a.getAttribute('href'))).toBe('#campo-receptor.nit');
      // Every value as typed or chosen.
      for (const [nombre, valor] of Object.entries({ ...escritos, ...elegidos }))
        expect([nombre, await page.$eval(campo(nombre), (i) => (i as HTMLInputElement).value)]).toEqual([
          nombre,
          valor,
        ]);
      expect(await page.$eval(campo('isRetenIva'), (i) => (i as HTMLInputElement).checked)).toBe(true);
      expect(await page.$eval('#emitir', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
      await revisar(page, 'emitir-ccf-nit-erroneo');
    });
  });

  it('issues a Nota de Crédito started from the CCF’s page, with the CCF’s retención', async () => {
    const page = facturador;
    // Without its CCF, the form asks which one.
    await page.goto(url('/consola/emitir/05'));
    expect(await page.$('input[name=original]')).not.toBeNull();
    await revisar(page, 'emitir-nota-sin-ccf');
    await page.goto(url(`/consola/documentos/${ccf}`));
    await enviar(page, `a[href="/consola/emitir/05?original=${ccf}"]`);
    expect(await textoDe(page)).toContain('El CCF tiene retención de IVA del 1 %');
    await page.type(campo('items.0.descripcion'), 'Devolución de honorarios');
    await page.type(campo('items.0.cantidad'), '1');
    await page.type(campo('items.0.precioUnitario'), '25');
    await enviar(page, 'button[value="vista-previa"]');
    const vista = await previstos(page);
    // By hand: 25.00 credited, its IVA 3.25 (a tributo, as in the CCF), the 1 % retained 0.25.
    expect(vista.resumen).toEqual({
      totalGravada: 25,
      subTotalVentas: 25,
      'tributo-20': 3.25,
      montoTotalOperacion: 28.25,
      ivaRete: 0.25,
      totalPagar: 28,
    });
    await revisar(page, 'emitir-nota-credito');
    await enviar(page, '#emitir');
    const doc = await comoSuVistaPrevia(await resultado(page), vista);
    expect(doc.dteJson.documentoRelacionado).toEqual([expect.objectContaining({ numeroDocumento: ccf })]);
  });

  it('issues a Factura de Sujeto Excluido withholding renta, saving its seller in the book', async () => {
    const page = facturador;
    await page.goto(url('/consola/emitir/14'));
    await page.type(campo('sujetoExcluido.nombre'), 'José Pérez');
    await page.type(campo('sujetoExcluido.numDocumento'), '04567890-3');
    await page.select(campo('sujetoExcluido.direccion.ubicacion'), '06-23-14');
    await page.type(campo('sujetoExcluido.direccion.complemento'), 'Barrio San Jacinto, pasaje 3');
    await page.type(campo('items.0.descripcion'), 'Servicio de jardinería');
    await page.type(campo('items.0.cantidad'), '1');
    await page.type(campo('items.0.precioUnitario'), '100');
    await page.select(campo('items.0.tipoItem'), '2');
    await page.click(campo('applyrent'));
    await page.click(campo('guardarCliente'));
    await enviar(page, 'button[value="vista-previa"]');
    const vista = await previstos(page);
    // By hand: 100.00 bought, 10 % of it withheld.
    expect(vista.resumen).toEqual({ totalCompra: 100, subTotal: 100, reteRenta: 10, totalPagar: 90 });
    await revisar(page, 'emitir-sujeto-excluido');
    await enviar(page, '#emitir');
    await comoSuVistaPrevia(await resultado(page), vista);
    expect(await textoDe(page)).toContain('Cliente guardado en la libreta.');
    const guardados = (await api('GET', '/clientes?q=045678903', tenant)).body.data;
    expect(guardados).toEqual([
      expect.objectContaining({ nombre: 'José Pérez', tipoDocumento: '13', numDocumento: '045678903' }),
    ]);
  });

  it('issues a Factura de Exportación of services without the script', async () => {
    const page = facturador;
    // The form, its preview and its issuance are the server's: no script needed.
    await page.setJavaScriptEnabled(false);
    try {
      await exportar(page);
    } finally {
      await page.setJavaScriptEnabled(true);
    }
  });

  async function exportar(page: Page) {
    await page.goto(url('/consola/emitir/11'));
    await page.type(campo('receptor.nombre'), 'Acme Corporation');
    await page.select(campo('receptor.tipoPersona'), '2');
    await page.type(campo('receptor.numDocumento'), 'US-98-7654321');
    await page.select(campo('receptor.codPais'), 'US');
    await page.type(campo('receptor.complemento'), '100 Main Street, Springfield');
    await page.type(campo('receptor.descActividad'), 'Comercio al por mayor');
    await page.type(campo('receptor.correo'), 'compras@acme.test');
    await page.select(campo('exportacion.tipoItemExpor'), '2');
    await page.type(campo('items.0.descripcion'), 'Desarrollo de software');
    await page.type(campo('items.0.cantidad'), '1');
    await page.type(campo('items.0.precioUnitario'), '500');
    await enviar(page, 'button[value="vista-previa"]');
    const vista = await previstos(page);
    // By hand: exports are taxed at 0 %.
    expect(vista.resumen).toEqual({ totalGravada: 500, 'tributo-C3': 0, montoTotalOperacion: 500, totalPagar: 500 });
    // axe-core runs as a script: allowed for the check alone, the page as the server sent it.
    await page.setJavaScriptEnabled(true);
    await revisar(page, 'emitir-exportacion');
    await page.setJavaScriptEnabled(false);
    await enviar(page, '#emitir');
    await comoSuVistaPrevia(await resultado(page), vista);
  }

  it('issues a Comprobante de Donación of cash, its totals shown live by the script', async () => {
    const page = facturador;
    await page.goto(url('/consola/emitir/15'));
    await page.type(campo('donante.nombre'), 'Fundación Esperanza');
    await page.type(campo('donante.numDocumento'), '0614-010190-101-5');
    await page.select(campo('donante.direccion.ubicacion'), '06-23-14');
    await page.type(campo('donante.direccion.complemento'), 'Avenida Olímpica 45');
    await page.type(campo('items.0.descripcion'), 'Donación en efectivo');
    await page.type(campo('items.0.cantidad'), '1');
    await page.type(campo('items.0.valorUnitario'), '200');
    await page.type(campo('otrosDocumentos.0.descDocumento'), 'Resolución de calificación');
    await page.type(campo('otrosDocumentos.0.detalleDocumento'), 'Resolución 123-2026 del Ministerio de Hacienda');
    // Leaving the field is enough: the script puts the preview's totals in place and enables «Emitir».
    await page.keyboard.press('Tab');
    await page.waitForSelector('#vista-previa [data-campo="valorTotal"]');
    await page.waitForSelector('#emitir:not([disabled])');
    const vista = await previstos(page);
    expect(vista.resumen).toEqual({ valorTotal: 200 });
    expect(vista.lineas).toEqual([{ valor: 200 }]);
    await revisar(page, 'emitir-donacion');
    await enviar(page, '#emitir');
    await comoSuVistaPrevia(await resultado(page), vista);
  });

  it('offers a SOPORTE person no form: no menu entry, the API’s 403 on the address', async () => {
    const soporte = await entrarComo(browser, tenant.emisorId, 'SOPORTE', 'Beto Soporte');
    const menu = await soporte.$$eval('.barra nav a', (as) => as.map((a) => (a as HTMLElement).innerText));
    expect(menu).not.toContain('Emitir');
    expect(menu).not.toContain('Clientes');
    for (const ruta of [
      '/consola/emitir',
      '/consola/emitir/01',
      '/consola/emitir/03',
      `/consola/emitir/05?original=${ccf}`,
    ]) {
      const r = await soporte.goto(url(ruta));
      expect([ruta, r?.status()]).toEqual([ruta, 403]);
      expect(await textoDe(soporte)).toContain('PERMISSION_DENIED');
    }
    await revisar(soporte, 'emitir-soporte-403');
    // Nor does the CCF's page offer its notes.
    await soporte.goto(url(`/consola/documentos/${ccf}`));
    expect(await soporte.$$('a[href^="/consola/emitir/"]')).toEqual([]);
  });
});
