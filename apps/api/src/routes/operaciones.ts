import { Router, type Request } from 'express';
import { WorkflowNotFoundError } from '@temporalio/client';
import { z } from 'zod';
import { DteError, ErrorCode, parseRequest } from '@dte/domain';
import { Contingencia, type SondeoMh } from '@dte/contract';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { unwrapWorkflowError } from '../http/workflow-errors';

/** `POST /operaciones/sondeo` takes no body: an empty object, or none. */
export const sondeoRequest = z.strictObject({});

/** No contingency of the emisor waits for MH: none runs, or MH answered already. */
export const sinEspera = (): DteError =>
  new DteError(ErrorCode.MH_NOT_AWAITED, 409, 'No hay una contingencia esperando a MH: no hay nada que sondear');

/**
 * Operations on the emisor's running workflows (issue 52): `POST /operaciones/sondeo` probes MH now during
 * a contingency instead of at the backoff's next turn.
 */
export function operacionesRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/operaciones/sondeo', authenticate(ctx), async (req, res) => {
    parseRequest(sondeoRequest, req.body ?? {});
    res.json({ status: 'success', data: await sondearMh(ctx, req) });
  });
  return router;
}

/**
 * The probe of the route and of the console's "Probar MH ahora": the emisor's contingency workflow's
 * `sondearAhora` update, carrying the requester's token (the workflow checks it again, as this does), then
 * recorded in the audit log. 409 MH_NOT_AWAITED without a contingency waiting for MH.
 */
export async function sondearMh(ctx: ApiContext, req: Request): Promise<SondeoMh> {
  requirePermission(req.auth, 'SONDEO_MH');
  const handle = ctx.workflows.handle(Contingencia, Contingencia.workflowId(req.auth.emisorId));
  const sondeo = await handle
    .executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId: req.auth.tokenId }] })
    .catch((err: unknown) => {
      // None was ever started, or the last one ended (an update to a closed execution finds none either).
      if (err instanceof WorkflowNotFoundError) throw sinEspera();
      throw unwrapWorkflowError(err);
    });
  await auditar(ctx, req, 'SONDEO_MH', { detalles: { en: sondeo.en, respondio: sondeo.respondio } });
  return sondeo;
}
