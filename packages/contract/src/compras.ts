import { defineQuery } from '@temporalio/workflow';
import type { ConfirmarCompraRequest, EstadoCompra, MotivoCompra } from '@dte/domain';
import { defineWorkflow } from './workflow';

/** The estados (`ESTADOS_COMPRA` in the domain, which workflows do not import). */
export type { EstadoCompra };

/** The door a received document came in by. */
export type OrigenCompra = 'API' | 'CORREO';

export type { MotivoCompra };

export interface RecibirCompraInput {
  emisorId: number;
  /** The document's, upper case, read by the door (`identificarCompra`): the workflow id is derived from it. */
  codigoGeneracion: string;
  /**
   * Object-store key of the Archivo DTE as received (`Compras.guardarEntrante`): its JSON can exceed
   * Temporal's payload limit, so it never travels in the history.
   */
  jsonKey: string;
  /** Object-store key of the PDF received with it, if any. */
  pdfKey?: string | null;
  origen: OrigenCompra;
  /** Message-ID of the e-mail it came in (mailbox), to trace it back. */
  mensajeId?: string | null;
}

/** What the workflow answers (and its query shows meanwhile). */
export interface CompraOutcome {
  emisorId: number;
  codigoGeneracion: string;
  estado: EstadoCompra;
  motivos: MotivoCompra[];
  /** The document was already on record when this one arrived: the record was left as it was. */
  duplicado: boolean;
}

/**
 * Takes one received Archivo DTE from any door (API or mailbox): records it once per (emisor,
 * codigoGeneracion), checks its shape, receptor and arithmetic, then asks MH for it until MH answers, and
 * records the outcome (webhook `compra.recibida` or `compra.rechazada`). One per document: a duplicate
 * started with the same id joins the execution in flight, and once it has ended finds the record and
 * answers `duplicado`.
 */
export const RecibirCompra = {
  ...defineWorkflow<(input: RecibirCompraInput) => Promise<CompraOutcome>>('RecibirCompraWorkflow'),
  workflowId: (emisorId: number, codigoGeneracion: string) => `compra-${emisorId}-${codigoGeneracion.toUpperCase()}`,
  /** The outcome so far (PENDIENTE_MH while MH has not answered); null before the record is written. */
  estado: defineQuery<CompraOutcome | null>('estado'),
};

export interface ConfirmarCompraInput {
  emisorId: number;
  codigoGeneracion: string;
  /** The person's comparison with MH's consulta pública, as POST /compras/:codigoGeneracion/confirmacion takes it. */
  solicitud: ConfirmarCompraRequest;
  /** The token the person acted with: it must be the emisor's, active, with the permission COMPRAS_CONFIRMAR. */
  tokenId: number;
}

/**
 * A person's comparison of a POR_CONFIRMAR document with MH's consulta pública: CONFIRMADO (it counts from
 * then on, webhook `compra.recibida`) or INCONSISTENTE (`compra.rechazada`), recorded with who and when.
 * One at a time per document; a second one finds it decided and is refused.
 */
export const ConfirmarCompra = {
  ...defineWorkflow<(input: ConfirmarCompraInput) => Promise<CompraOutcome>>('ConfirmarCompraWorkflow'),
  workflowId: (emisorId: number, codigoGeneracion: string) =>
    `compra-confirmacion-${emisorId}-${codigoGeneracion.toUpperCase()}`,
};

export interface RevisionComprasInput {
  /** The period re-checked (fecEmi month, YYYY-MM); by default the run's month in El Salvador. */
  periodo?: string;
}

export interface ResumenRevisionCompras {
  periodo: string;
  /** Records asked for at MH. */
  consultados: number;
  /** Records whose estado changed (an invalidation by the supplier, a pending one MH answered). */
  cambiados: number;
  /** Records MH did not answer for (after its retries): left as they were, checked at the next run. */
  sinRespuesta: number;
}

/**
 * The Temporal Schedule's run: every emisor's received documents of the period asked for again at MH, so
 * a supplier's later invalidation turns a VERIFICADO (POR_CONFIRMAR, CONFIRMADO) record INVALIDADO_EN_MH.
 */
export const RevisionCompras = {
  ...defineWorkflow<(input: RevisionComprasInput) => Promise<ResumenRevisionCompras[]>>('RevisionComprasWorkflow'),
  scheduleId: 'revision-compras',
};
