import type { Cliente } from './cliente';
import type { Producto } from './producto';

/** Text as a search compares it: without accents or case ("Peña" is "pena"), spaces collapsed. */
export function normalizarBusqueda(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A number as people write it ("0614-010190-101-5", "1234-5"): its digits alone. */
const comoNumero = (termino: string) => (/^[\d-]+$/.test(termino) ? termino.replace(/-/g, '') : termino);

/**
 * Whether what a book's entry is searched by holds every word of `q`, each anywhere in it: "cabal salv"
 * finds "Salvador Cabal", "0614-010190" a NIT kept as digits.
 */
function coincide(campos: readonly (string | null | undefined)[], q: string): boolean {
  const texto = campos
    .filter((c): c is string => !!c)
    .map(normalizarBusqueda)
    .join(' ');
  return normalizarBusqueda(q)
    .split(' ')
    .filter(Boolean)
    .every((t) => texto.includes(comoNumero(t)));
}

/** A customer by its name, trade name, identity document (NIT, DUI, passport…) or NRC. */
export const clienteCoincide = (c: Cliente, q: string): boolean =>
  coincide([c.nombre, c.nombreComercial, c.numDocumento, c.numDocumento.replace(/-/g, ''), c.nrc], q);

/** A product by its code or description. */
export const productoCoincide = (p: Producto, q: string): boolean => coincide([p.codigo, p.descripcion], q);
