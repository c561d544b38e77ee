import { Router, type Request, type Response } from 'express';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { anulacionRequest, DteError, ErrorCode, parseRequest, type AnulacionRequest } from '@dte/domain';
import { comprobarAnulacion, loadIssuer } from '@dte/store';
import { Anulacion, type AnulacionInput, type AnulacionResult } from '@dte/contract';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, issuerDe, requirePermission } from '../http/auth';
import { logDocument } from '../http/document-log';
import { findOwnDocument } from '../http/documents';
import { idempotentId, legacySameRequest } from '../http/idempotency';
import { unwrapWorkflowError } from '../http/workflow-errors';

/**
 * `POST /dte/anulacion`: every precondition the service can check (`comprobarAnulacion`, which the
 * workflow's first step checks again for an invalidation started elsewhere) is checked before MH is asked;
 * MH's own verdict comes back as 200 (accepted, the original is CANCELLED) or 422 INVALIDATION_REJECTED
 * with MH's reasons (the original untouched).
 */
export function anulacionRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/dte/anulacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'ANULACION');
    const request = parseRequest(anulacionRequest, req.body);
    answer(res, await anularDocumento(ctx, req, res, request));
  });
  return router;
}

/**
 * The invalidation of the route and of the web console (apps/api/src/consola), once the caller has checked
 * the permission ANULACION: MH's outcome, or the refusal of a precondition with its code. An invalidation
 * MH accepted is recorded in the audit log here, for both.
 */
export async function anularDocumento(
  ctx: ApiContext,
  req: Request,
  res: Response,
  request: AnulacionRequest,
): Promise<AnulacionResult> {
  const { emisorId } = req.auth;
  const original = await findOwnDocument(ctx, emisorId, request.codigoGeneracion, ['estado', 'tipoDte', 'createdAt']);
  const { codigoGeneracion } = request;
  logDocument(req, res, { codigoGeneracion, workflowId: Anulacion.workflowId(codigoGeneracion) });
  const eventoCodigoGeneracion = await idempotentId(ctx, req, request, legacySameRequest);
  // A retry (same Idempotency-Key) gets its invalidation's outcome, whether it is still running or done.
  const previa = await sameInvalidation(ctx, codigoGeneracion, eventoCodigoGeneracion);
  if (previa) return await previa;
  const { emisor } = await loadIssuer(ctx.tenants, req.auth);
  await comprobarAnulacion(ctx.documents, ctx.config, emisorId, emisor, original, request, new Date());

  const issuer = issuerDe(req.auth);
  const input: AnulacionInput = { codigoGeneracion, request, issuer, eventoCodigoGeneracion };
  const result = await invalidate(ctx, input);
  // Only what MH accepted changed the document; a retry that joins this event records nothing.
  if (result.aceptado && !result.mhNoDisponible)
    await auditar(ctx, req, 'DTE_ANULADO', {
      codigoGeneracion,
      detalles: { tipoAnulacion: request.motivo.tipoAnulacion },
      operacion: eventoCodigoGeneracion,
    });
  return result;
}

/** Seconds a client is told to wait before repeating an invalidation MH did not answer. */
const REINTENTO_SEGUNDOS = 60;

function answer(res: Response, result: AnulacionResult): void {
  comprobarAnulada(result);
  res.json({ status: 'success', message: 'Documento anulado', data: result });
}

/** An invalidation MH did not accept, or did not answer, is refused with its code. */
export function comprobarAnulada(result: AnulacionResult): void {
  if (result.mhNoDisponible) {
    throw new DteError(
      ErrorCode.MH_UNAVAILABLE,
      503,
      'MH no respondió: el documento no cambió. Repita la solicitud (con la misma Idempotency-Key) más tarde',
      { retryAfter: REINTENTO_SEGUNDOS, data: result },
    );
  }
  if (!result.aceptado) {
    throw new DteError(ErrorCode.INVALIDATION_REJECTED, 422, 'MH rechazó la invalidación: el documento no cambia', {
      data: result,
    });
  }
}

/**
 * The outcome of the document's latest invalidation when it is this event (the workflow's memo names
 * it), running or done; undefined when it is another one, when there is none, or when MH did not answer
 * it (a retry sends the same event again, and MH is asked first whether it already holds it).
 */
async function sameInvalidation(
  ctx: ApiContext,
  codigoGeneracion: string,
  eventoCodigoGeneracion: string,
): Promise<Promise<AnulacionResult> | undefined> {
  const handle = ctx.workflows.handle(Anulacion, Anulacion.workflowId(codigoGeneracion));
  try {
    const { memo } = await handle.describe();
    if (memo?.eventoCodigoGeneracion !== eventoCodigoGeneracion) return undefined;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return undefined;
    throw err;
  }
  const result = handle.result().catch((err: unknown) => {
    throw unwrapWorkflowError(err);
  });
  const { status } = await handle.describe();
  if (status.name === 'COMPLETED' && (await result).mhNoDisponible) return undefined;
  return result;
}

async function invalidate(ctx: ApiContext, input: AnulacionInput): Promise<AnulacionResult> {
  try {
    return await ctx.workflows.execute(Anulacion, {
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      workflowId: Anulacion.workflowId(input.codigoGeneracion),
      memo: { eventoCodigoGeneracion: input.eventoCodigoGeneracion },
      args: [input],
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      // Two retries of one request racing past `sameInvalidation`: the second joins the first.
      const previa = await sameInvalidation(ctx, input.codigoGeneracion, input.eventoCodigoGeneracion);
      if (previa) return previa;
      throw new DteError(
        ErrorCode.INVALIDATION_IN_PROGRESS,
        409,
        `Ya hay una anulación en curso de ${input.codigoGeneracion}`,
      );
    }
    throw unwrapWorkflowError(err);
  }
}
