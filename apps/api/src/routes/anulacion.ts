import { Router, type Response } from 'express';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import {
  anulacionRequest,
  checkPlazoAnulacion,
  checkReemplazo,
  DteError,
  ErrorCode,
  generacionEn,
  parseRequest,
  plazosConfigurados,
} from '@dte/domain';
import { loadIssuer, normativaDelEmisor } from '@dte/store';
import { Anulacion, type AnulacionInput, type AnulacionResult } from '@dte/contract';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { logDocument } from '../http/document-log';
import { findOwnDocument } from '../http/documents';
import { idempotentId, legacySameRequest } from '../http/idempotency';
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
    logDocument(req, res, { codigoGeneracion, workflowId: Anulacion.workflowId(codigoGeneracion) });
    const eventoCodigoGeneracion = await idempotentId(ctx, req, request, legacySameRequest);
    // A retry (same Idempotency-Key) gets its invalidation's outcome, whether it is still running or done.
    const previa = await sameInvalidation(ctx, codigoGeneracion, eventoCodigoGeneracion);
    if (previa) return answer(res, await previa);
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
    const { emisor } = await loadIssuer(ctx.tenants, req.auth);
    const ahora = new Date();
    // MH judges the event by the rules of its generation: the emisor's now.
    const generacion = generacionEn(normativaDelEmisor(emisor, ctx.config), ahora);
    checkPlazoAnulacion(
      original.tipoDte,
      generacion,
      new Date(original.createdAt!),
      ahora,
      plazosConfigurados(ctx.config),
    );
    checkReemplazo(original.tipoDte, generacion, request.motivo.tipoAnulacion, request.codigoGeneracionR);
    if (request.codigoGeneracionR) {
      const reemplazo = await findOwnDocument(ctx, emisorId, request.codigoGeneracionR, ['estado']);
      if (reemplazo.estado !== 'PROCESSED')
        throw notProcessed(request.codigoGeneracionR, reemplazo.estado, 'codigoGeneracionR');
    }
    await checkSinRelacionadosVigentes(ctx, codigoGeneracion);

    const { permissions: _p, ...issuer } = req.auth;
    const input: AnulacionInput = { codigoGeneracion, request, issuer, eventoCodigoGeneracion };
    answer(res, await invalidate(ctx, input));
  });
  return router;
}

/** Estados of a related document that MH holds, or may yet hold (it is still on its way there). */
const VIGENTES = new Set(['PROCESSED', 'CONTINGENCIA', 'PENDIENTE']);

/**
 * MH refuses to invalidate a CCF whose notes, or a Factura whose retorno, are in force (028 DTE ESTA
 * RELACIONADO CON OTRO DTE; Manual Funcional v1.2 §XVIII): they are invalidated first.
 */
async function checkSinRelacionadosVigentes(ctx: ApiContext, codigoGeneracion: string): Promise<void> {
  const vigentes = (await ctx.documents.referencias(codigoGeneracion)).filter((r) => VIGENTES.has(r.estado));
  if (!vigentes.length) return;
  throw new DteError(
    ErrorCode.DOCUMENT_HAS_RELATED,
    409,
    `El documento ${codigoGeneracion} tiene documentos relacionados vigentes: anúlelos primero`,
    { relacionados: vigentes.map((r) => ({ codigoGeneracion: r._id, tipo: r.tipo, estado: r.estado })) },
  );
}

/** Seconds a client is told to wait before repeating an invalidation MH did not answer. */
const REINTENTO_SEGUNDOS = 60;

function answer(res: Response, result: AnulacionResult): void {
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
  res.json({ status: 'success', message: 'Documento anulado', data: result });
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
