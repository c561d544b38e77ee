import { documentKind, DTE_TIPOS, type CompraDelTipo } from '../dte/document-kinds';

/**
 * The kinds an emisor receives from its suppliers and how the verifier reads each: the kind registry's
 * `compra` (its receptor's form, its amount, its arithmetic), in the registry's order, keyed by CAT-002 code.
 */
export const COMPRA_POR_TIPO: ReadonlyMap<string, CompraDelTipo> = new Map(
  DTE_TIPOS.map(documentKind).flatMap((k) => (k.compra ? [[k.tipoDte, k.compra] as const] : [])),
);
