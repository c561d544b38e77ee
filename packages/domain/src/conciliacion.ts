/**
 * Reconciliation with MH: what a document's local record and MH's consultadte say of it, and the
 * difference between them, if any. MH has no listing API (its services are reception, consultadte,
 * anulación, contingencia and lotes: Manual Técnico §4), so each document is asked for by its
 * codigoGeneracion; see the reconciliation activity for which documents are asked for.
 */

/**
 * NO_EN_MH: accepted (or invalidated) on record, unknown to MH. SELLO_DISTINTO: both hold it, with different
 * sellos. NO_LOCAL: MH holds a document this service sent that is not on record. ANULACION_NO_REFLEJADA: one
 * side holds it invalidated and the other not. ESTADO_DISTINTO: MH holds a document the record has as not
 * accepted (PENDIENTE, REJECTED or still in CONTINGENCIA).
 */
export const TIPOS_DIFERENCIA = [
  'NO_EN_MH',
  'SELLO_DISTINTO',
  'NO_LOCAL',
  'ANULACION_NO_REFLEJADA',
  'ESTADO_DISTINTO',
] as const;
export type TipoDiferencia = (typeof TIPOS_DIFERENCIA)[number];

/** The record's side: its estado (PENDIENTE, PROCESSED, REJECTED, CONTINGENCIA, CANCELLED) and sello. */
export interface LadoLocal {
  estado: string;
  selloRecibido: string | null;
}

/**
 * MH's side, from consultadte: PROCESADO or INVALIDADO with the document's sello (an invalidated document
 * keeps it); any other answer (the simulator's and MH's RECHAZADO "codigoGeneracion no existe") means MH
 * does not hold it, and is null.
 */
export interface LadoMh {
  estado: 'PROCESADO' | 'INVALIDADO';
  selloRecibido: string | null;
}

/** The difference between the two sides of one document, or null when they agree. */
export function diferencia(local: LadoLocal | null, mh: LadoMh | null): TipoDiferencia | null {
  if (!local) return mh ? 'NO_LOCAL' : null;
  const aceptado = local.estado === 'PROCESSED' || local.estado === 'CANCELLED';
  if (!mh) return aceptado ? 'NO_EN_MH' : null;
  if (!aceptado) return 'ESTADO_DISTINTO';
  if ((local.estado === 'CANCELLED') !== (mh.estado === 'INVALIDADO')) return 'ANULACION_NO_REFLEJADA';
  return local.selloRecibido === mh.selloRecibido ? null : 'SELLO_DISTINTO';
}
