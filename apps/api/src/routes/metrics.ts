import { Router } from 'express';
import type { ApiContext } from '../context';

/**
 * `GET /metrics`: the process's Prometheus series. No token, as Prometheus scrapes expect; the series hold
 * no tenant data (routes are patterns, never URLs), but a public deployment keeps the path off its ingress.
 */
export function metricsRoutes(ctx: ApiContext): Router {
  const router = Router();
  const { registry } = ctx.metrics;
  router.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
