import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { z } from 'zod';
import { comprobarEventos, DteError, ErrorCode, parsePlan, parseRequest, planPorDefecto } from '@dte/domain';
import { Certificacion, RITMO_CERTIFICACION, SearchAttribute } from '@dte/contract';
import { Certificaciones, tiposAutorizados } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';

/** POST /certificacion's body: `plan` as the CLI's `--plan` (01=90,03=75,invalidacion=5,contingencia=5). */
export const certificacionRequest = z
  .object({
    plan: z.string().min(1).max(500).optional(),
    ritmo: z.number().positive().max(600).optional(),
  })
  .strict();

/**
 * The emisor's certification campaign (issue 35): started with the token's issuer (its establishment and
 * point of sale issue the documents) and for the kinds the token may issue; followed by query; resumed
 * after a rejection or cancelled by signal.
 */
export function certificacionRoutes(ctx: ApiContext): Router {
  const router = Router();
  const certificaciones = new Certificaciones(ctx.db);
  const handle = (emisorId: number) => ctx.workflows.handle(Certificacion, Certificacion.workflowId(emisorId));

  router.post('/certificacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'CERTIFICACION');
    const body = parseRequest(certificacionRequest, req.body ?? {});
    const { permissions, ...issuer } = req.auth;
    const autorizados = tiposAutorizados(permissions);
    const plan = body.plan ? parsePlan(body.plan, autorizados) : planPorDefecto(autorizados);
    comprobarEventos(plan, autorizados);
    await certificaciones.comprobarInicio(issuer.emisorId);
    const workflowId = Certificacion.workflowId(issuer.emisorId);
    const ritmo = body.ritmo ?? RITMO_CERTIFICACION;
    try {
      await ctx.workflows.start(Certificacion, {
        workflowId,
        taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
        args: [{ emisorId: issuer.emisorId, issuer, plan, ritmo, semilla: randomUUID() }],
        searchAttributes: { [SearchAttribute.emisor]: [String(issuer.emisorId)] },
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      throw new DteError(ErrorCode.CERTIFICATION_EXISTS, 409, `La certificación del emisor ya está en curso`, {
        estado: 'EN_CURSO',
      });
    }
    res.status(202).json({ status: 'success', data: { workflowId, plan, ritmo } });
  });

  router.get('/certificacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'CERTIFICACION');
    const { emisorId } = req.auth;
    const registro = await certificaciones.leer(emisorId);
    if (!registro) throw noEncontrada(emisorId);
    try {
      // A closed workflow still answers its query, while Temporal keeps its history.
      const estado = await handle(emisorId).query(Certificacion.estado);
      res.json({ status: 'success', data: { ...estado, estado: registro.estado, iniciadaEn: registro.iniciadaEn } });
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
      const { _id: _id, ...resto } = registro;
      res.json({ status: 'success', data: resto });
    }
  });

  for (const [accion, senal] of [
    ['reanudar', Certificacion.reanudar],
    ['cancelar', Certificacion.cancelar],
  ] as const) {
    router.post(`/certificacion/${accion}`, authenticate(ctx), async (req, res) => {
      requirePermission(req.auth, 'CERTIFICACION');
      const { emisorId } = req.auth;
      const registro = await certificaciones.leer(emisorId);
      if (registro?.estado !== 'EN_CURSO' && registro?.estado !== 'PAUSADA') throw noEncontrada(emisorId);
      await handle(emisorId).signal(senal);
      res.status(202).json({ status: 'success', data: { workflowId: registro.workflowId, accion } });
    });
  }
  return router;
}

function noEncontrada(emisorId: number): DteError {
  return new DteError(
    ErrorCode.CERTIFICATION_NOT_FOUND,
    404,
    `El emisor ${emisorId} no tiene una campaña de certificación en curso`,
  );
}
