import { Client, Connection } from '@temporalio/client';
import { createLogger, loadConfig } from '@dte/config';
import { DteWorkflowClient } from '@dte/contract/client';
import { Clientes, connectDatabase, Documents, ObjectStore, Productos, TenantCache } from '@dte/store';
import type { Server } from 'node:http';
import { createApp } from '../../apps/api/src/app';
import { createApiMetrics } from '../../apps/api/src/metrics';
import { stack } from '../support/stack';

/** `GET /health` answers 503 naming the failing dependency: here storage points at a closed port. */
describe('GET /health with a dependency down', () => {
  let server: Server;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const config = loadConfig(stack().env);
    const db = await connectDatabase(config.MONGODB_URI);
    const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
    const deadStore = new ObjectStore({
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      accessKey: 'x',
      secretKey: 'xxxxxxxx',
      bucket: 'dte',
    });
    const tenants = new TenantCache(db.models, 0);
    const temporal = new Client({ connection });
    const app = createApp({
      config,
      log: createLogger({ LOG_LEVEL: 'silent' }, 'test'),
      db,
      tenants,
      documents: new Documents(db, tenants),
      clientes: new Clientes(db.connection),
      productos: new Productos(db.connection),
      store: deadStore,
      temporal,
      workflows: new DteWorkflowClient(temporal.workflow),
      metrics: createApiMetrics(),
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    close = async () => {
      server.close();
      await connection.close();
      await db.close();
    };
  });
  afterAll(() => close());

  it('answers 503 and names storage', async () => {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; checks: Record<string, string>; failing: string[] };
    expect(body.status).toBe('error');
    expect(body.failing).toEqual(['storage']);
    expect(body.checks.temporal).toBe('ok');
    expect(body.checks.database).toBe('ok');
    expect(body.checks.storage).toMatch(/^failing: /);
  });
});
