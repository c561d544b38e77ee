import { Router, type Request, type Response } from 'express';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { destinatarioReenvio, DteError, ErrorCode, parseRequest, resendRequest, type ResendRequest } from '@dte/domain';
import { ResendDte, type ResendDteInput } from '@dte/contract';
import { maskEmail } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { logDocument } from '../http/document-log';
import { findOwnDocument } from '../http/documents';
import { idempotentId, legacySameRequest } from '../http/idempotency';
import { unwrapWorkflowError } from '../http/workflow-errors';

/**
 * `POST /dte/resend/:codigoGeneracion`: any machine token of the emisor may resend what
 * `destinatarioReenvio` lets through (a document with a sello), a person's only with REENVIO; the workflow
 * checks it again, the same way, for a resend started from elsewhere.
 */
export function resendRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/dte/resend/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    const request = parseRequest(resendRequest, req.body);
    const data = await reenviarDocumento(ctx, req, res, String(req.params.codigoGeneracion), request);
    res.json({ status: 'success', message: `Documento reenviado a ${data.emailEnviado}`, data });
  });
  return router;
}

/**
 * The resend of the route and of the web console (apps/api/src/consola): e-mailed and recorded in the audit
 * log, or refused with its code. A person needs REENVIO (roles.ts); a machine's token resends as it always
 * could, so tokens made before the permission existed keep working.
 */
export async function reenviarDocumento(
  ctx: ApiContext,
  req: Request,
  res: Response,
  codigoGeneracionPedido: string,
  request: ResendRequest,
) {
  if (req.auth.esDePersona) requirePermission(req.auth, 'REENVIO');
  const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracionPedido, [
    'codigoGeneracion',
    'tipo',
    'estado',
    'receptorCorreo',
    'importacion',
  ]);
  const { codigoGeneracion, tipo, estado } = doc;
  logDocument(req, res, { codigoGeneracion });
  const to = destinatarioReenvio(doc, request.email);
  const input: ResendDteInput = { codigoGeneracion, to };
  const workflowId = ResendDte.workflowId(codigoGeneracion, await idempotentId(ctx, req, request, legacySameRequest));
  const sent = await resend(ctx, workflowId, input);
  const data = { codigoGeneracion, emailEnviado: to, correoEnviado: sent, tipo, estado };
  if (!sent) throw new DteError(ErrorCode.EMAIL_NOT_SENT, 502, `No se pudo enviar el correo a ${to}`, { data });
  await auditar(ctx, req, 'DTE_REENVIADO', {
    codigoGeneracion,
    // Masked, as the document's e-mails are shown.
    detalles: { para: maskEmail(to) },
    operacion: workflowId,
  });
  return data;
}

/**
 * Runs the resend under its id, once: a retry with the same Idempotency-Key joins the running workflow
 * (USE_EXISTING) or, once it has closed, gets its result instead of sending again (REJECT_DUPLICATE).
 */
async function resend(ctx: ApiContext, workflowId: string, input: ResendDteInput): Promise<boolean> {
  try {
    return await ctx.workflows.execute(ResendDte, {
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      workflowId,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [input],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw unwrapWorkflowError(err);
    return await ctx.workflows
      .handle(ResendDte, workflowId)
      .result()
      .catch((e: unknown) => {
        throw unwrapWorkflowError(e);
      });
  }
}
