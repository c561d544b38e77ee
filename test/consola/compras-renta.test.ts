import type { Browser, Page } from 'puppeteer-core';
import { loadConfig } from '@dte/config';
import { hashToken, SecretBox, Tenants, type DocumentRecordView } from '@dte/store';
import { abrirNavegador, enviar, entrarComo, revisar, textoDe } from '../support/consola';
import { alReceptor, archivoDte, emitir, hoy } from '../support/fixtures';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The purchases page (issue 52) in a real browser on the real stack: a CONTADOR sees the received documents
 * with their verification, classifies two for Renta at once and as their supplier's default (a combination
 * DGII's table refuses told beside its field, the selection kept), and downloads anexo 3 from the page's form, its rows checked against rows
 * written by hand from DGII's annex manual. An AUDITOR reads the received documents, the book and annexes, and is refused a
 * classification. Each page passes axe-core's WCAG 2.1 A/AA rules and is saved to
 * .data/artefactos/consola-compras-*.png at 1280 and 390 px.
 */
describe('web console: the purchases page', () => {
  let receptor: TestTenant;
  let proveedor: TestTenant;
  let browser: Browser;
  const docs = [] as DocumentRecordView[];
  const url = (ruta: string) => `${stack().api}${ruta}`;
  const periodo = hoy().slice(0, 7);
  const fecha = `${hoy().slice(8, 10)}/${hoy().slice(5, 7)}/${hoy().slice(0, 4)}`;
  const sin = (s: string) => s.replace(/-/g, '');
  const PROVEEDOR = 'EMPRESA DEMOSTRACION, S.A. DE C.V.';

  beforeAll(async () => {
    [receptor, proveedor] = await Promise.all([createTestTenant(), createTestTenant()]);
    // 100.00 gravada, IVA 13.00; 250.00 gravada, IVA 32.50: below the 1,000.00 that waits for a person.
    for (const [descripcion, precioUnitario] of [
      ['Papelería', 100],
      ['Tóner', 250],
    ] as const) {
      const doc = await emitir(proveedor, '/dte/dte03', {
        receptor: await alReceptor(receptor),
        items: [{ descripcion, cantidad: 1, precioUnitario }],
        condicionOperacion: 1,
      });
      const recibido = await api('POST', '/compras', receptor, await archivoDte(proveedor, doc));
      expect([recibido.status, recibido.body.data.estado]).toEqual([201, 'VERIFICADO']);
      docs.push(doc);
    }
    browser = await abrirNavegador();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  /** The annex as the page's form asks it: the form's own fields, sent with the session's cookie. */
  async function descargar(page: Page, accion: string, cambios: Record<string, string>) {
    return page.evaluate(
      async (accion, cambios) => {
        const form = document.querySelector(`form[action="${accion}"]`) as HTMLFormElement;
        const datos = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
        for (const [k, v] of Object.entries(cambios)) datos.set(k, v);
        const res = await fetch(`${form.action}?${datos}`);
        return { status: res.status, tipo: res.headers.get('content-type'), texto: await res.text() };
      },
      accion,
      cambios,
    );
  }

  it('classifies two purchases at once and downloads anexo 3 with their codes', async () => {
    const page = await entrarComo(browser, receptor.emisorId, 'CONTADOR', 'Marta Contadora');
    await page.goto(url('/consola/compras'));
    const lista = await textoDe(page);
    expect(lista).toContain('Documentos recibidos');
    for (const d of docs) expect(lista).toContain(d.numeroControl);
    // Each purchase's estado and classification, as its row shows them.
    const columnas = () =>
      page.$$eval('table.recibidos tbody tr', (trs) =>
        trs.map((tr) => [5, 6].map((i) => (tr as HTMLTableRowElement).cells[i]!.innerText.trim())),
      );
    expect(await columnas()).toEqual([
      ['Verificado', 'Sin clasificar'],
      ['Verificado', 'Sin clasificar'],
    ]);
    expect(lista).toContain('No hay buzón configurado');
    // Without a classification, anexo 3 is refused naming the purchases, as the API refuses it.
    const sinClasificar = await descargar(page, '/consola/api/anexos/f07/compras', { periodo, formato: 'json' });
    expect(sinClasificar.status).toBe(400);
    await revisar(page, 'compras-lista');

    for (const d of docs) await page.click(`input[name=cg][value="${d.codigoGeneracion}"]`);
    await page.select('form.clasificar [name=tipoOperacion]', '1');
    await page.select('form.clasificar [name=clasificacion]', '1');
    await page.select('form.clasificar [name=sector]', '2');
    // A cost with "gastos de venta": DGII's table allows a cost only 4 or 5 outside industry.
    await page.select('form.clasificar [name=tipoCostoGasto]', '1');
    expect((await enviar(page, 'form.clasificar button[type=submit]')).status()).toBe(400);
    expect(await page.$eval('#error-tipoCostoGasto', (e) => (e as HTMLElement).innerText)).toMatch(
      /^Con clasificación 1 y sector 2 el tipo de costo o gasto es 4, 5/,
    );
    const marcadas = await page.$$eval('input[name=cg]:checked', (c) => c.map((i) => (i as HTMLInputElement).value));
    expect(marcadas.sort()).toEqual(docs.map((d) => d.codigoGeneracion).sort());
    expect(await page.$eval('form.clasificar [name=sector]', (s) => (s as HTMLSelectElement).value)).toBe('2');
    await revisar(page, 'compras-error');

    await page.select('form.clasificar [name=tipoCostoGasto]', '5');
    // Also the supplier's default, for its documents without one of their own.
    await page.click('form.clasificar [name=proveedor]');
    await enviar(page, 'form.clasificar button[type=submit]');
    expect(new URL(page.url()).search).toBe('?clasificados=2');
    const clasificada = await textoDe(page);
    expect(clasificada).toContain('2 documentos clasificados');
    const clasificacion = 'Gravada · Costo · Comercio · Costo de artículos comprados internamente';
    expect(await columnas()).toEqual([
      ['Verificado', clasificacion],
      ['Verificado', clasificacion],
    ]);
    for (const d of docs)
      expect((await api('GET', `/compras/${d.codigoGeneracion}`, receptor)).body.data.clasificacion).toEqual({
        tipoOperacion: 1,
        clasificacion: 1,
        sector: 2,
        tipoCostoGasto: 5,
      });
    const defecto = await (
      await testDatabase()
    ).connection
      .collection<{ _id: string; clasificacion?: unknown }>('compras_proveedores')
      .findOne({ _id: `${receptor.emisorId}:${proveedor.nit}` });
    expect(defecto?.clasificacion).toEqual({ tipoOperacion: 1, clasificacion: 1, sector: 2, tipoCostoGasto: 5 });
    await revisar(page, 'compras-clasificadas');

    const csv = await descargar(page, '/consola/api/anexos/f07/compras', { periodo, formato: 'csv' });
    expect([csv.status, csv.tipo]).toEqual([200, 'text/csv; charset=windows-1252']);
    // G exentas 0.00 ; H, I 0.00 ; J gravadas ; K, L, M 0.00 ; N crédito fiscal ; O total ; P blank ; Q–T ; U 3
    const fila = (d: DocumentRecordView, montos: string) =>
      `${fecha};4;03;${sin(d.codigoGeneracion)};${proveedor.nit};${PROVEEDOR};${montos};;1;1;2;5;3\r\n`;
    expect(csv.texto).toBe(
      fila(docs[0]!, '0.00;0.00;0.00;100.00;0.00;0.00;0.00;13.00;100.00') +
        fila(docs[1]!, '0.00;0.00;0.00;250.00;0.00;0.00;0.00;32.50;250.00'),
    );
  });

  it('shows an auditor the received documents, the book and the annexes, with nothing to classify', async () => {
    const page = await entrarComo(browser, receptor.emisorId, 'AUDITOR', 'Aurelio Auditor');
    await page.goto(url('/consola/compras'));
    expect(await page.$eval('nav a[aria-current=page]', (a) => (a as HTMLElement).innerText)).toBe('Compras');
    const texto = await textoDe(page);
    // COMPRAS_LECTURA: both documents listed, and the mailbox's section, read-only.
    for (const d of docs) expect(texto).toContain(d.numeroControl);
    expect(texto).toContain('Buzón de correo de compras');
    expect(texto).not.toContain('requiere el permiso');
    expect(texto).toContain('Anexo 3 · Compras');
    expect(await page.$('input[name=cg]')).toBeNull();
    expect(await page.$('form[action="/consola/compras/clasificacion"]')).toBeNull();
    await revisar(page, 'compras-auditor');
    // A document's page compares it with MH and says who may classify it, with no form to do so.
    await page.goto(url(`/consola/compras/${docs[0]!.codigoGeneracion}`));
    expect(await textoDe(page)).toContain('Clasificarlo requiere el permiso COMPRAS.');
    expect(await page.$('form[action="/consola/compras/clasificacion"]')).toBeNull();
    await revisar(page, 'compras-auditor-ficha');
    await page.goto(url('/consola/compras'));
    const libro = await descargar(page, '/consola/api/libros/compras', { periodo, formato: 'json' });
    expect(libro.status).toBe(200);
    // The book's lines: the two CCFs, their gravadas and crédito fiscal as issued.
    const lineas = JSON.parse(libro.texto).data.lineas as {
      codigoGeneracion: string;
      montos: { gravadas: string; creditoFiscal: string };
    }[];
    expect(lineas.map((l) => [l.codigoGeneracion, l.montos.gravadas, l.montos.creditoFiscal])).toEqual([
      [docs[0]!.codigoGeneracion, '100.00', '13.00'],
      [docs[1]!.codigoGeneracion, '250.00', '32.50'],
    ]);
    const intento = await page.evaluate(async (cg) => {
      const csrf = (document.querySelector('form.salir [name=csrf]') as HTMLInputElement).value;
      const cuerpo = new URLSearchParams({
        csrf,
        cg,
        tipoOperacion: '9',
        clasificacion: '9',
        sector: '9',
        tipoCostoGasto: '9',
      });
      return (await fetch('/consola/compras/clasificacion', { method: 'POST', body: cuerpo })).status;
    }, docs[0]!.codigoGeneracion);
    expect(intento).toBe(403);
  });

  it('lets a token with COMPRAS_LECTURA read the purchases and the mailbox, and take in or classify none', async () => {
    const db = await testDatabase();
    const propio = await db.models.ApiToken.findById(hashToken(receptor.token)).lean();
    const { token } = await new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY)).createToken({
      emisorId: receptor.emisorId,
      establecimientoId: propio!.establecimientoId,
      puntoVentaId: propio!.puntoVentaId,
      name: 'Lector de compras',
      permissions: ['COMPRAS_LECTURA'],
    });
    const lector = { ...receptor, token, headers: { ...receptor.headers, 'x-api-token': token } };
    const lista = await api('GET', '/compras', lector);
    expect(lista.status).toBe(200);
    expect((lista.body.data as { codigoGeneracion: string }[]).map((c) => c.codigoGeneracion).sort()).toEqual(
      docs.map((d) => d.codigoGeneracion).sort(),
    );
    const cg = docs[0]!.codigoGeneracion;
    expect((await api('GET', `/compras/${cg}`, lector)).status).toBe(200);
    expect((await api('GET', `/compras/${cg}/json`, lector)).status).toBe(200);
    // No mailbox is configured: read, it is a 404, not a refusal.
    expect((await api('GET', '/buzon', lector)).status).toBe(404);
    const cambios = [
      await api('PATCH', `/compras/${cg}`, lector, { clasificacion: null }),
      await api('POST', '/compras', lector, await archivoDte(proveedor, docs[0]!)),
      await api('DELETE', '/buzon', lector),
    ];
    expect(cambios.map((r) => [r.status, r.body.code, r.body.permission])).toEqual(
      Array(3).fill([403, 'PERMISSION_DENIED', 'COMPRAS']),
    );
  });
});
