import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { loadConfig } from '@dte/config';
import { createActivities, createDependencies, createLogger } from '@dte/activities';
import { ensureSchedules } from './schedules';

/** Hosts the workflows and runs the activities; one set of dependencies (pools, clients) per process. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config, 'worker');
  const deps = await createDependencies(config, log);
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    ...(config.WORKFLOW_BUNDLE_PATH
      ? { workflowBundle: { codePath: config.WORKFLOW_BUNDLE_PATH } }
      : { workflowsPath: require.resolve('./workflows') }),
    activities: createActivities(deps),
    shutdownGraceTime: '20 seconds',
  });
  await ensureSchedules(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }), config);
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and lets running activities finish.
  log.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker running');
  await worker.run();
  await connection.close();
  await deps.close();
  log.info('worker stopped');
}

main().catch((err) => {
  process.stderr.write(`worker failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
