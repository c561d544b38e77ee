import type { RenderLibro, WorkflowFn } from '@dte/contract';
import { delivery } from './policies';
import { dteRefusal } from './refusal';

/**
 * Prints an emisor's book of a month with the worker's Chromium pool and stores it (GET /libros/…?formato=pdf).
 * A refusal (a book too long to print) fails the workflow with itself, for the API to answer as it says.
 */
export const RenderLibroWorkflow: WorkflowFn<typeof RenderLibro> = async (input) => {
  try {
    return await delivery.renderLibroPdf(input);
  } catch (err) {
    throw dteRefusal(err) ?? err;
  }
};
