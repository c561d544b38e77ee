import type { Browser } from 'puppeteer-core';
import { loadConfig } from '@dte/config';
import { abrirNavegador, entrarComo, revisar } from '../support/consola';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

/**
 * A document on its way to MH is visible while MH is slow (issue 52): MH (the simulator) answers the
 * reception after the service's timeout, and the document is listed PENDIENTE in GET /dte, GET /dte/:cg and
 * the console's Operaciones page, with how long it has waited, while its request is still unanswered.
 */
describe('a document in flight', () => {
  let tenant: TestTenant;
  let browser: Browser;
  beforeAll(async () => {
    tenant = await createTestTenant();
    browser = await abrirNavegador();
  });
  afterEach(() => simulator('/latency', { ms: 0, emisor: tenant.nit }));
  afterAll(async () => {
    await browser?.close();
    await closeTestDatabase();
  });

  it('is listed PENDIENTE, with its wait, from the moment it is numbered', async () => {
    const { MH_TIMEOUT_MS } = loadConfig(stack().env);
    await simulator('/latency', { ms: MH_TIMEOUT_MS + 5000, ruta: '/fesv/recepciondte', emisor: tenant.nit });
    const page = await entrarComo(browser, tenant.emisorId, 'ADMINISTRADOR', 'Olga Operadora');

    let contestada = false;
    const pedida = Date.now();
    const solicitud = api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan Pérez', correo: 'vuelo@example.test' },
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    }).finally(() => (contestada = true));

    const listado = await eventually('the document listed PENDIENTE', async () => {
      const { body } = await api('GET', '/dte?estado=PENDIENTE', tenant);
      return body.data[0] as { codigoGeneracion: string; numeroControl: string; esperaSegundos: number } | undefined;
    });
    const msHastaListado = Date.now() - pedida;
    expect(contestada).toBe(false);
    expect(listado.esperaSegundos).toBeGreaterThanOrEqual(0);
    console.log(`issue 52: request to listed PENDIENTE in GET /dte: ${msHastaListado} ms`);

    const { status, body: detalle } = await api('GET', `/dte/${listado.codigoGeneracion}`, tenant);
    expect(status).toBe(200);
    expect(detalle.data).toMatchObject({ estado: 'PENDIENTE', numeroControl: listado.numeroControl });
    expect(detalle.data.esperaSegundos).toBeGreaterThanOrEqual(listado.esperaSegundos);

    await page.goto(`${stack().api}/consola/operaciones`);
    const fila = await page.$eval(`#esperando tr[data-codigo="${listado.codigoGeneracion}"]`, (tr) =>
      (tr as HTMLElement).innerText.replace(/\s+/g, ' '),
    );
    expect(fila).toContain(listado.numeroControl);
    expect(fila).toMatch(/\d+ (s|min)/);
    expect(contestada).toBe(false);
    console.log(`issue 52: request to shown on Operaciones: ${Date.now() - pedida} ms`);
    await revisar(page, 'operaciones-esperando');

    // MH answers again: the request ends, and the document is no longer waiting.
    await simulator('/latency', { ms: 0, emisor: tenant.nit });
    const respuesta = await solicitud;
    expect([201, 202]).toContain(respuesta.status);
    await eventually('the document out of PENDIENTE', async () => {
      const { body } = await api('GET', `/dte/${listado.codigoGeneracion}`, tenant);
      return body.data.estado !== 'PENDIENTE' && body.data.esperaSegundos === null;
    });
    await page.reload();
    expect(await page.$(`#esperando tr[data-codigo="${listado.codigoGeneracion}"]`)).toBeNull();
  });

  it('shows MH’s latest probe and the next one while a contingency waits, and MH back once it answers', async () => {
    // An emisor of its own: its contingency is this test's alone.
    const propio = await createTestTenant();
    const page = await entrarComo(browser, propio.emisorId, 'ADMINISTRADOR', 'Olga Sondeo');
    await simulator('/outage', { mode: 'refuse', emisor: propio.nit });
    try {
      const { body } = await api('POST', '/dte/dte01', propio, {
        receptor: {},
        items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 5 }],
        condicionOperacion: 1,
      });
      expect(body.data.estado).toBe('CONTINGENCIA');
      const sondeo = await eventually('a failed probe with the next one on the page', async () => {
        await page.goto(`${stack().api}/consola/operaciones`);
        const texto = await page.$eval('#sondeo', (p) => (p as HTMLElement).innerText).catch(() => '');
        return (
          /MH no respondió al último sondeo, a las [\d-]+ [\d:]+\. Próximo sondeo: [\d-]+ [\d:]+\./.test(texto) && texto
        );
      });
      console.log(`issue 52: ${sondeo}`);
      await revisar(page, 'operaciones-sondeo');
    } finally {
      await simulator('/outage', { mode: 'none', emisor: propio.nit });
    }
    await eventually('MH shown back, or the contingency over', async () => {
      await page.goto(`${stack().api}/consola/operaciones`);
      if (await page.$('#sin-contingencia')) return true;
      const texto = await page.$eval('#contingencia', (c) => (c as HTMLElement).innerText);
      return !texto.includes('Próximo sondeo') && /MH respondió de nuevo\s+\d/.test(texto);
    });
  });
});
