import {
  clasificacionRenta,
  type ClasificacionRenta,
  type CompraLibro,
  type DocumentoLibro,
  librosDe,
  type Periodo,
} from '@dte/domain';
import type { Compras, CompraRecord, EntradaCompra, LibroCompra } from './compras';
import { selloDeCompra } from './lectura-compra';
import type { Documents } from './documents';
import { dteGuardado } from './dte-guardado';
import { documentosPorDia } from './libros';

/**
 * What the purchase books and annexes read (docs/anexos-f07.md, "Purchases"): the documents the emisor
 * received, a batch of its period's list entries at a time in the order the service recorded them
 * (`Compras.entradasDelPeriodo`), each keeping what the books read of its document (`lecturaDeCompra`),
 * and the FSEs it issued, a day at a time from its own list. A month of any size holds two batches.
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

/** A received document as its period's entry keeps it for the books, or (an entry without) as its record has it. */
interface Leida {
  libro: LibroCompra;
  codigoGeneracion: string;
  estado: string;
  selloRecibido: string | null;
  clasificacion: unknown;
}

function deLaEntrada(e: EntradaCompra, libro: LibroCompra): Leida {
  return {
    libro,
    codigoGeneracion: e.codigoGeneracion,
    estado: e.estado!,
    selloRecibido: e.selloRecibido ?? null,
    clasificacion: e.clasificacion,
  };
}

function delRegistro(r: CompraRecord): Leida {
  return {
    libro: {
      tipoDte: r.tipoDte,
      numeroControl: r.numeroControl ?? '',
      fecEmi: r.fecEmi,
      proveedorNit: r.proveedor.nit ?? null,
      dte: dteGuardado(r),
    },
    codigoGeneracion: r.codigoGeneracion,
    estado: r.estado,
    selloRecibido: selloDeCompra(r),
    clasificacion: r.clasificacion,
  };
}

function deLaCompra({ libro, ...c }: Leida, clasificacion: ClasificacionRenta | null): CompraLibro {
  return {
    tipoDte: libro.tipoDte,
    estado: c.estado,
    codigoGeneracion: c.codigoGeneracion,
    numeroControl: libro.numeroControl,
    selloRecibido: c.selloRecibido,
    fecEmi: libro.fecEmi,
    dte: libro.dte,
    anuladoEl: null,
    clasificacion,
  };
}

/**
 * The period's entries as the books read them: one read per document, but for entries written before they
 * kept what the books read, whose records are read with the batch.
 */
async function* leidas(compras: Compras, emisorId: number, mes: string): AsyncGenerator<Leida[]> {
  for await (const lote of compras.entradasDelPeriodo(emisorId, mes)) {
    const leidas = await Promise.all(
      lote.map(async (e) => {
        if (e.libro) return deLaEntrada(e, e.libro);
        const r = await compras.leer(emisorId, e.codigoGeneracion);
        return r && delRegistro(r);
      }),
    );
    yield leidas.filter((l): l is Leida => !!l);
  }
}

/**
 * A walk of batches that asks for the next one as it hands one over, so the database reads it while the
 * current one is written: two batches in memory. One stopped early lets the read under way end.
 */
async function* conAdelanto<T>(lotes: AsyncGenerator<T>): AsyncGenerator<T> {
  let siguiente = lotes.next();
  try {
    for (let r = await siguiente; !r.done; r = await siguiente) {
      siguiente = lotes.next();
      yield r.value;
    }
  } finally {
    await siguiente.catch(() => undefined);
    await lotes.return(undefined);
  }
}

/**
 * The documents the emisor received in a period, a batch at a time, each with its Renta classification:
 * its own, else the default the accountant set for its supplier (read once per supplier and walk, so a
 * changed default applies to every document without one at the next walk).
 */
export function comprasDelPeriodo(compras: Compras, emisorId: number, p: Periodo): AsyncGenerator<CompraLibro[]> {
  const defectos = new Map<string, Promise<ClasificacionRenta | null>>();
  const defecto = (nit: string) => {
    if (!defectos.has(nit)) defectos.set(nit, compras.defectoProveedor(emisorId, nit).then(valida));
    return defectos.get(nit)!;
  };
  async function* lotes() {
    for (const mes of mesesDe(p))
      for await (const lote of leidas(compras, emisorId, mes))
        yield Promise.all(
          lote.map(async (l) => deLaCompra(l, valida(l.clasificacion) ?? (await defecto(l.libro.proveedorNit ?? '')))),
        );
  }
  return conAdelanto(lotes());
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
    // Of what it issued, the libro de compras lists its own purchases (the FSEs: the kind registry's `libros`).
    const leidos =
      lee === 'compras' ? dia.filter((d) => librosDe(d.tipoDte).emitido === 'COMPRAS_A_SUJETOS_EXCLUIDOS') : dia;
    if (leidos.length) yield leidos;
  }
}
