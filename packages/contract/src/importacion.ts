import { defineWorkflow } from './workflow';

export interface ImportacionInput {
  emisorId: number;
  importacionId: string;
}

/** What an import's files came to (the same as its record's totals once it is done). */
export interface ResumenImportacion {
  total: number;
  procesados: number;
  importados: number;
  rechazados: number;
}

/**
 * Brings an emisor's documents issued with another provider (issue 53): reads the import's file (an Archivo
 * DTE or a ZIP of them) from object storage, then a batch of files at a time checks each, asks MH for it
 * under the emisor's session and records it, writing the import's progress after each batch. Resumable:
 * a batch run again after a crash skips the files whose result is recorded, and a document recorded by the
 * import is never recorded twice. One run per import (its workflow id).
 */
export const Importacion = {
  ...defineWorkflow<(input: ImportacionInput) => Promise<ResumenImportacion>>('ImportacionWorkflow'),
  workflowId: (importacionId: string) => `importacion-${importacionId}`,
};
