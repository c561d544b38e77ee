import type { RenderPdf, WorkflowFn } from '@dte/contract';
import { delivery } from './policies';

/** Renders a stored document's PDF with the worker's Chromium pool and puts it in storage. */
export const RenderPdfWorkflow: WorkflowFn<typeof RenderPdf> = async (codigoGeneracion) => {
  await delivery.storeDocumentPdf(codigoGeneracion);
};
