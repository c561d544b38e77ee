import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseRequest, webhookRequest, type AmbienteCode, type WebhookRequest } from '@dte/domain';
import { Tenants, Webhooks, type Database, type SecretBox } from '@dte/store';
import { comprobarDestino } from '../http/destino';
import { auditarOperador } from './auditoria';

/**
 * The emisor's new endpoint, its URL checked as `POST /webhooks` checks it (private destinations as
 * `privadosPermitidos` says), and its secret (shown once).
 */
export async function crearEndpoint(
  db: Database,
  box: SecretBox,
  emisorId: number,
  pedido: WebhookRequest,
  privadosPermitidos: boolean,
) {
  const emisor = await new Tenants(db, box).emisor(emisorId);
  const url = await comprobarDestino(pedido.url, emisor.ambiente as AmbienteCode, privadosPermitidos);
  return new Webhooks(db.connection, box).crear(emisorId, { ...pedido, url });
}

/** The headers a delivery is verified with (Standard Webhooks), passed on as they came. */
const FIRMA = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * `webhooks escuchar` (in the spirit of `stripe listen`): a listener on loopback registered as a
 * temporary endpoint of the emisor, which prints each event as it arrives (one JSON line on stdout: its
 * id and body), passes it on with its signature headers to `reenviarA`, and answers the service what
 * `reenviarA` answered (502 when it could not be reached), so retries and the delivery log behave as
 * with the real receiver. Stopped (SIGINT, SIGTERM), it deletes the endpoint. `avisar` gets the lines
 * for the person at the terminal (the endpoint and its secret, what each forward answered).
 */
export async function escuchar(
  db: Database,
  box: SecretBox,
  emisorId: number,
  reenviarA: string,
  eventos: string[] | undefined,
  avisar: (linea: string) => void,
): Promise<void> {
  const destino = new URL(reenviarA);
  // Taken from the start, so a stop while the endpoint is being created still deletes it.
  const parada = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id'] ?? '');
      let evento: unknown = body;
      try {
        evento = JSON.parse(body);
      } catch {
        // Not the service's: printed as it came.
      }
      process.stdout.write(`${JSON.stringify({ id, evento })}\n`);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const h of FIRMA) if (typeof req.headers[h] === 'string') headers[h] = req.headers[h];
      fetch(destino, { method: 'POST', headers, body })
        .then((r) => {
          avisar(`${id} → ${r.status} ${destino.href}`);
          res.writeHead(r.status).end();
        })
        .catch((err: unknown) => {
          avisar(`${id} → not delivered to ${destino.href}: ${(err as Error).message}`);
          res.writeHead(502).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  let creado;
  try {
    const pedido = parseRequest(webhookRequest, {
      url,
      ...(eventos ? { eventos } : {}),
      descripcion: `webhooks escuchar → ${destino.href}`,
    });
    // The listener's own loopback address, whatever this shell's WEBHOOK_PERMITIR_DESTINOS_PRIVADOS: that
    // setting keeps tenants' URLs off the deployment's private network, and this URL is no tenant's but the
    // socket this command just opened, for an operator who holds the database's keys. The developer running
    // it in a shell of their own beside `npm start` has no reason to export the setting there too. Deliveries
    // still pass the worker's own check: they reach the listener from a worker on this machine that allows
    // private destinations (`npm start`'s does), as a hosted deployment's do not.
    creado = await crearEndpoint(db, box, emisorId, pedido, true);
  } catch (err) {
    server.close();
    throw err;
  }
  const { endpoint, secreto } = creado;
  await auditarOperador(db, emisorId, 'WEBHOOK_CREADO', 'webhooks escuchar', {
    detalles: { id: endpoint._id, host: new URL(url).host },
  });
  avisar(
    `listening as webhook endpoint ${endpoint._id} (${url}), forwarding to ${destino.href}; its secret: ` +
      `${secreto}; Ctrl-C stops and deletes it`,
  );
  await parada;
  await new Webhooks(db.connection, box).eliminar(emisorId, endpoint._id);
  await auditarOperador(db, emisorId, 'WEBHOOK_ELIMINADO', 'webhooks escuchar', { detalles: { id: endpoint._id } });
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  avisar(`webhook endpoint ${endpoint._id} deleted`);
}
