import { insertNext, type Models } from '../db';

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
 * is part of the key. Consecutive and never shared, under any concurrency (see `insertNext`).
 */
export async function nextCorrelativo(models: Models, key: SequenceKey): Promise<{ sequenceId: number; correlativo: number }> {
  let sequence = await models.Sequence.findOne(key, { id: 1 }).lean();
  if (!sequence) {
    await insertNext(models.Sequence, {}, 'id', (id) => ({ ...key, id }), async () => !!(await models.Sequence.exists(key)));
    sequence = await models.Sequence.findOne(key, { id: 1 }).lean();
  }
  const sequenceId = sequence!.id;
  const correlativo = await insertNext(models.Correlativo, { sequenceId }, 'n', (n) => ({ sequenceId, n }));
  return { sequenceId, correlativo };
}
