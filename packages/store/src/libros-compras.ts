import {
  clasificacionRenta,
  type ClasificacionRenta,
  type CompraLibro,
  type DocumentoLibro,
  type Dte,
  type Periodo,
} from '@dte/domain';
import type { Compras, CompraRecord } from './compras';
import type { Documents } from './documents';
import { documentosPorDia } from './libros';

/**
 * What the purchase books and annexes read (docs/anexos-f07.md, "Purchases"): the documents the emisor
 * received, a batch of records at a time in the order the service recorded them (`Compras.recorrerPeriodo`),
 * and the FSEs it issued, a day at a time from its own list. A month of any size holds one batch.
 */

/** The fecEmi months (YYYY-MM) a period spans: a month, or each month of a date range. */
function mesesDe(p: Periodo): string[] {
  const meses: string[] = [];
  for (let mes = p.desde.slice(0, 7); mes <= p.hasta.slice(0, 7);) {
    meses.push(mes);
    const [anio, m] = mes.split('-').map(Number) as [number, number];
    mes = m === 12 ? `${anio + 1}-01` : `${anio}-${String(m + 1).padStart(2, '0')}`;
  }
  return meses;
}

/** A classification as stored, if it is one DGII takes (a record written by hand may hold anything). */
const valida = (c: unknown): ClasificacionRenta | null => clasificacionRenta.safeParse(c).data ?? null;

function deLaCompra(r: CompraRecord, clasificacion: ClasificacionRenta | null): CompraLibro {
  const respuesta = r.respuestaMh as { selloRecibido?: unknown } | null;
  return {
    tipoDte: r.tipoDte,
    estado: r.estado,
    codigoGeneracion: r.codigoGeneracion,
    numeroControl: r.numeroControl ?? '',
    selloRecibido: r.selloRecibido ?? (typeof respuesta?.selloRecibido === 'string' ? respuesta.selloRecibido : null),
    fecEmi: r.fecEmi,
    dte: r.dteJson as Dte,
    anuladoEl: null,
    clasificacion,
  };
}

/**
 * The documents the emisor received in a period, a batch at a time, each with its Renta classification:
 * its own, else the default the accountant set for its supplier (read once per supplier and walk).
 */
export async function* comprasDelPeriodo(
  compras: Compras,
  emisorId: number,
  p: Periodo,
): AsyncGenerator<CompraLibro[]> {
  const defectos = new Map<string, Promise<ClasificacionRenta | null>>();
  const defecto = (nit: string) => {
    if (!defectos.has(nit)) defectos.set(nit, compras.defectoProveedor(emisorId, nit).then(valida));
    return defectos.get(nit)!;
  };
  for (const mes of mesesDe(p))
    for await (const lote of compras.recorrerPeriodo(emisorId, mes))
      yield Promise.all(
        lote.map(async (r) => deLaCompra(r, valida(r.clasificacion) ?? (await defecto(r.proveedor.nit ?? '')))),
      );
}

/** What a book or annex reads: the documents the emisor issued, those it received, or both (purchases). */
export type LeeLibro = 'emitidos' | 'recibidos' | 'compras';

/** Where the books and annexes read from. */
export interface FuentesLibros {
  documents: Documents;
  compras: Compras;
}

/**
 * The batches a book or annex reads, by what it reads: the documents the emisor issued (a day at a time,
 * of one establishment or all), the documents it received, or both for the libro de compras (the received
 * ones, then the days of its own FSEs).
 */
export async function* lotesDeLibro(
  fuentes: FuentesLibros,
  lee: LeeLibro,
  emisorId: number,
  p: Periodo,
  establecimiento?: string,
): AsyncGenerator<DocumentoLibro[]> {
  if (lee !== 'emitidos') yield* comprasDelPeriodo(fuentes.compras, emisorId, p);
  if (lee === 'recibidos') return;
  for await (const dia of documentosPorDia(fuentes.documents, emisorId, p, establecimiento)) {
    const leidos = lee === 'compras' ? dia.filter((d) => d.tipoDte === '14') : dia;
    if (leidos.length) yield leidos;
  }
}
