import {
  delEstablecimiento,
  desdeAnulables,
  lecturaCompleta,
  lecturaDeLibros,
  type DocumentoLibro,
  type LibroEnCurso,
  type Periodo,
} from '@dte/domain';
import { anuladoEl, type AnulacionRecord, type Documents } from './documents';
import { dteGuardado } from './dte-guardado';
import { numeroEnLista, type EntradaLista } from './lista';

/** The estados the books read: sealed, awaiting the seal of a lote, invalidated. Rejected ones never count. */
const LEIDOS = new Set(['PROCESSED', 'CONTINGENCIA', 'CANCELLED']);
/** Records read at once: one round of parallel lookups by `_id` (the only lookup FerretDB answers from an index). */
const LOTE = 100;

/**
 * The emisor's documents the books and annexes of a period read, oldest first: those emitted in it, and
 * the earlier ones (up to three periods back) whose invalidation may fall in it. Entries of the emisor's
 * list are walked by number; each carries what the books read of its document (`lecturaDeLibros`), so no
 * record is read, but for entries written before the books existed (or before they read what they read now:
 * `lecturaCompleta`), whose records are read a batch at a time.
 */
export async function* documentosDelPeriodo(
  documents: Documents,
  emisorId: number,
  p: Periodo,
): AsyncGenerator<DocumentoLibro> {
  let lote: Promise<DocumentoLibro | null>[] = [];
  for await (const e of documents.periodo(emisorId, desdeAnulables(p), p.hasta)) {
    if (!LEIDOS.has(e.estado) || (e.fecEmi < p.desde && e.estado !== 'CANCELLED')) continue;
    lote.push(
      e.libro && lecturaCompleta(e.libro.tipoDte, e.libro.dte)
        ? Promise.resolve(deLaEntrada(e, e.libro))
        : delRegistro(documents, e),
    );
    if (lote.length < LOTE) continue;
    for (const d of await Promise.all(lote)) if (d) yield d;
    lote = [];
  }
  for (const d of await Promise.all(lote)) if (d) yield d;
}

function deLaEntrada(e: EntradaLista, libro: NonNullable<EntradaLista['libro']>): DocumentoLibro {
  return {
    tipoDte: libro.tipoDte,
    estado: e.estado,
    codigoGeneracion: e.codigoGeneracion,
    numeroControl: e.numeroControl,
    selloRecibido: e.selloRecibido,
    fecEmi: e.fecEmi,
    dte: libro.dte,
    anuladoEl: e.anuladoEl ?? null,
    orden: numeroEnLista(e),
  };
}

async function delRegistro(documents: Documents, e: EntradaLista): Promise<DocumentoLibro | null> {
  const doc = await documents.find(e.codigoGeneracion, [
    'tipoDte',
    'estado',
    'numeroControl',
    'selloRecibido',
    'fecEmi',
    'dteJson',
    'anulacion',
  ]);
  if (!doc) return null;
  return {
    tipoDte: doc.tipoDte,
    estado: doc.estado,
    codigoGeneracion: doc._id,
    numeroControl: doc.numeroControl,
    selloRecibido: doc.selloRecibido ?? null,
    fecEmi: doc.fecEmi,
    dte: lecturaDeLibros(dteGuardado(doc), doc.tipoDte),
    anuladoEl: anuladoEl(doc.anulacion as AnulacionRecord | null | undefined),
    orden: numeroEnLista(e),
  };
}

/**
 * Documents read past a day before it is handed over: the list's numbers follow emission order but for
 * documents issued seconds apart around midnight, which are out of order by less than this (the margin
 * `ListaDocumentos.periodo` reads by too).
 */
const MARGEN = 100;

/**
 * The same documents one emission day at a time, for what is computed day by day (no line of a book nor row
 * of an annex spans two days), so a month is never held whole: a day is handed over once MARGEN documents
 * of later days have been read.
 */
export async function* documentosPorDia(
  documents: Documents,
  emisorId: number,
  p: Periodo,
  establecimiento?: string,
): AsyncGenerator<DocumentoLibro[]> {
  const dias = new Map<string, { docs: DocumentoLibro[]; despues: number }>();
  for await (const d of documentosDelPeriodo(documents, emisorId, p)) {
    for (const [fecha, dia] of dias) if (fecha < d.fecEmi) dia.despues++;
    if (!establecimiento || delEstablecimiento(d, establecimiento)) {
      const dia = dias.get(d.fecEmi) ?? { docs: [], despues: 0 };
      dia.docs.push(d);
      dias.set(d.fecEmi, dia);
    }
    for (const fecha of [...dias.keys()].sort()) {
      if (dias.get(fecha)!.despues < MARGEN) break;
      yield dias.get(fecha)!.docs;
      dias.delete(fecha);
    }
  }
  for (const fecha of [...dias.keys()].sort()) yield dias.get(fecha)!.docs;
}

/**
 * Runs a book over the batches of documents it reads (`lotesDeLibro`: a day of the emisor's documents, a
 * batch of those it received), handing each line to `linea` as it is made (awaited, so a slow reader of the
 * answer slows the reads); answers the book's closing figures.
 */
export async function recorrerLibro<L>(
  lotes: AsyncIterable<DocumentoLibro[]>,
  libro: LibroEnCurso<L>,
  linea: (l: L) => unknown,
): Promise<Record<string, unknown>> {
  for await (const lote of lotes) for (const l of libro.dia(lote)) await linea(l);
  return libro.cierre();
}
