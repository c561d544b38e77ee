import {
  delEstablecimiento,
  desdeAnulables,
  fechaDeProcesamiento,
  type DocumentoLibro,
  type Dte,
  type LibroEnCurso,
  type Periodo,
} from '@dte/domain';
import type { Documents, StoredDocumentRecord } from './documents';

/** The estados the books read: sealed, awaiting the seal of a lote, invalidated. Rejected ones never count. */
const LEIDOS = new Set(['PROCESSED', 'CONTINGENCIA', 'CANCELLED']);
/** Records read at once: one round of parallel lookups by `_id` (the only lookup FerretDB answers from an index). */
const LOTE = 100;

/**
 * The emisor's documents the books and annexes of a period read, oldest first: those emitted in it, and
 * the earlier ones (up to three periods back) whose invalidation may fall in it. Entries of the emisor's
 * list are walked by number and only the documents of the estados above are read, a batch at a time.
 */
export async function* documentosDelPeriodo(
  documents: Documents,
  emisorId: number,
  p: Periodo,
): AsyncGenerator<DocumentoLibro> {
  let lote: string[] = [];
  const leer = async (codigos: string[]) =>
    Promise.all(
      codigos.map((c) =>
        documents.find(c, ['tipoDte', 'estado', 'numeroControl', 'selloRecibido', 'fecEmi', 'dteJson', 'anulacion']),
      ),
    );
  for await (const e of documents.periodo(emisorId, desdeAnulables(p), p.hasta)) {
    if (!LEIDOS.has(e.estado) || (e.fecEmi < p.desde && e.estado !== 'CANCELLED')) continue;
    lote.push(e.codigoGeneracion);
    if (lote.length < LOTE) continue;
    yield* lectura(await leer(lote));
    lote = [];
  }
  yield* lectura(await leer(lote));
}

function* lectura(docs: (StoredDocumentRecord | null)[]): Generator<DocumentoLibro> {
  for (const doc of docs) {
    if (!doc) continue;
    const anulacion = doc.anulacion as { fhProcesamiento?: string } | null | undefined;
    yield {
      tipoDte: doc.tipoDte,
      estado: doc.estado,
      codigoGeneracion: doc._id,
      numeroControl: doc.numeroControl,
      selloRecibido: doc.selloRecibido ?? null,
      fecEmi: doc.fecEmi,
      dte: lecturaDeLibros(doc.dteJson as Dte, doc.tipoDte),
      anuladoEl: anulacion?.fhProcesamiento ? fechaDeProcesamiento(anulacion.fhProcesamiento) : null,
    };
  }
}

type Json = Record<string, unknown>;

/**
 * What the books read of a DTE, and only that: the lines of sales (up to 2,000 each) are dropped; a
 * Comprobante de Retención keeps its lines, which the retention annexes add up, and a retorno the document
 * it returns from.
 */
function lecturaDeLibros(dte: Dte, tipoDte: string): Dte {
  const receptor = (dte['receptor'] ?? dte['sujetoExcluido']) as Json | null | undefined;
  const emisor = dte['emisor'] as Json | undefined;
  return {
    identificacion: dte.identificacion,
    resumen: dte['resumen'],
    receptor: receptor && {
      nombre: receptor['nombre'],
      nit: receptor['nit'],
      nrc: receptor['nrc'],
      tipoDocumento: receptor['tipoDocumento'],
      numDocumento: receptor['numDocumento'],
      codPais: receptor['codPais'],
    },
    emisor: { tipoItemExpor: emisor?.['tipoItemExpor'] },
    ...(tipoDte === '07' ? { cuerpoDocumento: dte['cuerpoDocumento'] } : {}),
    // The retorno names its type `tipoEvento`: the record's tipoDte is read instead.
    ...(tipoDte === '18' ? { documentoRelacionado: dte['documentoRelacionado'] } : {}),
  };
}

/** `fecha` (YYYY-MM-DD) moved by `dias`. */
function otroDia(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/**
 * The same documents one emission day at a time, for what is computed day by day (the annexes: no row spans
 * two days), so a month is never held whole. The list is in emission order but for documents seconds apart
 * around midnight, so a day is handed over once a document two days later has been read.
 */
export async function* documentosPorDia(
  documents: Documents,
  emisorId: number,
  p: Periodo,
  establecimiento?: string,
): AsyncGenerator<DocumentoLibro[]> {
  const dias = new Map<string, DocumentoLibro[]>();
  const entregar = function* (hasta: string) {
    for (const dia of [...dias.keys()].sort())
      if (dia < hasta) {
        yield dias.get(dia)!;
        dias.delete(dia);
      }
  };
  for await (const d of documentosDelPeriodo(documents, emisorId, p)) {
    if (establecimiento && !delEstablecimiento(d, establecimiento)) continue;
    dias.set(d.fecEmi, [...(dias.get(d.fecEmi) ?? []), d]);
    yield* entregar(otroDia(d.fecEmi, -1));
  }
  yield* entregar('9999-12-31');
}

/**
 * Runs a book over the emisor's month a day of documents at a time, handing each line to `linea` as it is
 * made (awaited, so a slow reader of the answer slows the reads); answers the book's closing figures.
 */
export async function recorrerLibro<L>(
  documents: Documents,
  emisorId: number,
  libro: LibroEnCurso<L>,
  p: Periodo,
  establecimiento: string | undefined,
  linea: (l: L) => unknown,
): Promise<Record<string, unknown>> {
  for await (const dia of documentosPorDia(documents, emisorId, p, establecimiento))
    for (const l of libro.dia(dia)) await linea(l);
  return libro.cierre();
}
