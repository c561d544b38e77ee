import { isDuplicateKey, takeNext, takeOwned, type Database } from '@dte/store';
import type { Secuenciador } from './secuenciador';

export interface SequenceKey {
  emisorId: number;
  establecimientoId: number;
  puntoVentaId: number;
  tipoDte: string;
  ambiente: string;
  year: number;
}

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
  const serie = `correlativo:${sequenceId}`;
  const correlativo = secuenciador
    ? await secuenciador.tomar(db.connection, serie, codigoGeneracion)
    : await takeOwned(db.connection, serie, codigoGeneracion);
  return { sequenceId, correlativo };
}

async function sequenceIdOf(db: Database, key: SequenceKey): Promise<number> {
  const { Sequence } = db.models;
  let sequence = await Sequence.findOne(key, { id: 1 }).lean();
  if (!sequence) {
    try {
      await Sequence.create({ ...key, id: await takeNext(db.connection, 'sequence') });
    } catch (err) {
      // Another request created this sequence first; its unique key index refused ours.
      if (!isDuplicateKey(err)) throw err;
    }
    sequence = await Sequence.findOne(key, { id: 1 }).lean();
  }
  return sequence!.id;
}
