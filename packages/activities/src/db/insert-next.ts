import type { Model } from 'mongoose';

/** Calls on one key run one after the other in this process (a promise chain per key). */
const queues = new Map<string, Promise<unknown>>();
function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => queues.get(key) === tail && queues.delete(key));
  return run;
}

/**
 * Inserts a document whose integer `field` is the next one within `scope` (ids, correlativos), relying
 * only on a unique index over (scope, field). FerretDB, the embedded database, applies concurrent `$inc`
 * updates non-atomically (50 concurrent increments were seen to yield 17 distinct values) but enforces
 * unique indexes; so the loser of a race gets E11000 and takes the next number, and numbers stay
 * consecutive without gaps. Within one process the calls are queued, so races only happen across
 * processes. `alreadyInserted` tells a conflict on another unique key (an idempotent retry) from a race.
 */
export async function insertNext<T>(
  model: Model<T>,
  scope: Record<string, unknown>,
  field: string,
  build: (n: number) => Partial<T>,
  alreadyInserted?: () => Promise<boolean>,
): Promise<number> {
  return serialized(`${model.collection.name}:${JSON.stringify(scope)}`, async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const last = (await model.findOne(scope, { [field]: 1 }).sort({ [field]: -1 }).lean()) as Record<string, number> | null;
      const n = (last?.[field] ?? 0) + 1;
      try {
        await model.create(build(n));
        return n;
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
        if (alreadyInserted && (await alreadyInserted())) return 0;
      }
    }
    throw new Error(`could not take the next ${field} of ${model.collection.name} after 100 attempts`);
  });
}
