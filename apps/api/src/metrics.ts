import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The API's Prometheus series, in one registry per process (served at `GET /metrics`). */
export interface ApiMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpSeconds: Histogram<'method' | 'route' | 'status'>;
  /** From the issuance request to its answer with MH's verdict (201), by document kind and estado. */
  issuanceSeconds: Histogram<'tipo' | 'estado'>;
  /** Every operation the API asked of a database collection, by operation and collection. */
  dbOperations: Counter<'operation' | 'collection'>;
}

export function createApiMetrics(): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'dte_http_requests_total',
      help: 'HTTP requests answered, by method, Express route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpSeconds: new Histogram({
      name: 'dte_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, Express route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    issuanceSeconds: new Histogram({
      name: 'dte_issuance_duration_seconds',
      help: "Time from an issuance request to the API's answer with MH's verdict, by kind and estado",
      labelNames: ['tipo', 'estado'],
      buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
      registers,
    }),
    dbOperations: new Counter({
      name: 'dte_db_operations_total',
      help: 'Operations the API asked of the database, by operation (findOne, insertOne, updateOne…) and collection',
      labelNames: ['operation', 'collection'],
      registers,
    }),
  };
}

/**
 * Counts and times every answer by the route that handled it (`/dte/pdf/:codigoGeneracion`, never the
 * URL, so the series stay few); requests no route took are `unmatched`.
 */
export function httpMetrics(metrics: ApiMetrics): RequestHandler {
  return (req, res, next) => {
    const stop = metrics.httpSeconds.startTimer();
    res.once('finish', () => {
      const labels = {
        method: req.method,
        route: req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched',
        status: String(res.statusCode),
      };
      stop(labels);
      metrics.httpRequests.inc(labels);
    });
    next();
  };
}
