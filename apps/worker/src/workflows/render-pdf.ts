import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '@dte/activities';

const { storeDocumentPdf } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 5 },
});

/** Renders a stored document's PDF with the worker's Chromium pool and puts it in storage. */
export async function RenderPdfWorkflow(codigoGeneracion: string): Promise<void> {
  await storeDocumentPdf(codigoGeneracion);
}
