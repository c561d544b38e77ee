import { Router, type Request } from 'express';
import { LecturaBuzon, type ResumenLecturaBuzon } from '@dte/contract';
import { buzonRequest, DteError, ErrorCode, LEER_COMPRAS, parseRequest } from '@dte/domain';
import { Buzones, buzonView, SecretBox } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { comprobarHostBuzon } from '../http/destino';
import { unwrapWorkflowError } from '../http/workflow-errors';

/**
 * Reads the request's emisor's mailbox now, as its schedule would (`POST /buzon/lectura`, the console's
 * "Leer el buzón ahora"): permission COMPRAS, 404 without a mailbox, 502 when its server cannot be read.
 */
export async function leerBuzonAhora(ctx: ApiContext, req: Request): Promise<ResumenLecturaBuzon> {
  requirePermission(req.auth, 'COMPRAS');
  const { emisorId } = req.auth;
  if (!(await new Buzones(ctx.db.connection, new SecretBox(ctx.config.SECRET_KEY)).leer(emisorId)))
    throw sinBuzon(emisorId);
  let resumen;
  try {
    // The schedule's reading of this mailbox, if one is running, is joined rather than doubled.
    resumen = await ctx.workflows.execute(LecturaBuzon, {
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      workflowId: LecturaBuzon.workflowId(emisorId),
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [{ emisorId }],
    });
  } catch (err) {
    throw unwrapWorkflowError(err);
  }
  if (resumen.error)
    throw new DteError(ErrorCode.BUZON_INACCESIBLE, 502, 'No se pudo leer el buzón', { detalle: resumen.error });
  return resumen;
}

/** The reports of unreadable messages GET /buzon shows, newest first. */
const INFORMES_MOSTRADOS = 50;

function sinBuzon(emisorId: number): DteError {
  return new DteError(ErrorCode.BUZON_NOT_FOUND, 404, `El emisor ${emisorId} no tiene buzón configurado`, {
    emisorId,
  });
}

/**
 * The token's emisor's mailbox for suppliers' e-mails (`/buzon`, permission COMPRAS): set it (the password
 * is kept sealed and never answered), read it with what its last reading did and the messages it could
 * not take, remove it, and read it now (`POST /buzon/lectura`, the schedule's own reading). Setting and
 * removing it change the emisor's settings and are recorded in the audit log; a reading takes documents in,
 * as the schedule does, and is not.
 */
export function buzonRoutes(ctx: ApiContext): Router {
  const router = Router();
  const buzones = new Buzones(ctx.db.connection, new SecretBox(ctx.config.SECRET_KEY));
  const autorizado = (req: Request) => requirePermission(req.auth, 'COMPRAS');

  async function vista(emisorId: number) {
    const buzon = await buzones.leer(emisorId);
    if (!buzon) throw sinBuzon(emisorId);
    return buzonView(buzon, await buzones.informes(emisorId, INFORMES_MOSTRADOS));
  }

  router.post('/buzon', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const pedido = parseRequest(buzonRequest, req.body);
    await comprobarHostBuzon(pedido.host, ctx.config.BUZON_PERMITIR_DESTINOS_PRIVADOS);
    await buzones.guardar(req.auth.emisorId, pedido);
    await auditar(ctx, req, 'BUZON_CONFIGURADO', { detalles: { host: pedido.host, usuario: pedido.usuario } });
    res.json({ status: 'success', data: await vista(req.auth.emisorId) });
  });

  router.get('/buzon', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, ...LEER_COMPRAS);
    res.json({ status: 'success', data: await vista(req.auth.emisorId) });
  });

  router.delete('/buzon', authenticate(ctx), async (req, res) => {
    autorizado(req);
    if (!(await buzones.eliminar(req.auth.emisorId))) throw sinBuzon(req.auth.emisorId);
    await auditar(ctx, req, 'BUZON_ELIMINADO');
    res.json({ status: 'success', data: { eliminado: true } });
  });

  router.post('/buzon/lectura', authenticate(ctx), async (req, res) => {
    res.json({ status: 'success', data: await leerBuzonAhora(ctx, req) });
  });

  return router;
}
