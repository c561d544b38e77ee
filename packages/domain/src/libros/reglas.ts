import type { DocumentoLibro, Periodo } from './documento';
import { emitidoEn, enAnexoConsumidor, enCompras } from './tipos';

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

/**
 * An Evento de Retorno (18) of goods a Factura sold: **a choice** (MH and DGII say nothing of the event in
 * the books). It gives back part of a sale to a consumidor final, so it reduces the consumer-final book and
 * the débito fiscal of its own date, as a Nota de Crédito does the contribuyentes book. The return of a
 * sujeto excluido's purchase (FSE) is no sale and is in no sales book. DGII's anexo 2 has no type for it
 * and takes no negative amount, so the file leaves it out (docs/anexos-f07.md).
 */
export function esRetornoDeVenta(doc: DocumentoLibro): boolean {
  const relacionado = (doc.dte['documentoRelacionado'] as { tipoDocumento?: string }[] | null | undefined)?.[0];
  return (
    emitidoEn(doc.tipoDte, 'RETORNOS_DE_VENTA') &&
    !!relacionado?.tipoDocumento &&
    emitidoEn(relacionado.tipoDocumento, 'VENTAS_CONSUMIDOR_FINAL')
  );
}

/** Whether a document is in the consumer-final book: a Factura, an export, or a retorno of a Factura. */
export function enLibroConsumidor(doc: DocumentoLibro): boolean {
  return enAnexoConsumidor(doc.tipoDte) || esRetornoDeVenta(doc);
}

/**
 * Whether a received document counts in the purchase books and annexes of a period (docs/anexos-f07.md,
 * "Which received documents count"): MH confirmed it and its amounts are proven (VERIFICADO: sealed, for this
 * emisor, its arithmetic right, its amounts its supplier's signed claim; CONFIRMADO: a person compared it with
 * MH's consulta pública), and its emission date is in the period. One MH says its supplier invalidated
 * (INVALIDADO_EN_MH) never counts, nor one not verified or confirmed (yet).
 */
export function compraCuenta(doc: DocumentoLibro, p: Periodo): boolean {
  return (doc.estado === 'VERIFICADO' || doc.estado === 'CONFIRMADO') && doc.fecEmi >= p.desde && doc.fecEmi <= p.hasta;
}

/** A CCF, NC or ND of the period in `estado`: the books list those waiting (for MH, for a person) apart. */
const enEspera = (estado: string) => (doc: DocumentoLibro, p: Periodo) =>
  enCompras(doc.tipoDte) && doc.estado === estado && doc.fecEmi >= p.desde && doc.fecEmi <= p.hasta;

/** Received, MH not asked successfully yet (PENDIENTE_MH): it will count once verified. */
export const compraPendiente = enEspera('PENDIENTE_MH');

/** MH confirmed it, its amounts wait for a person (POR_CONFIRMAR): it will count once confirmed. */
export const compraPorConfirmar = enEspera('POR_CONFIRMAR');

/** A received document in the libro de compras and anexo 3: a CCF, NC or ND the period counts. */
export const enLibroCompras = (doc: DocumentoLibro, p: Periodo) => enCompras(doc.tipoDte) && compraCuenta(doc, p);

/** The emisor's own Factura de Sujeto Excluido: a purchase, counted as the documents it issues are. */
export const esCompraASujetoExcluido = (doc: DocumentoLibro, p: Periodo) =>
  emitidoEn(doc.tipoDte, 'COMPRAS_A_SUJETOS_EXCLUIDOS') && cuentaEnLibros(doc, p);
