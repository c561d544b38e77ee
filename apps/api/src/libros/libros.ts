import type { Writable } from 'node:stream';
import { csvDgii, filasAnexo, LIBROS, periodoDe, type AnexoF07, type OpcionesAnexo } from '@dte/domain';
import { documentosPorDia, recorrerLibro, type Documents } from '@dte/store';
import { Salida } from './salida';
import { HojaXlsx } from './xlsx';

/**
 * The emisor's books and F-07 annexes of a month, as the API's routes and the admin CLI both answer them
 * (docs/anexos-f07.md). Each is written as it is made, a day of documents at a time: a month of any size
 * holds one day's documents and one chunk of the answer.
 */

export interface PedidoLibro {
  documents: Documents;
  emisor: { id: number; nombre: string; nit: string };
  periodo: string;
  establecimiento?: string;
}

/** What surrounds the JSON written: the API's `{"status":"success","data":` … `}`, nothing for the CLI. */
export type Envoltura = readonly [antes: string, despues: string];
const SIN_ENVOLTURA: Envoltura = ['', ''];

function recorrer(nombre: string, pedido: PedidoLibro, linea: (l: unknown) => unknown) {
  const p = periodoDe(pedido.periodo);
  const libro = LIBROS[nombre]!.iniciar(p);
  return recorrerLibro(pedido.documents, pedido.emisor.id, libro, p, pedido.establecimiento, linea);
}

/** JSON array items written one by one. */
function lista(salida: Salida) {
  let primero = true;
  return async (item: unknown) => {
    await salida.escribir(`${primero ? '' : ','}${JSON.stringify(item)}`);
    primero = false;
  };
}

/** A book's JSON: `{"periodo", "<its lines>": […], …its closing figures}`. */
export async function escribirLibroJson(
  nombre: string,
  pedido: PedidoLibro,
  destino: Writable,
  [antes, despues]: Envoltura = SIN_ENVOLTURA,
): Promise<void> {
  const { lineas } = LIBROS[nombre]!;
  const salida = new Salida(destino);
  await salida.escribir(`${antes}{"periodo":${JSON.stringify(pedido.periodo)}`);
  if (lineas) await salida.escribir(`,${JSON.stringify(lineas)}:[`);
  const cierre = JSON.stringify(await recorrer(nombre, pedido, lista(salida)));
  await salida.escribir(`${lineas ? ']' : ''}${cierre === '{}' ? '' : `,${cierre.slice(1, -1)}`}}${despues}`);
  await salida.vaciar();
}

/** A book as a spreadsheet (the books with a table layout). */
export async function escribirLibroXlsx(nombre: string, pedido: PedidoLibro, destino: Writable): Promise<void> {
  const { tabla } = LIBROS[nombre]!;
  if (!tabla) throw new Error(`the book ${nombre} has no table layout`);
  const hoja = new HojaXlsx(destino, { ...tabla, emisor: pedido.emisor, periodo: pedido.periodo });
  await recorrer(nombre, pedido, (l) => hoja.fila(tabla.fila(l)));
  await hoja.cerrar();
}

/**
 * An annex as DGII's portal imports it (`csv`), or its rows as JSON, each naming its documents. No row spans
 * two days, so the rows are made and written a day of documents at a time.
 */
export async function escribirAnexo(
  anexo: AnexoF07,
  pedido: PedidoLibro,
  opciones: OpcionesAnexo,
  formato: 'json' | 'csv',
  destino: Writable,
  [antes, despues]: Envoltura = SIN_ENVOLTURA,
): Promise<void> {
  const p = periodoDe(pedido.periodo);
  // The emisor's options are checked before a byte is written, even for a month without documents.
  filasAnexo(anexo, [], p, opciones);
  const salida = new Salida(destino);
  const fila = lista(salida);
  if (formato === 'json')
    await salida.escribir(`${antes}{"anexo":${JSON.stringify(anexo)},"periodo":${JSON.stringify(p.periodo)},"filas":[`);
  for await (const dia of documentosPorDia(pedido.documents, pedido.emisor.id, p, pedido.establecimiento)) {
    const filas = filasAnexo(anexo, dia, p, opciones);
    if (formato === 'csv') await salida.escribir(csvDgii(filas));
    else for (const f of filas) await fila(f);
  }
  if (formato === 'json') await salida.escribir(`]}${despues}`);
  await salida.vaciar();
}
