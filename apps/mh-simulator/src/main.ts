import { keepIdleConnections, loadConfig } from '@dte/config';
import mongoose from 'mongoose';
import pino from 'pino';
import { createSimulatorApp } from './app';

/** Runs the MH simulator as its own process: `node apps/mh-simulator/dist/main.js`. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ name: 'mh-simulator', level: config.LOG_LEVEL });
  const connection = await mongoose.createConnection(config.MONGODB_URI, { dbName: config.MH_SIM_DB_NAME }).asPromise();
  const { app, stop } = await createSimulatorApp({
    connection,
    tokenTtlSeconds: config.MH_SIM_TOKEN_TTL_SECONDS,
    controlEnabled: config.MH_SIM_CONTROL_ENABLED,
    logger,
  });
  const server = app.listen(config.MH_SIM_PORT, config.MH_SIM_HOST, () => {
    logger.info(
      { url: `http://${config.MH_SIM_HOST}:${config.MH_SIM_PORT}`, control: config.MH_SIM_CONTROL_ENABLED },
      'MH simulator listening',
    );
  });
  // MH's own idle time is unknown: the service's MH client survives a server that closes first
  // (packages/activities/src/mh/mh-client.ts); the tests' clients need this one not to.
  keepIdleConnections(server);
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'MH simulator cannot listen');
    process.exit(1);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'MH simulator stopping');
    stop();
    server.close(() => {
      connection.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    // Hung requests (outage mode "hang") and keep-alive sockets would otherwise hold the server open.
    server.closeAllConnections();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
