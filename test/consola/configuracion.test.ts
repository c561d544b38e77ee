import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import { elSalvadorNow } from '@dte/domain';
import { abrirNavegador, entrarComo, enviar, revisar, textoDe } from '../support/consola';
import { legible } from '../support/legible';
import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { waitForObject } from '../support/storage';
import { api, auditadas, cambioLeido, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

/**
 * The emisor's configuration page on the real stack, in a browser: its administrator sets the sender of
 * the receptors' e-mails and the logo of the PDFs; a bad address, a file that is not an image and one too
 * large are refused beside their field with what was typed kept; each change is in the audit log; the next
 * document's e-mail comes from the emisor's name at the deployment's address with the emisor's Reply-To,
 * and its PDF carries the logo. A FACTURADOR is neither offered nor shown the page.
 */
describe('web console: configuration (sender and logo)', () => {
  let browser: Browser;
  let tenant: TestTenant;
  let dir: string;
  const NOMBRE = 'Ferretería "El Martillo", S.A.';

  beforeAll(async () => {
    [browser, tenant, dir] = await Promise.all([
      abrirNavegador(),
      createTestTenant(),
      fs.mkdtemp(path.join(os.tmpdir(), 'configuracion-')),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const menu = (page: Page) => page.$$eval('header nav a', (as) => as.map((a) => a.textContent!.trim()));
  const errorDe = (page: Page, campo: string) => page.$eval(`#error-${campo}`, (e) => e.textContent!.trim());

  /** A file chosen in the logo's field and sent. */
  async function subir(page: Page, nombre: string, bytes: Buffer) {
    const archivo = path.join(dir, nombre);
    await fs.writeFile(archivo, bytes);
    await (await page.$('input#campo-archivo'))!.uploadFile(archivo);
    return enviar(page, 'form[action="/consola/configuracion/logo"] button[type=submit]');
  }

  it('the administrator sets the sender and the logo, and the next document’s e-mail and PDF carry them', async () => {
    const page = await entrarComo(browser, tenant.emisorId, 'ADMINISTRADOR', 'Ana Administradora');
    expect(await menu(page)).toContain('Configuración');
    await page.goto(`${stack().api}/consola/configuracion`);

    await page.type('#campo-nombre', NOMBRE);
    await page.type('#campo-responderA', 'ventas-martillo.sv');
    const mal = await enviar(page, 'form[action="/consola/configuracion/remitente"] button[type=submit]');
    expect(mal.status()).toBe(400);
    expect(await errorDe(page, 'responderA')).toBe('«ventas-martillo.sv» no es una dirección de correo');
    expect(await page.$eval('#campo-nombre', (e) => (e as HTMLInputElement).value)).toBe(NOMBRE);
    expect(await page.$eval('#campo-responderA', (e) => (e as HTMLInputElement).value)).toBe('ventas-martillo.sv');
    await revisar(page, 'configuracion-error');

    await page.$eval('#campo-responderA', (e) => ((e as HTMLInputElement).value = ''));
    await page.type('#campo-responderA', 'ventas@martillo.sv');
    await enviar(page, 'form[action="/consola/configuracion/remitente"] button[type=submit]');
    expect(await textoDe(page)).toContain('Remitente guardado');
    expect(await page.$eval('#campo-nombre', (e) => (e as HTMLInputElement).value)).toBe(NOMBRE);

    expect((await subir(page, 'logo.png', Buffer.from('no soy una imagen\n')))!.status()).toBe(400);
    expect(await errorDe(page, 'archivo')).toBe('El logo debe ser una imagen PNG o JPEG');
    // A PNG's signature and then 600 KiB: 614,408 bytes, 601 KB rounded up.
    const grande = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(600 * 1024)]);
    expect((await subir(page, 'grande.png', grande))!.status()).toBe(400);
    expect(await errorDe(page, 'archivo')).toBe('El logo pesa 601 KB: use uno de 512 KB como máximo');

    // A red band of 240 × 80 px, as the browser draws it: the image the PDF must then hold.
    const dibujo = await (await browser.createBrowserContext()).newPage();
    await dibujo.setContent('<div style="width:240px;height:80px;background:#c0392b"></div>', { waitUntil: 'load' });
    const logo = Buffer.from(await (await dibujo.$('div'))!.screenshot({ type: 'png' }));
    await dibujo.close();
    await subir(page, 'logo.png', logo);
    expect(await textoDe(page)).toContain('Logo guardado');
    expect(await page.$eval('img.logo-emisor', (i) => (i as HTMLImageElement).naturalWidth)).toBe(240);
    await revisar(page, 'configuracion');

    const entradas = (accion: 'REMITENTE_CAMBIADO' | 'LOGO_CAMBIADO') => auditadas(tenant.emisorId, accion);
    expect(await entradas('REMITENTE_CAMBIADO')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ tipo: 'USUARIO' }),
        endpoint: 'POST /consola/configuracion/remitente',
        detalles: { nombre: NOMBRE, responderA: 'ventas@martillo.sv', nombreAnterior: null, responderAAnterior: null },
      }),
    ]);
    const [logoKey] = (await entradas('LOGO_CAMBIADO')).map((e) => e.detalles.logoKey);
    expect(logoKey).toMatch(/^emisores\/.+\/branding\/logo\.png$/);

    await cambioLeido();
    const correo = `cliente-${randomUUID()}@ejemplo.sv`;
    const emitido = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo },
      items: [{ descripcion: 'Martillo', cantidad: 1, precioUnitario: 12.5 }],
      condicionOperacion: 1,
    });
    expect(emitido.status).toBe(201);
    const mail = await waitForMail((m) => m.to.some((t) => t.address === correo));
    // MAIL_FROM of the test stack is the default, `DTE Service <dte@localhost>`: its address stays.
    expect(mail.from).toEqual([{ address: 'dte@localhost', name: NOMBRE }]);
    expect(mail.replyTo).toEqual([{ address: 'ventas@martillo.sv', name: '' }]);
    expect(mail.text).toContain('responda a este mensaje');

    const pdf = await waitForObject(emitido.body.data.dtePdfUrl);
    const archivo = path.join(dir, 'factura.pdf');
    await fs.writeFile(archivo, pdf);
    const { stdout: imagenes } = await exec('pdfimages', ['-list', archivo]);
    // The header's two lines, then one per image: the QR and the logo at its own size.
    expect(
      imagenes
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .map((l) => l.trim().split(/\s+/).slice(3, 5)),
    ).toContainEqual(['240', '80']);
    await legible(pdf, 'configuracion-factura-con-logo');
  });

  it('sets the next correlativo of a series after a confirmation, never below the last one issued', async () => {
    // The first test issued this series' number 1.
    const page = await entrarComo(browser, tenant.emisorId, 'ADMINISTRADOR', 'Beto Administrador');
    await page.goto(`${stack().api}/consola/configuracion`);
    const series = () =>
      page.$$eval('table.correlativos tbody tr', (trs) =>
        trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells).map((c) => c.innerText.trim())),
      );
    expect(await series()).toEqual([['Factura (01)\nM001/P001', '1', '2']]);
    await page.select('#campo-tipo', '01');
    await page.select('#campo-puntoVenta', 'M001/P001');
    await page.type('#campo-siguiente', '1');
    expect((await enviar(page, 'form[action="/consola/configuracion/correlativo"] button'))!.status()).toBe(409);
    expect(await errorDe(page, 'siguiente')).toBe(
      'El correlativo 1 ya se emitió o se reservó en esta serie: el siguiente debe ser mayor que 1',
    );
    expect(await page.$eval('#campo-siguiente', (e) => (e as HTMLInputElement).value)).toBe('1');
    await revisar(page, 'configuracion-correlativo-error');

    await page.$eval('#campo-siguiente', (e) => ((e as HTMLInputElement).value = ''));
    await page.type('#campo-siguiente', '200');
    await enviar(page, 'form[action="/consola/configuracion/correlativo"] button');
    // The series of this year in El Salvador.
    const year = Number(elSalvadorNow().fecEmi.slice(0, 4));
    expect(await textoDe(page)).toContain(
      `El próximo documento Factura (01) de M001/P001 en ${year} llevará el número 200 (el último emitido aquí es el 1).`,
    );
    await revisar(page, 'configuracion-correlativo-confirmar');
    await enviar(page, 'button.peligro');
    expect(await textoDe(page)).toContain('Correlativo fijado');
    expect(await series()).toEqual([['Factura (01)\nM001/P001', '1', '200']]);

    const entradas = await auditadas(tenant.emisorId, 'CORRELATIVO_FIJADO');
    expect(entradas.map((e) => [e.actor.tipo, e.endpoint, e.detalles])).toEqual([
      [
        'USUARIO',
        'POST /consola/configuracion/correlativo',
        { tipoDte: '01', codEstable: 'M001', codPuntoVenta: 'P001', year, ultimo: 1, siguiente: 200 },
      ],
    ]);
    const siguiente = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'Tras fijar', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
    });
    expect(siguiente.body.data.numeroControl).toBe('DTE-01-M001P001-000000000000200');
  });

  it('a FACTURADOR is not offered the page and is refused it in words', async () => {
    const page = await entrarComo(browser, tenant.emisorId, 'FACTURADOR', 'Fabio Facturador');
    expect(await menu(page)).not.toContain('Configuración');
    const res = await page.goto(`${stack().api}/consola/configuracion`);
    expect(res!.status()).toBe(403);
    expect(await textoDe(page)).toContain('Su rol en este emisor no tiene el permiso USUARIOS');
    await revisar(page, 'configuracion-rechazo');
  });
});
