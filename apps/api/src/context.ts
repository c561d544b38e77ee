import type { Client } from '@temporalio/client';
import type { Config } from '@dte/config';
import type { Database, ObjectStore, TenantCache } from '@dte/activities';
import type { Logger } from 'pino';
import type { ApiMetrics } from './metrics';

/** What the HTTP layer works with: one of each per process. */
export interface ApiContext {
  config: Config;
  log: Logger;
  db: Database;
  /** The emisores, establishments and points of sale as the workers read them (TENANT_CACHE_SECONDS). */
  tenants: TenantCache;
  store: ObjectStore;
  temporal: Client;
  metrics: ApiMetrics;
}
