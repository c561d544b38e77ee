import type { Connection } from 'mongoose';
import type { DocumentEstado } from '@dte/contract';
import { consultaDeBusqueda, mismoIdentificador, type ConsultaBusqueda, type Dte } from '@dte/domain';
import { IndiceBusqueda } from './busqueda';
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
  /**
   * The document is in the search's index (`IndiceBusqueda`): set with the entry written after it, absent on
   * entries written before the search existed (`hacerBuscables` adds them).
   */
  buscable?: true;
  /**
   * Set on a document issued with another provider and imported (issue 53): the El Salvador date it joined
   * the list, where it stands in the list's order instead of at its fecEmi (see `posicion`).
   */
  fechaLista?: string;
}

export interface FiltrosLista {
  tipo?: string;
  estado?: DocumentEstado;
  /** Emission dates (fecEmi, El Salvador), inclusive. */
  desde?: string;
  hasta?: string;
  receptor?: string;
  numeroControl?: string;
  /** The search box (`consultaDeBusqueda`). */
  q?: string;
}

/** Entries read at once: a page of the largest size in one round of parallel lookups. */
const LOTE = 100;
/** Entries one request examines at most: a selective filter answers a shorter page and a cursor. */
const MAX_EXAMINADOS = 1000;
/** Entries of the search read in one round at most, when few of those read so far matched. */
const MAX_LOTE = 400;

const serie = (emisorId: number) => `lista:${emisorId}`;
/**
 * An emisor's imported documents of a month, by their numbers on the list (`importados:<emisorId>:<YYYY-MM>:<k>`),
 * so a period finds those the list holds at the date they were imported; `importados:<emisorId>` says the
 * emisor has some.
 */
const serieImportados = (emisorId: number, mes: string) => `importados:${emisorId}:${mes}`;
const marcaImportados = (emisorId: number) => `importados:${emisorId}`;

/**
 * Where an entry stands in the list's order, which follows emission: its fecEmi, but for an imported document
 * the date it joined the list, months after it was emitted elsewhere. Every walk that stops or starts by date
 * reads this; every filter reads fecEmi.
 */
const posicion = (e: Pick<EntradaLista, 'fecEmi' | 'fechaLista'>) => e.fechaLista ?? e.fecEmi;

