import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { campoCsv, contribuyentesCertificacion, parseRequest, ritmoCertificacion } from '@dte/domain';
import { RenderInformeCertificacion } from '@dte/contract';
import { Certificaciones, COLUMNAS_INFORME } from '@dte/store';
import {
  estadoCampana,
  iniciarCampana,
  noEncontrada,
  senalarCampana,
  type AccionCampana,
  type PedidoCampana,
} from '../certificacion/campana';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { unwrapWorkflowError } from '../http/workflow-errors';

/** POST /certificacion's body: `plan` as the CLI's `--plan` (01=90,03=75,invalidacion=5,contingencia=5). */
export const certificacionRequest = z
  .object({
    plan: z.string().min(1).max(500).optional(),
    ritmo: ritmoCertificacion.optional(),
    contribuyentes: contribuyentesCertificacion.optional(),
  })
  .strict();

/** GET /certificacion/informe's query. */
export const informeRequest = z.strictObject({ formato: z.enum(['csv', 'pdf']).default('csv') });

/**
 * The emisor's certification campaign (issue 35): started with the token's issuer (its establishment and
 * point of sale issue the documents) and for the kinds the token may issue; followed by query; paused,
 * resumed (after a pause or a rejection) or cancelled by signal.
 */
export function certificacionRoutes(ctx: ApiContext): Router {
  const router = Router();
  const certificaciones = new Certificaciones(ctx.db);

  router.post('/certificacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'CERTIFICACION');
    const pedido = parseRequest(certificacionRequest, req.body ?? {});
    res.status(202).json({ status: 'success', data: await iniciarCertificacion(ctx, req, pedido) });
  });

  router.get('/certificacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'CERTIFICACION');
    res.json({ status: 'success', data: await estadoCampana(ctx, req.auth.emisorId) });
  });

  router.get('/certificacion/informe', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'CERTIFICACION');
    const { formato } = parseRequest(informeRequest, req.query);
    const { emisorId } = req.auth;
    const nombre = `certificacion-${emisorId}.${formato}`;
    if (formato === 'pdf') {
      if (!(await certificaciones.leer(emisorId))) throw noEncontrada(emisorId);
      // Printed by the worker's Chromium pool, as the books are.
      const key = await ctx.workflows
        .execute(RenderInformeCertificacion, {
          taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
          workflowId: RenderInformeCertificacion.workflowId(randomUUID()),
          args: [{ emisorId }],
        })
        .catch((err: unknown) => {
          throw unwrapWorkflowError(err);
        });
      const pdf = await ctx.store.get(key);
      if (!pdf) throw new Error(`certification record PDF ${key} missing after rendering`);
      res
        .status(200)
        .type('application/pdf')
        .setHeader('Content-Disposition', `attachment; filename="${nombre}"`)
        .send(pdf);
      return;
    }
    const informe = await certificaciones.informe(emisorId);
    if (!informe) throw noEncontrada(emisorId);
    const fila = (valores: (string | null)[]) => `${valores.map(campoCsv).join(',')}\r\n`;
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="${nombre}"`)
      .send(
        fila(COLUMNAS_INFORME.map(([campo]) => campo)) +
          informe.lineas.map((l) => fila(COLUMNAS_INFORME.map(([campo]) => l[campo]))).join(''),
      );
  });

  for (const accion of ['pausar', 'reanudar', 'cancelar'] as const) {
    router.post(`/certificacion/${accion}`, authenticate(ctx), async (req, res) => {
      res.status(202).json({ status: 'success', data: await senalarCertificacion(ctx, req, accion) });
    });
  }
  return router;
}

/**
 * Starts the session's emisor's campaign (`iniciarCampana`) and records it in the audit log: the API's
 * route and the console's form both call it.
 */
export async function iniciarCertificacion(ctx: ApiContext, req: Request, pedido: PedidoCampana) {
  requirePermission(req.auth, 'CERTIFICACION');
  const campana = await iniciarCampana(ctx, req.auth, pedido);
  await auditar(ctx, req, 'CERTIFICACION_COMANDO', { detalles: { comando: 'iniciar' } });
  return campana;
}

/** `pausar`, `reanudar` or `cancelar` the campaign (`senalarCampana`), audited: the API's and the console's. */
export async function senalarCertificacion(ctx: ApiContext, req: Request, accion: AccionCampana) {
  requirePermission(req.auth, 'CERTIFICACION');
  const hecho = await senalarCampana(ctx, req.auth.emisorId, accion);
  await auditar(ctx, req, 'CERTIFICACION_COMANDO', { detalles: { comando: accion } });
  return hecho;
}
