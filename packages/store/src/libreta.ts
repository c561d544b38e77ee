import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { importacionRechazada, type DteError, type ErrorDeFila, type FilaValida } from '@dte/domain';
import { isDuplicateKey } from './db/duplicate-key';
import { lastNumber, takeNext } from './db/insert-next';
import { paginaDescendente } from './db/pagina';

/**
 * An emisor's book of entries each unique by a key (the customers by their identity document, the products
 * by their code), kept as everything here is kept under FerretDB, which answers only `_id` lookups from an
 * index and applies concurrent updates non-atomically but enforces `_id` uniqueness:
 *
 * - an entry is `<prefijo>_<emisorId>_<n>`, n the next number of the emisor's series, so a page walks the
 *   numbers down from the newest (`paginaDescendente`) as GET /dte's list does, and a search reads the
 *   entries it walks;
 * - its key is claimed by inserting `{_id: "<emisorId>:<key>", id}` into `<coleccion>_claves` before the
 *   entry is written: of two requests for one key, one inserts the claim and the other is refused. A claim
 *   whose entry is gone or has another key (a crash between two writes) is released once ABANDONO_MS old,
 *   not before: it may be a request on its way;
 * - an import inserts its entries marked with its id, invisible until one insert confirms the import into
 *   `<coleccion>_importaciones`: a crash halfway leaves entries nothing shows, whose claims are released as
 *   abandoned, and an import that meets a key taken meanwhile removes what it inserted.
 */

/** How long a claim without its entry is taken to be a request on its way, not one that crashed. */
const ABANDONO_MS = 60_000;
/** Entries read at once when the whole book is read. */
const LOTE = 100;
/** Rows an import reads or writes at once. */
const LOTE_IMPORTACION = 20;

/** `fn` of every item, LOTE_IMPORTACION at a time, each outcome kept: an import undoes what succeeded. */
async function enLotes<E, R>(items: readonly E[], fn: (item: E) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const resultados: PromiseSettledResult<R>[] = [];
  for (let i = 0; i < items.length; i += LOTE_IMPORTACION)
    resultados.push(...(await Promise.allSettled(items.slice(i, i + LOTE_IMPORTACION).map(fn))));
  return resultados;
}

export interface RegistroLibreta<T> {
  _id: string;
  emisorId: number;
  clave: string;
  datos: T;
  creado: Date;
  modificado: Date;
  /** The import that inserted it: shown once that import is confirmed. */
  importacion?: string;
}

interface Reclamo {
  _id: string;
  id: string;
  fecha: Date;
}

interface Importacion {
  _id: string;
  emisorId: number;
  filas: number;
  fecha: Date;
}

export interface OpcionesLibreta<T> {
  coleccion: string;
  prefijo: string;
  clave: (datos: T) => string;
  /** The field the key is made of, which a conflict of an import's row names. */
  campoClave: string;
  coincide: (datos: T, q: string) => boolean;
  noEncontrado: (id: string) => DteError;
  existe: (id: string, datos: T) => DteError;
}

/** An entry as the API shows it: its id, its fields, when it was created and last changed. */
export function registroView<T extends object>(r: RegistroLibreta<T>) {
  return { id: r._id, ...r.datos, creado: r.creado.toISOString(), modificado: r.modificado.toISOString() };
}

/** The fields without the empty ones: a field sent null and one not sent are kept alike. */
function sinVacios<T extends object>(datos: T): T {
  return JSON.parse(JSON.stringify(datos, (_k, v: unknown) => (v === null ? undefined : v))) as T;
}

export class Libreta<T extends object> {
  constructor(
    private readonly connection: Connection,
    private readonly opciones: OpcionesLibreta<T>,
  ) {}

  private get registros() {
    return this.connection.collection<RegistroLibreta<T>>(this.opciones.coleccion);
  }
  private get reclamos() {
    return this.connection.collection<Reclamo>(`${this.opciones.coleccion}_claves`);
  }
  private get importaciones() {
    return this.connection.collection<Importacion>(`${this.opciones.coleccion}_importaciones`);
  }

  private serie = (emisorId: number) => `${this.opciones.coleccion}:${emisorId}`;
  private idDe = (emisorId: number, n: number) => `${this.opciones.prefijo}_${emisorId}_${n}`;

