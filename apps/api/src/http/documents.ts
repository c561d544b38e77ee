import { DteError, ErrorCode } from '@dte/domain';
import type { ApiContext } from '../context';

/**
 * A document of the token's emisor, by `_id` (the one filter FerretDB pushes down). Another emisor's
 * document is answered exactly like an unknown one.
 */
export async function findOwnDocument<K extends string>(
  ctx: ApiContext,
  emisorId: number,
  codigoGeneracion: string,
  fields: readonly K[],
) {
  const projection = Object.fromEntries([...fields, 'emisorId'].map((f) => [f, 1]));
  // By `_id` alone: FerretDB pushes down no other filter, so adding emisorId would scan the collection.
  const doc = await ctx.db.models.Document.findById(codigoGeneracion.toUpperCase(), projection).lean();
  if (!doc || doc.emisorId !== emisorId) {
    throw new DteError(
      ErrorCode.DOCUMENT_NOT_FOUND,
      404,
      `No existe un documento con codigoGeneracion ${codigoGeneracion}`,
      {
        codigoGeneracion,
      },
    );
  }
  return doc;
}
