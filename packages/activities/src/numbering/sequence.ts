import { nextId, type Models } from '../db';

export interface SequenceKey {
  emisorId: number;
  establecimientoId: number;
  puntoVentaId: number;
  tipoDte: string;
  ambiente: string;
  year: number;
}

/**
 * The next correlative of a numeroControl sequence, atomically: one `$inc` on the sequence document.
 * MH resets the correlative each year, so the year is part of the key. The first use of a key races
 * on the unique index; the loser retries and increments the winner's document.
 */
export async function nextCorrelativo(models: Models, key: SequenceKey): Promise<{ sequenceId: number; correlativo: number }> {
  for (let attempt = 0; ; attempt++) {
    const existing = await models.Sequence.findOneAndUpdate(key, { $inc: { last: 1 } }, { new: true }).lean();
    if (existing) return { sequenceId: existing.id, correlativo: existing.last };
    try {
      const created = await models.Sequence.create({ ...key, id: await nextId(models, 'sequence'), last: 1 });
      return { sequenceId: created.id, correlativo: 1 };
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt > 5) throw err;
    }
  }
}
