import { DteError, ErrorCode } from '@dte/domain';
import type { ApiContext } from '../context';

/** A document of the token's emisor; another emisor's document is answered exactly like an unknown one. */
export async function findOwnDocument(
  ctx: ApiContext,
  emisorId: number,
  codigoGeneracion: string,
  fields?: readonly string[],
) {
  const doc = await ctx.documents.findOwn(emisorId, codigoGeneracion.toUpperCase(), fields);
  if (!doc) {
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
