import { Router } from 'express';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { DteError, ErrorCode, parseRequest, resendRequest } from '@dte/domain';
import { ResendDte, type ResendDteInput } from '@dte/contract';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { logDocument } from '../http/document-log';
import { findOwnDocument } from '../http/documents';
import { idempotentId, legacySameRequest } from '../http/idempotency';

/**
 * `POST /dte/resend/:codigoGeneracion`: any token of the emisor may resend. A rejected document has no
 * sello and is not a valid DTE for the receptor, so it is refused (409 DOCUMENT_REJECTED); so is one
 * whose MH outcome is not known yet (409 DOCUMENT_NOT_PROCESSED).
 */
export function resendRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/dte/resend/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    const request = parseRequest(resendRequest, req.body);
    const { email } = request;
    const doc = await findOwnDocument(ctx, req.auth.emisorId, String(req.params.codigoGeneracion), [
      'codigoGeneracion',
      'tipo',
      'estado',
      'receptorCorreo',
    ]);
    const { codigoGeneracion, tipo, estado } = doc;
    logDocument(req, res, { codigoGeneracion });
    if (estado === 'REJECTED') {
      throw new DteError(ErrorCode.DOCUMENT_REJECTED, 409, 'Un documento rechazado por MH no puede reenviarse', {
        estado,
      });
    }
    if (estado !== 'PROCESSED' && estado !== 'CANCELLED') {
      throw new DteError(ErrorCode.DOCUMENT_NOT_PROCESSED, 409, `El documento está ${estado}: aún no tiene sello`, {
        estado,
      });
    }
    const to = email ?? doc.receptorCorreo;
    if (!to) {
      throw new DteError(
        ErrorCode.EMAIL_NOT_AVAILABLE,
        400,
        'El documento no tiene correo del receptor: envíe email en el cuerpo',
      );
    }
    const input: ResendDteInput = { codigoGeneracion, to };
    const sent = await resend(
      ctx,
      ResendDte.workflowId(codigoGeneracion, await idempotentId(ctx, req, request, legacySameRequest)),
      input,
    );
    const data = { codigoGeneracion, emailEnviado: to, correoEnviado: sent, tipo, estado };
    if (!sent) throw new DteError(ErrorCode.EMAIL_NOT_SENT, 502, `No se pudo enviar el correo a ${to}`, { data });
    res.json({ status: 'success', message: `Documento reenviado a ${to}`, data });
  });
  return router;
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
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return await ctx.workflows.handle(ResendDte, workflowId).result();
  }
}
