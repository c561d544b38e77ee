import http from 'node:http';
import https from 'node:https';

/**
 * Node keeps a socket open after an answer to send the next request on it (keep-alive), and a server may
 * close its end whenever the socket is idle. A request written on it just then fails before any answer
 * (ECONNRESET, "socket hang up"; EPIPE while its body was being written) and the server read none of it:
 * Node marks such a request `reusedSocket`. An idempotent one is sent once more, on a new connection
 * (`conexionNueva`: the pool may hold other sockets the server closed at the same moment).
 */
export function cerradoAlReusar(err: unknown, request: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (code === 'ECONNRESET' || code === 'EPIPE') && (request as http.ClientRequest | null)?.reusedSocket === true;
}

/** Agents that keep no connection: each request they carry opens its own. */
export const conexionNueva = {
  http: new http.Agent({ keepAlive: false }),
  https: new https.Agent({ keepAlive: false }),
};
