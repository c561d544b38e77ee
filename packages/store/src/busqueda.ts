import type { Connection } from 'mongoose';
import { fichasDeBusqueda, type Buscable } from '@dte/domain';
import { isDuplicateKey } from './db/duplicate-key';

/**
 * Where the search box finds an emisor's documents (`consultaDeBusqueda` in the domain says what a query and
 * a document's fichas are). Each ficha of an emisor is a series numbered from 1 without gaps: its k-th
 * document is `{_id: "<emisorId>:<ficha>:<k>", n}`, n its number on the emisor's list. A series is read by
 * `_id` alone, the only lookup FerretDB (the embedded database) answers from an index, newest first, from
 * its last k, which a few rounds of lookups find: k exists for every k up to the last and for none after it
(`menor`: only the shortest of a query's series is walked to its end).
 *
 * A document is added by inserting at the next k of each of its series: one insert for all of them, and,
 * for a series another process added to meanwhile, the insert refused on its `_id` and made again after
 * the new last. Nothing is ever updated, so FerretDB's lost concurrent updates cannot lose a document; a
 * retried write may add a document twice to a series, and a read skips the repetition.
 */
export interface Posicion {
  _id: string;
  n: number;
}

/** A series' last k lies in [bajo, alto): bajo exists (or is 0), alto does not. */
interface Tramo {
  bajo: number;
  alto: number;
}

/** Lookups in one round of the walk from a tramo's bounds to a series' last k. */
const PUNTOS = 64;

/** Series whose last k this process remembers: past it, the oldest is forgotten (and found again if needed). */
const RECORDADAS = 50_000;

const serieDe = (emisorId: number, ficha: string) => `${emisorId}:${ficha}`;

/** The last k this process added or found of each series (per database), a lower bound of the last. */
const ultimosPorBase = new WeakMap<Connection, Map<string, number>>();

export class IndiceBusqueda {
  constructor(private readonly connection: Connection) {}

  private get ultimos(): Map<string, number> {
    let ultimos = ultimosPorBase.get(this.connection);
    if (!ultimos) ultimosPorBase.set(this.connection, (ultimos = new Map()));
    return ultimos;
  }

  private get posiciones() {
    return this.connection.collection<Posicion>('documentos_busqueda');
  }

  private recordar(serie: string, k: number): void {
    this.ultimos.delete(serie);
    this.ultimos.set(serie, k);
    if (this.ultimos.size > RECORDADAS) this.ultimos.delete(this.ultimos.keys().next().value!);
  }

  private async existe(serie: string, k: number): Promise<boolean> {
    return (await this.posiciones.findOne({ _id: `${serie}:${k}` }, { projection: { _id: 1 } })) !== null;
  }

  /**
   * Where a series ends, from a k known to exist (or 0), in one round of lookups: desde + 4^i at once, so
   * `[bajo, alto]` with bajo existing (or desde) and alto not (a series past 4^11 more takes another round).
   */
  private async tramo(serie: string, desde: number): Promise<Tramo> {
    const saltos = Array.from({ length: 12 }, (_, i) => desde + 4 ** i);
    const hay = await Promise.all(saltos.map((k) => this.existe(serie, k)));
    const i = hay.indexOf(false);
    if (i === -1) return this.tramo(serie, saltos.at(-1)!);
    return { bajo: i === 0 ? desde : saltos[i - 1]!, alto: saltos[i]! };
  }

  /** The last k within a tramo: the gap between them, PUNTOS points at a time (2 rounds for a gap up to 4,096). */
  private async ultimoEn(serie: string, { bajo, alto }: Tramo): Promise<number> {
    while (alto - bajo > 1) {
      const paso = Math.ceil((alto - bajo) / PUNTOS);
      const puntos: number[] = [];
      for (let k = bajo + paso; k < alto; k += paso) puntos.push(k);
      const existen = await Promise.all(puntos.map((k) => this.existe(serie, k)));
      const j = existen.indexOf(false);
      if (j === -1) bajo = puntos.at(-1)!;
      else [bajo, alto] = [j > 0 ? puntos[j - 1]! : bajo, puntos[j]!];
    }
    return bajo;
  }

  /** The last k of a series (0: none), from a k known to exist (or 0). */
  private async ultimoDesde(serie: string, desde: number): Promise<number> {
    return this.ultimoEn(serie, await this.tramo(serie, desde));
  }

  /**
   * Of the emisor's series of `fichas`, the shortest and its last k (the number of its documents, repetitions
   * included): every series is bounded from 0 in one round, and only the one whose bound is lowest (the first
   * of them on a tie) is then walked to its end, from what this process remembers of it, so a query's common
   * words (long series) cost that one round and not the several their end would. The choice depends on the
   * series alone, never on this process's memory, so a page's cursor (a position in the series) means the
   * same on the next page and on another replica.
   */
  async menor(emisorId: number, fichas: readonly string[]): Promise<{ ficha: string; ultimo: number }> {
    const series = fichas.map((f) => serieDe(emisorId, f));
    const tramos = await Promise.all(series.map((s) => this.tramo(s, 0)));
    const i = tramos.reduce((m, t, j) => (t.alto < tramos[m]!.alto ? j : m), 0);
    const { bajo, alto } = tramos[i]!;
    // What this process remembers existed, and exists still: entries are never removed.
    const recordado = Math.min(this.ultimos.get(series[i]!) ?? 0, alto - 1);
    const ultimo = await this.ultimoEn(series[i]!, { bajo: Math.max(bajo, recordado), alto });
    this.recordar(series[i]!, ultimo);
    return { ficha: fichas[i]!, ultimo };
  }

  /** Adds document number `n` of the emisor under each of its fichas. */
  async agregar(emisorId: number, n: number, documento: Buscable): Promise<void> {
    const series = fichasDeBusqueda(documento).map((f) => serieDe(emisorId, f));
    const intentos = series.map((serie) => ({ serie, k: (this.ultimos.get(serie) ?? 0) + 1 }));
    const rechazados = new Set<number>();
    try {
      await this.posiciones.insertMany(
        intentos.map(({ serie, k }) => ({ _id: `${serie}:${k}`, n })),
        { ordered: false },
      );
    } catch (err) {
      const errores = (err as { writeErrors?: unknown }).writeErrors;
      const lista = (Array.isArray(errores) ? errores : errores ? [errores] : []) as { index: number; code: number }[];
      if (!lista.length || lista.some((e) => !isDuplicateKey(e))) throw err;
      for (const e of lista) rechazados.add(e.index);
    }
    await Promise.all(
      intentos.map(async ({ serie, k }, i) => {
        if (!rechazados.has(i)) return this.recordar(serie, k);
        for (let ultimo = await this.ultimoDesde(serie, k); ; ultimo = await this.ultimoDesde(serie, ultimo + 1)) {
          try {
            await this.posiciones.insertOne({ _id: `${serie}:${ultimo + 1}`, n });
            return this.recordar(serie, ultimo + 1);
          } catch (err) {
            if (!isDuplicateKey(err)) throw err;
          }
        }
      }),
    );
  }

  /** The list numbers at positions `ks` of the emisor's series of `ficha` (null where none is). */
  async leer(emisorId: number, ficha: string, ks: readonly number[]): Promise<(number | null)[]> {
    const serie = serieDe(emisorId, ficha);
    return Promise.all(ks.map(async (k) => (await this.posiciones.findOne({ _id: `${serie}:${k}` }))?.n ?? null));
  }
}
