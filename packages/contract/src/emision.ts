import type { SearchAttributePair } from '@temporalio/common';
import { defineSignal, defineUpdate } from '@temporalio/workflow';
import type { DteTipo } from '@dte/domain';
import type { TransmitOutcome } from './mh';
import { SearchAttributeKeys } from './search-attributes';
import { defineWorkflow } from './workflow';

/** Record states. PENDIENTE is internal: the document is signed and its MH outcome not yet known. */
export type DocumentEstado = 'PENDIENTE' | 'PROCESSED' | 'REJECTED' | 'CONTINGENCIA' | 'CANCELLED';

/**
 * What the issuance workflow and its steps pass around about a document: its key and estado. The DTE,
 * its JWS and the request stay in the database, so no payload or history grows with a document (MH's
 * largest, 2,000 items of 1,500 characters, is several MB; Temporal refuses payloads over 2 MB).
 */
export interface DocumentOutcome {
  codigoGeneracion: string;
  estado: DocumentEstado;
}

/** Who issues: resolved from the API token. */
export interface Issuer {
  emisorId: number;
  establecimientoId: number;
  puntoVentaId: number;
  tokenId: number;
}

export interface IssueDteInput {
  tipo: DteTipo;
  /**
   * The validated request body of the endpoint. Executions started since documents stay out of history
   * have none: the API stored it (collection `issue_requests`, by codigoGeneracion) before starting them.
   */
  request?: Record<string, unknown> & { testContingencia?: boolean };
  /** `testContingencia` of a DTE 01 (ambiente TEST, checked by the API): issue in contingency without asking MH. */
  forzarContingencia?: boolean;
  issuer: Issuer;
  /** Upper-case UUID v4, chosen by the API so the workflow id is known before it starts. */
  codigoGeneracion: string;
  /** codigoGeneracion of each document the request refers to (NC/ND, retorno), already checked by the API. */
  origenes?: string[];
  /** The one document referred to, as executions started before `origenes` name it. */
  origen?: string;
}

/**
 * One workflow per document issues it: numbers, signs, persists, transmits it under MH's policy, records
 * the verdict, and delivers it; in contingency it waits for the verdict MH gives the lote.
 */
export const IssueDte = {
  ...defineWorkflow<(input: IssueDteInput) => Promise<DocumentOutcome | null>>('IssueDteWorkflow'),
  /** One workflow per document, so a retry with the same codigoGeneracion joins it. */
  workflowId: (codigoGeneracion: string) => `dte-${codigoGeneracion}`,
  /**
   * What every start of an issuance sets (the API's, a certification campaign's child): its id, its input,
   * and the attributes by which the Temporal UI, the reconciliation and the settling of unknown outcomes
   * find it, PENDIENTE until the workflow records MH's verdict.
   */
  startOptions: (input: IssueDteInput) => {
    const args: [IssueDteInput] = [input];
    const typedSearchAttributes: SearchAttributePair[] = [
      { key: SearchAttributeKeys.codigoGeneracion, value: input.codigoGeneracion },
      { key: SearchAttributeKeys.tipo, value: input.tipo },
      { key: SearchAttributeKeys.emisor, value: String(input.issuer.emisorId) },
      { key: SearchAttributeKeys.estado, value: 'PENDIENTE' },
    ];
    return { workflowId: IssueDte.workflowId(input.codigoGeneracion), args, typedSearchAttributes };
  },
  /**
   * Answers once the document's MH outcome is persisted (update-with-start): its `DocumentOutcome`, from
   * which the API reads the record.
   */
  documentOutcome: defineUpdate<DocumentOutcome>('documentOutcome'),
  /** MH's verdict on a document issued in contingency, sent by the emisor's contingencia workflow. */
  desenlaceContingencia: defineSignal<[TransmitOutcome]>('desenlaceContingencia'),
};
