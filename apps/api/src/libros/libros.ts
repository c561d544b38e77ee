import type { Writable } from 'node:stream';
import {
  csvDgii,
  delEstablecimiento,
  filasAnexo,
  libroVentasConsumidor,
  libroVentasContribuyentes,
  periodoDe,
  resumenDebitoFiscal,
  type AnexoF07,
  type DocumentoLibro,
  type OpcionesAnexo,
  type Periodo,
} from '@dte/domain';
import { documentosDelPeriodo, type Documents } from '@dte/store';
import { escribirLibroXlsx, type HojaLibro } from './xlsx';

/**
 * The emisor's books and F-07 annexes of a month, as the API's routes and the admin CLI both answer them
 * (docs/anexos-f07.md).
 */

/** The documents the books of a month read, of every establishment or of one (its codEstable). */
export async function documentosLibro(
  documents: Documents,
  emisorId: number,
  p: Periodo,
  establecimiento?: string,
): Promise<DocumentoLibro[]> {
  const docs: DocumentoLibro[] = [];
  for await (const d of documentosDelPeriodo(documents, emisorId, p))
    if (!establecimiento || delEstablecimiento(d, establecimiento)) docs.push(d);
  return docs;
}

type Hoja = Omit<HojaLibro, 'emisor' | 'periodo'>;

interface Libro<L> {
  calcular: (docs: readonly DocumentoLibro[], p: Periodo) => L;
  /** Its layout as a spreadsheet; absent: JSON only. */
  hoja?: (libro: L) => Hoja;
}
const libro = <L>(l: Libro<L>) => l as Libro<unknown>;

/** Each book by the name of its route (`/libros/<nombre>`). */
export const LIBROS: Record<string, Libro<unknown>> = {
  'ventas-contribuyentes': libro({ calcular: libroVentasContribuyentes, hoja: hojaContribuyentes }),
  'ventas-consumidor': libro({ calcular: libroVentasConsumidor, hoja: hojaConsumidor }),
  'debito-fiscal': libro({ calcular: resumenDebitoFiscal }),
};

export interface PedidoLibro {
  documents: Documents;
  emisor: { id: number; nombre: string; nit: string };
  periodo: string;
  establecimiento?: string;
}

/** A book's JSON. */
export async function calcularLibro(nombre: string, pedido: PedidoLibro): Promise<unknown> {
  const p = periodoDe(pedido.periodo);
  return LIBROS[nombre]!.calcular(
    await documentosLibro(pedido.documents, pedido.emisor.id, p, pedido.establecimiento),
    p,
  );
}

/** A book as a spreadsheet, written to `destino` (the books with a sheet layout). */
export async function escribirLibro(nombre: string, pedido: PedidoLibro, destino: Writable): Promise<void> {
  const { hoja } = LIBROS[nombre]!;
  if (!hoja) throw new Error(`the book ${nombre} has no spreadsheet`);
  const datos = await calcularLibro(nombre, pedido);
  await escribirLibroXlsx({ ...hoja(datos), emisor: pedido.emisor, periodo: pedido.periodo }, destino);
}

/** An annex's rows, and its file as DGII's portal imports it. */
export async function anexoF07(anexo: AnexoF07, pedido: PedidoLibro, opciones: OpcionesAnexo) {
  const p = periodoDe(pedido.periodo);
  const filas = filasAnexo(
    anexo,
    await documentosLibro(pedido.documents, pedido.emisor.id, p, pedido.establecimiento),
    p,
    opciones,
  );
  return { filas, archivo: () => csvDgii(filas) };
}

function hojaContribuyentes(libro: ReturnType<typeof libroVentasContribuyentes>): Hoja {
  return {
    titulo: 'Libro de ventas a contribuyentes',
    columnas: [
      { titulo: 'Fecha', ancho: 12 },
      { titulo: 'Tipo', ancho: 6 },
      { titulo: 'Número de control', ancho: 34 },
      { titulo: 'NIT / DUI', ancho: 16 },
      { titulo: 'Cliente', ancho: 30 },
      { titulo: 'Exentas', monto: true },
      { titulo: 'No sujetas', monto: true },
      { titulo: 'Gravadas', monto: true },
      { titulo: 'Débito fiscal', monto: true },
      { titulo: 'IVA retenido', monto: true },
      { titulo: 'Total', monto: true },
    ],
    filas: libro.lineas.map((l) => [
      l.fecha,
      l.tipoDte,
      l.numeroControl,
      l.receptor.nit ?? l.receptor.dui,
      l.receptor.nombre,
      l.montos.exentas,
      l.montos.noSujetas,
      l.montos.gravadas,
      l.montos.debitoFiscal,
      l.montos.ivaRetenido,
      l.montos.total,
    ]),
  };
}

function hojaConsumidor(libro: ReturnType<typeof libroVentasConsumidor>): Hoja {
  return {
    titulo: 'Libro de ventas a consumidor final',
    columnas: [
      { titulo: 'Fecha', ancho: 12 },
      { titulo: 'Tipo', ancho: 6 },
      { titulo: 'Del', ancho: 34 },
      { titulo: 'Al', ancho: 34 },
      { titulo: 'Documentos', ancho: 11 },
      { titulo: 'Exentas', monto: true },
      { titulo: 'No sujetas', monto: true },
      { titulo: 'Gravadas (IVA incluido)', monto: true, ancho: 22 },
      { titulo: 'Débito fiscal', monto: true },
      { titulo: 'Export. Centroamérica', monto: true, ancho: 20 },
      { titulo: 'Export. fuera de CA', monto: true, ancho: 18 },
      { titulo: 'Export. servicios', monto: true, ancho: 16 },
      { titulo: 'Total', monto: true },
    ],
    filas: libro.dias.map((d) => [
      d.fecha,
      d.tipoDte,
      d.del.numeroControl,
      d.al.numeroControl,
      d.documentos,
      d.montos.exentas,
      d.montos.noSujetas,
      d.montos.gravadas,
      d.montos.debitoFiscal,
      d.montos.exportacionesCentroamerica,
      d.montos.exportacionesFuera,
      d.montos.exportacionesServicios,
      d.montos.total,
    ]),
  };
}
