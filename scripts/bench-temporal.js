#!/usr/bin/env node
'use strict';
/**
 * What orchestration alone costs on this machine: the embedded Temporal dev server (as `npm start` runs it)
 * and a worker in this process, issuing workflows of IssueDte's shape with none of its work
 * (bench-temporal-workflow.js: update-with-start with the API's search attributes, answered after one
 * no-op local activity, or `pasos` of them as before the issuance was one step, one upsert, then a no-op
 * activity task for the delivery). Prints the answer's
 * latency one at a time, and at concurrency 32 the workflows completed per second (the delivery
 * included) with the CPU each took. Not a test; numbers depend on the machine. Needs `npm run tools` (or
 * any npm start/test).
 *
 *   node scripts/bench-temporal.js [workflows=1500] [pasos=1]
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { randomUUID } = require('node:crypto');
const { DefaultLogger, NativeConnection, Runtime, Worker } = require('@temporalio/worker');
const { Client, Connection, WithStartWorkflowOperation } = require('@temporalio/client');
const { SearchAttributeKeys } = require('@dte/contract');
const { ensureTools } = require('./tools');
const { Stack, resolvePorts } = require('./stack');
const { ProcessSampler } = require('./bench/sampler');
const { percentile } = require('./bench/load');

const total = Number(process.argv[2] ?? 1500);
const pasos = Number(process.argv[3] ?? 1);
const taskQueue = 'bench-temporal';

async function main() {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-temporal-'));
  const stack = new Stack({ dataDir, ports: await resolvePorts({ random: true }), tools: ensureTools(), quiet: true });
  try {
    await stack.startTemporal();
    const serverPid = stack.children.find((entry) => entry.name === 'temporal').child.pid;
    const address = stack.urls().temporalGrpc;
    const connection = await NativeConnection.connect({ address });
    const worker = await Worker.create({
      connection,
      taskQueue,
      workflowsPath: require.resolve('./bench-temporal-workflow'),
      activities: { step: async () => undefined, deliver: async () => undefined },
    });
    const running = worker.run();
    const client = new Client({ connection: await Connection.connect({ address }) });
    const issue = () =>
      client.workflow.executeUpdateWithStart('answer', {
        startWorkflowOperation: new WithStartWorkflowOperation('bareIssue', {
          workflowId: randomUUID(),
          args: [pasos],
          taskQueue,
          workflowIdConflictPolicy: 'FAIL',
          typedSearchAttributes: [
            { key: SearchAttributeKeys.codigoGeneracion, value: randomUUID() },
            { key: SearchAttributeKeys.tipo, value: 'FACTURA_CONSUMIDOR_FINAL' },
            { key: SearchAttributeKeys.emisor, value: '1' },
            { key: SearchAttributeKeys.estado, value: 'PENDIENTE' },
          ],
        }),
      });

    for (let i = 0; i < 50; i++) await issue();
    const times = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await issue();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `concurrency 1: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (200 workflows)`,
    );

    let next = 0;
    const sampler = new ProcessSampler({ server: serverPid, self: process.pid });
    sampler.start();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next++ < total) await issue();
      }),
    );
    // Delivered: no workflow of the run still waits on its activity task.
    const unfinished = `WorkflowType = 'bareIssue' AND ExecutionStatus = 'Running'`;
    while ((await client.workflow.count(unfinished)).count > 0) await new Promise((r) => setTimeout(r, 100));
    const seconds = (performance.now() - started) / 1000;
    const { groups } = sampler.stop();
    const perWorkflow = (group) => ((1000 * groups[group].cpuSeconds) / total).toFixed(1);
    console.log(
      `concurrency 32: ${(total / seconds).toFixed(1)} workflows/s completed; CPU per workflow: Temporal server ` +
        `${perWorkflow('server')} ms, client and worker ${perWorkflow('self')} ms`,
    );
    worker.shutdown();
    await running;
    await connection.close();
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
