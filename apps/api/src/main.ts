import type { ServerResponse } from 'node:http';
import { Client, Connection } from '@temporalio/client';
import { createLogger, keepIdleConnections, loadConfig, temporalConnectionOptions } from '@dte/config';
import { DteWorkflowClient } from '@dte/contract/client';
import { Clientes, connectDatabase, Documents, ObjectStore, Productos, TenantCache } from '@dte/store';
import { createApp } from './app';
import { createApiMetrics } from './metrics';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config, 'api');
  const metrics = createApiMetrics();
  const db = await connectDatabase(config.MONGODB_URI, (operation) => metrics.dbOperations.inc({ ...operation }));
  const store = ObjectStore.fromConfig(config);
  await store.ensureBucket();
  const connection = await Connection.connect(temporalConnectionOptions(config));
  const temporal = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const tenants = new TenantCache(db.models, config.TENANT_CACHE_SECONDS * 1000);
  const documents = new Documents(db, tenants);
  const workflows = new DteWorkflowClient(temporal.workflow);
  const clientes = new Clientes(db.connection);
  const productos = new Productos(db.connection);
  const server = createApp({
    config,
    log,
    db,
    tenants,
    documents,
    clientes,
    productos,
    store,
    temporal,
    workflows,
    metrics,
  }).listen(config.API_PORT, config.API_HOST);
  keepIdleConnections(server, config.API_KEEP_ALIVE_SECONDS);
  // A port already taken fails start-up with its reason instead of an unhandled 'error' event.
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  log.info({ port: config.API_PORT }, 'api listening');
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  // Stop accepting connections, let every request in flight get its answer (an issuance may be waiting on
  // MH), then close. A request still open after SHUTDOWN_GRACE_SECONDS is cut: the workflow goes on, and
  // the client's retry with the same Idempotency-Key gets its outcome.
  const shutdown = (signal: string) => {
    log.info({ signal, inFlight: inFlight.size }, 'api draining');
    server.close(async () => {
      await connection.close();
      await db.close();
      log.info('api stopped');
      process.exit(0);
    });
    // close() drops idle keep-alive connections; busy ones would idle for keepAliveTimeout after their answer.
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
    setTimeout(() => {
      log.warn({ inFlight: inFlight.size }, 'api drain timed out: closing the remaining connections');
      server.closeAllConnections();
    }, graceMs).unref();
    setTimeout(() => process.exit(1), graceMs + 5000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err) => {
  process.stderr.write(`api failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
