import type { Writable } from 'node:stream';
import { csvDgii, filasAnexo, LIBROS, periodoDe, type AnexoF07, type FilaAnexo, type OpcionesAnexo } from '@dte/domain';
import { documentosLibro, documentosPorDia, type Documents } from '@dte/store';
import { escribirLibroXlsx } from './xlsx';

/**
 * The emisor's books and F-07 annexes of a month, as the API's routes and the admin CLI both answer them
 * (docs/anexos-f07.md).
 */

export interface PedidoLibro {
  documents: Documents;
  emisor: { id: number; nombre: string; nit: string };
  periodo: string;
  establecimiento?: string;
}

/** A book's JSON. */
export async function calcularLibro(nombre: string, pedido: PedidoLibro): Promise<unknown> {
  const p = periodoDe(pedido.periodo);
  const docs = await documentosLibro(pedido.documents, pedido.emisor.id, p, pedido.establecimiento);
  return LIBROS[nombre]!.calcular(docs, p);
}

/** A book as a spreadsheet, written to `destino` (the books with a table layout). */
export async function escribirLibro(nombre: string, pedido: PedidoLibro, destino: Writable): Promise<void> {
  const { tabla } = LIBROS[nombre]!;
  if (!tabla) throw new Error(`the book ${nombre} has no table layout`);
  const datos = await calcularLibro(nombre, pedido);
  await escribirLibroXlsx({ ...tabla(datos), emisor: pedido.emisor, periodo: pedido.periodo }, destino);
}

/**
 * An annex's rows, and its file as DGII's portal imports it. No row spans two days, so the rows are made a
 * day of documents at a time: the month's documents are never held together, only its rows.
 */
export async function anexoF07(anexo: AnexoF07, pedido: PedidoLibro, opciones: OpcionesAnexo) {
  const p = periodoDe(pedido.periodo);
  // The emisor's options are checked even for a month without documents.
  const filas: FilaAnexo[] = filasAnexo(anexo, [], p, opciones);
  for await (const dia of documentosPorDia(pedido.documents, pedido.emisor.id, p, pedido.establecimiento))
    filas.push(...filasAnexo(anexo, dia, p, opciones));
  return { filas, archivo: () => csvDgii(filas) };
}
