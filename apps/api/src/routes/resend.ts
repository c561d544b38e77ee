import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { DteError, ErrorCode, parseRequest, resendRequest } from '@dte/domain';
import { ResendDte, type ResendDteInput } from '@dte/domain/workflow-contract';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { findOwnDocument } from '../http/documents';

/**
 * `POST /dte/resend/:codigoGeneracion`: any token of the emisor may resend. A rejected document has no
 * sello and is not a valid DTE for the receptor, so it is refused (409 DOCUMENT_REJECTED); so is one
 * whose MH outcome is not known yet (409 DOCUMENT_NOT_PROCESSED).
 */
export function resendRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/dte/resend/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    const { email } = parseRequest(resendRequest, req.body);
    const doc = await findOwnDocument(ctx, req.auth.emisorId, String(req.params.codigoGeneracion), [
      'codigoGeneracion',
      'tipo',
      'estado',
      'receptorCorreo',
    ]);
    const { codigoGeneracion, tipo, estado } = doc;
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
    const sent = await ctx.temporal.workflow.execute(ResendDte.workflow, {
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      workflowId: `resend-${codigoGeneracion}-${randomUUID()}`,
      args: [input],
    });
    const data = { codigoGeneracion, emailEnviado: to, correoEnviado: sent, tipo, estado };
    if (!sent) throw new DteError(ErrorCode.EMAIL_NOT_SENT, 502, `No se pudo enviar el correo a ${to}`, { data });
    res.json({ status: 'success', message: `Documento reenviado a ${to}`, data });
  });
  return router;
}
