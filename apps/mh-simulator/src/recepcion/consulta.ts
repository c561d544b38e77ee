import type { Documento } from '../store';

type Json = Record<string, unknown>;

/**
 * CAT-022 documents that name a taxpayer by its NIT: 36 (NIT) and 13 (DUI, the NIT of a natural person
 * since 2021).
 */
const DOCUMENTOS_NIT = new Set(['36', '13']);

/**
 * The taxpayer a document is for, by NIT (digits only), as MH reads its receptor: `receptor.nit` (CCF, the
 * v3 notes, DCL, CL v1) or a `receptor.numDocumento` of type 36 or 13; null when it names none (an
 * anonymous Factura, a foreign receptor, a sujeto excluido).
 */
export function nitReceptor(dte: Json): string | null {
  const receptor = dte.receptor as Json | null | undefined;
  if (!receptor || typeof receptor !== 'object') return null;
  if (typeof receptor.nit === 'string') return receptor.nit.replace(/\D/g, '');
  if (DOCUMENTOS_NIT.has(String(receptor.tipoDocumento)) && typeof receptor.numDocumento === 'string')
    return receptor.numDocumento.replace(/\D/g, '');
  return null;
}

/**
 * Whom consultadte answers for a document: its emisor, and its receptor asking with the emisor's NIT as
 * `nitEmisor` (the reading the service takes of Manual Técnico §4.3.1, which names only the emisor;
 * docs/api-rules.md "Documents received"). Anyone else gets 014, as for a document MH does not hold, so
 * a NIT and a codigoGeneracion reveal nothing of another taxpayer's documents.
 */
export function consultaPermitida(documento: Documento, nitEmisor: string, nitSesion: string): boolean {
  if (documento.nitEmisor !== nitEmisor) return false;
  return (
    nitSesion === documento.nitEmisor ||
    (!!documento.nitReceptor && documento.nitReceptor === nitSesion.replace(/\D/g, ''))
  );
}
