import type { Client } from '@temporalio/client';
import type { Config } from '@dte/config';
import type { Database, ObjectStore } from '@dte/activities';
import type { Logger } from 'pino';
import type { ApiMetrics } from './metrics';

/** What the HTTP layer works with: one of each per process. */
export interface ApiContext {
  config: Config;
  log: Logger;
  db: Database;
  store: ObjectStore;
  temporal: Client;
  metrics: ApiMetrics;
}
