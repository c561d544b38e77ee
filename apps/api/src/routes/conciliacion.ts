import { Router } from 'express';
import { conciliacionRequest, DteError, ErrorCode, parseRequest } from '@dte/domain';
import { Conciliaciones, informeView } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';

/** `GET /dte/conciliacion?fecha=`: the stored reconciliation with MH of one of the token's emisor's days. */
export function conciliacionRoutes(ctx: ApiContext): Router {
  const router = Router();
  const conciliaciones = new Conciliaciones(ctx.db.connection);
  router.get('/dte/conciliacion', authenticate(ctx), async (req, res) => {
    const { fecha } = parseRequest(conciliacionRequest, req.query);
    const informe = await conciliaciones.leer(req.auth.emisorId, fecha);
    if (!informe)
      throw new DteError(ErrorCode.CONCILIACION_NOT_FOUND, 404, `No hay conciliación con MH del ${fecha}`, { fecha });
    res.json({ status: 'success', data: informeView(informe) });
  });
  return router;
}
