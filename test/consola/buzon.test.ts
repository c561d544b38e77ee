import type { Browser } from 'puppeteer-core';
import { correoDeMaildev, crearCuentaImap, entregarCorreo, type CuentaImap } from '../support/buzon';
import { abrirNavegador, entrarComo, enviar, revisar, textoDe } from '../support/consola';
import { eventually } from '../support/eventually';
import { contribuyente, emitirCcf } from '../support/fixtures';
import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * The purchase mailbox on the console's Compras page (issue 52), in a real browser on the real stack: a
 * supplier's e-mail, as its service sent it, waits in the receptor's Dovecot mailbox; a CONTADOR reads the
 * mailbox now with a button and is told what the reading did, and the document taken is listed; an AUDITOR
 * sees the mailbox's state without the button. Pages pass axe-core's WCAG 2.1 A/AA rules and are saved to
 * .data/artefactos/consola-compras-buzon-*.png.
 */
describe('web console: reading the purchase mailbox now', () => {
  let proveedor: TestTenant;
  let receptor: TestTenant;
  let browser: Browser;
  let cuenta: CuentaImap;
  const url = (ruta: string) => `${stack().api}${ruta}`;

  beforeAll(async () => {
    [proveedor, receptor] = await Promise.all([createTestTenant(), createTestTenant()]);
    cuenta = crearCuentaImap('consola');
    const res = await api('POST', '/buzon', receptor, cuenta);
    expect(res.status).toBe(200);
    browser = await abrirNavegador();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  it('reads it at a CONTADOR’s click, says what it took, and lists the document', async () => {
    const correo = `compras-${receptor.nit}@cliente.test`;
    const ccf = await emitirCcf(proveedor, 100, {
      receptor: { ...contribuyente(correo), nit: receptor.nit, numDocumento: receptor.nit, nrc: '2345678' },
    });
    const enviado = await waitForMail((m) => m.to.some((t) => t.address === correo));
    await entregarCorreo(cuenta, await correoDeMaildev(enviado.id));

    const page = await entrarComo(browser, receptor.emisorId, 'CONTADOR', 'Marta Contadora');
    await page.goto(url('/consola/compras'));
    expect(await textoDe(page)).toContain('Buzón de correo de compras');
    await revisar(page, 'compras-buzon');
    const antes = Date.now();
    await enviar(page, 'form[action="/consola/compras/buzon/lectura"] button');
    const aviso = await page.$eval('.aviso.ok', (p) => (p as HTMLElement).innerText.trim());
    // The mailbox's schedule (every BUZON_LECTURA_SEGUNDOS) may have taken the message a moment before.
    expect([
      'Buzón leído: 1 correo nuevo, 1 documento tomado.',
      'Buzón leído: 0 correos nuevos, 0 documentos tomados.',
    ]).toContain(aviso);
    // The click read it: the mailbox's last reading is from after it.
    const lectura = (await api('GET', '/buzon', receptor)).body.data.ultimaLectura as { en: string };
    expect(new Date(lectura.en).getTime()).toBeGreaterThanOrEqual(antes - 1000);
    const texto = await textoDe(page);
    expect(texto).toContain('Funcionando');
    // The mailbox's last reading, said as the notice says it: the click's (or, taken before, nothing new).
    expect(texto).toMatch(/: (1 correo, 1 documento tomado|0 correos, 0 documentos tomados)\b/);
    await revisar(page, 'compras-buzon-leido');
    // Its verification runs on: the document is listed once recorded.
    await eventually('the document taken to be listed', async () => {
      await page.goto(url('/consola/compras'));
      return (await textoDe(page)).includes(ccf.numeroControl);
    });
  });

  it('shows an AUDITOR the mailbox’s state without the button, and refuses the reading', async () => {
    const page = await entrarComo(browser, receptor.emisorId, 'AUDITOR', 'Aurelio Auditor');
    await page.goto(url('/consola/compras'));
    expect(await textoDe(page)).toContain('Buzón de correo de compras');
    expect(await page.$('form[action="/consola/compras/buzon/lectura"]')).toBeNull();
    const status = await page.evaluate(async () => {
      const csrf = (document.querySelector('form.salir [name=csrf]') as HTMLInputElement).value;
      return (await fetch('/consola/compras/buzon/lectura', { method: 'POST', body: new URLSearchParams({ csrf }) }))
        .status;
    });
    expect(status).toBe(403);
  });
});
