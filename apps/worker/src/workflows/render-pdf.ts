import { delivery } from './shared';

/** Renders a stored document's PDF with the worker's Chromium pool and puts it in storage. */
export async function RenderPdfWorkflow(codigoGeneracion: string): Promise<void> {
  await delivery.storeDocumentPdf(codigoGeneracion);
}
