import { Router } from 'express';
import { WithStartWorkflowOperation, type Workflow } from '@temporalio/client';
import { documentKind, parseRequest, validationError, type DteTipo } from '@dte/domain';
import { IssueDte, SearchAttribute, type DocumentRecordView, type IssueDteInput } from '@dte/domain/workflow-contract';
import { documentView } from '@dte/activities';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { logDocument } from '../http/document-log';
import { idempotentId } from '../http/idempotency';
import { findOwnDocument } from '../http/documents';
import { unwrapWorkflowError } from '../http/workflow-errors';

/** Each issuance endpoint and the kind of document it issues. */
export const ENDPOINTS: Record<string, DteTipo> = {
  '/dte/dte01': 'FACTURA_CONSUMIDOR_FINAL',
  '/dte/dte03': 'CREDITO_FISCAL',
  '/dte/dte05': 'NOTA_CREDITO',
  '/dte/dte06': 'NOTA_DEBITO',
  '/dte/dte07': 'COMPROBANTE_RETENCION',
  '/dte/dte14': 'SUJETO_EXCLUIDO',
  '/dte/retorno': 'RETORNO',
};

/**
 * Issuance: authenticate, check the permission, validate the body, then start the IssueDte workflow and
 * wait (update-with-start) until MH's verdict is persisted. The workflow id is the codigoGeneracion, so
 * retries with the same Idempotency-Key join the same workflow (USE_EXISTING) instead of issuing again. Accepted and rejected documents alike are
 * 201 with the record; a refusal before transmission is a 4xx `DteError`.
 */
export function issueRoutes(ctx: ApiContext): Router {
  const router = Router();
  for (const [path, tipo] of Object.entries(ENDPOINTS)) {
    router.post(path, authenticate(ctx), async (req, res) => {
      const answered = ctx.metrics.issuanceSeconds.startTimer({ tipo });
      const kind = documentKind(tipo);
      requirePermission(req.auth, kind.permission);
      const request = parseRequest(kind.requestSchema, req.body);
      if ((request as { testContingencia?: boolean }).testContingencia) await refuseOutsideTest(ctx, req.auth.emisorId);
      const origen = kind.origen?.(request);
      if (origen) await findOwnDocument(ctx, req.auth.emisorId, origen, ['_id']);
      const codigoGeneracion = await idempotentId(ctx, req);
      logDocument(req, res, { codigoGeneracion, workflowId: IssueDte.workflowId(codigoGeneracion) });
      // A retry (same Idempotency-Key) of a request whose outcome is already on record gets that record;
      // without a key the codigoGeneracion is new. By `_id` alone (FerretDB pushes down no other filter).
      const settled = req.header('idempotency-key') && (await ctx.db.models.Document.findById(codigoGeneracion).lean());
      if (settled && settled.estado !== 'PENDIENTE') {
        res.status(201).json({ status: 'success', data: documentView(settled) });
        answered({ estado: settled.estado });
        return;
      }
      const { permissions: _p, ...issuer } = req.auth;
      const input: IssueDteInput = { tipo, request, issuer, codigoGeneracion, origen };
      const record = await issue(ctx, input);
      res.status(201).json({ status: 'success', data: record });
      answered({ estado: record.estado });
    });
  }
  return router;
}

async function issue(ctx: ApiContext, input: IssueDteInput): Promise<DocumentRecordView> {
  const startWorkflowOperation = new WithStartWorkflowOperation(IssueDte.workflow, {
    workflowId: IssueDte.workflowId(input.codigoGeneracion),
    taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
    searchAttributes: {
      [SearchAttribute.codigoGeneracion]: [input.codigoGeneracion],
      [SearchAttribute.tipo]: [input.tipo],
      [SearchAttribute.emisor]: [String(input.issuer.emisorId)],
      [SearchAttribute.estado]: ['PENDIENTE'],
    },
  });
  try {
    return await ctx.temporal.workflow.executeUpdateWithStart<Workflow, DocumentRecordView, []>(
      IssueDte.outcomeUpdate,
      {
        startWorkflowOperation,
      },
    );
  } catch (err) {
    throw unwrapWorkflowError(err);
  }
}

/** A forced contingency is a rehearsal: a real one in production would be a false report to MH. */
async function refuseOutsideTest(ctx: ApiContext, emisorId: number): Promise<void> {
  const emisor = await ctx.db.models.Emisor.findOne({ id: emisorId }, { ambiente: 1 }).lean();
  if (emisor?.ambiente !== '00')
    throw validationError('testContingencia solo se admite en ambiente TEST', [
      { field: 'testContingencia', message: 'El emisor opera en ambiente PROD' },
    ]);
}
