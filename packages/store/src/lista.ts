import type { Connection } from 'mongoose';
import type { DocumentEstado } from '@dte/contract';
import type { Dte } from '@dte/domain';
import { isDuplicateKey } from './db/duplicate-key';
import { lastNumber, takeNext } from './db/insert-next';

/**
 * The list of an emisor's documents, newest first, kept so it can be read by `_id` alone (the only lookup
 * FerretDB answers from an index): each document takes the next number of its emisor's series and an
 * entry `lista:<emisorId>:<n>` holding what a page shows and filters on. The document records its number
 * (`listaN`); the entry is written with the record (PENDIENTE, on its way to MH) and anew from the record at
 * each change of estado (`Documents`). A number without an entry (its document never reached the record) is
 * skipped. A page walks the numbers down from the newest (or from a cursor), reading entries in parallel
 * batches: no document is read.
 */

export interface EntradaLista {
  _id: string;
  codigoGeneracion: string;
  tipo: string;
  fecEmi: string;
  numeroControl: string;
  receptorNombre: string | null;
  /** NIT, NRC and document number of the receptor (or sujeto excluido), as given. */
  receptor: string[];
  total: string;
  ambiente: string;
  createdAt: Date;
  /** Copied from the document at each change. */
  estado: string;
  selloRecibido: string | null;
  /**
   * What the books read of the document (`lecturaDeLibros`), so a month's books read the list alone;
   * absent on entries written before the books existed, whose record is read instead.
   */
  libro?: { tipoDte: string; dte: Dte };
  /** The date MH accepted the document's invalidation (YYYY-MM-DD, El Salvador); copied at each change. */
  anuladoEl?: string | null;
}

export interface FiltrosLista {
  tipo?: string;
  estado?: DocumentEstado;
  /** Emission dates (fecEmi, El Salvador), inclusive. */
  desde?: string;
  hasta?: string;
  receptor?: string;
  numeroControl?: string;
}

/** Entries read at once: a page of the largest size in one round of parallel lookups. */
const LOTE = 100;
/** Entries one request examines at most: a selective filter answers a shorter page and a cursor. */
const MAX_EXAMINADOS = 1000;

const serie = (emisorId: number) => `lista:${emisorId}`;
const clave = (emisorId: number, n: number) => `${serie(emisorId)}:${n}`;
/** An entry's number on its emisor's list, from its key. */
export const numeroEnLista = (e: Pick<EntradaLista, '_id'>) => Number(e._id.slice(e._id.lastIndexOf(':') + 1));

