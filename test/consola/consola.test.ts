import puppeteer, { type Browser, type HTTPResponse, type Page } from 'puppeteer-core';
import { loadConfig } from '@dte/config';
import { hashToken, SecretBox, Tenants } from '@dte/store';
import { sinPlazos } from '../support/consola';
import { eventually } from '../support/eventually';
import { waitForMail } from '../support/maildev';
import { anulacionRescindida } from '../support/fixtures';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import {
  api,
  closeTestDatabase,
  createTestTenant,
  enEstado,
  simulator,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

/**
 * The web console in a real browser (Debian's Chromium, as the worker prints PDFs with), on the real
 * stack: a person's token (CONSOLA) signs in, finds, reads and resends; what the API refuses the console
 * refuses with the API's code; another emisor sees nothing; a contingency shows on the operations page
 * until it is sealed. Each page is saved to /tmp/consola-*.png to be looked at.
 */
describe('web console', () => {
  let tenant: TestTenant;
  /** A token made for a person: CONSOLA only, no kind to issue. */
  let persona: string;
  let browser: Browser;

  beforeAll(async () => {
    tenant = await createTestTenant();
    const db = await testDatabase();
    const propio = await db.models.ApiToken.findById(hashToken(tenant.token)).lean();
    const config = loadConfig(stack().env);
    ({ token: persona } = await new Tenants(db, new SecretBox(config.SECRET_KEY)).createToken({
      emisorId: tenant.emisorId,
      establecimientoId: propio!.establecimientoId,
      puntoVentaId: propio!.puntoVentaId,
      name: 'Ana (soporte)',
      permissions: ['CONSOLA'],
    }));
    browser = await puppeteer.launch({
      executablePath: config.CHROMIUM_PATH,
      headless: true,
      pipe: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
  });
  afterEach(() => simulator('/outage', { mode: 'none', emisor: tenant.nit }));
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  const url = (ruta: string) => `${stack().api}${ruta}`;

  /** A browser of its own (its own cookies), signed in with `token`, on the documents page. */
  async function entrar(token: string): Promise<Page> {
    const contexto = await browser.createBrowserContext();
    const page = sinPlazos(await contexto.newPage());
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(url('/consola/documentos'));
    // Not signed in: the sign-in form, which leads a machine's token to its own.
    expect(page.url()).toBe(url('/consola/entrar'));
    await Promise.all([page.waitForNavigation(), page.click('a[href="/consola/entrar/token"]')]);
    await page.type('input[name=token]', token);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(page.url()).toBe(url('/consola/documentos'));
    return page;
  }

  /**
   * The whole page at once, in a viewport as tall as the page: Chromium does not paint its PDF viewer's frame
   * outside the viewport, as a full-page capture of a shorter one would need.
   */
  async function captura(page: Page, nombre: string): Promise<void> {
    const alto = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewport({ width: 1280, height: alto });
    if (await page.$('iframe.pdf')) await pdfMostrado(page);
    await page.screenshot({ path: `/tmp/consola-${nombre}.png` });
    await page.setViewport({ width: 1280, height: 900 });
  }

  const texto = (page: Page) => page.$eval('main', (m) => (m as HTMLElement).innerText);

  /**
   * A form the page never offered, put into its DOM and submitted as the browser would (the forged POST of
   * someone who knows the route), with the session's CSRF token or without it.
   */
  async function forjar(page: Page, accion: string, campos: Record<string, string>): Promise<HTTPResponse> {
    // Waiting from before the submit: a quick answer can finish navigating before a later wait is set up.
    const navegacion = page.waitForNavigation();
    await page.evaluate(
      (accion, campos) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = accion;
        for (const [name, value] of Object.entries(campos)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
      },
      accion,
      campos,
    );
    return (await navegacion)!;
  }

  /** The pages of the PDF Chromium's viewer shows in the page's frame, once it has loaded it whole. */
  const pdfMostrado = (page: Page) =>
    eventually('the PDF in the viewer', async () => {
      const visor = page.frames().find((f) => f.url().startsWith('chrome-extension://'));
      return visor?.evaluate(() => {
        const barra = document.querySelector('pdf-viewer')?.shadowRoot?.querySelector('viewer-toolbar') as
          (Element & { loadProgress?: number; docLength?: number }) | null | undefined;
        return barra?.loadProgress === 100 ? barra.docLength : undefined;
      });
    });

  const csrfDe = (page: Page) => page.$eval('form.salir input[name=csrf]', (i) => (i as HTMLInputElement).value);

  async function factura(correo: string, extra: Record<string, unknown> = {}) {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juana Martínez', tipoDocumento: '13', numDocumento: '012345678', correo },
      items: [{ descripcion: 'Café molido 500 g', cantidad: 2, precioUnitario: 6.5 }],
      condicionOperacion: 1,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.data as { codigoGeneracion: string; numeroControl: string; estado: string };
  }

  it('signs in with a person’s token, finds a document by número de control, shows it and resends it', async () => {
    const d = await factura(`receptor-${Date.now()}@example.test`);
    expect(d.estado).toBe('PROCESSED');
    const page = await entrar(persona);
    await captura(page, 'documentos');

    await page.type('input[name=q]', d.numeroControl);
    await Promise.all([page.waitForNavigation(), page.click('form.filtros button[type=submit]')]);
    const filas = await page.$$eval('tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));
    expect(filas).toHaveLength(1);
    expect(filas[0]).toContain(d.numeroControl);
    expect(filas[0]).toContain('Aceptado');
    await captura(page, 'busqueda');

    // Its page: the timeline from the record, and the PDF in a frame of the console's own origin.
    const pdf = page.waitForResponse((r) => r.url().includes(`/consola/api/dte/pdf/${d.codigoGeneracion}`));
    await Promise.all([page.waitForNavigation(), page.click(`a[href="/consola/documentos/${d.codigoGeneracion}"]`)]);
    const respuestaPdf = await pdf;
    expect(respuestaPdf.status()).toBe(200);
    expect(respuestaPdf.headers()['content-type']).toBe('application/pdf');
    // Chromium's PDF viewer, in the frame, loaded the document's page.
    expect(await pdfMostrado(page)).toBe(1);
    const historia = await page.$eval('.historia', (o) => (o as HTMLElement).innerText);
    expect(historia).toContain('Solicitado y firmado');
    expect(historia).toMatch(/Aceptado por MH/);
    expect(historia).toContain('Sellado');
    await eventually('the automatic e-mail in the timeline', async () => {
      await page.reload();
      const h = await page.$eval('.historia', (o) => (o as HTMLElement).innerText);
      return h.includes('Correo enviado a r***@example.test');
    });
    expect(await page.$('a[href$="/json"]')).not.toBeNull();
    // A person's token reads and resends; invalidating needs ANULACION.
    expect(await page.$('form[action$="/anular"]')).toBeNull();
    await captura(page, 'documento');

    const otro = `soporte-${Date.now()}@example.test`;
    await page.type('form[action$="/reenviar"] input[name=email]', otro);
    await Promise.all([page.waitForNavigation(), page.click('form[action$="/reenviar"] button')]);
    const mail = await waitForMail((m) => m.to.some((t) => t.address === otro));
    // The address as the record keeps it, masked.
    expect(await page.$eval('.aviso.ok', (p) => (p as HTMLElement).innerText)).toBe(
      'Documento reenviado a s***@example.test',
    );
    expect(mail.attachments?.map((a) => a.fileName)).toContain(`${d.codigoGeneracion}.pdf`);
    await captura(page, 'reenviado');

    // The Archivo DTE, through the API's own route.
    const cookies = (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const json = await fetch(url(`/consola/api/dte/${d.codigoGeneracion}/json`), { headers: { cookie: cookies } });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { selloRecibido: string }).selloRecibido).toMatch(/^[0-9A-Z]{40}$/);

    // Beside the PDF, links to it on Letter and on a receipt printer's roll, which answer those PDFs.
    await page.goto(url(`/consola/documentos/${d.codigoGeneracion}`));
    const papeles = await page.$$eval('p.papeles a', (as) =>
      as.map((a) => [(a as HTMLElement).innerText, a.getAttribute('href')!]),
    );
    const pdfEn = (formato: string) => `/consola/api/dte/pdf/${d.codigoGeneracion}?format=view&formato=${formato}`;
    expect(papeles).toEqual([
      ['PDF carta', pdfEn('carta')],
      ['Ticket 80 mm', pdfEn('ticket80')],
      ['Ticket 58 mm', pdfEn('ticket58')],
    ]);
    for (const [, href] of papeles.slice(1)) {
      const ticket = await fetch(url(href!), { headers: { cookie: cookies } });
      expect(ticket.status).toBe(200);
      expect(ticket.headers.get('content-type')).toBe('application/pdf');
    }
  });

  it('offers no resend of a REJECTED document, refuses a forged one with the API’s code, and any form without the CSRF token', async () => {
    await simulator('/reject', {
      next: 1,
      codigoMsg: '003',
      clasificaMsg: '13',
      descripcionMsg: '[receptor.numDocumento] VALOR NO VALIDO',
      emisor: tenant.nit,
    });
    const rechazado = await factura(`rechazado-${Date.now()}@example.test`);
    expect(rechazado.estado).toBe('REJECTED');
    const aceptado = await factura(`aceptado-${Date.now()}@example.test`);
    const page = await entrar(persona);

    await page.goto(url(`/consola/documentos/${rechazado.codigoGeneracion}`));
    expect(await page.$('form[action$="/reenviar"]')).toBeNull();
    expect(await texto(page)).toContain('no puede reenviarse');
    expect(await page.$eval('.historia', (o) => (o as HTMLElement).innerText)).toContain('[receptor.numDocumento]');
    await captura(page, 'rechazado');

    const csrf = await csrfDe(page);
    const forjado = await forjar(page, `/consola/documentos/${rechazado.codigoGeneracion}/reenviar`, {
      csrf,
      email: 'alguien@example.test',
    });
    // What POST /dte/resend answers for it.
    expect(forjado.status()).toBe(409);
    expect(await page.$eval('.codigo-error', (c) => c.textContent)).toBe('DOCUMENT_REJECTED');
    await captura(page, 'reenvio-forjado');

    await page.goto(url(`/consola/documentos/${aceptado.codigoGeneracion}`));
    const sinCsrf = await forjar(page, `/consola/documentos/${aceptado.codigoGeneracion}/reenviar`, {
      email: 'alguien@example.test',
    });
    expect(sinCsrf.status()).toBe(403);
    expect(await page.$eval('.codigo-error', (c) => c.textContent)).toBe('CSRF_TOKEN_INVALID');
    await page.goto(url(`/consola/documentos/${aceptado.codigoGeneracion}`));
    const otroCsrf = await forjar(page, `/consola/documentos/${aceptado.codigoGeneracion}/reenviar`, {
      csrf: `${csrf.slice(0, -1)}${csrf.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(otroCsrf.status()).toBe(403);
    // A person's token cannot invalidate, whatever the form: the API's permission.
    await page.goto(url(`/consola/documentos/${aceptado.codigoGeneracion}`));
    const anular = await forjar(page, `/consola/documentos/${aceptado.codigoGeneracion}/anular`, { csrf });
    expect(anular.status()).toBe(403);
    expect(await page.$eval('.codigo-error', (c) => c.textContent)).toBe('PERMISSION_DENIED');

    // The rejection, grouped by MH's code with its field and what it means.
    await page.goto(url('/consola/operaciones'));
    const rechazos = await page.$eval('#rechazos', (t) => (t as HTMLElement).innerText);
    expect(rechazos).toContain('003');
    expect(rechazos).toContain('receptor.numDocumento');
    // 003, one of the ten codes the console explains with its fix.
    expect(rechazos).toContain('Un dato tiene un valor que MH no acepta.');
    expect(rechazos).toContain('Lea la observación de MH para saber qué campo es');
    expect(rechazos).toContain(rechazado.numeroControl);
    await captura(page, 'operaciones');
  });

  it('invalidates with a token that has ANULACION, and then offers no invalidation again', async () => {
    const d = await factura(`anular-${Date.now()}@example.test`);
    const page = await entrar(tenant.token);
    await page.goto(url(`/consola/documentos/${d.codigoGeneracion}`));
    const form = 'form[action$="/anular"]';
    const { motivo } = anulacionRescindida(d.codigoGeneracion);
    for (const campo of [
      'motivoAnulacion',
      'nombreResponsable',
      'numDocResponsable',
      'nombreSolicita',
      'numDocSolicita',
    ])
      await page.type(`${form} input[name=${campo}]`, motivo[campo as keyof typeof motivo] as string);
    await captura(page, 'anular');
    await Promise.all([page.waitForNavigation(), page.click(`${form} button`)]);
    // Restated first: only the confirmation reaches MH.
    expect(await texto(page)).toContain('La anulación es definitiva');
    await Promise.all([page.waitForNavigation(), page.click(`${form} button.peligro`)]);
    expect(await page.$eval('.aviso.ok', (p) => (p as HTMLElement).innerText)).toBe('Documento anulado');
    expect(await page.$eval('.ficha', (f) => (f as HTMLElement).innerText)).toContain('Anulado');
    expect(await page.$eval('.historia', (o) => (o as HTMLElement).innerText)).toContain('Anulado ante MH');
    expect(await page.$(form)).toBeNull();
    expect((await enEstado(d.codigoGeneracion, 'CANCELLED')).anulacion).not.toBeNull();
    await captura(page, 'anulado');

    // Forged again: refused as POST /dte/anulacion refuses it.
    const csrf = await csrfDe(page);
    const otra = await forjar(page, `/consola/documentos/${d.codigoGeneracion}/anular`, {
      csrf,
      tipoAnulacion: '2',
      nombreResponsable: motivo.nombreResponsable,
      tipDocResponsable: '13',
      numDocResponsable: motivo.numDocResponsable,
      nombreSolicita: motivo.nombreSolicita,
      tipDocSolicita: '13',
      numDocSolicita: motivo.numDocSolicita,
    });
    expect(otra.status()).toBe(409);
    expect(await page.$eval('.codigo-error', (c) => c.textContent)).toBe('DOCUMENT_ALREADY_CANCELLED');
  });

  it('shows another emisor nothing of this one', async () => {
    const d = await factura(`aislado-${Date.now()}@example.test`);
    const otro = await createTestTenant();
    const page = await entrar(otro.token);

    const respuesta = await page.goto(url(`/consola/documentos/${d.codigoGeneracion}`));
    expect(respuesta!.status()).toBe(404);
    expect(await page.$eval('.codigo-error', (c) => c.textContent)).toBe('DOCUMENT_NOT_FOUND');
    await captura(page, 'otro-emisor');
    expect((await page.goto(url(`/consola/api/dte/pdf/${d.codigoGeneracion}`)))!.status()).toBe(404);
    expect((await page.goto(url(`/consola/api/dte/${d.codigoGeneracion}/json`)))!.status()).toBe(404);
    await page.goto(url(`/consola/documentos?numeroControl=${d.numeroControl}`));
    expect(await page.$$('tbody tr')).toHaveLength(0);
    await page.goto(url(`/consola/documentos?codigoGeneracion=${d.codigoGeneracion}`));
    expect(await page.$eval('.codigo-error', (c) => c.textContent)).toBe('DOCUMENT_NOT_FOUND');
  });

  it('shows a contingency rehearsal on the operations page until MH seals it', async () => {
    const page = await entrar(persona);
    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    const d = await factura(`contingencia-${Date.now()}@example.test`);
    expect(d.estado).toBe('CONTINGENCIA');

    await eventually('the contingency on the operations page', async () => {
      await page.goto(url('/consola/operaciones'));
      const seccion = await page.$eval('#contingencia', (s) => (s as HTMLElement).innerText).catch(() => '');
      return seccion.includes('Contingencia en curso');
    });
    expect(await page.$$eval('a', (as) => as.map((a) => a.getAttribute('href')))).toContain(
      `/consola/documentos/${d.codigoGeneracion}`,
    );
    // Linked to its workflow in Temporal's Web UI.
    expect(await page.$$eval('#contingencia a', (as) => as.map((a) => a.getAttribute('href')))).toContain(
      `${stack().temporalUi}/namespaces/default/workflows/contingencia-${tenant.emisorId}`,
    );
    await captura(page, 'contingencia');

    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    await enEstado(d.codigoGeneracion, 'PROCESSED');
    await eventually('the contingency gone from the operations page', async () => {
      await page.goto(url('/consola/operaciones'));
      return page.$('#sin-contingencia');
    });
    await page.goto(url(`/consola/documentos/${d.codigoGeneracion}`));
    expect(await page.$eval('.historia', (o) => (o as HTMLElement).innerText)).toContain('Emitido en contingencia');
    await captura(page, 'contingencia-sellada');
  });

  it('shows a document’s webhook deliveries and an endpoint’s failing ones, linked to Temporal', async () => {
    const propio = await createTestTenant();
    const bueno = await ReceptorWebhooks.iniciar();
    const caido = await ReceptorWebhooks.iniciar();
    caido.responder = () => 500;
    try {
      for (const receptor of [bueno, caido])
        expect((await api('POST', '/webhooks', propio, { url: receptor.url, eventos: ['dte.procesado'] })).status).toBe(
          201,
        );
      const res = await api('POST', '/dte/dte01', propio, {
        receptor: {},
        items: [{ descripcion: 'Pan', cantidad: 1, precioUnitario: 2 }],
        condicionOperacion: 1,
      });
      const { codigoGeneracion } = res.body.data as { codigoGeneracion: string };
      await bueno.esperar(1);
      await caido.esperar(2);

      const page = await entrar(propio.token);
      await eventually('both deliveries in the timeline', async () => {
        await page.goto(url(`/consola/documentos/${codigoGeneracion}`));
        const h = await page.$eval('.historia', (o) => (o as HTMLElement).innerText);
        return (
          h.includes(`Webhook dte.procesado a ${bueno.url}: entregado`) &&
          // Still retrying, unless the endpoint was disabled for failing meanwhile.
          new RegExp(`Webhook dte.procesado a ${caido.url}: (en curso|endpoint deshabilitado)`).test(h)
        );
      });
      await captura(page, 'documento-webhooks');

      await page.goto(url('/consola/operaciones'));
      // Said as the person reads it; the attempts, codes and workflows folded in a <details>.
      const endpoints = await page.$$eval('.endpoint', (es) => es.map((e) => e.textContent!.replace(/\s+/g, ' ')));
      const delCaido = endpoints.find((e) => e.includes(caido.url))!;
      expect(delCaido).toContain(`El sistema ${new URL(caido.url).host} no recibe avisos desde`);
      expect(delCaido).toContain('dte.procesado');
      expect(delCaido).toContain('500');
      expect(endpoints.find((e) => e.includes(bueno.url))).toContain('Sin entregas fallidas');
      const enlaces = await page.$$eval('.endpoint a', (as) => as.map((a) => a.getAttribute('href')));
      expect(
        enlaces.some((h) => h!.startsWith(`${stack().temporalUi}/namespaces/default/workflows/webhook-whk_`)),
      ).toBe(true);
      await captura(page, 'operaciones-webhooks');
    } finally {
      await Promise.all([bueno.cerrar(), caido.cerrar()]);
    }
  });

  it('gives the accountant the month’s books and annexes, asking the annexes’ tipo de ingreso', async () => {
    await factura(`libros-${Date.now()}@example.test`);
    // The person's token has no LIBROS.
    const soporte = await entrar(persona);
    await soporte.goto(url('/consola/libros'));
    expect(await texto(soporte)).toContain('requiere el permiso LIBROS');

    const page = await entrar(tenant.token);
    await page.goto(url('/consola/libros'));
    const anexo1 = 'form[action="/consola/api/anexos/f07/ventas-contribuyentes"]';
    expect(await page.$eval(`${anexo1} select[name=tipoIngreso]`, (s) => (s as HTMLSelectElement).required)).toBe(true);
    expect(
      await page.$('form[action="/consola/api/anexos/f07/documentos-anulados"] select[name=tipoIngreso]'),
    ).toBeNull();
    await captura(page, 'libros');

    // What the forms send (the browser saves the file), with the session's cookie.
    const cookies = (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const periodo = await page.$eval(`${anexo1} input[name=periodo]`, (i) => (i as HTMLInputElement).value);
    const mes = new Date(Date.now() - 6 * 3600_000).toISOString().slice(0, 7);
    const anexo = await fetch(
      url(`/consola/api/anexos/f07/ventas-consumidor-final?periodo=${mes}&establecimiento=&tipoIngreso=1&formato=csv`),
      { headers: { cookie: cookies } },
    );
    expect(anexo.status).toBe(200);
    expect(anexo.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect((await anexo.text()).length).toBeGreaterThan(0);
    const libro = await fetch(url(`/consola/api/libros/ventas-consumidor?periodo=${periodo}&formato=xlsx`), {
      headers: { cookie: cookies },
    });
    expect(libro.status).toBe(200);
    // Without the cookie, nothing: the sign-in form.
    const sinSesion = await fetch(url(`/consola/api/libros/ventas-consumidor?periodo=${periodo}`), {
      redirect: 'manual',
    });
    expect(sinSesion.status).toBe(303);
    expect(sinSesion.headers.get('location')).toBe('/consola/entrar');
  });

  it('ignores a cookie it cannot decode, such as another application on the same host may set', async () => {
    const contexto = await browser.createBrowserContext();
    // A percent-encoding cut short (decodeURIComponent throws on it), at the host's root as another app sets it.
    await contexto.setCookie({ name: 'otra', value: '%E0%A4%A', domain: new URL(url('/')).hostname, path: '/' });
    const page = sinPlazos(await contexto.newPage());
    expect((await page.goto(url('/consola/entrar/token')))?.status()).toBe(200);
    await page.type('input[name=token]', persona);
    const [documentos] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect([page.url(), documentos?.status()]).toEqual([url('/consola/documentos'), 200]);
    // The browser sent it all along.
    const enviadas = (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect(enviadas).toContain('otra=%E0%A4%A');
    expect((await page.reload())?.status()).toBe(200);
    await contexto.close();

    // The console's own cookies in that form are no session and no sign-in token: the sign-in form, as without them.
    const ajena = await fetch(url('/consola/documentos'), {
      headers: { cookie: 'dte_consola=%E0%A4%A; dte_consola_entrada=%E0%A4%A' },
      redirect: 'manual',
    });
    expect([ajena.status, ajena.headers.get('location')]).toEqual([303, '/consola/entrar']);
    const entrar = await fetch(url('/consola/entrar'), { headers: { cookie: 'dte_consola_entrada=%E0%A4%A' } });
    expect(entrar.status).toBe(200);
  });

  it('signs out: the session ends on the server', async () => {
    const page = await entrar(persona);
    const cookies = (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await page.cookies()).find((c) => c.name === 'dte_consola')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/consola',
    });
    await Promise.all([page.waitForNavigation(), page.click('form.salir button')]);
    expect(page.url()).toBe(url('/consola/entrar'));
    await captura(page, 'entrar');
    // The old cookie, replayed, opens nothing.
    const viejo = await fetch(url('/consola/documentos'), { headers: { cookie: cookies }, redirect: 'manual' });
    expect(viejo.status).toBe(303);
    const csp = viejo.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
