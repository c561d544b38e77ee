import { Router, type Request, type Response } from 'express';
import { documentKind, DteError, parseRequest, type DteTipo } from '@dte/domain';
import { IssueDte, type IssueDteInput } from '@dte/contract';
import { comprobarEnsayoContingencia, documentView, type DocumentRecordView } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, issuerDe, requirePermission, type Authenticated } from '../http/auth';
import { logDocument } from '../http/document-log';
import { idempotentId, legacyIssuer } from '../http/idempotency';
import { findOwnDocument } from '../http/documents';
import { unwrapWorkflowError } from '../http/workflow-errors';

/** The issuance endpoint of each kind. */
const RUTAS = {
  FACTURA_CONSUMIDOR_FINAL: '/dte/dte01',
  CREDITO_FISCAL: '/dte/dte03',
  NOTA_REMISION: '/dte/dte04',
  NOTA_CREDITO: '/dte/dte05',
  NOTA_DEBITO: '/dte/dte06',
  COMPROBANTE_RETENCION: '/dte/dte07',
  COMPROBANTE_LIQUIDACION: '/dte/dte08',
  DOCUMENTO_CONTABLE_LIQUIDACION: '/dte/dte09',
  FACTURA_EXPORTACION: '/dte/dte11',
  SUJETO_EXCLUIDO: '/dte/dte14',
  COMPROBANTE_DONACION: '/dte/dte15',
  RETORNO: '/dte/retorno',
} satisfies Record<DteTipo, `/dte/${string}`>;

/** Each issuance endpoint and the kind of document it issues. */
export const ENDPOINTS: Record<string, DteTipo> = Object.fromEntries(
  (Object.entries(RUTAS) as [DteTipo, string][]).map(([tipo, ruta]) => [ruta, tipo]),
);

/**
 * Issuance: authenticate, check the permission, validate the body, store it, then start the IssueDte
 * workflow and wait (update-with-start) until MH's verdict is persisted. The workflow id is the
 * codigoGeneracion, so retries with the same Idempotency-Key join the same workflow (USE_EXISTING) instead
 * of issuing again; one that reaches Temporal after it closed starts a second run, which answers the verdict
 * on record and ends (a refused request leaves no record, so its retry is issued again). Accepted, rejected
 * and contingency documents alike are 201 with the record; a refusal before transmission is a 4xx
 * `DteError`; a verdict not known within ISSUANCE_WAIT_SECONDS is 202 with what is known.
 */
export function issueRoutes(ctx: ApiContext): Router {
  const router = Router();
  for (const [path, tipo] of Object.entries(ENDPOINTS)) {
    router.post(path, authenticate(ctx), async (req, res) => {
      const { status, message, data } = await emitirDocumento(ctx, req, res, tipo, req.body);
      res.status(status).json({ status: 'success', ...(message && { message }), data });
    });
  }
  return router;
}

/**
 * The issuance of the route and of the web console (apps/api/src/consola), which sends its form's key as
 * the `Idempotency-Key` header: 201 with the record once its outcome is on record, 202 with what is known
 * when the wait ended first; a refusal is thrown as the `DteError` it is.
 */
export async function emitirDocumento(
  ctx: ApiContext,
  req: Request,
  res: Response,
  tipo: DteTipo,
  body: unknown,
): Promise<
  | { status: 201; message?: undefined; data: DocumentRecordView }
  | { status: 202; message: string; data: { codigoGeneracion: string; estado: 'PENDIENTE' } }
