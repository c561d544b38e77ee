import type { Client } from '@temporalio/client';
import type { Config, Logger } from '@dte/config';
import type { DteWorkflowClient } from '@dte/contract/client';
import type { Clientes, Database, Documents, ObjectStore, Productos, TenantCache } from '@dte/store';
import type { ApiMetrics } from './metrics';

/** What the HTTP layer works with: one of each per process. */
export interface ApiContext {
  config: Config;
  log: Logger;
  db: Database;
  /** The emisores, establishments and points of sale as the workers read them (TENANT_CACHE_SECONDS). */
  tenants: TenantCache;
  documents: Documents;
  /** The emisores' customer books and product catalogs (issue 51). */
  clientes: Clientes;
  productos: Productos;
  store: ObjectStore;
  temporal: Client;
  /** The workflows, typed by their contracts. */
  workflows: DteWorkflowClient;
  metrics: ApiMetrics;
}
