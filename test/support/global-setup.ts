import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts one real stack for the integration suites on free ports in a temporary folder: Temporal dev
 * server, the database, MinIO, maildev, the MH simulator (test-control API on), the worker and the API.
 * `npm test` has already installed the tools and built the code.
 */
export default async function globalSetup(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ensureTools } = require('../../scripts/tools');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Stack, resolvePorts } = require('../../scripts/stack');
  // Contingency recovery probes MH every second or two here, so its suite waits seconds, not minutes.
  process.env.CONTINGENCIA_SONDEO_SEGUNDOS ??= '1';
  process.env.CONTINGENCIA_SONDEO_MAX_SEGUNDOS ??= '2';
  // A lotes window of 10.8 s, so the alert (a quarter of the window left) is reached within a test.
  process.env.CONTINGENCIA_PLAZO_LOTES_HORAS ??= '0.003';
  // Documents left without an outcome are settled by a test seconds after they were issued.
  process.env.UNKNOWN_OUTCOME_MIN_AGE_SECONDS ??= '2';
  // The suites are pinned to one generation of MH's schemas whatever the date they run on: the 2026 one,
  // the default from 1 December 2026. A suite kept for the 2023 generation gives its tenant that cut-over
  // (createTestTenant), and test/dte/normativa.test.ts issues every kind in both. An admin change reaches
  // the worker within a second.
  process.env.NORMATIVA_2026_DESDE ??= '2026-01-01T00:00:00-06:00';
  process.env.TENANT_CACHE_SECONDS ??= '1';
  // A failing webhook receiver is retried after 1 s, then 2 s; an attempt it hangs on is given up after 3 s.
  process.env.WEBHOOK_REINTENTO_SEGUNDOS ??= '1';
  process.env.WEBHOOK_REINTENTO_MAX_SEGUNDOS ??= '2';
  process.env.WEBHOOK_TIMEOUT_SECONDS ??= '3';
  // The receivers and Dovecot are on loopback (test/webhooks/destinos.test.ts and test/compras/buzon-destinos.test.ts
  // run an API and a worker without these).
  process.env.WEBHOOK_PERMITIR_DESTINOS_PRIVADOS ??= 'true';
  process.env.BUZON_PERMITIR_DESTINOS_PRIVADOS ??= 'true';
  // A share link's page may be asked for 10 times a minute per address: test/dte/enlace.test.ts reaches the
  // limit in a few requests (its other steps each come from an address of their own).
  process.env.ENLACE_PEDIDOS_POR_MINUTO ??= '10';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-test-'));
  const stack = new Stack({ dataDir, ports: await resolvePorts({ random: true }), tools: ensureTools(), quiet: true });
  (globalThis as Record<string, unknown>).__DTE_STACK__ = stack;
  try {
    await stack.startInfrastructure();
    const token = await stack.startService({ simulatorControl: true, tokenFile: path.join(dataDir, 'dev-token') });
    const pids = Object.fromEntries(
      stack.children.map((c: { name: string; child: { pid: number } }) => [c.name, c.child.pid]),
    );
    const info = { ...stack.urls(), env: stack.env, dataDir, devToken: token, ports: stack.ports, pids };
    const file = path.join(dataDir, 'stack.json');
    fs.writeFileSync(file, JSON.stringify(info));
    process.env.DTE_TEST_STACK_FILE = file;
  } catch (err) {
    await stack.stop();
    throw err;
  }
}
