import { sequenceIdOf, serieDeSecuencia, takeOwned, type Database, type SequenceKey } from '@dte/store';
import type { Secuenciador } from './secuenciador';

/** Sequence ids by key, per database: a sequence, once created, keeps its id. */
const sequenceIds = new WeakMap<Database['connection'], Map<string, number>>();

/**
 * The next correlativo of a numeroControl sequence. MH restarts the correlativo each year, so the year
 * is part of the key. Consecutive and never shared, under any concurrency; asking again for the same
 * codigoGeneracion returns its number, even after a crash (see `takeOwned`). With a `secuenciador`, a
 * series other processes contend for is numbered by its numbering workflow.
 */
export async function nextCorrelativo(
  db: Database,
  key: SequenceKey,
  codigoGeneracion: string,
  secuenciador?: Secuenciador,
): Promise<{ sequenceId: number; correlativo: number }> {
  let ids = sequenceIds.get(db.connection);
  if (!ids) sequenceIds.set(db.connection, (ids = new Map()));
  const name = JSON.stringify([
    key.emisorId,
    key.establecimientoId,
    key.puntoVentaId,
    key.tipoDte,
    key.ambiente,
    key.year,
  ]);
  const sequenceId = ids.get(name) ?? (await sequenceIdOf(db, key));
  ids.set(name, sequenceId);
  const serie = serieDeSecuencia(sequenceId);
  const correlativo = secuenciador
    ? await secuenciador.tomar(db.connection, serie, codigoGeneracion)
    : await takeOwned(db.connection, serie, codigoGeneracion);
  return { sequenceId, correlativo };
}
