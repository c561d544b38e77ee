import type { DocumentoLibro, Periodo } from './documento';

/** The kinds each book lists (MH's CAT-002 codes). */
export const TIPOS_CONTRIBUYENTES = ['03', '05', '06'] as const;
export const TIPOS_CONSUMIDOR = ['01', '11'] as const;

/**
 * Whether a document counts in the books of a period (docs/anexos-f07.md, "Which documents count"): MH
 * decides, not the service alone. A document counts when MH sealed it (PROCESSED, which a document issued
 * in contingencia becomes once its lote is sealed) and its emission date is in the period: a contingency
 * document counts by its emission date, in whichever later month it was sealed. A note counts in the period
 * of its own date. A REJECTED document never counts; an invalidated one (CANCELLED) leaves the books and
 * goes to the anulados annex of the period its invalidation was accepted.
 */
export function cuentaEnLibros(doc: DocumentoLibro, p: Periodo): boolean {
  return doc.estado === 'PROCESSED' && doc.fecEmi >= p.desde && doc.fecEmi <= p.hasta;
}

/** Issued in contingencia and not sealed yet: it will count once MH seals it; the books list it apart. */
export function pendienteDeSello(doc: DocumentoLibro, p: Periodo): boolean {
  return doc.estado === 'CONTINGENCIA' && doc.fecEmi >= p.desde && doc.fecEmi <= p.hasta;
}

/** Whether a document goes to the anulados annex of a period: MH accepted its invalidation in it. */
export function anuladoEnPeriodo(doc: DocumentoLibro, p: Periodo): boolean {
  return doc.estado === 'CANCELLED' && !!doc.anuladoEl && doc.anuladoEl >= p.desde && doc.anuladoEl <= p.hasta;
}