> {
  const answered = ctx.metrics.issuanceSeconds.startTimer({ tipo });
  const { request, forzarContingencia, origenes } = await solicitudDeEmision(ctx, req.auth, tipo, body);
  const codigoGeneracion = await idempotentId(ctx, req, request, legacyIssuer);
  logDocument(req, res, { codigoGeneracion, workflowId: IssueDte.workflowId(codigoGeneracion) });
  // A retry (same Idempotency-Key) of a request whose outcome is already on record gets that record;
  // without a key the codigoGeneracion is new.
  const settled = req.header('idempotency-key') && (await ctx.documents.find(codigoGeneracion));
  if (settled && settled.estado !== 'PENDIENTE') {
    answered({ estado: settled.estado });
    return { status: 201, data: documentView(settled) };
  }
  const issuer = issuerDe(req.auth);
  await ctx.documents.storeRequest(codigoGeneracion, issuer.emisorId, tipo, request);
  const input: IssueDteInput = { tipo, issuer, codigoGeneracion, origenes, forzarContingencia };
  await issue(ctx, input);
  // Whether the outcome came or the wait ended, the record says what is known.
  const record = await settledRecord(ctx, codigoGeneracion);
  // Not refused: the document is the actor's, whatever MH answers (a retry that joins it records nothing).
  await auditar(ctx, req, tipo === 'RETORNO' ? 'RETORNO_EMITIDO' : 'DTE_EMITIDO', {
    codigoGeneracion,
    detalles: { tipo, estado: record?.estado ?? 'PENDIENTE' },
    operacion: IssueDte.workflowId(codigoGeneracion),
  });
  if (record) {
    answered({ estado: record.estado });
    return { status: 201, data: record };
  }
  answered({ estado: 'PENDIENTE' });
  return {
    status: 202,
    message:
      'MH aún no responde: el documento sigue su curso. Repita la solicitud con la misma Idempotency-Key para ' +
      'obtener su resultado.',
    data: { codigoGeneracion, estado: 'PENDIENTE' },
  };
}

/**
 * What the API checks of a request to issue a kind before anything is stored, for its POST and its preview
 * alike: the permission, the body, a contingency rehearsal outside TEST, and that every original it refers
 * to is the emisor's. Answers the validated request and what the workflow's input takes from it.
 */
export async function solicitudDeEmision(ctx: ApiContext, auth: Authenticated, tipo: DteTipo, body: unknown) {
  const kind = documentKind(tipo);
  requirePermission(auth, kind.permission);
  const request = parseRequest(kind.requestSchema, body);
  const forzarContingencia = kind.ensayoContingencia?.(request) ?? false;
  if (forzarContingencia) await refuseOutsideTest(ctx, auth.emisorId);
  const origenes = kind.origenes?.(request) ?? [];
  for (const origen of origenes) await findOwnDocument(ctx, auth.emisorId, origen, ['_id']);
  return { request, forzarContingencia, origenes };
}

/** The record of a document whose outcome is persisted (PENDIENTE means MH's verdict is not known yet). */
async function settledRecord(ctx: ApiContext, codigoGeneracion: string): Promise<DocumentRecordView | null> {
  const doc = await ctx.documents.find(codigoGeneracion);
  return doc && doc.estado !== 'PENDIENTE' ? documentView(doc) : null;
}

/**
 * Starts the issuance (or joins it) and waits until its outcome is on record, at most
 * ISSUANCE_WAIT_SECONDS. A refusal is thrown as the `DteError` it is; the workflow breaking after the
 * document was saved is logged, not thrown: the answer then says what is on record, never a bare 500 for
 * a document that may have reached MH.
 */
async function issue(ctx: ApiContext, input: IssueDteInput): Promise<void> {
  let deadline: NodeJS.Timeout | undefined;
  const plazo = new Promise<null>((resolve) => {
    deadline = setTimeout(() => resolve(null), ctx.config.ISSUANCE_WAIT_SECONDS * 1000);
  });
  const outcome = ctx.workflows
    .executeUpdateWithStart(IssueDte, IssueDte.documentOutcome, {
      ...IssueDte.startOptions(input),
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      workflowIdConflictPolicy: 'USE_EXISTING',
    })
    .catch(async (err: unknown) => {
      const refusal = unwrapWorkflowError(err);
      if (refusal instanceof DteError) {
        // Refused before anything was numbered: nothing of it stays (a retry stores the request again).
        await ctx.documents.forgetRequest(input.codigoGeneracion);
        throw refusal;
      }
      // Not a refusal: the workflow (or Temporal) failed after the document may have been numbered and sent.
      const started = await ctx.documents.exists(input.codigoGeneracion);
      if (!started) throw err;
      ctx.log.error({ err, codigoGeneracion: input.codigoGeneracion }, 'issuance outcome not delivered');
      return null;
    });
  try {
    await Promise.race([outcome, plazo]);
  } finally {
    clearTimeout(deadline);
  }
}

/** A forced contingency is a rehearsal: a real one in production would be a false report to MH. */
async function refuseOutsideTest(ctx: ApiContext, emisorId: number): Promise<void> {
  // Authentication has just read the emisor through the same cache.
  comprobarEnsayoContingencia((await ctx.tenants.emisor(emisorId))?.ambiente);
}
