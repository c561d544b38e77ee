import type { RequestHandler } from 'express';
import { errorSpring } from '../respuesta';
import { nitDelToken } from '../seguridad/token';
import { enCorte, type Controles } from './estado';

/**
 * Latency and outages for the MH endpoints, scoped to the emisor making the request (read from the auth
 * form or, unverified, from the token) so parallel tests with different emisores do not disturb each other.
 */
export function fallas(controles: Controles): RequestHandler {
  return async (req, res, next) => {
    if (!controles.enabled) return next();
    const nit =
      req.path === '/seguridad/auth' ? (req.body as { user?: unknown })?.user : nitDelToken(req.headers.authorization);
    const emisor = typeof nit === 'string' ? nit : undefined;
    let control = await controles.para(emisor);
    const lento = control.latencyRuta === null || req.path.startsWith(control.latencyRuta);
    if (control.latencyMs > 0 && lento) await new Promise((resolve) => setTimeout(resolve, control.latencyMs));
    // Held until another mode is set, which then applies (a request whose client gave up meanwhile too).
    if (control.outage === 'hold' && enCorte(control, req.path)) control = await controles.retener(emisor, req.path);
    if (!enCorte(control, req.path)) return next();
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
      case 'hold':
        return next();
    }
  };
}
