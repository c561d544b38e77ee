import type { Server } from 'node:http';

/**
 * How long the project's HTTP servers keep an idle keep-alive connection open (the API's is
 * API_KEEP_ALIVE_SECONDS): above any client's hold on an idle socket (Node's agent 5 s, fetch 4 s, a load
 * balancer's 60 s), so the client, never the server, closes an idle connection. A server that closes first
 * races the client's next request: written on a socket the server has just closed, it fails with
 * ECONNRESET, "socket hang up", before any answer. Node's own 5 s loses that race to a client whose
 * timers run late, as on a loaded machine.
 */
export const KEEP_ALIVE_SECONDS = 65;

/** Sets the server's idle keep-alive time (announced in `Keep-Alive: timeout=`); answers the server. */
export function keepIdleConnections<S extends Server>(server: S, seconds = KEEP_ALIVE_SECONDS): S {
  server.keepAliveTimeout = seconds * 1000;
  // Above keepAliveTimeout, as Node requires for a request arriving on a connection about to idle out.
  server.headersTimeout = server.keepAliveTimeout + 1000;
  return server;
}
