import { documentoPropio } from '@dte/store';
import type { ApiContext } from '../context';

/** A document of the token's emisor; another emisor's document is answered exactly like an unknown one. */
export function findOwnDocument(
  ctx: ApiContext,
  emisorId: number,
  codigoGeneracion: string,
  fields?: readonly string[],
) {
  return documentoPropio(ctx.documents, emisorId, codigoGeneracion, fields);
}