  /** The entry, if it is the emisor's and shown: another emisor's is answered as one that does not exist. */
  async leer(emisorId: number, id: string): Promise<RegistroLibreta<T>> {
    const registro = await this.registros.findOne({ _id: id });
    if (!registro || registro.emisorId !== emisorId || !(await this.visible(registro)))
      throw this.opciones.noEncontrado(id);
    return registro;
  }

  /** The emisor's entry with the key of `datos`, if any. */
  async conClaveDe(emisorId: number, datos: T): Promise<RegistroLibreta<T> | null> {
    const clave = this.opciones.clave(datos);
    const reclamo = await this.reclamos.findOne({ _id: `${emisorId}:${clave}` });
    const registro = reclamo && (await this.registros.findOne({ _id: reclamo.id }));
    return registro && registro.clave === clave && (await this.visible(registro)) ? registro : null;
  }

  /** A new entry, refused (the book's 409) when the emisor's book has its key. */
  async crear(emisorId: number, datos: T): Promise<RegistroLibreta<T>> {
    const creado = await this.insertar(emisorId, datos);
    if ('existente' in creado) throw this.opciones.existe(creado.existente, datos);
    return creado;
  }

  /** Inserts the entry under the next number, once its key is claimed; or says which entry holds the key. */
  private async insertar(
    emisorId: number,
    datos: T,
    importacion?: string,
  ): Promise<RegistroLibreta<T> | { existente: string }> {
    const id = this.idDe(emisorId, await takeNext(this.connection, this.serie(emisorId)));
    const clave = this.opciones.clave(datos);
    const existente = await this.reclamar(emisorId, clave, id);
    if (existente) return { existente };
    const ahora = new Date();
    const registro: RegistroLibreta<T> = {
      _id: id,
      emisorId,
      clave,
      datos: sinVacios(datos),
      creado: ahora,
      modificado: ahora,
      ...(importacion ? { importacion } : {}),
    };
    try {
      await this.registros.insertOne(registro);
    } catch (err) {
      await this.soltar(emisorId, clave, id);
      throw err;
    }
    return registro;
  }

  /** Replaces the entry's fields; a new key is claimed first and the old one let go after. */
  async reemplazar(emisorId: number, id: string, datos: T): Promise<RegistroLibreta<T>> {
    const actual = await this.leer(emisorId, id);
    const clave = this.opciones.clave(datos);
    const existente = clave === actual.clave ? null : await this.reclamar(emisorId, clave, id);
    if (existente) throw this.opciones.existe(existente, datos);
    const { importacion: _i, ...resto } = actual;
    const nuevo: RegistroLibreta<T> = { ...resto, clave, datos: sinVacios(datos), modificado: new Date() };
    const { matchedCount } = await this.registros.replaceOne({ _id: id }, nuevo);
    if (matchedCount === 0) {
      await this.soltar(emisorId, clave, id);
      throw this.opciones.noEncontrado(id);
    }
    if (clave !== actual.clave) await this.soltar(emisorId, actual.clave, id);
    return nuevo;
  }

  async eliminar(emisorId: number, id: string): Promise<RegistroLibreta<T>> {
    const actual = await this.leer(emisorId, id);
    await this.registros.deleteOne({ _id: id });
    await this.soltar(emisorId, actual.clave, id);
    return actual;
  }

  /** A page of the emisor's entries, newest first, that hold every word of `q`. */
  async pagina(
    emisorId: number,
    { q }: { q?: string },
    cursor: number | null,
    limit: number,
  ): Promise<{ entradas: RegistroLibreta<T>[]; siguiente: number | null }> {
    const confirmadas = new Map<string, Promise<boolean>>();
    const pagina = await paginaDescendente(
      cursor ?? (await lastNumber(this.connection, this.serie(emisorId))),
      async (n) => {
        const registro = await this.registros.findOne({ _id: this.idDe(emisorId, n) });
        return registro && (await this.visible(registro, confirmadas)) ? registro : null;
      },
      { limit, coincide: (r) => !q || this.opciones.coincide(r.datos, q) },
    );
    return pagina;
  }

  /** Every entry of the emisor, oldest first, read a batch at a time: the book's file. */
  async *todos(emisorId: number): AsyncGenerator<RegistroLibreta<T>> {
    const ultimo = await lastNumber(this.connection, this.serie(emisorId));
    const confirmadas = new Map<string, Promise<boolean>>();
    for (let n = 1; n <= ultimo; n += LOTE) {
      const numeros = Array.from({ length: Math.min(LOTE, ultimo - n + 1) }, (_, i) => n + i);
      const lote = await Promise.all(numeros.map((k) => this.registros.findOne({ _id: this.idDe(emisorId, k) })));
      for (const registro of lote) if (registro && (await this.visible(registro, confirmadas))) yield registro;
    }
  }

