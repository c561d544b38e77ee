import type { DocumentEstado, Issuer } from './emision';
import type { RespuestaMhView } from './views';
import { defineWorkflow } from './workflow';

export interface AnulacionInput {
  /**
   * The document to invalidate: the emisor's, PROCESSED, within its window, checked by the API and again
   * by the workflow's first step (`comprobarAnulacion`), for an invalidation started from the Temporal UI.
   */
  codigoGeneracion: string;
  /** The validated POST /dte/anulacion body. */
  request: unknown;
  issuer: Issuer;
  /** The event's own codigoGeneracion, chosen by the API. */
  eventoCodigoGeneracion: string;
}

export interface AnulacionResult {
  aceptado: boolean;
  codigoGeneracion: string;
  estado: DocumentEstado;
  eventoCodigoGeneracion: string;
  selloRecibido: string | null;
  /** Null when MH did not answer (`mhNoDisponible`). */
  respuestaMh: RespuestaMhView | null;
  observaciones: string[];
  /** MH did not answer within the invalidation's retries: nothing changed; the request may be repeated. */
  mhNoDisponible?: true;
}

/**
 * The anulación (Evento de Invalidación) of an accepted document. Its Temporal type keeps the name its
 * executions were first recorded under.
 */
export const Anulacion = {
  ...defineWorkflow<(input: AnulacionInput) => Promise<AnulacionResult>>('InvalidateDteWorkflow'),
  /** One anulación of a document at a time; a rejected one may be tried again afterwards. */
  workflowId: (codigoGeneracion: string) => `anulacion-${codigoGeneracion}`,
};
