import mongoose from 'mongoose';
import { createModels, INDICES_RETIRADOS, type Models } from './models';

export interface Database {
  connection: mongoose.Connection;
  models: Models;
  close(): Promise<void>;
}

/** One operation a process asked of a collection: what one document costs the database, for its metrics. */
export interface DatabaseOperation {
  /** `findOne`, `insertOne`, `updateOne`, `findOneAndUpdate`… */
  operation: string;
  collection: string;
}

/**
 * One connection pool per process; indexes are built before the first request is served. `onOperation`
 * sees every operation on a collection, through mongoose's debug hook: the driver's own command
 * monitoring would decode every reply a second time for its events.
 */
export async function connectDatabase(
  uri: string,
  onOperation?: (operation: DatabaseOperation) => void,
): Promise<Database> {
  const connection = mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10000, maxPoolSize: 20 });
  if (onOperation)
    connection.set('debug', (collection: string, operation: string) => onOperation({ operation, collection }));
  await connection.asPromise();
  const models = createModels(connection);
  await retirarIndices(connection);
  await Promise.all(Object.values(models).map((m) => m.init()));
  return { connection, models, close: () => connection.close() };
}

/** MongoDB's codes for a collection or an index that is not there: nothing to drop. */
const NADA_QUE_QUITAR = new Set([26, 27]);

/** Drops the indexes of INDICES_RETIRADOS still in the database; every process may try, one succeeds. */
async function retirarIndices(connection: mongoose.Connection): Promise<void> {
  for (const [coleccion, indices] of Object.entries(INDICES_RETIRADOS))
    for (const indice of indices)
      await connection
        .db!.collection(coleccion)
        .dropIndex(indice)
        .catch((err: { code?: number }) => {
          if (!NADA_QUE_QUITAR.has(err.code ?? 0)) throw err;
        });
}
