import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { abrirNavegador, enviar, entrarComo, revisar, textoDe } from '../support/consola';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * The customer book and the product catalog in the console (issue 51), in a real browser on the real stack:
 * a FACTURADOR creates a customer (a wrong DUI told beside its field, everything typed kept), finds it,
 * changes it and removes it after a confirmation; keeps a product; imports a CSV whose good, bad and
 * repeated rows are reported row by row with nothing imported, then a good one; downloads the book as CSV
 * and xlsx. A SOPORTE person has no book. Each page passes axe-core's WCAG 2.1 A/AA rules and is saved to
 * .data/artefactos/consola-libreta-*.png at 1280 and 390 px.
 */
describe('web console: the customer book and the product catalog', () => {
  let tenant: TestTenant;
  let browser: Browser;
  let page: Page;
  let carpeta: string;
  const url = (ruta: string) => `${stack().api}${ruta}`;
  const campo = (nombre: string) => `[name="${nombre}"]`;
  const valor = (nombre: string) => page.$eval(campo(nombre), (i) => (i as HTMLInputElement).value);
  const filas = () =>
    page.$$eval('main table:not(.informe) tbody tr', (trs) =>
      trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells).map((c) => c.innerText.trim())),
    );
  const cookie = async () => (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

  beforeAll(async () => {
    tenant = await createTestTenant();
    browser = await abrirNavegador();
    page = await entrarComo(browser, tenant.emisorId, 'FACTURADOR', 'Carla Facturadora');
    carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'libreta-'));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
    await fs.rm(carpeta, { recursive: true, force: true });
  });

  it('creates a customer, refusing a wrong DUI beside its field; finds, changes and removes it', async () => {
    await page.goto(url('/consola/clientes'));
    expect(await textoDe(page)).toContain('La libreta está vacía.');
    await revisar(page, 'libreta-clientes-vacia');
    await enviar(page, 'a[href="/consola/clientes/nuevo"]');
    await page.type(campo('nombre'), 'Rosa Elena Quintanilla');
    await page.select(campo('tipoDocumento'), '13');
    // 02468135-7 is the DUI: its check digit mistyped.
    await page.type(campo('numDocumento'), '02468135-0');
    await page.select(campo('direccion.ubicacion'), '06-23-14');
    await page.type(campo('direccion.complemento'), 'Colonia Escalón, pasaje 4');
    await page.type(campo('correo'), 'rosa@example.test');
    expect((await enviar(page, 'button.guardar')).status()).toBe(400);
    expect(await page.$eval('[id="error-numDocumento"]', (e) => (e as HTMLElement).innerText)).toBe(
      'El dígito verificador del DUI no corresponde: revise el número',
    );
    expect([
      await valor('nombre'),
      await valor('tipoDocumento'),
      await valor('numDocumento'),
      await valor('direccion.ubicacion'),
      await valor('direccion.complemento'),
      await valor('correo'),
    ]).toEqual([
      'Rosa Elena Quintanilla',
      '13',
      '02468135-0',
      '06-23-14',
      'Colonia Escalón, pasaje 4',
      'rosa@example.test',
    ]);
    await revisar(page, 'libreta-cliente-error');
    await page.$eval(campo('numDocumento'), (i) => ((i as HTMLInputElement).value = ''));
    await page.type(campo('numDocumento'), '02468135-7');
    await enviar(page, 'button.guardar');
    expect(await textoDe(page)).toContain('Guardado en la libreta.');
    expect(await filas()).toEqual([['Rosa Elena Quintanilla', 'DUI 024681357', '', 'rosa@example.test']]);
    // As the API keeps it.
    const [guardado] = (await api('GET', '/clientes', tenant)).body.data;
    expect(guardado).toMatchObject({
      nombre: 'Rosa Elena Quintanilla',
      tipoDocumento: '13',
      numDocumento: '024681357',
      direccion: { departamento: '06', municipio: '23', distrito: '14', complemento: 'Colonia Escalón, pasaje 4' },
    });

    // Found by a word of its name and by its DUI as people write it; not by another name.
    for (const q of ['quintanilla', '02468135-7']) {
      await page.goto(url(`/consola/clientes?q=${encodeURIComponent(q)}`));
      expect([q, (await filas()).length]).toEqual([q, 1]);
    }
    await page.goto(url('/consola/clientes?q=Benavides'));
    expect(await textoDe(page)).toContain('Nada coincide con «Benavides».');

    await page.goto(url('/consola/clientes'));
    await enviar(page, `a[href="/consola/clientes/${guardado.id}"]`);
    await revisar(page, 'libreta-cliente-editar');
    await page.$eval(campo('correo'), (i) => ((i as HTMLInputElement).value = ''));
    await page.type(campo('correo'), 'rosa.quintanilla@example.test');
    await enviar(page, 'button.guardar');
    expect(await textoDe(page)).toContain('Cambios guardados.');
    expect((await api('GET', `/clientes/${guardado.id}`, tenant)).body.data.correo).toBe(
      'rosa.quintanilla@example.test',
    );

    // Removal asks first.
    await page.goto(url(`/consola/clientes/${guardado.id}`));
    await enviar(page, `form[action="/consola/clientes/${guardado.id}/eliminar"] button`);
    expect(await textoDe(page)).toContain('Se eliminará Rosa Elena Quintanilla de la libreta.');
    await revisar(page, 'libreta-cliente-eliminar');
    expect((await api('GET', `/clientes/${guardado.id}`, tenant)).status).toBe(200);
    await enviar(page, `form[action="/consola/clientes/${guardado.id}/eliminar"] button`);
    expect(await textoDe(page)).toContain('Eliminado de la libreta.');
    expect((await api('GET', `/clientes/${guardado.id}`, tenant)).status).toBe(404);
  });

  it('keeps a product with its price as typed', async () => {
    await page.goto(url('/consola/productos/nuevo'));
    await page.type(campo('codigo'), 'SRV-10');
    await page.type(campo('descripcion'), 'Mantenimiento preventivo');
    await page.type(campo('precioUnitario'), '45.50');
    await page.select(campo('tipoItem'), '2');
    await enviar(page, 'button.guardar');
    expect(await filas()).toEqual([['SRV-10 · Mantenimiento preventivo', '$45.50 sin IVA', 'Gravada']]);
    await revisar(page, 'libreta-productos');
    const [producto] = (await api('GET', '/productos', tenant)).body.data;
    expect(producto).toMatchObject({ codigo: 'SRV-10', precioUnitario: '45.5', tipoItem: 2, tipoVenta: 'GRAVADA' });
  });

  it('imports a CSV all or nothing, its errors reported row by row; downloads the book', async () => {
    await api('POST', '/clientes', tenant, {
      nombre: 'Ya en la libreta',
      tipoDocumento: '13',
      numDocumento: '05555555-5',
    });
    const importar = async (nombre: string, contenido: string) => {
      const archivo = path.join(carpeta, nombre);
      await fs.writeFile(archivo, contenido);
      await page.goto(url('/consola/clientes'));
      await (await page.$('input[type=file][name=archivo]'))!.uploadFile(archivo);
      return enviar(page, 'form[action="/consola/clientes/importar"] button[type=submit]');
    };
    const encabezado = 'nombre,tipoDocumento,numDocumento,correo';
    const informe = () =>
      page.$$eval('table.informe tbody tr', (trs) =>
        trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells).map((c) => c.innerText.trim())),
      );
    const nombres = async () =>
      (await api('GET', '/clientes', tenant)).body.data.map((c: { nombre: string }) => c.nombre);
    const malo = await importar(
      'malo.csv',
      [
        encabezado,
        'Pedro Gómez,13,01234567-8,pedro@example.test',
        'Con DUI errado,13,02468135-0,',
        'Otra vez Pedro,13,012345678,',
        'Sin correo válido,13,04567890-3,no-es-correo',
        'Duplicado de la libreta,13,05555555-5,',
      ].join('\r\n'),
    );
    expect(malo.status()).toBe(422);
    expect(await informe()).toEqual([
      ['3', 'numDocumento', 'El dígito verificador del DUI no corresponde: revise el número'],
      ['4', 'numDocumento', 'Repite la fila 2'],
      ['5', 'correo', 'Debe ser un correo electrónico'],
      ['6', 'numDocumento', expect.stringMatching(/^Ya está en la libreta: /)],
    ]);
    expect(await textoDe(page)).toContain('El archivo tiene 4 errores: no se importó ninguna fila');
    await revisar(page, 'libreta-importacion-errores');
    expect(await nombres()).toEqual(['Ya en la libreta']);

    await importar(
      'bueno.csv',
      [encabezado, 'Pedro Gómez,13,01234567-8,pedro@example.test', 'Lucía Ramos,13,04567890-3,'].join('\n'),
    );
    expect(await textoDe(page)).toContain('Importados: 2.');
    expect((await filas()).map((f) => f[0])).toEqual(['Lucía Ramos', 'Pedro Gómez', 'Ya en la libreta']);

    // The whole book, as the API writes it.
    const csv = await fetch(await page.$eval('a[href$="formato=csv"]', (a) => (a as HTMLAnchorElement).href), {
      headers: { cookie: await cookie() },
    });
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    const texto = await csv.text();
    expect(texto).toContain('Pedro Gómez,,13,012345678');
    expect(texto).toContain('Lucía Ramos,,13,045678903');
    const xlsx = await fetch(await page.$eval('a[href$="formato=xlsx"]', (a) => (a as HTMLAnchorElement).href), {
      headers: { cookie: await cookie() },
    });
    expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('offers a SOPORTE person no book: no menu entry, the API’s 403 on the address', async () => {
    const soporte = await entrarComo(browser, tenant.emisorId, 'SOPORTE', 'Beto Soporte');
    const menu = await soporte.$$eval('.barra nav a', (as) => as.map((a) => (a as HTMLElement).innerText));
    expect(menu).not.toContain('Clientes');
    expect(menu).not.toContain('Productos');
    for (const ruta of ['/consola/clientes', '/consola/productos/nuevo', '/consola/api/clientes/exportar']) {
      const r = await soporte.goto(url(ruta));
      expect([ruta, r?.status()]).toEqual([ruta, 403]);
    }
  });
});