/** `fecha` (YYYY-MM-DD) moved by `dias`: numbers follow emission order but for documents seconds apart. */
function otroDia(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

export class ListaDocumentos {
  constructor(private readonly connection: Connection) {}

  private get entradas() {
    return this.connection.collection<EntradaLista>('documentos_lista');
  }

  /** The document's number on its emisor's list: taken once, the same on every retry. */
  numero(emisorId: number, codigoGeneracion: string): Promise<number> {
    return takeNext(this.connection, serie(emisorId), codigoGeneracion);
  }

  /**
   * The next number of the emisor's list, for a document that records it with itself: one insert, where
   * `numero` also keeps and looks up who took it. A number whose document is not saved with it stays
   * without entry, and the list skips it.
   */
  siguiente(emisorId: number): Promise<number> {
    return takeNext(this.connection, serie(emisorId));
  }

  /** Writes the document's entry under its number, unless one is there already. */
  async escribir(emisorId: number, n: number, entrada: Omit<EntradaLista, '_id'>): Promise<void> {
    try {
      await this.entradas.insertOne({ _id: clave(emisorId, n), ...entrada });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** Writes the document's entry under its number as it now is, whether or not it was written before. */
  async reemplazar(emisorId: number, n: number, entrada: Omit<EntradaLista, '_id'>): Promise<void> {
    await this.entradas.replaceOne({ _id: clave(emisorId, n) }, entrada, { upsert: true });
  }

  private leer(emisorId: number, n: number) {
    return this.entradas.findOne({ _id: clave(emisorId, n) });
  }

  /**
   * The first number emitted on `fecha` or later, by bisection over the numbers (emission order); a
   * number without an entry (its document never reached the record) counts as earlier.
   */
  private async primero(emisorId: number, fecha: string, ultimo: number): Promise<number> {
    let [bajo, alto] = [1, ultimo + 1];
    while (bajo < alto) {
      const medio = Math.floor((bajo + alto) / 2);
      const entrada = await this.leer(emisorId, medio);
      if (entrada && entrada.fecEmi >= fecha) alto = medio;
      else bajo = medio + 1;
    }
    return bajo;
  }

  /**
   * Where a walk down starts: the cursor, or the newest number; with `hasta`, the last number emitted on
   * it, plus a batch: documents issued seconds apart around midnight may be numbered out of order.
   */
  private async inicio(emisorId: number, filtros: FiltrosLista, cursor: number | null): Promise<number> {
    if (cursor !== null) return cursor;
    const ultimo = await lastNumber(this.connection, serie(emisorId));
    if (!filtros.hasta) return ultimo;
    return Math.min(ultimo, (await this.primero(emisorId, otroDia(filtros.hasta, 1), ultimo)) - 1 + LOTE);
  }

  /**
   * Every entry of documents emitted from `desde` to `hasta` (fecEmi, inclusive), oldest first, read in
   * batches as they are consumed: an export of any period holds one batch in memory. It starts a batch
   * before the first number emitted on `desde` and ends a day after `hasta`, because documents issued
   * seconds apart around midnight may be numbered out of order.
   */
  async *periodo(emisorId: number, desde: string, hasta: string): AsyncGenerator<EntradaLista> {
    const ultimo = await lastNumber(this.connection, serie(emisorId));
    const techo = otroDia(hasta, 1);
    for (let n = Math.max(1, (await this.primero(emisorId, desde, ultimo)) - LOTE); n <= ultimo; n += LOTE) {
      const numeros = Array.from({ length: Math.min(LOTE, ultimo - n + 1) }, (_, i) => n + i);
      for (const entrada of await Promise.all(numeros.map((k) => this.leer(emisorId, k)))) {
        if (!entrada) continue;
        if (entrada.fecEmi > techo) return;
        if (entrada.fecEmi >= desde && entrada.fecEmi <= hasta) yield entrada;
      }
    }
  }

  /**
   * Up to `limit` entries that pass the filters, newest first, from `cursor` down; and where the next page
   * starts (null: no more).
   */
  async pagina(
    emisorId: number,
    filtros: FiltrosLista,
    cursor: number | null,
    limit: number,
  ): Promise<{ entradas: EntradaLista[]; siguiente: number | null }> {
    const encontradas: EntradaLista[] = [];
    let n = await this.inicio(emisorId, filtros, cursor);
    const piso = filtros.desde && otroDia(filtros.desde, -1);
    let examinados = 0;
    while (n >= 1 && encontradas.length < limit && examinados < MAX_EXAMINADOS) {
      // Without filters a page's entries are the next `limit` numbers; with them, read ahead.
      const tamano = Object.keys(filtros).length ? LOTE : limit - encontradas.length;
      const numeros = Array.from({ length: Math.min(tamano, n) }, (_, i) => n - i);
      const lote = await Promise.all(numeros.map((k) => this.leer(emisorId, k)));
      for (const [i, entrada] of lote.entries()) {
        n = numeros[i]! - 1;
        examinados++;
        if (entrada && piso && entrada.fecEmi < piso) return { entradas: encontradas, siguiente: null };
        if (!entrada || !coincide(entrada, filtros)) continue;
        encontradas.push(entrada);
        if (encontradas.length === limit) break;
      }
    }
    return { entradas: encontradas, siguiente: n >= 1 ? n : null };
  }
}

function coincide(e: EntradaLista, f: FiltrosLista): boolean {
  return (
    (!f.tipo || e.tipo === f.tipo) &&
    (!f.estado || e.estado === f.estado) &&
    (!f.desde || e.fecEmi >= f.desde) &&
    (!f.hasta || e.fecEmi <= f.hasta) &&
    (!f.numeroControl || e.numeroControl === f.numeroControl) &&
    (!f.receptor || e.receptor.includes(f.receptor))
  );
}
