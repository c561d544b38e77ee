import type { Browser, Page } from 'puppeteer-core';
import { Documents, TenantCache } from '@dte/store';
import { abrirNavegador, entrarComo, revisar, textoDe } from '../support/consola';
import { eventually } from '../support/eventually';
import { alReceptor, archivoDte, contribuyente, emitir, hoy } from '../support/fixtures';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The tablero (issue 52), the month at a glance, in a real browser on the real stack: two Facturas and a
 * CCF of known amounts, one Factura MH rejects (020), one e-mail that failed, a purchase verified with MH.
 * Its month totals are the books' totals fetched through the API and the sums done by hand here; the day's
 * figures, the estados, the rejection row with its explanation and the delivery rate are checked; a
 * FACTURADOR, who reads no books, is not offered it. Saved to .data/artefactos/consola-tablero-*.png.
 */
describe('web console: the tablero', () => {
  let tenant: TestTenant;
  let browser: Browser;
  let contadora: Page;
  const url = (ruta: string) => `${stack().api}${ruta}`;
  const mes = hoy().slice(0, 7);
  const CONSUMIDOR = { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' };
  const factura = (precioUnitario: number, receptor: object = CONSUMIDOR) =>
    emitir(tenant, '/dte/dte01', {
      receptor,
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario }],
      condicionOperacion: 1,
    });

  beforeAll(async () => {
    let proveedor: TestTenant;
    [tenant, proveedor] = await Promise.all([createTestTenant(), createTestTenant()]);
    browser = await abrirNavegador();
    // 11.30 with its IVA 1.30, no e-mail; 56.50 with its IVA 6.50, e-mailed; 100.00 + IVA 13.00 = 113.00, e-mailed.
    const sinCorreo = await factura(11.3);
    const conCorreo = await factura(56.5, { ...CONSUMIDOR, correo: 'juan@example.test' });
    const ccf = await emitir(tenant, '/dte/dte03', {
      receptor: contribuyente(),
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 }],
      condicionOperacion: 1,
    });
    await simulator('/reject', { next: 1, codigoMsg: '020', clasificaMsg: '16', emisor: tenant.nit });
    expect((await factura(1000)).estado).toBe('REJECTED');
    // A resend of the first Factura the receptor's mail server refused, recorded as the worker records one.
    const db = await testDatabase();
    await new Documents(db, new TenantCache(db.models, 0)).appendEmail(sinCorreo.codigoGeneracion, {
      to: 'juan@correo-que-no-existe.test',
      ok: false,
      error: '550 5.1.1 mailbox unavailable',
    });
    for (const doc of [conCorreo, ccf])
      await eventually(`the e-mail of ${doc.numeroControl} on record`, async () => {
        const { body } = await api('GET', `/dte/${doc.codigoGeneracion}`, tenant);
        return body.data.correos.some((c: { enviado: boolean }) => c.enviado);
      });
    // A purchase: 200.00 + IVA 26.00 from a supplier, verified with MH.
    const compra = await emitir(proveedor, '/dte/dte03', {
      receptor: await alReceptor(tenant),
      items: [{ descripcion: 'Papelería', cantidad: 1, precioUnitario: 200 }],
      condicionOperacion: 1,
    });
    const recibida = await api('POST', '/compras', tenant, await archivoDte(proveedor, compra));
    expect(recibida.body.data.estado).toBe('VERIFICADO');
    contadora = await entrarComo(browser, tenant.emisorId, 'CONTADOR', 'Marta Contadora');
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  const texto = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText.trim());
  /** A table's rows as their cells' text (its folded ones too). */
  const filas = (page: Page, selector: string) =>
    page.$$eval(`${selector} tbody tr`, (trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim()),
      ),
    );

  it('shows the month’s sales, IVA and purchases as the books have them, to the cent', async () => {
    await contadora.click('a[href="/consola/tablero"]');
    await contadora.waitForSelector('#resumen');
    expect(await contadora.$eval('input[name=mes]', (i) => (i as HTMLInputElement).value)).toBe(mes);

    const libro = async (nombre: string) =>
      (await api('GET', `/libros/${nombre}?periodo=${mes}`, tenant)).body.data as {
        totales: Record<string, string>;
        total: string;
      };
    const [contribuyentes, consumidor, debito, compras] = await Promise.all(
      ['ventas-contribuyentes', 'ventas-consumidor', 'debito-fiscal', 'compras'].map(libro),
    );
    // By hand: 11.30 + 56.50 + 113.00 and 1.30 + 6.50 + 13.00; the rejected Factura counts nowhere.
    expect([contribuyentes!.totales.total, consumidor!.totales.total, debito!.total]).toEqual([
      '113.00',
      '67.80',
      '20.80',
    ]);
    expect([compras!.totales.totalCompras, compras!.totales.creditoFiscal]).toEqual(['200.00', '26.00']);
    // The books' sales, 113.00 + 67.80, and their débito, compras and crédito.
    expect({
      ventas: await texto(contadora, '#ventas'),
      debito: await texto(contadora, '#debito'),
      compras: await texto(contadora, '#compras'),
      credito: await texto(contadora, '#credito'),
    }).toEqual({
      ventas: '$180.80',
      debito: `$${debito!.total}`,
      compras: `$${compras!.totales.totalCompras}`,
      credito: `$${compras!.totales.creditoFiscal}`,
    });

    // Every amount is today's: one row of the day, then the month's.
    expect(await filas(contadora, '#ventas-dia-cifras')).toEqual([
      [hoy(), '$180.80', '$20.80'],
      ['Total del mes', '$180.80', '$20.80'],
    ]);
    expect(await filas(contadora, '#compras-dia-cifras')).toEqual([
      [hoy(), '$200.00', '$26.00'],
      ['Total del mes', '$200.00', '$26.00'],
    ]);
    expect(await filas(contadora, '#libros-ventas')).toEqual([
      ['Ventas a contribuyentes', '1', '$113.00', '$13.00'],
      ['Ventas a consumidor final', '2', '$67.80', '$7.80'],
    ]);
    // The chart draws the same day: its bar is named by its amount.
    const dia = Number(hoy().slice(8));
    expect(await contadora.$$eval('#ventas-dia-titulo ~ rect title', (ts) => ts.map((t) => t.textContent))).toEqual([
      `Día ${dia}: Ventas $180.80`,
      `Día ${dia}: IVA débito $20.80`,
    ]);
  });

  it('counts the documents by estado, explains the rejection and tells the e-mails delivered', async () => {
    await contadora.goto(url('/consola/tablero'));
    expect(
      await contadora.$$eval('#estados tbody tr', (trs) =>
        trs.map((tr) => [tr.querySelector('.estado')!.className, tr.querySelector('td.num')!.textContent]),
      ),
    ).toEqual([
      ['estado estado-processed', '3'],
      ['estado estado-rejected', '1'],
    ]);
    const [rechazo, ...otros] = await filas(contadora, '#rechazos');
    expect(otros).toEqual([]);
    expect(rechazo!.slice(0, 2)).toEqual(['020', '1']);
    expect(rechazo![2]).toContain('Los montos no cuadran');
    expect(rechazo![3]).toContain('Revise precios, cantidades y descuentos');
    // Three documents e-mailed, two delivered.
    expect(await texto(contadora, '#entrega')).toBe('66.7 %');
    expect(await texto(contadora, '#correos-cifras')).toContain('2 de 3');
    // Each chart is an image with a name and a description.
    expect(
      await contadora.$$eval('svg.grafica', (svgs) =>
        svgs.map((s) => [s.getAttribute('role'), !!s.querySelector('title')?.textContent, !!s.querySelector('desc')]),
      ),
    ).toEqual(Array(4).fill(['img', true, true]));
    await revisar(contadora, 'tablero');
  });

  it('shows another month empty and refuses a month that is none', async () => {
    const [anio, m] = mes.split('-').map(Number) as [number, number];
    const anterior = m === 1 ? `${anio - 1}-12` : `${anio}-${String(m - 1).padStart(2, '0')}`;
    await contadora.goto(url(`/consola/tablero?mes=${anterior}`));
    expect([await texto(contadora, '#ventas'), await texto(contadora, '#compras')]).toEqual(['$0.00', '$0.00']);
    expect(await textoDe(contadora)).toContain('No se emitieron documentos en este mes.');
    const malo = await contadora.goto(url('/consola/tablero?mes=2026-13'));
    expect(malo!.status()).toBe(400);
    expect(await textoDe(contadora)).toContain('Debe ser un mes YYYY-MM');
  });

  it('is not offered to a FACTURADOR, who reads no books', async () => {
    const facturador = await entrarComo(browser, tenant.emisorId, 'FACTURADOR', 'Carla Facturadora');
    expect(await facturador.$('a[href="/consola/tablero"]')).toBeNull();
    const res = await facturador.goto(url('/consola/tablero'));
    expect(res!.status()).toBe(403);
  });
});
