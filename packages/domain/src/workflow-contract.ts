/**
 * Names and types shared by the API (which starts workflows) and the worker (which runs them).
 * Workflows import this module, so it must stay free of I/O and heavy dependencies.
 */
export const TASK_QUEUE_DEFAULT = 'dte';

export const WorkflowName = {
  smoke: 'SmokeWorkflow',
} as const;

/** Custom search attributes registered by the stack so operators can query stuck documents. */
export const SearchAttribute = {
  codigoGeneracion: 'DteCodigoGeneracion',
  numeroControl: 'DteNumeroControl',
  estado: 'DteEstado',
  tipo: 'DteTipo',
  emisor: 'DteEmisor',
} as const;

/** Each custom search attribute with the Temporal type it is registered as. */
export const searchAttributeTypes: Record<(typeof SearchAttribute)[keyof typeof SearchAttribute], 'Keyword'> = {
  DteCodigoGeneracion: 'Keyword',
  DteNumeroControl: 'Keyword',
  DteEstado: 'Keyword',
  DteTipo: 'Keyword',
  DteEmisor: 'Keyword',
};

export interface SmokeInput {
  id: string;
  email: string;
}

export interface SmokeResult {
  id: string;
  storedKey: string;
  pdfBytes: number;
  messageId: string;
}
