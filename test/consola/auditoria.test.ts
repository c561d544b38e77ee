import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { loadConfig } from '@dte/config';
import type { Actor, AccionAuditoria } from '@dte/domain';
import { Auditoria, hashToken, SecretBox, Tenants } from '@dte/store';
import { infraccionesDeAccesibilidad } from '../support/accesibilidad';
import { sinPlazos } from '../support/consola';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The console's audit page and the document's timeline on the real stack: entries written to the log as
 * `auditar` writes them (and the issuance's, by the API), read by a token holding AUDITORIA; each filter
 * narrows to the rows expected by hand, the cursor link pages, the CSV holds them with a formula made
 * harmless, a session without AUDITORIA is refused, and another emisor's entries never show. Pages are
 * saved to /tmp/consola-auditoria-*.png (1280 and 390 px wide) to be looked at.
 */
describe('web console: the audit log', () => {
  let a: TestTenant;
  let b: TestTenant;
  let browser: Browser;
  const tokens = {} as Record<'auditora' | 'soporte', string>;
  /** The name of tenant A's own token, which issues its document. */
  let emisorA: string;
  let claveB: string;
  let cg: string;
  const url = (ruta: string) => `${stack().api}${ruta}`;
  /** An instant given as El Salvador's civil time (UTC−6). */
  const sv = (civil: string) => new Date(`${civil}-06:00`);

  const ana: Actor = { tipo: 'USUARIO', id: 'u-ana', correo: 'ana@example.test' };
  const beto: Actor = { tipo: 'USUARIO', id: 'u-beto', correo: 'beto@example.test' };
  const formula = '=HYPERLINK("http://malo.example","clic")';

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant(), createTestTenant()]);
    const db = await testDatabase();
    const config = loadConfig(stack().env);
    const tenants = new Tenants(db, new SecretBox(config.SECRET_KEY));
    const propio = await db.models.ApiToken.findById(hashToken(a.token)).lean();
    const deB = await db.models.ApiToken.findById(hashToken(b.token)).lean();
    emisorA = propio!.name;
    const token = async (name: string, permissions: string[]) =>
      (
        await tenants.createToken({
          emisorId: a.emisorId,
          establecimientoId: propio!.establecimientoId,
          puntoVentaId: propio!.puntoVentaId,
          name,
          permissions,
        })
      ).token;
    tokens.auditora = await token('Lucía (auditora)', ['CONSOLA', 'AUDITORIA']);
    tokens.soporte = await token('Ana (soporte)', ['CONSOLA']);

    const log = new Auditoria(db.connection);
    const registrar = (
      emisorId: number,
      actor: Actor,
      accion: AccionAuditoria,
      otros: { codigoGeneracion?: string; endpoint?: string; direccion?: string; requestId?: string },
      detalles: Record<string, string | number> = {},
      fecha?: Date,
    ) =>
      log.registrar(
        emisorId,
        {
          actor,
          accion,
          codigoGeneracion: otros.codigoGeneracion ?? null,
          endpoint: otros.endpoint ?? null,
          direccion: otros.direccion ?? null,
          requestId: otros.requestId ?? null,
          detalles,
        },
        fecha,
      );
    // Written oldest first, as the log is: its walk down ends at the first entry before `desde`.
    await registrar(
      a.emisorId,
      { tipo: 'OPERADOR', nombre: 'root' },
      'TOKEN_CREADO',
      { endpoint: 'token crear' },
      { id: 7 },
      sv('2026-11-10T09:00:00'),
    );
    // 05:30 on the 21st in UTC: still the 20th in El Salvador.
    await registrar(
      a.emisorId,
      { tipo: 'ANONIMO', correo: 'intruso@example.test' },
      'INICIO_SESION_FALLIDO',
      { endpoint: 'POST /consola/entrar', direccion: '203.0.113.9', requestId: 'req-2' },
      { motivo: 'CONTRASENA' },
      sv('2026-11-20T23:30:00'),
    );
    await registrar(
      a.emisorId,
      { tipo: 'TOKEN', id: 99_999, nombre: formula },
      'WEBHOOK_CREADO',
      { endpoint: 'POST /webhooks', direccion: '198.51.100.8', requestId: 'req-3' },
      { id: 'wh-1' },
      sv('2026-11-25T10:00:00'),
    );
    await registrar(
      a.emisorId,
      ana,
      'USUARIO_ROL_CAMBIADO',
      { endpoint: 'POST /consola/usuarios/u-beto/rol', direccion: '198.51.100.7', requestId: 'req-4' },
      { usuario: 'u-beto', rol: 'SOPORTE' },
      sv('2026-11-28T12:00:00'),
    );
    await registrar(
      b.emisorId,
      { tipo: 'TOKEN', id: deB!.id, nombre: 'Intruso B' },
      'WEBHOOK_CREADO',
      { endpoint: 'POST /webhooks' },
      {},
      sv('2026-11-25T10:00:00'),
    );
    claveB = `token:${deB!.id}`;

    // The API records its issuance itself (DTE_EMITIDO, by A's token).
    const emitido = await api('POST', '/dte/dte01', a, {
      receptor: { nombre: 'Juana Martínez', tipoDocumento: '13', numDocumento: '012345678' },
      items: [{ descripcion: 'Café molido 500 g', cantidad: 2, precioUnitario: 6.5 }],
      condicionOperacion: 1,
    });
    expect(emitido.status).toBe(201);
    cg = emitido.body.data.codigoGeneracion;
    await registrar(
      a.emisorId,
      beto,
      'DTE_REENVIADO',
      { codigoGeneracion: cg, endpoint: `POST /consola/documentos/${cg}/reenviar`, requestId: 'req-6' },
      { para: 'j***@example.test' },
    );
    // Another emisor's entry about a document of the same code: never A's.
    await registrar(b.emisorId, { tipo: 'TOKEN', id: deB!.id, nombre: 'Intruso B' }, 'DTE_ANULADO', {
      codigoGeneracion: cg,
    });

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
    expect(page.url()).toBe(url('/consola/documentos'));
    return page;
  }

  /** The page at 1280 and at 390 px, whole, with nothing wider than the phone at 390. */
  async function captura(page: Page, nombre: string): Promise<void> {
    for (const ancho of [1280, 390]) {
      await page.setViewport({ width: ancho, height: 900 });
      const alto = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewport({ width: ancho, height: alto });
      await page.screenshot({ path: `/tmp/consola-auditoria-${nombre}-${ancho}.png` });
      if (ancho === 390)
        expect([nombre, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([nombre, 390]);
    }
    await page.setViewport({ width: 1280, height: 900 });
  }

  const texto = (page: Page) => page.$eval('main', (m) => (m as HTMLElement).innerText);

  /** The auditor's own sign-ins, recorded as each test signs in: apart from the rows written here. */
  const SUS_ENTRADAS = 'Inicio de sesión · Lucía (auditora) token de API';

  /** The table's rows as `acción · quién`, newest first (the acción without its details), but the auditor's sign-ins. */
  const filas = async (page: Page) =>
    (
      await page.$$eval('tbody tr', (trs) =>
        trs.map((tr) => {
          const celdas = Array.from((tr as HTMLTableRowElement).cells).map((c) => c.innerText.trim());
          return `${celdas[2]!.split('\n')[0]} · ${celdas[1]}`;
        }),
      )
    ).filter((f) => f !== SUS_ENTRADAS);

  // The rows by hand, newest first.
  const R = {
    reenviado: 'Reenviado · beto@example.test persona',
    emitido: () => `Emitido · ${emisorA} token de API`,
    rol: 'Rol de usuario cambiado · ana@example.test persona',
    webhook: `Webhook creado · ${formula} token de API`,
    fallido: 'Inicio de sesión fallido · intruso@example.test anónimo',
    token: 'Token creado · root operador del servidor',
  };

  async function buscar(page: Page, query: string): Promise<string[]> {
    const res = await page.goto(url(`/consola/auditoria?${query}`));
    expect([query, res!.status()]).toEqual([query, 200]);
    return filas(page);
  }

  it('lists the emisor’s entries, newest first, with who, what, the document, endpoint, address and request', async () => {
    const page = await entrar(tokens.auditora);
    expect(await page.$('nav a[href="/consola/auditoria"]')).not.toBeNull();
    await Promise.all([page.waitForNavigation(), page.click('nav a[href="/consola/auditoria"]')]);
    expect(await filas(page)).toEqual([R.reenviado, R.emitido(), R.rol, R.webhook, R.fallido, R.token]);
    const rol = await page.$$eval('tbody tr', (trs) =>
      Array.from(
        (trs.find((tr) => (tr as HTMLElement).innerText.includes('Rol de usuario cambiado')) as HTMLTableRowElement)
          .cells,
      ).map((t) => t.innerText),
    );
    expect(rol).toEqual([
      '2026-11-28\n12:00:00',
      'ana@example.test persona',
      'Rol de usuario cambiado\nusuario: u-beto · rol: SOPORTE',
      '',
      'POST /consola/usuarios/u-beto/rol',
      '198.51.100.7',
      'req-4',
    ]);
    // The document's entry links to its page.
    expect(await page.$$eval(`tbody a[href="/consola/documentos/${cg}"]`, (as) => as.length)).toBe(2);
    // The actors seen are offered in the actor field, by their key.
    const vistos = await page.$$eval('#actores-vistos option', (os) =>
      os.map((o) => [(o as HTMLOptionElement).value, (o as HTMLElement).textContent]),
    );
    expect(vistos).toEqual(
      expect.arrayContaining([
        ['usuario:u-ana', 'ana@example.test (persona)'],
        ['operador:root', 'root (operador del servidor)'],
      ]),
    );
    // The six actors written here, and the auditor, whose sign-in is in the log too.
    expect(vistos).toHaveLength(7);
    // Nothing of emisor B.
    expect(await texto(page)).not.toContain('Intruso B');
    expect(await infraccionesDeAccesibilidad(page)).toEqual([]);
    await captura(page, 'lista');

    // The form, as a person uses it: an actor's key and a kind of action.
    await page.type('input[name=actor]', 'usuario:u-ana');
    await page.select('select[name=accion]', 'USUARIO_ROL_CAMBIADO');
    await Promise.all([page.waitForNavigation(), page.click('form.filtros button[type=submit]')]);
    expect(await filas(page)).toEqual([R.rol]);
    expect(new URL(page.url()).searchParams.get('actor')).toBe('usuario:u-ana');
    expect(await page.$eval('select[name=accion]', (s) => (s as HTMLSelectElement).value)).toBe('USUARIO_ROL_CAMBIADO');
  });

  it('narrows by each filter, with dates as El Salvador’s days, and pages with a link that keeps them', async () => {
    const page = await entrar(tokens.auditora);
    expect(await buscar(page, 'actor=usuario:u-beto')).toEqual([R.reenviado]);
    expect(await buscar(page, `actor=token:99999`)).toEqual([R.webhook]);
    expect(await buscar(page, 'accion=DTE_EMITIDO')).toEqual([R.emitido()]);
    expect(await buscar(page, 'accion=INICIO_SESION_FALLIDO')).toEqual([R.fallido]);
    // The code as typed, in small letters; emisor B's entry about the same code is not A's.
    expect(await buscar(page, `codigoGeneracion=${cg.toLowerCase()}`)).toEqual([R.reenviado, R.emitido()]);
    // 23:30 of the 20th in El Salvador is the 21st in UTC: a day of El Salvador.
    expect(await buscar(page, 'desde=2026-11-21&hasta=2026-11-28')).toEqual([R.rol, R.webhook]);
    expect(await buscar(page, 'hasta=2026-11-20')).toEqual([R.fallido, R.token]);
    expect(await buscar(page, 'desde=2026-11-20&hasta=2026-11-20')).toEqual([R.fallido]);
    expect(await buscar(page, 'desde=2026-11-01&hasta=2026-11-30&accion=WEBHOOK_CREADO')).toEqual([R.webhook]);
    expect(await buscar(page, `actor=${claveB}`)).toEqual([]);
    expect(await texto(page)).toContain('Ninguna entrada coincide con la búsqueda.');

    // Two at a time within November: the link carries the filters and the cursor, and the last page has none.
    expect(await buscar(page, 'hasta=2026-11-30&limit=2')).toEqual([R.rol, R.webhook]);
    const siguiente = await page.$eval('a.boton[href^="/consola/auditoria?"]', (a) => a.getAttribute('href')!);
    expect(await page.$eval('a.boton[href^="/consola/auditoria?"]', (a) => (a as HTMLElement).innerText)).toBe(
      'Siguiente página →',
    );
    const query = new URLSearchParams(siguiente.split('?')[1]);
    expect([query.get('hasta'), query.get('limit'), !!query.get('cursor')]).toEqual(['2026-11-30', '2', true]);
    await Promise.all([page.waitForNavigation(), page.click('a.boton[href^="/consola/auditoria?"]')]);
    expect(await filas(page)).toEqual([R.fallido, R.token]);
    expect(await page.$('a.boton[href^="/consola/auditoria?"]')).toBeNull();
    expect(await page.$eval('input[name=hasta]', (i) => (i as HTMLInputElement).value)).toBe('2026-11-30');
  });

  it('tells each bad filter beside its field and keeps what was typed', async () => {
    const page = await entrar(tokens.auditora);
    const res = await page.goto(url('/consola/auditoria?actor=juan&codigoGeneracion=abc-123&desde=2026-02-30'));
    expect(res!.status()).toBe(400);
    const errores = await page.$$eval('.error-campo', (es) => es.map((e) => [e.id, (e as HTMLElement).innerText]));
    expect(errores).toEqual([
      ['error-actor', 'Elija un actor de la lista o escriba su clave: token:…, usuario:…, correo:… u operador:…'],
      ['error-codigoGeneracion', 'Escriba el código de generación completo (36 caracteres, como 0A1B2C3D-…)'],
      ['error-desde', expect.stringContaining('YYYY-MM-DD')],
    ]);
    expect(await page.$eval('input[name=actor]', (i) => (i as HTMLInputElement).value)).toBe('juan');
    expect(await page.$eval('input[name=codigoGeneracion]', (i) => (i as HTMLInputElement).value)).toBe('abc-123');
    expect(await page.$eval('input[name=actor]', (i) => i.getAttribute('aria-describedby'))).toBe('error-actor');
    // No table, and no export of a query that means nothing.
    expect(await page.$('table')).toBeNull();
    expect(await page.$('a[href^="/consola/auditoria.csv"]')).toBeNull();
    expect(await infraccionesDeAccesibilidad(page)).toEqual([]);
    await captura(page, 'error');

    // Two good dates in the wrong order: told beside desde, both kept.
    expect((await page.goto(url('/consola/auditoria?desde=2026-11-28&hasta=2026-11-10')))!.status()).toBe(400);
    expect(await page.$eval('#error-desde', (e) => (e as HTMLElement).innerText)).toBe('desde es posterior a hasta');
    expect(await page.$eval('input[name=desde]', (i) => (i as HTMLInputElement).value)).toBe('2026-11-28');
    expect(await page.$eval('input[name=hasta]', (i) => (i as HTMLInputElement).value)).toBe('2026-11-10');
  });

  it('exports the matching entries as a CSV for Excel, a formula made text, nothing of another emisor', async () => {
    const page = await entrar(tokens.auditora);
    await buscar(page, 'desde=2026-11-01&hasta=2026-11-30&limit=2');
    const href = await page.$eval('a[href^="/consola/auditoria.csv"]', (a) => a.getAttribute('href'));
    // The filters, not the page's size or cursor.
    expect(href).toBe('/consola/auditoria.csv?desde=2026-11-01&hasta=2026-11-30');
    const cookie = (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(url(href!), { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="auditoria-\d+\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'fecha,quien,tipo_actor,actor,accion,codigo_accion,codigo_generacion,endpoint,direccion,solicitud,detalles',
      '2026-11-28 12:00:00,ana@example.test,persona,usuario:u-ana,Rol de usuario cambiado,USUARIO_ROL_CAMBIADO,,' +
        'POST /consola/usuarios/u-beto/rol,198.51.100.7,req-4,usuario: u-beto · rol: SOPORTE',
      `2026-11-25 10:00:00,"'=HYPERLINK(""http://malo.example"",""clic"")",token de API,token:99999,` +
        'Webhook creado,WEBHOOK_CREADO,,POST /webhooks,198.51.100.8,req-3,id: wh-1',
      '2026-11-20 23:30:00,intruso@example.test,anónimo,correo:intruso@example.test,Inicio de sesión fallido,' +
        'INICIO_SESION_FALLIDO,,POST /consola/entrar,203.0.113.9,req-2,motivo: CONTRASENA',
      '2026-11-10 09:00:00,root,operador del servidor,operador:root,Token creado,TOKEN_CREADO,,token crear,,,id: 7',
      '',
    ]);

    // Unfiltered: every entry of A (the two of today included), none of B.
    const todo = await fetch(url('/consola/auditoria.csv'), { headers: { cookie } });
    const todas = (await todo.text()).split('\r\n').filter(Boolean);
    const entradas = todas.filter(
      (l) => l.includes(',Lucía (auditora),token de API,') && l.includes(',INICIO_SESION,'),
    );
    // Each of the auditor's sign-ins is in the log, with the console's form as its endpoint.
    expect(entradas.length).toBeGreaterThan(0);
    for (const l of entradas) expect(l).toContain(',POST /consola/entrar/token,');
    const lineas = todas.filter((l) => !entradas.includes(l));
    expect(lineas).toHaveLength(1 + 6);
    expect(lineas[1]).toContain(`,beto@example.test,persona,usuario:u-beto,Reenviado,DTE_REENVIADO,${cg},`);
    expect(lineas[2]).toContain(`,${emisorA},token de API,`);
    expect(lineas.join('\n')).not.toContain('Intruso B');

    // A bad filter is not exported: the page, with the field's error.
    const malo = await fetch(url('/consola/auditoria.csv?codigoGeneracion=abc'), { headers: { cookie } });
    expect(malo.status).toBe(400);
    expect(malo.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await malo.text()).toContain('id="error-codigoGeneracion"');
  });

  it('refuses the page and the CSV to a session without AUDITORIA, and offers no link to them', async () => {
    const page = await entrar(tokens.soporte);
    expect(await page.$('nav a[href="/consola/auditoria"]')).toBeNull();
    const res = await page.goto(url('/consola/auditoria'));
    expect(res!.status()).toBe(403);
    expect(await page.$eval('.codigo-error', (c) => c.textContent)).toBe('PERMISSION_DENIED');
    expect(await page.$('tbody')).toBeNull();
    const cookie = (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const csv = await fetch(url('/consola/auditoria.csv'), { headers: { cookie } });
    expect(csv.status).toBe(403);
    expect(await csv.text()).not.toContain('ana@example.test');
  });

  it('names who issued and who resent the document in its timeline, and nothing another emisor logged', async () => {
    const page = await entrar(tokens.soporte);
    await page.goto(url(`/consola/documentos/${cg}`));
    const historia = await page.$eval('.historia', (o) => (o as HTMLElement).innerText);
    expect(historia).toContain(`Emitido por ${emisorA}`);
    expect(historia).toContain('Reenviado por beto@example.test');
    expect(historia).toContain('persona · a j***@example.test');
    expect(historia).not.toContain('Intruso B');
    expect(historia).not.toContain('Anulado por');
    // Who issued it is told with its request, before MH's answer; the resend after.
    const orden = ['Solicitado y firmado', `Emitido por ${emisorA}`, 'Aceptado por MH', 'Reenviado por'];
    expect(orden.map((t) => historia.indexOf(t))).toEqual(orden.map((t) => historia.indexOf(t)).sort((x, y) => x - y));
    expect(orden.map((t) => historia.indexOf(t))).not.toContain(-1);
    await captura(page, 'documento');
  });
});
