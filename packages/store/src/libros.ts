import {
  delEstablecimiento,
  desdeAnulables,
  fechaDeProcesamiento,
  type DocumentoLibro,
  type Dte,
  type Periodo,
} from '@dte/domain';
import type { Documents } from './documents';

/** The estados the books read: sealed, awaiting the seal of a lote, invalidated. Rejected ones never count. */
const LEIDOS = new Set(['PROCESSED', 'CONTINGENCIA', 'CANCELLED']);

/**
 * The emisor's documents the books and annexes of a period read, oldest first: those emitted in it, and
 * the earlier ones (up to three periods back) whose invalidation may fall in it. Entries of the emisor's
 * list are walked by number and only the documents of the estados above are read.
 */
export async function* documentosDelPeriodo(
  documents: Documents,
  emisorId: number,
  p: Periodo,
): AsyncGenerator<DocumentoLibro> {
  for await (const e of documents.periodo(emisorId, desdeAnulables(p), p.hasta)) {
    if (!LEIDOS.has(e.estado) || (e.fecEmi < p.desde && e.estado !== 'CANCELLED')) continue;
    const doc = await documents.find(e.codigoGeneracion, [
      'tipoDte',
      'estado',
      'numeroControl',
      'selloRecibido',
      'fecEmi',
      'dteJson',
      'anulacion',
    ]);
    if (!doc) continue;
    const anulacion = doc.anulacion as { fhProcesamiento?: string } | null | undefined;
    const dte = doc.dteJson as Dte;
    yield {
      tipoDte: doc.tipoDte,
      estado: doc.estado,
      codigoGeneracion: e.codigoGeneracion,
      numeroControl: doc.numeroControl,
      selloRecibido: doc.selloRecibido ?? null,
      fecEmi: doc.fecEmi,
      dte: lecturaDeLibros(dte),
      anuladoEl: anulacion?.fhProcesamiento ? fechaDeProcesamiento(anulacion.fhProcesamiento) : null,
    };
  }
}

type Json = Record<string, unknown>;

/**
 * What the books read of a DTE, and only that: a month of documents is held whole while its book is
 * computed, so the lines of sales (up to 2,000 each) are dropped; a Comprobante de Retención keeps its lines,
 * which the retention annexes add up.
 */
function lecturaDeLibros(dte: Dte): Dte {
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
    ...(dte.identificacion.tipoDte === '07' ? { cuerpoDocumento: dte['cuerpoDocumento'] } : {}),
  };
}

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
