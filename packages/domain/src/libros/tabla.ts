import { libroCompras } from './compras';
import { debitoFiscal, ventasConsumidor, ventasContribuyentes, type LibroEnCurso } from './libros';
import { money, ZERO } from '../money';
import { agrupados, type DocumentoLibro, type Periodo } from './documento';

/** A column of a book as a person reads it (spreadsheet or PDF): its heading, and whether it is an amount. */
export interface ColumnaLibro {
  titulo: string;
  monto?: boolean;
  /** Width in characters, for a spreadsheet. */
  ancho?: number;
  /** A free text (a name) that may wrap on a page; every other cell keeps to one line. */
  ajustable?: boolean;
}

/** A cell of a book's table: amounts as decimal strings, 2 places. */
export type CeldaLibro = string | number | null;

/** A book laid out as a table: its title, columns and rows. */
export interface TablaLibro {
  titulo: string;
  columnas: ColumnaLibro[];
  filas: CeldaLibro[][];
}

/** The totals row of a book's table: each amount column summed over the rows given, exactly. */
export function sumaDeColumnas(columnas: readonly ColumnaLibro[]) {
  const t = columnas.map(() => ZERO);
  return {
    agregar(fila: readonly CeldaLibro[]) {
      fila.forEach((v, i) => {
        if (columnas[i]?.monto && v !== null) t[i] = t[i]!.plus(money(v));
      });
    },
    /** Per column, its sum with 2 decimals; null for a column that is no amount. */
    valores: () => columnas.map((c, i) => (c.monto ? t[i]!.toFixed(2) : null)),
  };
}

/** How a book's lines are laid out as a table, one row per line. */
export interface DisenoTabla<L> {
  titulo: string;
  columnas: ColumnaLibro[];
  fila: (linea: L) => CeldaLibro[];
}

/** A book as the API and the CLI answer it. */
export interface Libro<L = unknown> {
  iniciar: (p: Periodo) => LibroEnCurso<L>;
  /** The key of its lines in the JSON answer; absent: a summary without lines. */
  lineas?: string;
  /** Its layout as a table; absent: JSON only. */
  tabla?: DisenoTabla<L>;
  /**
   * What it reads: `compras`, the documents the emisor received and the FSEs it issued; absent, the
   * documents it issued.
   */
  fuente?: 'compras';
}
const libro = <L>(l: Libro<L>) => l as Libro;

type LineaDe<F extends (p: Periodo) => LibroEnCurso> = ReturnType<ReturnType<F>['dia']>[number];

/**
 * A book of a month's documents held at hand, whole (what a test or a small caller has): its lines under
 * `clave`, then its closing figures.
 */
export function libroDelMes<L, C extends object, K extends string = never>(
  curso: { dia(docs: readonly DocumentoLibro[]): L[]; cierre(): C },
  docs: readonly DocumentoLibro[],
  p: Periodo,
  clave?: K,
): { periodo: string } & Record<K, L[]> & C {
  const lineas = agrupados(docs, (d) => d.fecEmi).flatMap((dia) => curso.dia(dia));
  return { periodo: p.periodo, ...(clave ? { [clave]: lineas } : {}), ...curso.cierre() } as {
    periodo: string;
  } & Record<K, L[]> &
    C;
}

const tablaContribuyentes: DisenoTabla<LineaDe<typeof ventasContribuyentes>> = {
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
  fila: (l) => [
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
  ],
};

const tablaConsumidor: DisenoTabla<LineaDe<typeof ventasConsumidor>> = {
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
  fila: (d) => [
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
  ],
};

/**
 * The libro de compras as Reglamento del Código Tributario art. 86 lays it out. Its importaciones e
 * internaciones columns (g, h) are always 0.00: imports come with a Declaración de Mercancías or a
 * Mandamiento de Ingreso, which are no DTE, so no received document carries one.
 */
const tablaCompras: DisenoTabla<LineaDe<typeof libroCompras>> = {
  titulo: 'Libro de compras',
  columnas: [
    { titulo: 'N.º', ancho: 6 },
    { titulo: 'Fecha', ancho: 12 },
    { titulo: 'Tipo', ancho: 6 },
    { titulo: 'Código de generación', ancho: 38 },
    { titulo: 'NIT / DUI', ancho: 16 },
    { titulo: 'Proveedor', ancho: 30, ajustable: true },
    { titulo: 'Exentas y no sujetas', monto: true, ancho: 18 },
    { titulo: 'Gravadas', monto: true },
    { titulo: 'Import. e intern.', monto: true, ancho: 16 },
    { titulo: 'Crédito fiscal', monto: true },
    { titulo: 'IVA percibido', monto: true },
    { titulo: 'IVA retenido', monto: true },
    { titulo: 'Sujetos excluidos', monto: true, ancho: 16 },
    { titulo: 'Total compras', monto: true },
  ],
  fila: (l) => [
    l.correlativo,
    l.fecha,
    l.tipoDte,
    l.codigoGeneracion,
    l.proveedor.nit ?? l.proveedor.dui,
    l.proveedor.nombre,
    ZERO.plus(l.montos.exentas).plus(l.montos.noSujetas).toFixed(2),
    l.montos.gravadas,
    '0.00',
    l.montos.creditoFiscal,
    l.montos.ivaPercibido,
    l.montos.ivaRetenido,
    l.montos.sujetosExcluidos,
    l.montos.totalCompras,
  ],
};

/** Each book by the name of its route (`/libros/<nombre>`), with its table layout when it has one. */
export const LIBROS: Record<string, Libro> = {
  'ventas-contribuyentes': libro({ iniciar: ventasContribuyentes, lineas: 'lineas', tabla: tablaContribuyentes }),
  'ventas-consumidor': libro({ iniciar: ventasConsumidor, lineas: 'dias', tabla: tablaConsumidor }),
  'debito-fiscal': libro({ iniciar: debitoFiscal }),
  compras: libro({ iniciar: libroCompras, lineas: 'lineas', tabla: tablaCompras, fuente: 'compras' }),
};
