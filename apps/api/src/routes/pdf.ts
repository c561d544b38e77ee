import { Router } from 'express';
import { validationError } from '@dte/domain';
import { pdfDelDocumento } from '@dte/store';
import { RenderPdf } from '@dte/contract';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { logDocument } from '../http/document-log';
import { findOwnDocument } from '../http/documents';

const FORMATS = ['view', 'download', 'url', 'base64'] as const;
type Format = (typeof FORMATS)[number];

/**
 * `GET /dte/pdf/:codigoGeneracion?format=view|download|url|base64`. A PDF that is not in storage yet
 * (the issuance workflow stores it just after answering) or any more is rendered again by the worker
 * from the stored document, so the endpoint works as soon as the issuance answer arrives.
 */
export function pdfRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.get('/dte/pdf/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    const format = (req.query.format ?? 'view') as Format;
    if (!FORMATS.includes(format)) {
      throw validationError(`format debe ser uno de ${FORMATS.join(', ')}`, [
        { field: 'format', message: `valor no permitido: ${String(req.query.format)}` },
      ]);
    }
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    logDocument(req, res, { codigoGeneracion });
    const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion, ['dtePdfUrl', 'estado']);
    const key = pdfDelDocumento(doc);
    if (!(await ctx.store.exists(key))) {
      const workflowId = RenderPdf.workflowId(codigoGeneracion);
      logDocument(req, res, { workflowId });
      await ctx.workflows.execute(RenderPdf, {
        taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
        workflowId,
        workflowIdConflictPolicy: 'USE_EXISTING',
        args: [codigoGeneracion],
      });
    }
    const filename = `${codigoGeneracion}.pdf`;
    if (format === 'url') {
      const expiresIn = ctx.config.S3_PRESIGN_SECONDS;
      const url = await ctx.store.presignedGet(key, expiresIn, filename);
      res.json({ status: 'success', data: { codigoGeneracion, url, expiresIn, filename } });
      return;
    }
    const pdf = await ctx.store.get(key);
    if (!pdf) throw new Error(`PDF ${key} missing after rendering`);
    if (format === 'base64') {
      res.json({
        status: 'success',
        data: { codigoGeneracion, base64: pdf.toString('base64'), contentType: 'application/pdf', filename },
      });
      return;
    }
    res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `${format === 'download' ? 'attachment' : 'inline'}; filename="${filename}"`)
      .send(pdf);
  });
  return router;
}
