'use strict';
/**
 * `npm start`: installs what is missing, then runs the whole service on loopback with data kept in
 * `.data/` or DTE_DATA_DIR (logs in `<data>/logs/`). Ctrl-C or SIGTERM stops every child it started.
 */
const fs = require('node:fs');
const path = require('node:path');
const { prepare, ROOT } = require('./prepare');

async function main() {
  const tools = prepare();
  // A developer's receiver and this stack's Dovecot run on this machine: only this stack (and the test
  // stack) allows webhooks and mailboxes at loopback and private addresses; a deployment sets
  // WEBHOOK_PERMITIR_DESTINOS_PRIVADOS and BUZON_PERMITIR_DESTINOS_PRIVADOS itself.
  process.env.WEBHOOK_PERMITIR_DESTINOS_PRIVADOS ??= 'true';
  process.env.BUZON_PERMITIR_DESTINOS_PRIVADOS ??= 'true';
  const { Stack, resolvePorts } = require('./stack');
  const dataDir = path.resolve(process.env.DTE_DATA_DIR || path.join(ROOT, '.data'));
  fs.mkdirSync(dataDir, { recursive: true });
  const stack = new Stack({ dataDir, ports: await resolvePorts({ random: false }), tools });

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n[stack] ${signal}: stopping...\n`);
    await stack.stop();
    process.exit(signal === 'error' ? 1 : 0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  try {
    const started = Date.now();
    if (process.argv.includes('--simulator-only')) {
      // `npm run simulator`: the MH simulator (control API on) and the database it keeps its state in.
      await stack.startDatabase();
      await stack.startSimulator(true);
      process.stdout.write(
        `\nMH simulator running at ${stack.urls().mhSimulator} (database ${stack.urls().database}). Ctrl-C to stop.\n`,
      );
      return;
    }
    await stack.startInfrastructure();
    // The embedded stack is a sandbox, so the simulator's test-control API is on (see README).
    const token = await stack.startService({ simulatorControl: true, tokenFile: path.join(dataDir, 'dev-token') });
    printTable(stack.urls(), token, dataDir, Date.now() - started);
  } catch (err) {
    process.stderr.write(`[stack] start failed: ${err.message}\n`);
    await stop('error');
  }
}

function printTable(urls, token, dataDir, ms) {
  const rows = [
    ['API', urls.api],
    ['Health', `${urls.api}/health`],
    ['API metrics', `${urls.api}/metrics`],
    ['Worker metrics', `${urls.workerMetrics}/metrics`],
    ['Temporal gRPC', urls.temporalGrpc],
    ['Temporal Web UI', urls.temporalUi],
    ['Database', urls.database],
    ['MinIO S3', urls.minio],
    ['MinIO console', urls.minioConsole],
    ['SMTP', urls.smtp],
    ['Maildev (mail UI)', urls.maildev],
    ['IMAP (Dovecot)', `${urls.imap.host}:${urls.imap.port} (accounts: ${urls.imap.usuarios})`],
    ['MH simulator', urls.mhSimulator],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
  process.stdout.write(
    `\nDTE service running (started in ${(ms / 1000).toFixed(1)} s). Logs: ${path.join(dataDir, 'logs')}\n\n${lines.join('\n')}\n\n` +
      `  Demo tenant token (ambiente TEST, every permission):\n  ${token}\n\n` +
      `  Try: curl -H "x-api-token: ${token}" ${urls.api}/dte/information\n\nPress Ctrl-C to stop.\n`,
  );
}

main();
