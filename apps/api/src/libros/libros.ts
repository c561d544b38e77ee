import type { Writable } from 'node:stream';
import {
  ANEXOS_F07_COMPRAS,
  comprasSinClasificar,
  csvDgii,
  filasAnexo,
  filasAnexoCompras,
  LIBROS,
  periodoDe,
  sinClasificacion,
  validationError,
  type AnexoCompras,
  type AnexoF07,
  type OpcionesAnexo,
  type Periodo,
} from '@dte/domain';
import {
  comprasDelPeriodo,
  lotesDeLibro,
  recorrerLibro,
  type Compras,
  type Documents,
  type LeeLibro,
} from '@dte/store';
import { Salida } from './salida';
import { HojaXlsx } from './xlsx';

/**
 * The emisor's books and F-07 annexes of a month, as the API's routes and the admin CLI both answer them
 * (docs/anexos-f07.md). Each is written as it is made, a day of documents at a time (a batch of the
 * received ones): a month of any size holds one day's documents and one chunk of the answer.
 */

export interface PedidoLibro {
  documents: Documents;
  /** The documents the emisor received: the purchase books and annexes read them. */
  compras: Compras;
  emisor: { id: number; nombre: string; nit: string };
  periodo: string;
  establecimiento?: string;
}

/** What surrounds the JSON written: the API's `{"status":"success","data":` … `}`, nothing for the CLI. */
export type Envoltura = readonly [antes: string, despues: string];
const SIN_ENVOLTURA: Envoltura = ['', ''];

export const leeLibro = (nombre: string): LeeLibro => LIBROS[nombre]!.fuente ?? 'emitidos';

/**
 * Refuses, before a byte is written, a request the documents read cannot answer: a received document is
 * no establishment's (its numeroControl is its supplier's), so what reads them takes no `establecimiento`.
 */
export function comprobarPedido(lee: LeeLibro, pedido: Pick<PedidoLibro, 'establecimiento'>): void {
  if (lee !== 'emitidos' && pedido.establecimiento)
    throw validationError('Los documentos recibidos no son de un establecimiento del emisor', [
      { field: 'establecimiento', message: 'No aplica a las compras' },
    ]);
}

function recorrer(nombre: string, pedido: PedidoLibro, linea: (l: unknown) => unknown) {
  const p = periodoDe(pedido.periodo);
  const lotes = lotesDeLibro(pedido, leeLibro(nombre), pedido.emisor.id, p, pedido.establecimiento);
  return recorrerLibro(lotes, LIBROS[nombre]!.iniciar(p), linea);
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
  comprobarPedido(leeLibro(nombre), pedido);
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
  comprobarPedido(leeLibro(nombre), pedido);
  const hoja = new HojaXlsx(destino, { ...tabla, emisor: pedido.emisor, periodo: pedido.periodo });
  await recorrer(nombre, pedido, (l) => hoja.fila(tabla.fila(l)));
  await hoja.cerrar();
}

/**
 * An annex as DGII's portal imports it (`csv`), or its rows as JSON, each naming its documents. No row spans
 * two days, so the rows are made and written a day of documents at a time.
 */
export async function escribirAnexo(
  anexo: AnexoF07 | AnexoCompras,
  pedido: PedidoLibro,
  opciones: OpcionesAnexo,
  formato: 'json' | 'csv',
  destino: Writable,
  [antes, despues]: Envoltura = SIN_ENVOLTURA,
): Promise<void> {
  const p = periodoDe(pedido.periodo);
  const deCompras = (a: string): a is AnexoCompras => a in ANEXOS_F07_COMPRAS;
  const filasDe = (docs: Parameters<typeof filasAnexo>[1]) =>
    deCompras(anexo) ? filasAnexoCompras(anexo, docs, p, opciones) : filasAnexo(anexo, docs, p, opciones);
  // The emisor's options are checked before a byte is written, even for a month without documents.
  filasDe([]);
  const lee = deCompras(anexo) ? ANEXOS_F07_COMPRAS[anexo] : 'emitidos';
  comprobarPedido(lee, pedido);
  if (anexo === 'compras' && !opciones.clasificacion) await todasClasificadas(pedido, p);
  const salida = new Salida(destino);
  const fila = lista(salida);
  if (formato === 'json')
    await salida.escribir(`${antes}{"anexo":${JSON.stringify(anexo)},"periodo":${JSON.stringify(p.periodo)},"filas":[`);
  for await (const dia of lotesDeLibro(pedido, lee, pedido.emisor.id, p, pedido.establecimiento)) {
    const filas = filasDe(dia);
    if (formato === 'csv') await salida.escribir(csvDgii(filas));
    else for (const f of filas) await fila(f);
  }
  if (formato === 'json') await salida.escribir(`]}${despues}`);
  await salida.vaciar();
}

/** The most unclassified purchases a refusal names: enough to start with, a bounded answer. */
const MAX_SIN_CLASIFICAR = 50;

/**
 * Anexo 3 without a default classification: every purchase it lists must carry one (its own or its
 * supplier's), which only a walk of the month tells, so the month is walked first and the annex refused,
 * naming them, before a byte is written.
 */
async function todasClasificadas(pedido: PedidoLibro, p: Periodo): Promise<void> {
  const faltan: string[] = [];
  for await (const lote of comprasDelPeriodo(pedido.compras, pedido.emisor.id, p)) {
    faltan.push(...comprasSinClasificar(lote, p));
    if (faltan.length >= MAX_SIN_CLASIFICAR) break;
  }
  if (faltan.length) throw sinClasificacion(faltan.slice(0, MAX_SIN_CLASIFICAR));
}
