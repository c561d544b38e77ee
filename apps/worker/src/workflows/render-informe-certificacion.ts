import type { RenderInformeCertificacion, WorkflowFn } from '@dte/contract';
import { delivery } from './policies';

/** Prints the emisor's certification record with the worker's Chromium pool and stores it, as a book is. */
export const RenderInformeCertificacionWorkflow: WorkflowFn<typeof RenderInformeCertificacion> = (input) =>
  delivery.renderInformeCertificacionPdf(input);
