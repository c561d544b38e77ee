import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { WithStartWorkflowOperation, type Workflow } from '@temporalio/client';
import { documentKind, DteError, ErrorCode, parseRequest, type DteTipo } from '@dte/domain';
import { IssueDte, SearchAttribute, type DocumentRecordView, type IssueDteInput } from '@dte/domain/workflow-contract';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { unwrapWorkflowError } from '../http/workflow-errors';

/** Each issuance endpoint and the kind of document it issues. */
const ENDPOINTS: Record<string, DteTipo> = {
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
 * wait (update-with-start) until MH's verdict is persisted. Accepted and rejected documents alike are
 * 201 with the record; a refusal before transmission is a 4xx `DteError`.
 */
export function issueRoutes(ctx: ApiContext): Router {
  const router = Router();
  for (const [path, tipo] of Object.entries(ENDPOINTS)) {
    router.post(path, authenticate(ctx), async (req, res) => {
      const kind = documentKind(tipo);
      requirePermission(req.auth, kind.permission);
      const request = parseRequest(kind.requestSchema, req.body);
      const origen = kind.origen?.(request);
      if (origen && !(await ctx.db.models.Document.exists({ _id: origen, emisorId: req.auth.emisorId }))) {
        throw new DteError(ErrorCode.DOCUMENT_NOT_FOUND, 404, `No existe un documento con codigoGeneracion ${origen}`, {
          codigoGeneracion: origen,
        });
      }
      const { permissions: _p, ...issuer } = req.auth;
      const input: IssueDteInput = { tipo, request, issuer, codigoGeneracion: randomUUID().toUpperCase(), origen };
      const record = await issue(ctx, input);
      res.status(201).json({ status: 'success', data: record });
    });
  }
  return router;
}

async function issue(ctx: ApiContext, input: IssueDteInput): Promise<DocumentRecordView> {
  const startWorkflowOperation = new WithStartWorkflowOperation(IssueDte.workflow, {
    workflowId: `dte-${input.codigoGeneracion}`,
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
