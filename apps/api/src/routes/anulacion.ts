import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { anulacionRequest, checkPlazoAnulacion, DteError, ErrorCode, parseRequest } from '@dte/domain';
import { InvalidateDte, type InvalidateDteInput, type InvalidateDteResult } from '@dte/domain/workflow-contract';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { findOwnDocument } from '../http/documents';
import { unwrapWorkflowError } from '../http/workflow-errors';

/** CANCELLED is stored and returned; ANULADO is the spec's other spelling of the same state. */
const CANCELLED = new Set(['CANCELLED', 'ANULADO']);

function notProcessed(codigoGeneracion: string, estado: string, field: string): DteError {
  return new DteError(
    ErrorCode.DOCUMENT_NOT_PROCESSED,
    400,
    `El documento ${codigoGeneracion} está ${estado}, no PROCESSED`,
    {
      codigoGeneracion,
      estado,
      field,
    },
  );
}

/**
 * `POST /dte/anulacion`: every precondition the service can check is checked here, before MH is asked;
 * MH's own verdict comes back as 200 (accepted, the original is CANCELLED) or 422 INVALIDATION_REJECTED
 * with MH's reasons (the original untouched).
 */
export function anulacionRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/dte/anulacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'ANULACION');
    const request = parseRequest(anulacionRequest, req.body);
    const { emisorId } = req.auth;
    const original = await findOwnDocument(ctx, emisorId, request.codigoGeneracion, ['estado', 'tipoDte', 'createdAt']);
    const { codigoGeneracion } = request;
    if (CANCELLED.has(original.estado)) {
      throw new DteError(
        ErrorCode.DOCUMENT_ALREADY_CANCELLED,
        409,
        `El documento ${codigoGeneracion} ya está anulado`,
        {
          codigoGeneracion,
        },
      );
    }
    if (original.estado !== 'PROCESSED') throw notProcessed(codigoGeneracion, original.estado, 'codigoGeneracion');
    checkPlazoAnulacion(
      original.tipoDte,
      new Date(original.createdAt!),
      new Date(),
      ctx.config.ANULACION_PLAZOS === 'MH'
        ? 'MH'
        : {
            consumidor: ctx.config.ANULACION_PLAZO_CONSUMIDOR_DIAS,
            contribuyente: ctx.config.ANULACION_PLAZO_CONTRIBUYENTE_DIAS,
          },
    );
    if (request.codigoGeneracionR) {
      const reemplazo = await findOwnDocument(ctx, emisorId, request.codigoGeneracionR, ['estado']);
      if (reemplazo.estado !== 'PROCESSED')
        throw notProcessed(request.codigoGeneracionR, reemplazo.estado, 'codigoGeneracionR');
    }

    const { permissions: _p, ...issuer } = req.auth;
    const input: InvalidateDteInput = {
      codigoGeneracion,
      request,
      issuer,
      eventoCodigoGeneracion: randomUUID().toUpperCase(),
    };
    const result = await invalidate(ctx, input);
    if (!result.aceptado) {
      throw new DteError(ErrorCode.INVALIDATION_REJECTED, 422, 'MH rechazó la invalidación: el documento no cambia', {
        data: result,
      });
    }
    res.json({ status: 'success', message: 'Documento anulado', data: result });
  });
  return router;
}

async function invalidate(ctx: ApiContext, input: InvalidateDteInput): Promise<InvalidateDteResult> {
  try {
    return await ctx.temporal.workflow.execute(InvalidateDte.workflow, {
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      // One invalidation of a document at a time; a rejected one may be tried again afterwards.
      workflowId: `anulacion-${input.codigoGeneracion}`,
      args: [input],
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      throw new DteError(
        ErrorCode.INVALIDATION_IN_PROGRESS,
        409,
        `Ya hay una anulación en curso de ${input.codigoGeneracion}`,
      );
    }
    throw unwrapWorkflowError(err);
  }
}
