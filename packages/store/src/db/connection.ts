import mongoose from 'mongoose';
import { createModels, type Models } from './models';

export interface Database {
  connection: mongoose.Connection;
  models: Models;
  close(): Promise<void>;
}

/** One database command as the driver sent it: what a process asks of the database, for its metrics. */
export interface DatabaseCommand {
  /** `find`, `insert`, `update`, `findAndModify`, `aggregate`… */
  command: string;
  /** The collection it names, or '' for commands on the database (`ping`, `endSessions`). */
  collection: string;
}

/**
 * One connection pool per process; indexes are built before the first request is served. `onCommand`
 * sees every command the driver sends (its command monitoring), so a process can count what one document
 * costs the database.
 */
export async function connectDatabase(uri: string, onCommand?: (command: DatabaseCommand) => void): Promise<Database> {
  const connection = mongoose.createConnection(uri, {
    serverSelectionTimeoutMS: 10000,
    maxPoolSize: 20,
    monitorCommands: onCommand !== undefined,
  });
  if (onCommand) {
    connection.getClient().on('commandStarted', (e) => {
      const target = e.command[e.commandName];
      onCommand({ command: e.commandName, collection: typeof target === 'string' ? target : '' });
    });
  }
  await connection.asPromise();
  const models = createModels(connection);
  await Promise.all(Object.values(models).map((m) => m.init()));
  return { connection, models, close: () => connection.close() };
}
