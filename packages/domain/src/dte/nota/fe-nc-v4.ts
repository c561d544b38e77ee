import type { NotaRequest } from '../../requests/nota';
import type { BuildContext, OriginDocument } from '../documento';
import { dentroDelSaldo } from './credito';
import { notaV4 } from './nota-v4';

/** Nota de Crédito v4 (fe-nc-v4.json). */
export function buildNotaCreditoV4(ctx: BuildContext, request: NotaRequest, origenes?: readonly OriginDocument[]) {
  return dentroDelSaldo(notaV4('05', ctx, request, origenes), request, origenes);
}
export type NotaCreditoV4 = ReturnType<typeof buildNotaCreditoV4>;
