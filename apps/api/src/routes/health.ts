import { Router } from 'express';
import type { ApiContext } from '../context';

/** Liveness of what the API needs to serve: Temporal, the database and storage. No token needed. */
export function healthRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const probes: Record<string, () => Promise<unknown>> = {
      temporal: () => ctx.temporal.workflowService.getSystemInfo({}),
      database: () => ctx.db.connection.db!.admin().ping(),
      storage: () => ctx.store.ping(),
    };
    const entries = await Promise.all(
      Object.entries(probes).map(async ([name, probe]) => {
        try {
          await withTimeout(probe(), 3000);
          return [name, 'ok'] as const;
        } catch (err) {
          return [name, `failing: ${(err as Error).message}`] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const failing = entries.filter(([, v]) => v !== 'ok').map(([k]) => k);
    res
      .status(failing.length ? 503 : 200)
      .json({ status: failing.length ? 'error' : 'ok', checks, ...(failing.length ? { failing } : {}) });
  });
  return router;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref()),
  ]);
}
