import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import { generateCertificadoMH } from '@dte/domain';
import { abrirNavegador, enviar, entrarComo, revisar, textoDe } from '../support/consola';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

/**
 * The certification page (issue 52) in a real browser on the real stack: an administrator plans a small
 * campaign (a count the API refuses told beside its field, what was typed kept), sees MH's quotas and the
 * warning that the plan is below them, starts it and follows it to its end by its progress bars, downloads
 * its informe; `emisor produccion` then refuses the emisor, below MH's quotas, until forced with a reason,
 * which the console's audit log shows. A second campaign is cancelled after a confirmation. Each page passes
 * axe-core's WCAG 2.1 A/AA rules and is saved to .data/artefactos/consola-certificacion-*.png.
 */
describe('web console: the certification page', () => {
  let tenant: TestTenant;
  let browser: Browser;
  let page: Page;
  const url = (ruta: string) => `${stack().api}${ruta}`;

  beforeAll(async () => {
    tenant = await createTestTenant();
    browser = await abrirNavegador();
    page = await entrarComo(browser, tenant.emisorId, 'ADMINISTRADOR', 'Ada Administradora');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  /** Every count of the plan's form at 0, then these. */
  async function plan(cuentas: Record<string, string>) {
    await page.$$eval('form.plan input[type=number]', (campos) =>
      campos.forEach((c) => ((c as HTMLInputElement).value = '0')),
    );
    for (const [campo, valor] of Object.entries(cuentas)) {
      await page.$eval(`[name="${campo}"]`, (c) => ((c as HTMLInputElement).value = ''));
      await page.type(`[name="${campo}"]`, valor);
    }
  }

  /** `npm run admin -- emisor produccion …` with the production certificate MH issues for the emisor. */
  async function produccion(...extra: string[]) {
    const certificado = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dte-prod-')), `${tenant.nit}.crt`);
    fs.writeFileSync(certificado, generateCertificadoMH({ nit: tenant.nit, privatePassword: 'clave-prod' }).xml);
    const { stdout } = await exec(
      'node',
      [
        ...['apps/api/dist/admin/cli.js', 'emisor', 'produccion', '--emisor', String(tenant.emisorId)],
        ...['--mh-password', 'Clave-MH-Produccion-1!', '--certificado', certificado, '--certificado-password'],
        ...['clave-prod', ...extra],
      ],
      { env: { ...process.env, ...stack().env } },
    );
    return JSON.parse(stdout);
  }

  it('runs a small plan to its end, warned that it is below MH’s quotas, and production refuses it unforced', async () => {
    await page.goto(url('/consola/certificacion'));
    expect(await page.$eval('nav a[aria-current=page]', (a) => (a as HTMLElement).innerText)).toBe('Certificación');
    // MH's quotas beside each count, the form filled with them.
    expect(await page.$eval('[name="n-01"]', (c) => (c as HTMLInputElement).value)).toBe('90');
    await revisar(page, 'certificacion-plan');

    // More invalidations than documents to invalidate: the API's refusal, beside its field, the counts kept.
    await plan({ 'n-01': '2', 'n-invalidacion': '3', ritmo: '30' });
    expect((await enviar(page, 'form.plan button[type=submit]')).status()).toBe(400);
    expect(await page.$eval('#error-n-invalidacion', (e) => (e as HTMLElement).innerText)).toBe(
      'El plan anula 3 documentos y emite 2 que se puedan anular',
    );
    expect(await page.$eval('[name="n-01"]', (c) => (c as HTMLInputElement).value)).toBe('2');
    await revisar(page, 'certificacion-error');

    await plan({ 'n-01': '2', 'n-invalidacion': '1', ritmo: '30' });
    await enviar(page, 'form.plan button[type=submit]');
    const revision = await textoDe(page);
    expect(revision).toContain('Este plan queda por debajo de las cuotas mínimas de MH');
    expect(revision).toContain('Factura (01): 2 de 90; Invalidaciones: 1 de 5; Eventos de contingencia: 0 de 5');
    // Nothing started before the second step.
    expect((await api('GET', '/certificacion', tenant)).status).toBe(404);
    await revisar(page, 'certificacion-revision');

    await enviar(page, 'form.accion button[type=submit]');
    expect(new URL(page.url()).search).toBe('?hecho=iniciada');
    await eventually('the campaign to complete on its page', async () => {
      await page.goto(url('/consola/certificacion'));
      return (await textoDe(page)).includes('Completa');
    });
    const barras = await page.$$eval('.avance progress', (ps) =>
      ps.map((p) => [
        document.getElementById(p.getAttribute('aria-labelledby')!)!.innerText,
        (p as HTMLProgressElement).value,
        (p as HTMLProgressElement).max,
      ]),
    );
    expect(barras).toEqual([
      ['Factura (01)', 2, 2],
      ['Invalidaciones', 1, 1],
    ]);
    const completa = await textoDe(page);
    expect(completa).toContain('2 de 2 aceptados');
    expect(completa).toContain('Esta campaña queda por debajo de las cuotas mínimas de MH');
    await revisar(page, 'certificacion-completa');
    const informe = await page.evaluate(async () => {
      const res = await fetch('/consola/api/certificacion/informe?formato=csv');
      return { status: res.status, lineas: (await res.text()).trim().split('\r\n') };
    });
    expect(informe.status).toBe(200);
    // Its lines by class and tipo: at least the plan's two Facturas (a replacement an invalidation asks for
    // is one more) and its one invalidation.
    const clases = informe.lineas.slice(1).map((l) => l.split(',').slice(0, 2).join(' '));
    expect(clases.filter((c) => c === 'DOCUMENTO 01').length).toBeGreaterThanOrEqual(2);
    expect(clases.filter((c) => c.startsWith('INVALIDACION')).length).toBe(1);

    await expect(produccion()).rejects.toThrow(
      new RegExp(
        `emisor ${tenant.emisorId}'s certification campaign is below MH's minimum quotas ` +
          '\\(01: 2 of 90, invalidacion: 1 of 5, contingencia: 0 of 5\\)',
      ),
    );
    expect((await api('GET', '/dte/information', tenant)).body.data.emisor.ambiente).toBe('TEST');
    const motivo = 'MH aprobó la certificación con el sistema anterior del emisor';
    expect(await produccion('--sin-certificacion', '--motivo', motivo)).toMatchObject({
      ambiente: 'PROD',
      sinCertificacion: true,
      motivo,
    });
    await page.goto(url('/consola/auditoria'));
    const auditoria = await textoDe(page);
    expect(auditoria).toContain('Emisor pasado a producción');
    expect(auditoria).toContain(motivo);
    await page.goto(url('/consola/certificacion'));
    expect(await textoDe(page)).toContain('El emisor está en producción');
  });

  it('pauses and resumes a campaign, and cancels it only after a confirmation', async () => {
    const otro = await createTestTenant();
    const admin = await entrarComo(browser, otro.emisorId, 'ADMINISTRADOR', 'Otra Administradora');
    await admin.goto(url('/consola/certificacion'));
    // One Factura a minute: the campaign is still running when it is cancelled.
    await admin.$$eval('form.plan input[type=number]', (campos) =>
      campos.forEach((c) => ((c as HTMLInputElement).value = '0')),
    );
    await admin.$eval('[name="n-01"]', (c) => ((c as HTMLInputElement).value = '5'));
    await admin.$eval('[name="ritmo"]', (c) => ((c as HTMLInputElement).value = '1'));
    await enviar(admin, 'form.plan button[type=submit]');
    await enviar(admin, 'form.accion button[type=submit]');
    expect(await textoDe(admin)).toContain('En curso');
    await enviar(admin, 'form[action="/consola/certificacion/pausar"] button');
    expect(new URL(admin.url()).search).toBe('?hecho=pausada');
    await eventually('the campaign to pause after its step in flight', async () => {
      await admin.goto(url('/consola/certificacion'));
      return (await textoDe(admin)).includes('En pausa');
    });
    expect((await api('GET', '/certificacion', otro)).body.data.estado).toBe('PAUSADA');
    await revisar(admin, 'certificacion-pausada');
    await enviar(admin, 'form[action="/consola/certificacion/reanudar"] button');
    await eventually('the campaign to go on', async () => {
      await admin.goto(url('/consola/certificacion'));
      return (await textoDe(admin)).includes('En curso');
    });
    await enviar(admin, 'form[action="/consola/certificacion/cancelar"] button');
    expect(await textoDe(admin)).toContain('La campaña termina después del documento que se está enviando');
    expect((await api('GET', '/certificacion', otro)).body.data.estado).toBe('EN_CURSO');
    await revisar(admin, 'certificacion-cancelar');
    await enviar(admin, 'form.accion button.peligro');
    expect(new URL(admin.url()).search).toBe('?hecho=cancelada');
    await eventually('the campaign to be cancelled', async () => {
      await admin.goto(url('/consola/certificacion'));
      return (await textoDe(admin)).includes('Cancelada');
    });
    // A cancelled campaign can be followed by another: the plan's form is offered again.
    expect(await textoDe(admin)).toContain('Iniciar otra campaña');
  });
});