/** The months (YYYY-MM) from `desde`'s to `hasta`'s. */
function meses(desde: string, hasta: string): string[] {
  const lista: string[] = [];
  for (let [a, m] = [Number(desde.slice(0, 4)), Number(desde.slice(5, 7))]; ; m === 12 ? (a++, (m = 1)) : m++) {
    const mes = `${a}-${String(m).padStart(2, '0')}`;
    if (mes > hasta.slice(0, 7)) return lista;
    lista.push(mes);
  }
}
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
  private readonly indice: IndiceBusqueda;

  constructor(private readonly connection: Connection) {
    this.indice = new IndiceBusqueda(connection);
  }

  private get entradas() {
    return this.connection.collection<EntradaLista>('documentos_lista');
  }

  private get importados() {
    return this.connection.collection<{ _id: string; n?: number }>('documentos_importados');
  }

  /**
   * Files an imported document's entry (written with `escribir`, with its `fechaLista`) under its month, so a
   * period of its fecEmi finds it. The same on every retry: the month's number is taken once per document.
   */
  async archivarImportado(emisorId: number, n: number, entrada: Pick<EntradaLista, 'fecEmi' | 'codigoGeneracion'>) {
    const serieMes = serieImportados(emisorId, entrada.fecEmi.slice(0, 7));
    const k = await takeNext(this.connection, serieMes, entrada.codigoGeneracion);
    for (const documento of [{ _id: `${serieMes}:${k}`, n }, { _id: marcaImportados(emisorId) }])
      await this.importados.insertOne(documento).catch((err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
      });
  }

  /** The entries of the emisor's imported documents emitted from `desde` to `hasta`, a batch read at a time. */
  private async *importadosDelPeriodo(emisorId: number, desde: string, hasta: string): AsyncGenerator<EntradaLista> {
    if (!(await this.importados.findOne({ _id: marcaImportados(emisorId) }))) return;
    for (const mes of meses(desde, hasta)) {
      const serieMes = serieImportados(emisorId, mes);
      const ultimo = await lastNumber(this.connection, serieMes);
      for (let k = 1; k <= ultimo; k += LOTE) {
        const ks = Array.from({ length: Math.min(LOTE, ultimo - k + 1) }, (_, i) => k + i);
        const numeros = await Promise.all(ks.map((i) => this.importados.findOne({ _id: `${serieMes}:${i}` })));
        const entradas = await Promise.all(numeros.map((d) => (d?.n ? this.leer(emisorId, d.n) : null)));
        for (const e of entradas) if (e && e.fecEmi >= desde && e.fecEmi <= hasta) yield e;
      }
    }
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

  /**
   * Puts the document in the search's index unless its entry says it is there: the index first, the entry
   * after, so an entry that says so is never ahead of the index (a write retried in between indexes twice).
   * Answers whether there was an entry.
   */
  private async indexar(emisorId: number, n: number, entrada: Omit<EntradaLista, '_id'>): Promise<boolean> {
    const previa = await this.entradas.findOne({ _id: clave(emisorId, n) }, { projection: { buscable: 1 } });
    if (!previa?.buscable) await this.indice.agregar(emisorId, n, entrada);
    return previa !== null;
  }

  /** Writes the document's entry under its number, unless one is there already (then only indexes it). */
  async escribir(emisorId: number, n: number, entrada: Omit<EntradaLista, '_id'>): Promise<void> {
    const _id = clave(emisorId, n);
    if (await this.indexar(emisorId, n, entrada)) {
      await this.entradas.updateOne({ _id }, { $set: { buscable: true } });
      return;
    }
    try {
      await this.entradas.insertOne({ _id, ...entrada, buscable: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** Writes the document's entry under its number as it now is, whether or not it was written before. */
  async reemplazar(emisorId: number, n: number, entrada: Omit<EntradaLista, '_id'>): Promise<void> {
    await this.indexar(emisorId, n, entrada);
    await this.entradas.replaceOne({ _id: clave(emisorId, n) }, { ...entrada, buscable: true }, { upsert: true });
  }

  /**
   * Puts in the search's index the emisor's documents listed before it existed, oldest first, and answers
   * how many. Run once after the upgrade (admin CLI `documentos buscables`); a document listed meanwhile is
   * found before them in its fichas, so their order there is not the list's.
   */
  async hacerBuscables(emisorId: number): Promise<number> {
    const ultimo = await lastNumber(this.connection, serie(emisorId));
    let hechos = 0;
    for (let n = 1; n <= ultimo; n++) {
      const entrada = await this.leer(emisorId, n);
      if (!entrada || entrada.buscable) continue;
      await this.escribir(emisorId, n, entrada);
      hechos++;
    }
    return hechos;
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
      if (entrada && posicion(entrada) >= fecha) alto = medio;
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
    // Imported documents stand at the date they were imported, after any `hasta` their fecEmi passes.
    if (!filtros.hasta || (await this.importados.findOne({ _id: marcaImportados(emisorId) }))) return ultimo;
    return Math.min(ultimo, (await this.primero(emisorId, otroDia(filtros.hasta, 1), ultimo)) - 1 + LOTE);
  }

  /**
   * Every entry of documents emitted from `desde` to `hasta` (fecEmi, inclusive), read in batches as they are
   * consumed: an export of any period holds one batch in memory. Those issued here come oldest first: the walk
   * starts a batch before the first number emitted on `desde` and ends a day after `hasta`, because documents
   * issued seconds apart around midnight may be numbered out of order. Imported ones come after them, by month.
   */
  async *periodo(emisorId: number, desde: string, hasta: string): AsyncGenerator<EntradaLista> {
    const ultimo = await lastNumber(this.connection, serie(emisorId));
    const techo = otroDia(hasta, 1);
    recorrido: for (let n = Math.max(1, (await this.primero(emisorId, desde, ultimo)) - LOTE); n <= ultimo; n += LOTE) {
      const numeros = Array.from({ length: Math.min(LOTE, ultimo - n + 1) }, (_, i) => n + i);
      for (const entrada of await Promise.all(numeros.map((k) => this.leer(emisorId, k)))) {
        if (!entrada) continue;
        if (posicion(entrada) > techo) break recorrido;
        if (!entrada.fechaLista && entrada.fecEmi >= desde && entrada.fecEmi <= hasta) yield entrada;
      }
    }
    yield* this.importadosDelPeriodo(emisorId, desde, hasta);
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
    const consulta = filtros.q ? consultaDeBusqueda(filtros.q) : null;
    if (consulta) return this.busqueda(emisorId, filtros, consulta, cursor, limit);
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
        if (entrada && piso && posicion(entrada) < piso) return { entradas: encontradas, siguiente: null };
        if (!entrada || !coincide(entrada, filtros)) continue;
        encontradas.push(entrada);
        if (encontradas.length === limit) break;
      }
    }
    return { entradas: encontradas, siguiente: n >= 1 ? n : null };
  }

  /**
   * A page of the search: the series of the query's ficha with the fewest documents (`IndiceBusqueda`), read
   * newest first from `cursor` (a position in it) down, each document's entry checked against the query and
   * the other filters. As `pagina`, at most MAX_EXAMINADOS are examined: a page may come back short, with a cursor.
   */
  private async busqueda(
    emisorId: number,
    filtros: FiltrosLista,
    consulta: ConsultaBusqueda,
    cursor: number | null,
    limit: number,
  ): Promise<{ entradas: EntradaLista[]; siguiente: number | null }> {
    const { ficha, ultimo } = await this.indice.menor(emisorId, consulta.fichas);
    let k = Math.min(cursor ?? Infinity, ultimo);
    const encontradas: EntradaLista[] = [];
    const vistos = new Set<number>();
    let examinados = 0;
    while (k >= 1 && encontradas.length < limit && examinados < MAX_EXAMINADOS) {
      // First what the page lacks; then as many as the share that matched so far says the rest of the page
      // needs (a ficha of two words' first letters also holds other words), so a page takes few rounds.
      const tamano = examinados
        ? Math.min(aLeer(limit - encontradas.length, encontradas.length / examinados), MAX_EXAMINADOS - examinados)
        : limit;
      const ks = Array.from({ length: Math.min(tamano, k) }, (_, j) => k - j);
      const numeros = await this.indice.leer(emisorId, ficha, ks);
      const lote = await Promise.all(
        numeros.map((n) => (n === null || vistos.has(n) ? null : (vistos.add(n), this.leer(emisorId, n)))),
      );
      for (const [j, entrada] of lote.entries()) {
        k = ks[j]! - 1;
        examinados++;
        if (!entrada || !consulta.coincide(entrada) || !coincide(entrada, filtros)) continue;
        encontradas.push(entrada);
        if (encontradas.length === limit) break;
      }
    }
    return { entradas: encontradas, siguiente: k >= 1 ? k : null };
  }
}

/**
 * Entries to read for `faltan` more matches when `proporcion` of those examined matched: a fifth more than
 * that share says, at least a LOTE and at most a MAX_LOTE.
 */
function aLeer(faltan: number, proporcion: number): number {
  const estimadas = proporcion > 0 ? Math.ceil((faltan / proporcion) * 1.2) : MAX_EXAMINADOS;
  return Math.min(Math.max(estimadas, LOTE), MAX_LOTE);
}

function coincide(e: EntradaLista, f: FiltrosLista): boolean {
  return (
    (!f.tipo || e.tipo === f.tipo) &&
    (!f.estado || e.estado === f.estado) &&
    (!f.desde || e.fecEmi >= f.desde) &&
    (!f.hasta || e.fecEmi <= f.hasta) &&
    (!f.numeroControl || e.numeroControl === f.numeroControl) &&
    (!f.receptor || e.receptor.some((id) => mismoIdentificador(id, f.receptor!)))
  );
}
