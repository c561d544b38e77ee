import type { Connection, mongo } from 'mongoose';
import { DteError, ErrorCode } from '@dte/domain';
import { isDuplicateKey } from './duplicate-key';

/** Calls on one key run one after the other in this process (a promise chain per key). */
const queues = new Map<string, Promise<unknown>>();
export function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => queues.get(key) === tail && queues.delete(key));
  return run;
}

interface Claim {
  _id: string;
  n?: number;
}
interface Hint {
  _id: string;
  n: number;
}

/** The last number this process took of each series (per database), so a claim needs no read. */
const lastTaken = new WeakMap<Connection, Map<string, number>>();
/** How often the shared hint is moved forward: a process starting cold tries at most this many taken numbers. */
const HINT_EVERY = 32;

/**
 * Takes the next integer of a named series (record ids, numeroControl correlativos): consecutive, and
 * never handed out twice under any concurrency, across processes.
 *
 * FerretDB, the embedded database, applies concurrent `$inc` updates non-atomically (50 concurrent
 * increments were seen to yield 17 distinct values) but enforces `_id` uniqueness. So a number is taken
 * by inserting the claim `{_id: "<series>:<n>"}`: the loser of a race gets E11000 and tries n+1. Within
 * one process claims on a series are queued and the last number is remembered, so a claim is one insert;
 * races only happen across processes. A process starting cold begins at a shared hint, moved forward
 * every HINT_EVERY numbers and after every lost race.
 *
 * With an `owner` (e.g. the codigoGeneracion a correlativo is for) the claim is idempotent: a retried
 * activity gets the number its first attempt took, so a timeout leaves no gap in the series.
 */
export async function takeNext(connection: Connection, series: string, owner?: string): Promise<number> {
  const claims = connection.collection<Claim>('claims');
  const hints = connection.collection<Hint>('claim_hints');
  const ownerId = owner && `${series}:owner:${owner}`;
  let last = lastTaken.get(connection);
  if (!last) lastTaken.set(connection, (last = new Map()));
  const known = last;
  return serialized(series, async () => {
    const owned = ownerId && (await claims.findOne({ _id: ownerId }));
    if (owned && owned.n) return owned.n;
    let n = known.get(series) ?? (await hints.findOne({ _id: series }))?.n ?? 0;
    let raced = false;
    for (n++; ; n++) {
      try {
        await claims.insertOne({ _id: `${series}:${n}` });
        break;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        raced = true;
      }
    }
    known.set(series, n);
    if (ownerId) await claims.insertOne({ _id: ownerId, n });
    // A lost update leaves the hint low, which costs failed inserts, never a duplicate.
    if (raced || n % HINT_EVERY === 0) await advanceHint(connection, series, n);
    return n;
  });
}

/**
 * Moves a series' shared hint forward to n. Two processes creating the hint at once both find no document
 * and both insert it; the database refuses the second with E11000 (MongoDB documents this for upserts), and
 * by then the hint exists, so the update is applied once more.
 */
export async function advanceHint(connection: Connection, series: string, n: number): Promise<void> {
  await maximo(connection.collection<Hint>('claim_hints'), series, n);
}

/** `{_id, n}` raised to n, created if absent (see `advanceHint`). */
async function maximo(collection: mongo.Collection<Hint>, _id: string, n: number): Promise<void> {
  const advance = () => collection.updateOne({ _id }, { $max: { n } }, { upsert: true });
  try {
    await advance();
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    await advance();
  }
}

/** How a process that contends for a series with others takes its numbers elsewhere (`takeOwned`). */
export interface Disputa {
  /** Whether the series is known to be contended now: its numbers are not inserted here. */
  activa(): boolean;
  /** This process just lost a race for the series. */
  perdida(): void;
  /** The number from elsewhere. */
  tomar(): Promise<number>;
}

interface Numero {
  _id: string;
  serie: string;
  n: number;
}

/**
 * The next number of a series for `owner` (a correlativo for the codigoGeneracion it numbers), in one
 * insert: `{_id: "<series>:<owner>", serie, n}` into `numeros`, whose `_id` refuses an owner that has its
 * number already and whose unique index (serie, n) refuses a number another owner has. A number and its
 * owner are one document, so a retry after a crash at any instant gets the number its first attempt took,
 * and no number is ever taken without an owner to use it: the series has no gaps. Before it, a number was a
 * claim, a lookup of the owner and a second insert naming it, and a crash between the two inserts lost the
 * number (issue 40).
 *
 * As `takeNext`: claims on a series are queued in this process and its last number remembered, so races
 * only happen across processes; a process starting cold begins at the shared hint, or after the numbers the
 * series took as `takeNext` claims before it moved here. Its numbers are taken by `takeOwned` alone.
 *
 * Processes racing on one series lose (N − 1) / 2 turns per number with N of them, each a refused insert
 * and a read. With a `disputa`, a process that loses a turn does not walk on: the number comes from
 * `disputa.tomar` (the series' numbering workflow, which takes it here, uncontended, for whoever asks).
 */
