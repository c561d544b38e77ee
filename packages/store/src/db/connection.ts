import mongoose from 'mongoose';
import { createModels, type Models } from './models';

export interface Database {
  connection: mongoose.Connection;
  models: Models;
  close(): Promise<void>;
}

/** One connection pool per process; indexes are built before the first request is served. */
export async function connectDatabase(uri: string): Promise<Database> {
  const connection = await mongoose
    .createConnection(uri, { serverSelectionTimeoutMS: 10000, maxPoolSize: 20 })
    .asPromise();
  const models = createModels(connection);
  await Promise.all(Object.values(models).map((m) => m.init()));
  return { connection, models, close: () => connection.close() };
}
