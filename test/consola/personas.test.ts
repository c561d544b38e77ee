import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'puppeteer-core';
import { loadConfig } from '@dte/config';
import { hashToken, SecretBox, Tenants } from '@dte/store';
import {
  abrirNavegador,
  enviar,
  invitarPorCli,
  nuevaPagina,
  ponerContrasena,
  revisar,
  textoDe,
} from '../support/consola';
import { eventually } from '../support/eventually';
import { emitir } from '../support/fixtures';
import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * Persons in the console (issue 50), in a real browser on the real stack, as the "done when" tells
 * it: the first administrator is made by the admin CLI and follows the link it prints, sets a password and
 * enrols a second factor (the codes computed here from the secret the page shows); they invite a SOPORTE
 * colleague, who follows the e-mailed invitation, resends a document and is refused its invalidation; the
 * document's timeline names who resent it; disabled, the colleague's session stops at its next request;
 * nothing of another emisor is reached; six wrong passwords are refused alike for an e-mail with an account
 * and one without. Each page passes axe-core's WCAG 2.1 A/AA rules and is saved to
 * .data/artefactos/consola-personas-*.png at 1280 and 390 px to be looked at.
 */
describe('web console: persons, roles, second factor and the audit log', () => {
  let emisorA: TestTenant;
  let emisorB: TestTenant;
  let browser: Browser;
  const url = (ruta: string) => `${stack().api}${ruta}`;
  const admin = { correo: `admin-${randomUUID()}@empresa.sv`, contrasena: 'una frase larga de la administradora' };
  const colega = { correo: `soporte-${randomUUID()}@empresa.sv`, contrasena: 'el soporte también tiene frase' };
  /** A FACTURADOR made by the CLI, who resets their password; an account without failed sign-ins. */
  const facturador = `facturador-${randomUUID()}@empresa.sv`;
  let secreto = '';
  let adminPage: Page;
  let colegaPage: Page;
  let cgA = '';
  let cgB = '';

  beforeAll(async () => {
    [emisorA, emisorB] = await Promise.all([createTestTenant(), createTestTenant()]);
    const factura = (tenant: TestTenant) =>
      emitir(tenant, '/dte/dte01', {
        receptor: { correo: 'cliente@example.test' },
        condicionOperacion: 1,
        items: [{ descripcion: 'Servicio de soporte', cantidad: 1, precioUnitario: 10 }],
      });
    [cgA, cgB] = (await Promise.all([factura(emisorA), factura(emisorB)])).map((d) => d.codigoGeneracion as string) as [
      string,
      string,
    ];
    browser = await abrirNavegador();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  /** The code the person's authenticator shows now (or at the next step, for a second sign-in). */
  const codigo = (desfase = 0) =>
    new TOTP({ secret: Secret.fromBase32(secreto), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: Date.now() + desfase,
    });

  /**
   * A form the page does not offer, posted with the page's session and CSRF token as the browser would: what
   * a person who crafts the request gets.
   */
  async function enviarFormulario(page: Page, ruta: string, campos: Record<string, string>): Promise<Response> {
    return fetch(url(ruta), {
      method: 'POST',
      headers: {
        cookie: (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        csrf: await page.$eval('input[name=csrf]', (i) => (i as HTMLInputElement).value),
        ...campos,
      }).toString(),
    });
  }

  it('makes the first administrator from the CLI: the printed link sets a password, then a second factor', async () => {
    const enlace = await invitarPorCli(emisorA.emisorId, admin.correo, 'ADMINISTRADOR', 'Rosa Administradora');
    expect(enlace).toMatch(new RegExp(`^${url('/consola/invitacion/')}[\\w-]{20,}$`));

    adminPage = await nuevaPagina(browser);
    await adminPage.goto(enlace);
    await revisar(adminPage, 'personas-invitacion');
    // Too short: told beside the field, and the link is not spent.
    await adminPage.type('input[name=contrasena]', 'corta');
    await adminPage.type('input[name=repetida]', 'corta');
    expect((await enviar(adminPage, 'form.entrada button[type=submit]')).status()).toBe(400);
    expect(await adminPage.$eval('#error-contrasena', (e) => (e as HTMLElement).innerText)).toMatch(/Use de 12/);
    await ponerContrasena(adminPage, enlace, admin.contrasena);
    // One emisor: straight to its documents.
    expect(adminPage.url()).toBe(url('/consola/documentos'));
    // The link worked once.
    const otraVez = await nuevaPagina(browser);
    await ponerContrasena(otraVez, enlace, 'otra contraseña cualquiera');
    expect(await textoDe(otraVez)).toContain('El enlace no es válido, ya se usó o venció');

    await adminPage.goto(url('/consola/cuenta'));
    await revisar(adminPage, 'personas-cuenta');
    await enviar(adminPage, 'a[href="/consola/cuenta/segundo-factor"]');
    await enviar(adminPage, 'form[action="/consola/cuenta/segundo-factor/iniciar"] button');
    secreto = await adminPage.$eval('code.secreto', (c) => (c as HTMLElement).innerText.trim());
    expect(await adminPage.$eval('img.qr', (i) => (i as HTMLImageElement).src)).toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
    await revisar(adminPage, 'personas-enrolar');
    await adminPage.type('input[name=codigo]', codigo());
    await enviar(adminPage, 'form.accion button[type=submit]');
    expect(await textoDe(adminPage)).toContain('No se volverán a mostrar');
    expect(await adminPage.$$eval('ul.codigos li', (l) => l.length)).toBe(10);
    await revisar(adminPage, 'personas-recuperacion');

    // Signing in again now asks for the code after the password.
    const otra = await nuevaPagina(browser);
    await otra.goto(url('/consola/entrar'));
    await otra.type('input[name=correo]', admin.correo.toUpperCase());
    await otra.type('input[name=contrasena]', admin.contrasena);
    await enviar(otra, 'form.entrada button[type=submit]');
    expect(otra.url()).toBe(url('/consola/segundo-factor'));
    // Before the code, nothing else opens.
    await otra.goto(url('/consola/documentos'));
    expect(otra.url()).toBe(url('/consola/segundo-factor'));
    await otra.type('input[name=codigo]', '000000');
    expect((await enviar(otra, 'form.entrada button[type=submit]')).status()).toBe(401);
    await revisar(otra, 'personas-segundo-factor-error');
    await otra.type('input[name=codigo]', codigo(30_000));
    await enviar(otra, 'form.entrada button[type=submit]');
    expect(otra.url()).toBe(url('/consola/documentos'));
  }, 120_000);

  it('resets a forgotten password by an e-mailed link, ending the sessions of the old one', async () => {
    const correo = facturador;
    const antes = await nuevaPagina(browser);
    await ponerContrasena(
      antes,
      await invitarPorCli(emisorA.emisorId, correo, 'FACTURADOR'),
      'la primera frase de Carla',
    );
    expect(antes.url()).toBe(url('/consola/documentos'));

    // The same answer for an e-mail with an account and one without.
    const pedir = async (quien: string) => {
      const page = await nuevaPagina(browser);
      await page.goto(url('/consola/entrar'));
      await enviar(page, 'a[href="/consola/restablecer"]');
      await page.type('input[name=correo]', quien);
      await enviar(page, 'form.entrada button[type=submit]');
      return page;
    };
    const sinCuenta = await pedir(`nadie-${randomUUID()}@empresa.sv`);
    const conCuenta = await pedir(correo);
    expect(await textoDe(conCuenta)).toBe(await textoDe(sinCuenta));
    await revisar(conCuenta, 'personas-restablecer');

    const mensaje = await waitForMail((m) => m.to.some((t) => t.address === correo));
    const { text } = (await (await fetch(`${stack().maildev}/email/${mensaje.id}`)).json()) as { text: string };
    const enlace = /https?:\/\/\S+\/consola\/restablecer\/[\w-]+/.exec(text)?.[0];
    expect(enlace).toBeDefined();
    await ponerContrasena(conCuenta, enlace!, 'la segunda frase de Carla');
    expect(conCuenta.url()).toBe(url('/consola/entrar?aviso=contrasena'));
    // The session opened with the old password ended.
    await antes.goto(url('/consola/documentos'));
    expect(antes.url()).toBe(url('/consola/entrar'));
    await conCuenta.type('input[name=correo]', correo);
    await conCuenta.type('input[name=contrasena]', 'la segunda frase de Carla');
    await enviar(conCuenta, 'form.entrada button[type=submit]');
    expect(conCuenta.url()).toBe(url('/consola/documentos'));
  }, 120_000);

  it('invites a SOPORTE colleague by e-mail, who resends a document but is refused its invalidation', async () => {
    await adminPage.goto(url('/consola/usuarios'));
    await adminPage.type('input[name=correo]', colega.correo);
    await adminPage.type('input[name=nombre]', 'Beto Soporte');
    await adminPage.select('select[name=rol]', 'SOPORTE');
    await enviar(adminPage, 'form[action="/consola/usuarios"] button[type=submit]');
    expect(await textoDe(adminPage)).toContain(colega.correo);
    await revisar(adminPage, 'personas-usuarios');

    const correo = await waitForMail((m) => m.to.some((t) => t.address === colega.correo));
    const mensaje = (await (await fetch(`${stack().maildev}/email/${correo.id}`)).json()) as { text: string };
    const enlace = /https?:\/\/\S+\/consola\/invitacion\/[\w-]+/.exec(mensaje.text)?.[0];
    expect(enlace).toBeDefined();
    colegaPage = await nuevaPagina(browser);
    await ponerContrasena(colegaPage, enlace!, colega.contrasena);
    expect(colegaPage.url()).toBe(url('/consola/documentos'));
    // A SOPORTE works with documents only: no users, no audit log in its menu.
    const menu = await colegaPage.$$eval('.barra nav a', (as) => as.map((a) => (a as HTMLElement).innerText));
    expect(menu).not.toContain('Usuarios');

    await colegaPage.goto(url(`/consola/documentos/${cgA}`));
    await enviar(colegaPage, `form[action="/consola/documentos/${cgA}/reenviar"] button[type=submit]`);
    expect(await textoDe(colegaPage)).toMatch(/reenv/i);
    await eventually('the resend in the document’s timeline, naming the colleague', async () => {
      await colegaPage.goto(url(`/consola/documentos/${cgA}`));
      return (await textoDe(colegaPage)).includes(`Reenviado por ${colega.correo}`) || undefined;
    });
    await revisar(colegaPage, 'personas-documento-soporte');

    // The invalidation, asked for by the colleague, is the API's 403 as a page that says why.
    const anular = await enviarFormulario(colegaPage, `/consola/documentos/${cgA}/anular`, {
      tipoAnulacion: '2',
      motivoAnulacion: 'Error en los datos',
    });
    expect(anular.status).toBe(403);
    const refusal = await anular.text();
    expect(refusal).toContain('PERMISSION_DENIED');
    expect(refusal).toContain('Su rol en este emisor no tiene el permiso ANULACION');
    // The document was not invalidated.
    expect((await api('GET', `/dte/${cgA}`, emisorA)).body.data.estado).toBe('PROCESSED');
  }, 180_000);

  it('keeps each emisor’s things to its own people', async () => {
    const ajeno = await colegaPage.goto(url(`/consola/documentos/${cgB}`));
    expect(ajeno?.status()).toBe(404);
    expect(await textoDe(colegaPage)).not.toContain(emisorB.emisorId.toString() + ' ');
    // An emisor the colleague is not a member of cannot be picked.
    const elegir = await enviarFormulario(colegaPage, '/consola/emisor', { emisorId: String(emisorB.emisorId) });
    expect(elegir.status).toBe(403);
  });

  it('lists the actions with their actors in GET /auditoria; a token without AUDITORIA is refused', async () => {
    const db = await testDatabase();
    const propio = (await db.models.ApiToken.findById(hashToken(emisorA.token)).lean())!;
    const { token: sinAuditoria } = await new Tenants(
      db,
      new SecretBox(loadConfig(stack().env).SECRET_KEY),
    ).createToken({
      emisorId: emisorA.emisorId,
      establecimientoId: propio.establecimientoId,
      puntoVentaId: propio.puntoVentaId,
      name: 'Sistema de ventas',
      permissions: ['FACTURA_CONSUMIDOR_FINAL', 'LIBROS'],
    });
    const sinPermiso = await api('GET', '/auditoria', { ...emisorA, headers: { 'x-api-token': sinAuditoria } });
    expect([sinPermiso.status, sinPermiso.body.code]).toEqual([403, 'PERMISSION_DENIED']);
    // The tenant's token holds every permission, AUDITORIA among them.
    const auditor = await api('GET', '/auditoria?limit=100', emisorA);
    expect(auditor.status).toBe(200);
    const vistas = (auditor.body.data as { accion: string; actor: { correo?: string } }[]).map((e) => [
      e.accion,
      e.actor.correo,
    ]);
    expect(vistas).toEqual(
      expect.arrayContaining([
        ['USUARIO_INVITADO', undefined],
        ['USUARIO_ACTIVADO', admin.correo],
        ['USUARIO_SEGUNDO_FACTOR_ACTIVADO', admin.correo],
        ['INICIO_SESION', admin.correo],
        ['USUARIO_INVITADO', admin.correo],
        ['USUARIO_ACTIVADO', colega.correo],
        ['DTE_REENVIADO', colega.correo],
      ]),
    );
  });

  it('stops a disabled colleague’s session at its next request', async () => {
    await adminPage.goto(url('/consola/usuarios'));
    const ficha = await adminPage.$$eval(
      'tbody tr',
      (filas, correo) => filas.find((f) => (f as HTMLElement).innerText.includes(correo))?.querySelector('a')?.href,
      colega.correo,
    );
    await adminPage.goto(ficha!);
    await enviar(adminPage, 'form[action$="/deshabilitar"] button[type=submit]');
    // Asked first, then done.
    expect(await textoDe(adminPage)).toContain('Volver sin cambiar nada');
    await revisar(adminPage, 'personas-deshabilitar-confirmacion');
    await enviar(adminPage, 'form[action$="/deshabilitar"] button[type=submit]');
    expect(await textoDe(adminPage)).toMatch(/deshabilitad/i);
    await revisar(adminPage, 'personas-usuario-deshabilitado');

    const siguiente = await colegaPage.goto(url('/consola/documentos'));
    expect(colegaPage.url()).toBe(url('/consola/entrar'));
    expect(siguiente?.status()).toBe(200);
    // Nor can the colleague sign in again: the same answer as a wrong password.
    await colegaPage.type('input[name=correo]', colega.correo);
    await colegaPage.type('input[name=contrasena]', colega.contrasena);
    expect((await enviar(colegaPage, 'form.entrada button[type=submit]')).status()).toBe(401);
  });

  it('refuses six wrong passwords alike whether or not the e-mail has an account', async () => {
    const intentar = async (correo: string) => {
      const page = await nuevaPagina(browser);
      const respuestas: { status: number; aviso: string }[] = [];
      for (let i = 0; i < 6; i++) {
        await page.goto(url('/consola/entrar'));
        await page.type('input[name=correo]', correo);
        await page.type('input[name=contrasena]', `no es la contraseña ${i}`);
        const r = await enviar(page, 'form.entrada button[type=submit]');
        respuestas.push({
          status: r.status(),
          aviso: await page.$eval('.aviso.error', (a) => (a as HTMLElement).innerText),
        });
      }
      await revisar(page, 'personas-entrar-bloqueado');
      return respuestas;
    };
    const conCuenta = await intentar(facturador);
    const sinCuenta = await intentar(`nadie-${randomUUID()}@empresa.sv`);
    expect(conCuenta).toEqual(sinCuenta);
    expect(conCuenta.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(conCuenta[5]!.aviso).toMatch(/Demasiados intentos fallidos/);
    // Locked, the right password is refused too, until the window moves on.
    const page = await nuevaPagina(browser);
    await page.goto(url('/consola/entrar'));
    await page.type('input[name=correo]', facturador);
    await page.type('input[name=contrasena]', 'la segunda frase de Carla');
    expect((await enviar(page, 'form.entrada button[type=submit]')).status()).toBe(429);
  }, 120_000);
});
