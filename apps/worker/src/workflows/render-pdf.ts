import type { RenderPdf, WorkflowFn } from '@dte/contract';
import { delivery } from './policies';
import { dteRefusal } from './refusal';

/**
 * Renders a stored document's PDF (Letter, or the ticket `papel`) with the worker's Chromium pool and puts
 * it in storage. A document
 * GET /dte/pdf would not print (started by hand from the Temporal UI) fails it with the API's refusal.
 */
export const RenderPdfWorkflow: WorkflowFn<typeof RenderPdf> = async (codigoGeneracion, papel) => {
  try {
    await delivery.storeDocumentPdf(codigoGeneracion, papel);
  } catch (err) {
    throw dteRefusal(err) ?? err;
  }
};
