/**
 * The database refused an insert because the key is taken (E11000). Every claim that must hold under
 * concurrency is such an insert: FerretDB, the embedded database, has no transactions and applies
 * concurrent updates non-atomically, but enforces unique indexes.
 */
export function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: number } | null)?.code === 11000;
}
