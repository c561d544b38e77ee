import type { RenderLibro, WorkflowFn } from '@dte/contract';
import { delivery } from './policies';

/** Prints an emisor's book of a month with the worker's Chromium pool and stores it (GET /libros/…?formato=pdf). */
export const RenderLibroWorkflow: WorkflowFn<typeof RenderLibro> = async (input) => delivery.renderLibroPdf(input);