export async function takeOwned(
  connection: Connection,
  series: string,
  owner: string,
  disputa?: Disputa,
): Promise<number> {
  const numeros = connection.collection<Numero>('numeros');
  const _id = `${series}:${owner}`;
  let last = lastTaken.get(connection);
  if (!last) lastTaken.set(connection, (last = new Map()));
  const known = last;
  const tomado = await serialized(series, async () => {
    // Queued behind the call that found the series contended.
    if (disputa?.activa()) return null;
    // Read on every take, by `_id`: a floor set by any process counts from this process's next number.
    const piso = await pisoDe(connection, series);
    let n = Math.max(known.get(series) ?? (await lastNumber(connection, series)), piso - 1);
    let raced = false;
    for (n++; ; n++) {
      try {
        await numeros.insertOne({ _id, serie: series, n });
        break;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Refused for its `_id` (a retry: the owner's number) or for its n (taken: the next one).
        const propio = await numeros.findOne({ _id });
        if (propio) return propio.n;
        raced = true;
        if (disputa) {
          known.set(series, n);
          disputa.perdida();
          return null;
        }
      }
    }
    known.set(series, n);
    if (raced || n % HINT_EVERY === 0) await advanceHint(connection, series, n);
    return n;
  });
  return tomado ?? disputa!.tomar();
}

/**
 * Each series' floor, `{_id: series, n}`: its next number is at least n (`fijarPiso`). The numbers of an
 * emisor that continues another provider's correlativos start there.
 */
const PISOS = 'numeros_pisos';

/** The highest number a series took (0 if none): its owned numbers and its `takeNext` claims before them. */
export async function ultimoTomado(connection: Connection, series: string): Promise<number> {
  // The one read off `_id`: a scan of the series' numbers, for an administrator's rare request.
  const [ultimo] = await connection
    .collection<Numero>('numeros')
    .find({ serie: series }, { projection: { n: 1 } })
    .sort({ n: -1 })
    .limit(1)
    .toArray();
  return Math.max(ultimo?.n ?? 0, await lastNumber(connection, series));
}

/**
 * The highest number of each series, as `ultimoTomado`, for a page that lists them: one scan for them all
 * instead of one each, the numbers of these series read whole.
 */
export async function ultimosTomados(connection: Connection, series: string[]): Promise<Map<string, number>> {
  const numeros = await connection
    .collection<Numero>('numeros')
    .find({ serie: { $in: series } }, { projection: { _id: 0, serie: 1, n: 1 } })
    .toArray();
  const ultimos = new Map(await Promise.all(series.map(async (s) => [s, await lastNumber(connection, s)] as const)));
  for (const { serie, n } of numeros) ultimos.set(serie, Math.max(ultimos.get(serie)!, n));
  return ultimos;
}

/** The series' floor: its next number is at least this (1 when none was set). */
export async function pisoDe(connection: Connection, series: string): Promise<number> {
  return (await connection.collection<Hint>(PISOS).findOne({ _id: series }))?.n ?? 1;
}

/**
 * Sets the series' next number to `siguiente`, which must be above every number it took: `takeOwned` reads
 * the floor before each number, in every process, so the first number taken after this returns is at least
 * `siguiente`, and those after it follow without a gap. Refused (409 CORRELATIVO_RETROCEDE, naming the
 * last number taken) when a number at or above it was taken. A number being taken while the floor is
 * written was read against the floor before, so it is below `siguiente` unless it took `siguiente` itself
 * or beyond, which the second read finds: the answer's `siguiente` is then the one after it. Floors only
 * rise (`$max`), and no number is ever taken twice whatever the floor says (the unique index on serie, n).
 */
export async function fijarPiso(
  connection: Connection,
  series: string,
  siguiente: number,
  /** Only the refusal: what a person is asked to confirm is checked first, and nothing is written. */
  soloComprobar = false,
): Promise<{ ultimo: number; siguiente: number }> {
  const ultimo = await ultimoTomado(connection, series);
  if (siguiente <= ultimo)
    throw new DteError(
      ErrorCode.CORRELATIVO_RETROCEDE,
      409,
      `El correlativo ${ultimo} ya se emitió o se reservó en esta serie: el siguiente debe ser mayor que ${ultimo}`,
      { ultimo },
    );
  if (soloComprobar) return { ultimo, siguiente };
  await maximo(connection.collection<Hint>(PISOS), series, siguiente);
  return { ultimo, siguiente: Math.max(siguiente, (await ultimoTomado(connection, series)) + 1) };
}

/**
 * The last number taken of a series (0 if none): from the shared hint, which is never ahead of a claim,
 * forward over the claims, which have no gaps (a number is claimed before it is handed out).
 */
export async function lastNumber(connection: Connection, series: string): Promise<number> {
  const claims = connection.collection<Claim>('claims');
  let n = (await connection.collection<Hint>('claim_hints').findOne({ _id: series }))?.n ?? 0;
  while (await claims.findOne({ _id: `${series}:${n + 1}` })) n++;
  return n;
}
