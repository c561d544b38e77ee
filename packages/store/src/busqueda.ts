import type { Connection } from 'mongoose';
import { fichasDeBusqueda, type Buscable } from '@dte/domain';
import { isDuplicateKey } from './db/duplicate-key';

/**
 * Where the search box finds an emisor's documents (`consultaDeBusqueda` in the domain says what a query and
 * a document's fichas are). Each ficha of an emisor is a series numbered from 1 without gaps: its k-th
 * document is `{_id: "<emisorId>:<ficha>:<k>", n}`, n its number on the emisor's list. A series is read by
 * `_id` alone, the only lookup FerretDB (the embedded database) answers from an index, newest first, from
 * its last k, which a few rounds of lookups find: k exists for every k up to the last and for none after it.
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
   * The last k of a series (0: none), from a k known to exist (or 0): the next one (most series read are
   * empty or known to their end), then powers of 4 past it at once, then the gap between the last that
   * exists and the first that does not, 16 points at a time. A few rounds of lookups whatever the series'
   * length (6 for a million).
   */
  private async ultimoDesde(serie: string, desde: number): Promise<number> {
    if (!(await this.existe(serie, desde + 1))) return desde;
    const saltos = Array.from({ length: 12 }, (_, i) => desde + 4 ** i);
    const hay = await Promise.all(saltos.map((k) => this.existe(serie, k)));
    const i = hay.indexOf(false);
    if (i === -1) return this.ultimoDesde(serie, saltos.at(-1)!);
    let [bajo, alto] = [i === 0 ? desde : saltos[i - 1]!, saltos[i]!];
    while (alto - bajo > 1) {
      const paso = Math.ceil((alto - bajo) / 16);
      const puntos: number[] = [];
      for (let k = bajo + paso; k < alto; k += paso) puntos.push(k);
      const existen = await Promise.all(puntos.map((k) => this.existe(serie, k)));
      const j = existen.indexOf(false);
      if (j === -1) bajo = puntos.at(-1)!;
      else [bajo, alto] = [j > 0 ? puntos[j - 1]! : bajo, puntos[j]!];
    }
    return bajo;
  }

  /** How many documents (repetitions included) the emisor has under a ficha, as the last k of its series. */
  async ultimo(emisorId: number, ficha: string): Promise<number> {
    const serie = serieDe(emisorId, ficha);
    const k = await this.ultimoDesde(serie, this.ultimos.get(serie) ?? 0);
    this.recordar(serie, k);
    return k;
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
