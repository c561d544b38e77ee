import type { Connection, Model } from 'mongoose';
import { modelos } from './modelos';
import { Store } from './repositorios';

export type {
  Contingencia,
  Contribuyente,
  Control,
  Documento,
  DocumentoContingencia,
  Emisor,
  EstadoDocumento,
  Invalidacion,
  Lote,
  LoteDocumentos,
  LoteResultados,
  Outage,
  Recepcion,
  RechazoForzado,
  RechazoPorCodigo,
  Ajuste,
} from './modelos';
export { Store } from './repositorios';

/** The simulator's collections on a connection, with their indexes built before any request is served. */
export async function openStore(connection: Connection): Promise<Store> {
  const m = modelos(connection);
  await Promise.all(Object.values(m).map((model) => (model as Model<unknown>).init()));
  return new Store(m);
}

/** MongoDB's duplicate-key error, raised by a unique index. */
export function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number })?.code === 11000;
}
