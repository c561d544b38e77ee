import { takeNext, type Database } from '../db';

export interface SequenceKey {
  emisorId: number;
  establecimientoId: number;
  puntoVentaId: number;
  tipoDte: string;
  ambiente: string;
  year: number;
}

/**
 * The next correlativo of a numeroControl sequence. MH restarts the correlativo each year, so the year
 * is part of the key. Consecutive and never shared, under any concurrency; asking again for the same
 * codigoGeneracion returns its number (see `takeNext`).
 */
export async function nextCorrelativo(
  db: Database,
  key: SequenceKey,
  codigoGeneracion: string,
): Promise<{ sequenceId: number; correlativo: number }> {
  const { Sequence } = db.models;
  let sequence = await Sequence.findOne(key, { id: 1 }).lean();
  if (!sequence) {
    try {
      await Sequence.create({ ...key, id: await takeNext(db.connection, 'sequence') });
    } catch (err) {
      // Another request created this sequence first; its unique key index refused ours.
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    sequence = await Sequence.findOne(key, { id: 1 }).lean();
  }
  const sequenceId = sequence!.id;
  return { sequenceId, correlativo: await takeNext(db.connection, `correlativo:${sequenceId}`, codigoGeneracion) };
}
