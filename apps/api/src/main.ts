import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { connectDatabase, createLogger, ObjectStore } from '@dte/activities';
import { createApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config, 'api');
  const db = await connectDatabase(config.MONGODB_URI);
  const store = ObjectStore.fromConfig(config);
  await store.ensureBucket();
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  const temporal = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const server = createApp({ config, log, db, store, temporal }).listen(config.API_PORT, config.API_HOST, () =>
    log.info({ port: config.API_PORT }, 'api listening'),
  );

  const shutdown = (signal: string) => {
    log.info({ signal }, 'api draining');
    server.close(async () => {
      await connection.close();
      await db.close();
      log.info('api stopped');
      process.exit(0);
    });
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err) => {
  process.stderr.write(`api failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
