import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ActivityMetrics } from '@dte/activities';
import { keepIdleConnections } from '@dte/config';

/**
 * The worker's only HTTP surface: `GET /metrics` for Prometheus and `GET /health` (200 while the worker
 * polls its task queue, 503 otherwise) for the orchestrator. No tenant data, so no authentication.
 */
export async function serveMetrics(options: {
  registry: ActivityMetrics['registry'];
  host: string;
  port: number;
  state: () => string;
}): Promise<{ port: number; close(): Promise<void> }> {
  const { registry } = options;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://worker').pathname;
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' }).end();
    } else if (path === '/metrics') {
      registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
        (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
      );
    } else if (path === '/health') {
      const state = options.state();
      res
        .writeHead(state === 'RUNNING' ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: state === 'RUNNING' ? 'ok' : 'error', state }));
    } else {
      res.writeHead(404).end();
    }
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's keep-alive connection must not hold the worker's exit.
        server.closeAllConnections();
      }),
  };
}
