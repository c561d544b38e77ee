import {
  documentKind,
  DTE_TIPOS,
  FUERA_DE_LIBROS,
  type LibroDeEmitido,
  type LibroDeRecibido,
  type LibrosDelTipo,
} from '../dte/document-kinds';

/*
 * Which book each kind is in is a fact of the kind (the registry's `libros`): the books and annexes ask
 * these, and name no CAT-002 code, so a new kind is in the books its entry says and in no other.
 */
const KINDS = DTE_TIPOS.map(documentKind);
const LIBROS_POR_TIPO = new Map<string, LibrosDelTipo>(KINDS.map((k) => [k.tipoDte, k.libros]));

/** The books a kind's documents go to (the kind registry's `libros`); a code not issued here, none. */
export const librosDe = (tipoDte: string): LibrosDelTipo => LIBROS_POR_TIPO.get(tipoDte) ?? FUERA_DE_LIBROS;

/** Whether an issued document of this kind is in one of these books. */
export const emitidoEn = (tipoDte: string, ...libros: LibroDeEmitido[]) =>
  libros.some((l) => l === librosDe(tipoDte).emitido);
/** Whether a received document of this kind is in this book. */
export const recibidoEn = (tipoDte: string, libro: LibroDeRecibido) => librosDe(tipoDte).recibido === libro;

const tiposDonde = (en: (tipoDte: string) => boolean) => KINDS.map((k) => k.tipoDte as string).filter(en);

/** The libro de ventas a contribuyentes' and anexo 1's kinds: CCF, NC and ND. */
export const enVentasContribuyentes = (tipoDte: string) => emitidoEn(tipoDte, 'VENTAS_CONTRIBUYENTES');
/** The consumer-final annex's kinds: DGII's layout has a type for the Factura and the export, none for an event. */
export const enAnexoConsumidor = (tipoDte: string) => emitidoEn(tipoDte, 'VENTAS_CONSUMIDOR_FINAL', 'EXPORTACIONES');

/**
 * The received kinds the libro de compras and anexo 3 list (COMPRAS in the registry): of DGII's anexo 3
 * types, those a DTE can be (CCF, NC, ND). A received Factura gives no crédito fiscal and is in no purchase
 * annex; a Declaración de Mercancías or Mandamiento de Ingreso (imports) is no DTE.
 */
export const enCompras = (tipoDte: string) => recibidoEn(tipoDte, 'COMPRAS');

/**
 * The kinds each book's lines may be of (CAT-002 codes, in the registry's order), as the reference
 * states them.
 */
export const TIPOS_POR_LIBRO = {
  'ventas-contribuyentes': tiposDonde(enVentasContribuyentes),
  'ventas-consumidor': tiposDonde((t) => enAnexoConsumidor(t) || emitidoEn(t, 'RETORNOS_DE_VENTA')),
  compras: tiposDonde((t) => enCompras(t) || emitidoEn(t, 'COMPRAS_A_SUJETOS_EXCLUIDOS')),
};
