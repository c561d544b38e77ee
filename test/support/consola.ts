import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { loadConfig } from '@dte/config';
import { infraccionesDeAccesibilidad } from './accesibilidad';
import { eventually } from './eventually';
import { ARTEFACTOS } from './legible';
import { stack } from './stack';

const exec = promisify(execFile);

/** The console in a real browser: Debian's Chromium, headless. */
export function abrirNavegador(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: loadConfig(stack().env).CHROMIUM_PATH,
    headless: true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

/**
 * A page waits for what it waits for (a navigation, a selector) as long as the test may run: puppeteer's own
 * 30 s is a time budget, which a test on a busy machine must not depend on.
 */
export function sinPlazos(page: Page): Page {
  page.setDefaultNavigationTimeout(0);
  page.setDefaultTimeout(0);
  return page;
}

/** A page of its own (its own cookies), 1280 px wide. */
export async function nuevaPagina(browser: Browser): Promise<Page> {
  const page = sinPlazos(await (await browser.createBrowserContext()).newPage());
  await page.setViewport({ width: 1280, height: 900 });
  return page;
}

/**
 * Activates what submits a form or follows a link, and waits for the page it leads to. What the page's
 * script is updating (`aria-busy`: the issuing form's live totals, the book's matches) is let settle
 * first. It is activated from the keyboard (focused, then Enter), as a person who does not use the mouse
 * does: a mouse click lands where the element was when its box was measured, and on a busy machine a page
 * still laying itself out (after `revisar`'s resizes, or its PDF frame arriving) moved a button from under
 * the pointer twice, leaving the test waiting for a navigation nothing had started.
 */
export async function enviar(page: Page, selector: string) {
  await eventually('what the page’s script updates to settle', async () => !(await page.$('[aria-busy="true"]')));
  await page.focus(selector);
  return (await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]))[0]!;
}

/** The text of the page's main part, as a person reads it. */
export const textoDe = (page: Page) => page.$eval('main', (m) => (m as HTMLElement).innerText);

/**
 * The page as it stands, at 1280 and 390 px: no WCAG 2.1 A/AA rule of axe-core broken, nothing wider than
 * the phone at 390, and the whole page saved to `.data/artefactos/consola-<nombre>-<ancho>.png` to be
 * looked at.
 */
export async function revisar(page: Page, nombre: string): Promise<void> {
  expect([nombre, await infraccionesDeAccesibilidad(page)]).toEqual([nombre, []]);
  await fs.mkdir(ARTEFACTOS, { recursive: true });
  const { width } = page.viewport()!;
  for (const ancho of [1280, 390]) {
    await page.setViewport({ width: ancho, height: 900 });
    const alto = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewport({ width: ancho, height: alto });
    await page.screenshot({ path: path.join(ARTEFACTOS, `consola-${nombre}-${ancho}.png`) });
    if (ancho === 390)
      expect([nombre, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([nombre, 390]);
  }
  await page.setViewport({ width, height: 900 });
}

/** `npm run admin -- usuario crear …`: the invitation link it printed. */
export async function invitarPorCli(emisorId: number, correo: string, rol: string, nombre?: string): Promise<string> {
  const { stdout } = await exec(
    'node',
    [
      'apps/api/dist/admin/cli.js',
      ...['usuario', 'crear', '--emisor', String(emisorId), '--correo', correo, '--rol', rol],
      ...(nombre ? ['--nombre', nombre] : []),
    ],
    { env: { ...process.env, ...stack().env } },
  );
  return String(JSON.parse(stdout).enlace);
}

/** Follows an invitation or reset link and sets the password: a person with one emisor is then in it. */
export async function ponerContrasena(page: Page, enlace: string, contrasena: string): Promise<void> {
  await page.goto(enlace);
  await page.type('input[name=contrasena]', contrasena);
  await page.type('input[name=repetida]', contrasena);
  await enviar(page, 'form.entrada button[type=submit]');
}

/** A new person of the emisor with this role, invited by the CLI and signed in on a page of their own. */
export async function entrarComo(browser: Browser, emisorId: number, rol: string, nombre: string): Promise<Page> {
  const page = await nuevaPagina(browser);
  const enlace = await invitarPorCli(emisorId, `${rol.toLowerCase()}-${randomUUID()}@empresa.sv`, rol, nombre);
  await ponerContrasena(page, enlace, `la frase larga de ${nombre}`);
  if (!new URL(page.url()).pathname.endsWith('/consola/documentos')) {
    throw new Error(`${nombre} did not reach the documents after setting a password: ${page.url()}`);
  }
  return page;
}
