import type { DocumentEstado } from '@dte/contract';

/**
 * A document's life on record. PENDIENTE: signed and saved, MH's verdict not known yet. MH's verdict
 * makes it PROCESSED or REJECTED; MH unreachable for a kind that admits it makes it CONTINGENCIA, whose
 * lote's verdict then makes it PROCESSED or REJECTED; an accepted anulación makes a PROCESSED document
 * CANCELLED. REJECTED and CANCELLED are final. Recording the estado a document already has is allowed:
 * a retried step records what its first attempt did.
 */
const SIGUIENTES: Record<DocumentEstado, readonly DocumentEstado[]> = {
  PENDIENTE: ['PROCESSED', 'REJECTED', 'CONTINGENCIA'],
  CONTINGENCIA: ['PROCESSED', 'REJECTED'],
  PROCESSED: ['CANCELLED'],
  REJECTED: [],
  CANCELLED: [],
};

function puedePasar(de: DocumentEstado, a: DocumentEstado): boolean {
  return de === a || SIGUIENTES[de].includes(a);
}

/** Refuses a transition the life above does not have: a bug, never a request's fault. */
export function comprobarTransicion(codigoGeneracion: string, de: DocumentEstado, a: DocumentEstado): void {
  if (!puedePasar(de, a)) throw new Error(`document ${codigoGeneracion} cannot go from ${de} to ${a}`);
}
