import type { Connection } from 'mongoose';
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
  const hints = connection.collection<Hint>('claim_hints');
  const advance = () => hints.updateOne({ _id: series }, { $max: { n } }, { upsert: true });
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
    let n = known.get(series) ?? (await lastNumber(connection, series));
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
 * The last number taken of a series (0 if none): from the shared hint, which is never ahead of a claim,
 * forward over the claims, which have no gaps (a number is claimed before it is handed out).
 */
export async function lastNumber(connection: Connection, series: string): Promise<number> {
  const claims = connection.collection<Claim>('claims');
  let n = (await connection.collection<Hint>('claim_hints').findOne({ _id: series }))?.n ?? 0;
  while (await claims.findOne({ _id: `${series}:${n + 1}` })) n++;
  return n;
}
