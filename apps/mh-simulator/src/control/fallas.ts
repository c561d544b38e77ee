import type { RequestHandler } from 'express';
import { errorSpring } from '../respuesta';
import { nitDelToken } from '../seguridad/token';
import type { Controles } from './estado';

/**
 * Latency and outages for the MH endpoints, scoped to the emisor making the request (read from the auth
 * form or, unverified, from the token) so parallel tests with different emisores do not disturb each other.
 */
export function fallas(controles: Controles): RequestHandler {
  return async (req, res, next) => {
    if (!controles.enabled) return next();
    const nit =
      req.path === '/seguridad/auth' ? (req.body as { user?: unknown })?.user : nitDelToken(req.headers.authorization);
    const control = await controles.para(typeof nit === 'string' ? nit : undefined);
    const lento = control.latencyRuta === null || req.path.startsWith(control.latencyRuta);
    if (control.latencyMs > 0 && lento) await new Promise((resolve) => setTimeout(resolve, control.latencyMs));
    switch (control.outage) {
      case 'refuse':
        // Like a host that drops connections: the client sees ECONNRESET / "socket hang up", no HTTP answer.
        req.socket.destroy();
        return;
      case 'hang':
        // Never answer: the client's own timeout is what ends the exchange (MH's 8 s retry rule).
        return;
      case '503':
        return errorSpring(res, 503, 'Servicio no disponible');
      case 'none':
        return next();
    }
  };
}
