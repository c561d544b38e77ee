'use strict';
/**
 * The bare pipeline: the least any implementation of the service's design does per fully delivered
 * document, measured like the floor (forked by index.js with `--pipeline`, same input, one JSON line out).
 * The floor's work (floor.js) runs as the local activity of a Temporal workflow started by
 * update-with-start with the API's search attributes; after the answer, one activity renders the legible
 * PDF with the worker's renderer (Chromium, batched as configured), stores it and e-mails it with the
 * JSON, as the service's delivery does. What it leaves out is the service's own: the HTTP gateway, the
 * stored request, numbering, the record's life and its list entry, webhooks, logs and metrics. So its
 * fully delivered rate bounds the service's from above on the same machine, in the same run.
 */
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { DefaultLogger, NativeConnection, Runtime, Worker } = require('@temporalio/worker');
const { Client, WithStartWorkflowOperation } = require('@temporalio/client');
const { preparar, concurrently } = require('./floor');

const ROOT = path.resolve(__dirname, '../..');
const { BrowserPool, DtePdfRenderer } = require(path.join(ROOT, 'packages/activities/dist/pdf'));
const { createMailer, dteMessage } = require(path.join(ROOT, 'packages/activities/dist/mail'));
const { SearchAttributeKeys } = require(path.join(ROOT, 'packages/contract/dist/search-attributes'));

const TASK_QUEUE = 'bench-pipeline';

async function main() {
  const opts = JSON.parse(process.argv[2]);
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const { config, store, issueOne, close } = await preparar(opts);
  const browser = new BrowserPool({ executablePath: config.CHROMIUM_PATH, size: config.PDF_POOL_SIZE });
  const pdf = new DtePdfRenderer(browser, { batchSize: config.PDF_BATCH_SIZE, windowMs: config.PDF_BATCH_WINDOW_MS });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  // What the local activity issued, for the delivery: both run here.
  const emitidos = new Map();
  const enviados = new Map();
  let entregados = 0;
  let ultimaEntrega = 0;
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../bench-temporal-workflow'),
    activities: {
      // A retried attempt (a first one past its timeout on a loaded machine) awaits the first one's send
      // rather than sending the document again, which MH refuses as a copy (004) on every retry.
      emitir: async (codigoGeneracion) => {
        if (!enviados.has(codigoGeneracion))
          enviados.set(
            codigoGeneracion,
            issueOne(codigoGeneracion).catch((err) => {
              enviados.delete(codigoGeneracion);
              throw err;
            }),
          );
        emitidos.set(codigoGeneracion, await enviados.get(codigoGeneracion));
      },
      entregar: async (codigoGeneracion) => {
        const doc = emitidos.get(codigoGeneracion);
        const impreso = await pdf.render({
          dte: doc.dte,
          selloRecibido: doc.selloRecibido,
          estado: 'PROCESSED',
          tipoNombre: 'FACTURA',
          branding: {},
        });
        await store.put(doc.key.replace('/json/', '/pdf/').replace(/\.json$/, '.pdf'), impreso, 'application/pdf');
        await mailer.send(
          dteMessage({
            to: `pipeline-${codigoGeneracion.toLowerCase()}@bench.test`,
            dte: doc.dte,
            tipoNombre: 'FACTURA',
            selloRecibido: doc.selloRecibido,
            json: doc.json,
            pdf: impreso,
            emisorNombre: doc.emisorNombre,
          }),
        );
        emitidos.delete(codigoGeneracion);
        enviados.delete(codigoGeneracion);
        entregados++;
        ultimaEntrega = performance.now();
      },
    },
  });
  const running = worker.run();
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const issue = () => {
    const codigoGeneracion = randomUUID().toUpperCase();
    return client.workflow.executeUpdateWithStart('answer', {
      startWorkflowOperation: new WithStartWorkflowOperation('barePipeline', {
        workflowId: `pipeline-${codigoGeneracion}`,
        args: [codigoGeneracion],
        taskQueue: TASK_QUEUE,
        workflowIdConflictPolicy: 'FAIL',
        typedSearchAttributes: [
          { key: SearchAttributeKeys.codigoGeneracion, value: codigoGeneracion },
          { key: SearchAttributeKeys.tipo, value: 'FACTURA_CONSUMIDOR_FINAL' },
          { key: SearchAttributeKeys.emisor, value: String(opts.emisorId) },
          { key: SearchAttributeKeys.estado, value: 'PENDIENTE' },
        ],
      }),
    });
  };
  try {
    for (let i = 0; i < (opts.warmup ?? 0); i++) await issue();
    // The warm-up's deliveries are not the measured ones.
    while (entregados < (opts.warmup ?? 0)) await new Promise((r) => setTimeout(r, 20));
    // The bench samples CPU from here to the last delivery, as it does the service's after its warm-up:
    // neither this process's start (bundling, Chromium) nor the warm-up is a measured document's cost.
    process.send?.('medir');
    const desde = entregados;
    const t0 = performance.now();
    const summary = await concurrently(opts, issue);
    const respondidos = summary.ok;
    const limite = performance.now() + (opts.deliveryTimeoutMs ?? 300_000);
    while (entregados - desde < respondidos && performance.now() < limite) await new Promise((r) => setTimeout(r, 20));
    process.send?.('medido');
    const delivered = entregados - desde;
    summary.delivered = delivered;
    summary.deliveredPerSecond = Number((delivered / ((ultimaEntrega - t0) / 1000)).toFixed(1));
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
    mailer.close();
    await browser.close();
    await close();
  }
}

main().catch((err) => {
  process.stderr.write(`pipeline failed: ${err.stack}\n`);
  process.exit(1);
});
