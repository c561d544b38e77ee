import { libroVentasConsumidor, libroVentasContribuyentes, resumenDebitoFiscal } from './libros';
import type { DocumentoLibro, Periodo } from './documento';

/** A column of a book as a person reads it (spreadsheet or PDF): its heading, and whether it is an amount. */
export interface ColumnaLibro {
  titulo: string;
  monto?: boolean;
  /** Width in characters, for a spreadsheet. */
  ancho?: number;
  /** A free text (a name) that may wrap on a page; every other cell keeps to one line. */
  ajustable?: boolean;
}

/** A book laid out as a table: its title, columns and rows (amounts as decimal strings, 2 places). */
export interface TablaLibro {
  titulo: string;
  columnas: ColumnaLibro[];
  filas: (string | number | null)[][];
}

interface Libro<L> {
  calcular: (docs: readonly DocumentoLibro[], p: Periodo) => L;
  /** Its layout as a table; absent: JSON only. */
  tabla?: (libro: L) => TablaLibro;
}
const libro = <L>(l: Libro<L>) => l as Libro<unknown>;

/** Each book by the name of its route (`/libros/<nombre>`), with its table layout when it has one. */
export const LIBROS: Record<string, Libro<unknown>> = {
  'ventas-contribuyentes': libro({ calcular: libroVentasContribuyentes, tabla: tablaContribuyentes }),
  'ventas-consumidor': libro({ calcular: libroVentasConsumidor, tabla: tablaConsumidor }),
  'debito-fiscal': libro({ calcular: resumenDebitoFiscal }),
};

function tablaContribuyentes(libro: ReturnType<typeof libroVentasContribuyentes>): TablaLibro {
  return {
    titulo: 'Libro de ventas a contribuyentes',
    columnas: [
      { titulo: 'Fecha', ancho: 12 },
      { titulo: 'Tipo', ancho: 6 },
      { titulo: 'Número de control', ancho: 34 },
      { titulo: 'NIT / DUI', ancho: 16 },
      { titulo: 'Cliente', ancho: 30, ajustable: true },
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

function tablaConsumidor(libro: ReturnType<typeof libroVentasConsumidor>): TablaLibro {
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