  /**
   * Every valid row of a file as a new entry, or none: the file's own refusals (`erroresDelArchivo`) and the
   * rows whose entry the book has already are reported together before anything is written, and a row whose
   * key another request takes while the import runs makes it remove what it inserted. The entries are shown
   * together, once the import is confirmed.
   */
  async importar(
    emisorId: number,
    filas: readonly FilaValida<T>[],
    erroresDelArchivo: readonly ErrorDeFila[] = [],
  ): Promise<RegistroLibreta<T>[]> {
    const errores: ErrorDeFila[] = [...erroresDelArchivo];
    const yaEstan = await enLotes(filas, ({ datos }) => this.conClaveDe(emisorId, datos));
    yaEstan.forEach(
      (r, i) => r.status === 'fulfilled' && r.value && errores.push(this.yaEsta(filas[i]!.fila, r.value._id)),
    );
    const fallida = yaEstan.find((r) => r.status === 'rejected');
    if (fallida) throw fallida.reason;
    if (errores.length) throw importacionRechazada(errores);
    const importacion = randomUUID();
    const hechos = await enLotes(filas, ({ datos }) => this.insertar(emisorId, datos, importacion));
    const creados: RegistroLibreta<T>[] = [];
    hechos.forEach((h, i) => {
      if (h.status === 'rejected') return;
      if ('existente' in h.value) errores.push(this.yaEsta(filas[i]!.fila, h.value.existente));
      else creados.push(h.value);
    });
    const fallo = hechos.find((h) => h.status === 'rejected');
    if (fallo || errores.length) {
      await this.deshacer(emisorId, creados);
      throw fallo ? fallo.reason : importacionRechazada(errores);
    }
    await this.importaciones.insertOne({ _id: importacion, emisorId, filas: creados.length, fecha: new Date() });
    return creados;
  }

  private yaEsta(fila: number, id: string): ErrorDeFila {
    return { fila, campo: this.opciones.campoClave, mensaje: `Ya está en la libreta: ${id}` };
  }

  /** What an import inserted, removed with its claims; unconfirmed, none of it was ever shown. */
  private async deshacer(emisorId: number, creados: readonly RegistroLibreta<T>[]): Promise<void> {
    for (const r of creados) {
      await this.registros.deleteOne({ _id: r._id });
      await this.soltar(emisorId, r.clave, r._id);
    }
  }

  /** Whether the entry is shown: not inserted by an import, or by one confirmed. */
  private async visible(r: RegistroLibreta<T>, confirmadas?: Map<string, Promise<boolean>>): Promise<boolean> {
    if (!r.importacion) return true;
    const confirmada =
      confirmadas?.get(r.importacion) ?? this.importaciones.findOne({ _id: r.importacion }).then((i) => i !== null);
    confirmadas?.set(r.importacion, confirmada);
    return confirmada;
  }

  /**
   * Claims `clave` for the entry `id`, or answers the entry that holds it: one shown, or one a request is
   * writing now (a claim younger than ABANDONO_MS). An older claim whose entry is gone, has another key or
   * was never shown (an import that did not end) was left by a request that failed halfway: it is released,
   * and its unshown entry removed.
   */
  private async reclamar(emisorId: number, clave: string, id: string): Promise<string | null> {
    const _id = `${emisorId}:${clave}`;
    for (;;) {
      try {
        await this.reclamos.insertOne({ _id, id, fecha: new Date() });
        return null;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const previo = await this.reclamos.findOne({ _id });
      if (!previo) continue;
      if (previo.id === id) return null;
      const suyo = await this.registros.findOne({ _id: previo.id });
      const mismo = suyo?.clave === clave ? suyo : null;
      if ((mismo && (await this.visible(mismo))) || Date.now() - previo.fecha.getTime() < ABANDONO_MS) return previo.id;
      if (mismo) await this.registros.deleteOne({ _id: mismo._id });
      await this.reclamos.deleteOne({ _id, id: previo.id });
    }
  }

  private async soltar(emisorId: number, clave: string, id: string): Promise<void> {
    await this.reclamos.deleteOne({ _id: `${emisorId}:${clave}`, id });
  }
}
