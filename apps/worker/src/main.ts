import { Client } from '@temporalio/client';
import {
  bundleWorkflowCode,
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  type LogLevel,
  type WorkerOptions,
} from '@temporalio/worker';
import { createLogger, loadConfig, temporalConnectionOptions, type Config, type Logger } from '@dte/config';
import { createActivities, createDependencies, dteFailureInterceptor, registerContingencyGauge } from '@dte/activities';
import { colaEntregas, colaNumeracion } from '@dte/contract';
import { DteWorkflowClient, ensureSchedules } from '@dte/contract/client';
import { serveMetrics } from './metrics-server';

const SDK_LEVELS: Partial<Record<Config['LOG_LEVEL'], LogLevel>> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
};

/**
 * The Temporal SDK's own lines (an activity that failed, with its workflowId and attempt) go through pino
 * too, so the worker's log is one JSON stream with one redaction policy.
 */
function sdkLogger(log: Logger, level: Config['LOG_LEVEL']): DefaultLogger {
  const sdk = log.child({ component: 'temporal' });
  return new DefaultLogger(SDK_LEVELS[level] ?? 'ERROR', ({ level, message, meta }) => {
    const { error, ...fields } = meta ?? {};
    sdk[level.toLowerCase() as Lowercase<LogLevel>](error === undefined ? fields : { ...fields, err: error }, message);
  });
}

/** Hosts the workflows and runs the activities; one set of dependencies (pools, clients) per process. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config, 'worker');
  Runtime.install({ logger: sdkLogger(log, config.LOG_LEVEL) });
  const connection = await NativeConnection.connect(temporalConnectionOptions(config));
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const deps = await createDependencies(config, log, new DteWorkflowClient(client.workflow));
  const activities = createActivities(deps);
  // Bundled once for all three workers: each bundling takes seconds and its own memory.
  const workflowBundle = config.WORKFLOW_BUNDLE_PATH
    ? { codePath: config.WORKFLOW_BUNDLE_PATH }
    : await bundleWorkflowCode({ workflowsPath: require.resolve('./workflows'), logger: Runtime.instance().logger });
  // One connection, namespace, bundle and grace for every queue this process serves.
  const serve = (options: Pick<WorkerOptions, 'taskQueue' | 'activities'> & Partial<WorkerOptions>) =>
    Worker.create({
      connection,
      namespace: config.TEMPORAL_NAMESPACE,
      workflowBundle,
      interceptors: { activity: [dteFailureInterceptor] },
      shutdownGraceTime: `${config.SHUTDOWN_GRACE_SECONDS} seconds`,
      ...options,
    });
  // Its queue still runs the webhook deliveries started before they had a queue of their own.
  const worker = await serve({
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    activities,
    maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS,
  });
  // Webhook deliveries run on a queue of their own, their attempts with a bounded number of slots:
  // however slow the receivers, they never take the slots of issuance's activities, and however many
  // deliveries wait, an operator's list of the documents' queue does not show them.
  const entregas = await serve({
    taskQueue: colaEntregas(config.TEMPORAL_TASK_QUEUE),
    activities: { entregarWebhook: activities.entregarWebhook },
    maxConcurrentActivityTaskExecutions: config.WEBHOOK_ENTREGAS_SIMULTANEAS,
  });
  // The numbering workflows and their batches, with slots of their own (colaNumeracion).
  const numeracion = await serve({
    taskQueue: colaNumeracion(config.TEMPORAL_TASK_QUEUE),
    activities: { numerar: activities.numerar },
  });
  if (config.WORKER_SCHEDULES) {
    const schedules = await ensureSchedules(client.schedule, config);
    log.info(
      { schedules },
      'schedules: missing ones created, existing ones left as they are (npm run admin -- schedules apply)',
    );
  }
  registerContingencyGauge(deps.metrics, client, log);
  const metrics = config.WORKER_METRICS_PORT
    ? await serveMetrics({
        registry: deps.metrics.registry,
        host: config.WORKER_METRICS_HOST,
        port: config.WORKER_METRICS_PORT,
        state: () => worker.getState(),
      })
    : null;
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and lets running activities finish
  // (cancelling them after SHUTDOWN_GRACE_SECONDS); only then do the pools and connections close.
  log.info({ taskQueue: config.TEMPORAL_TASK_QUEUE, metricsPort: metrics?.port ?? null }, 'worker running');
  try {
    // One stopping (a signal stops all) or failing stops the others.
    const workers = [worker, entregas, numeracion];
    await Promise.all(
      workers.map((w) =>
        w.run().catch((err: unknown) => {
          for (const otro of workers) if (otro.getState() === 'RUNNING') otro.shutdown();
          throw err;
        }),
      ),
    );
  } finally {
    await metrics?.close();
    await connection.close();
    await deps.close();
  }
  log.info('worker stopped');
}

main().catch((err) => {
  process.stderr.write(`worker failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
