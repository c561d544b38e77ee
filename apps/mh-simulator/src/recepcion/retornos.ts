import { hallazgo, type Hallazgo } from '../respuesta';
import type { Store } from '../store';

/**
 * MH keeps what the retornos of a Factura (01) or FSE (14) gave back, and refuses a retorno that would give
 * back more than the document's operation amount with 016 "MONTO DE OPERACIÓN ES MAYOR AL DOCUMENTO
 * RELACIONADO" on the retorno's montoTotalOperacion. Amounts are kept in cents on the original's record, the
 * one document MH reads by its codigoGeneracion (FerretDB answers only `_id` lookups from an index), and a
 * retorno takes its share there in one conditional update, so two retornos at once cannot both pass.
 */

type Json = Record<string, unknown>;

const CAMPO = 'resumen.montoTotalOperacion';
const centavos = (valor: unknown): number => Math.round((typeof valor === 'number' ? valor : 0) * 100);

/**
 * What the retornos of a document may give back, in cents: a Factura's montoTotalOperacion, an FSE's subTotal
 * (its purchase after the descu; the FSE has no montoTotalOperacion). Null for any other document.
 */
export function montoRetornable(tipoDte: string, dte: Json): number | null {
  const resumen = dte.resumen as Json;
  if (tipoDte === '01') return centavos(resumen.montoTotalOperacion);
  if (tipoDte === '14') return centavos(resumen.subTotal);
  return null;
}

export interface Retorno {
  original: string;
  monto: number;
}

/** The original a retorno (tipoEvento 18) names and what it gives back; null for any other document. */
export function retornoDe(tipoDte: string, dte: Json): Retorno | null {
  if (tipoDte !== '18') return null;
  const relacionado = (dte.documentoRelacionado as Json[])[0]!;
  return { original: String(relacionado.codigoGeneracion), monto: centavos((dte.resumen as Json).montoTotalOperacion) };
}

/** The original's amounts when MH keeps them: a document received before it did (or another emisor's) has none. */
async function retornableDe(store: Store, nitEmisor: string, retorno: Retorno) {
  const original = await store.documentos.porCodigo(retorno.original);
  if (original?.nitEmisor !== nitEmisor || typeof original.montoRetornable !== 'number') return null;
  return { retornable: original.montoRetornable, retornado: original.montoRetornado ?? 0 };
}

/** 016 when a retorno would take what its original gave back beyond the original's amount. */
export async function verificarRetorno(
  store: Store,
  nitEmisor: string,
  tipoDte: string,
  dte: Json,
): Promise<Hallazgo[]> {
  const retorno = retornoDe(tipoDte, dte);
  const original = retorno && (await retornableDe(store, nitEmisor, retorno));
  if (!retorno || !original) return [];
  return original.retornado + retorno.monto > original.retornable ? [hallazgo('016', CAMPO)] : [];
}

/**
 * Takes an accepted retorno's amount on its original, 016 when another retorno took the rest in the
 * meantime; `devolver` gives it back, for a retorno that is not registered after all.
 */
export async function tomarRetorno(
  store: Store,
  nitEmisor: string,
  tipoDte: string,
  dte: Json,
): Promise<{ hallazgos: Hallazgo[]; devolver: () => Promise<void> }> {
  const nada = { hallazgos: [], devolver: async () => {} };
  const retorno = retornoDe(tipoDte, dte);
  const original = retorno && (await retornableDe(store, nitEmisor, retorno));
  if (!retorno || !original) return nada;
  if (!(await store.documentos.tomarRetornado(retorno.original, retorno.monto, original.retornable)))
    return { ...nada, hallazgos: [hallazgo('016', CAMPO)] };
  return {
    hallazgos: [],
    devolver: () => devolverRetorno(store, retorno),
  };
}

/** Gives a retorno's amount back to its original: it was not registered, or MH invalidated it since. */
export async function devolverRetorno(store: Store, retorno: Retorno): Promise<void> {
  await store.documentos.devolverRetornado(retorno.original, retorno.monto);
}
