import { Client, Connection } from '@temporalio/client';
import { temporalConnectionOptions, type Config } from '@dte/config';
import { DteWorkflowClient } from '@dte/contract/client';
import { decir } from './comando';

/** Temporal's client, for one command. */
export async function conCliente<T>(config: Config, uso: (client: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect(temporalConnectionOptions(config));
  try {
    return await uso(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }));
  } finally {
    await connection.close();
  }
}

/** The workflows as the API reaches them, for one command. */
export const conTemporal = <T>(config: Config, uso: (workflows: DteWorkflowClient) => Promise<T>): Promise<T> =>
  conCliente(config, (client) => uso(new DteWorkflowClient(client.workflow)));

/** While `trabajo` runs, a line every few seconds saying it still does and for how long. */
export async function conAvance<T>(que: string, trabajo: Promise<T>): Promise<T> {
  const inicio = Date.now();
  decir(`${que}…`);
  const latido = setInterval(() => decir(`${que}: ${Math.round((Date.now() - inicio) / 1000)} s so far`), 5000);
  try {
    return await trabajo;
  } finally {
    clearInterval(latido);
  }
}
