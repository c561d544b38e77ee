import type { Connection } from 'mongoose';

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

/**
 * Takes the next integer of a named series (record ids, numeroControl correlativos): consecutive, and
 * never handed out twice under any concurrency, across processes.
 *
 * FerretDB, the embedded database, applies concurrent `$inc` updates non-atomically (50 concurrent
 * increments were seen to yield 17 distinct values) but enforces `_id` uniqueness. So a number is taken
 * by inserting the claim `{_id: "<series>:<n>"}`: the loser of a race gets E11000 and tries n+1. A hint
 * document remembers roughly where the series is, so a claim costs a few `_id` lookups, not a scan. Within
 * one process claims on a series are queued, so races only happen across processes.
 *
 * With an `owner` (e.g. the codigoGeneracion a correlativo is for) the claim is idempotent: a retried
 * activity gets the number its first attempt took, so a timeout leaves no gap in the series.
 */
export async function takeNext(connection: Connection, series: string, owner?: string): Promise<number> {
  const claims = connection.collection<Claim>('claims');
  const hints = connection.collection<Hint>('claim_hints');
  const ownerId = owner && `${series}:owner:${owner}`;
  return serialized(series, async () => {
    const owned = ownerId && (await claims.findOne({ _id: ownerId }));
    if (owned && owned.n) return owned.n;
    const hint = await hints.findOne({ _id: series });
    for (let n = (hint?.n ?? 0) + 1; ; n++) {
      try {
        await claims.insertOne({ _id: `${series}:${n}` });
      } catch (err) {
        if ((err as { code?: number }).code === 11000) continue;
        throw err;
      }
      if (ownerId) await claims.insertOne({ _id: ownerId, n });
      // Only a hint: a lost update leaves it low, which costs a retry, never a duplicate.
      await hints.updateOne({ _id: series }, { $max: { n } }, { upsert: true });
      return n;
    }
  });
}
