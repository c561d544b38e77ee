import { Router } from 'express';
import { auditoriaRequest } from '@dte/domain';
import { Auditoria, type EntradaAuditoria } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { responderLista } from '../http/cursor';

/** An entry as the API answers it: the actor with the key the `actor` filter takes, without the store's ids. */
export function entradaAuditoriaView({ _id: _i, emisorId: _e, actorClave, actor, ...entrada }: EntradaAuditoria) {
  return { ...entrada, fecha: entrada.fecha.toISOString(), actor: { ...actor, clave: actorClave } };
}

/**
 * `GET /auditoria` (permission AUDITORIA): the token's emisor's audit log, newest first, filtered, by cursor
 * as `GET /dte` is. The log is read here and nowhere in the API written but by the actions it records
 * (`auditar`): there is no route that edits or deletes an entry.
 */
export function auditoriaRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auditoria = new Auditoria(ctx.db.connection);

  router.get('/auditoria', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'AUDITORIA');
    await responderLista(
      req,
      res,
      auditoriaRequest,
      (f, c, l) => auditoria.pagina(req.auth.emisorId, f, c, l),
      entradaAuditoriaView,
    );
  });
  return router;
}
