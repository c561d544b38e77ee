import { Router } from 'express';
import { z } from 'zod';
import { esPapel, PAPELES, parseRequest, type Papel } from '@dte/domain';
import { pdfDelDocumento } from '@dte/store';
import { RenderPdf } from '@dte/contract';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { logDocument } from '../http/document-log';
import { findOwnDocument } from '../http/documents';

const FORMATS = ['view', 'download', 'url', 'base64'] as const;

/** `format`: how the PDF is answered; `formato`: the paper it is printed on (Letter, an 80 or 58 mm ticket). */
export const pdfRequest = z.object({
  format: z.enum(FORMATS).default('view'),
  formato: z.enum([...PAPELES, 'ticket']).optional(),
});

/**
 * `GET /dte/pdf/:codigoGeneracion?format=view|download|url|base64&formato=carta|ticket|ticket80|ticket58`. A PDF
 * that is not in storage yet (the issuance workflow stores the Letter one just after answering; a ticket is
 * rendered the first time it is asked for) or any more is rendered by the worker from the stored document,
 * so the endpoint works as soon as the issuance answer arrives.
 */
export function pdfRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.get('/dte/pdf/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    const { format, formato } = parseRequest(pdfRequest, req.query);
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    logDocument(req, res, { codigoGeneracion });
    const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion, [
      'codigoGeneracion',
      'dtePdfUrl',
      'estado',
      'pointOfSaleId',
    ]);
    const { key, filename } = await pdfListo(ctx, req.auth.emisorId, doc, formato, (workflowId) =>
      logDocument(req, res, { workflowId }),
    );
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

/**
 * The key in storage of the document's PDF on the paper asked for (`ticket`: the point of sale's or emisor's
 * ticket, else 80 mm; none: `papelPorDefecto`), rendered by the worker first when it is not there: the one
 * path of `GET /dte/pdf` and of the documents' public pages (share links).
 */
export async function pdfListo(
  ctx: ApiContext,
  emisorId: number,
  doc: { codigoGeneracion: string; dtePdfUrl?: string | null; estado: string; pointOfSaleId: number },
  formato: z.infer<typeof pdfRequest>['formato'],
  alRenderizar?: (workflowId: string) => void,
): Promise<{ key: string; filename: string }> {
  const { codigoGeneracion } = doc;
  const porDefecto = () => papelPorDefecto(ctx, emisorId, doc.pointOfSaleId);
  // `ticket` (the word for it): the ticket the point of sale or emisor prints on, else 80 mm.
  const papel =
    formato === 'ticket'
      ? await porDefecto().then((p) => (p === 'carta' ? 'ticket80' : p))
      : (formato ?? (await porDefecto()));
  const key = pdfDelDocumento(doc, papel);
  if (!(await ctx.store.exists(key))) {
    const workflowId = RenderPdf.workflowId(codigoGeneracion, papel);
    alRenderizar?.(workflowId);
    await ctx.workflows.execute(RenderPdf, {
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      workflowId,
      workflowIdConflictPolicy: 'USE_EXISTING',
      // A Letter PDF as before tickets: a worker of the previous version takes the workflow too.
      args: papel === 'carta' ? [codigoGeneracion] : [codigoGeneracion, papel],
    });
  }
  const filename = papel === 'carta' ? `${codigoGeneracion}.pdf` : `${codigoGeneracion}-${papel}.pdf`;
  return { key, filename };
}

/**
 * The paper of a document's PDF when the request names none: its point of sale's setting, else its emisor's,
 * else Letter (admin CLI `punto-venta formato-pdf`, `emisor formato-pdf`), as the tenant cache last read them.
 */
async function papelPorDefecto(ctx: ApiContext, emisorId: number, puntoVentaId: number): Promise<Papel> {
  const puntoVenta = await ctx.tenants.puntoVenta(puntoVentaId);
  if (esPapel(puntoVenta?.formatoPdf)) return puntoVenta.formatoPdf;
  const emisor = await ctx.tenants.emisor(emisorId);
  return esPapel(emisor?.formatoPdf) ? emisor.formatoPdf : 'carta';
}
