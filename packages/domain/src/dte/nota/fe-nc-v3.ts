import type { NotaRequest } from '../../requests/nota';
import type { BuildContext, OriginDocument } from '../documento';
import { dentroDelSaldo } from './credito';
import { notaV3 } from './nota-v3';

/** Nota de Crédito v3 (fe-nc-v3.json). */
export function buildNotaCreditoV3(ctx: BuildContext, request: NotaRequest, origenes?: readonly OriginDocument[]) {
  return dentroDelSaldo(notaV3('05', ctx, request, origenes), request, origenes);
}
export type NotaCreditoV3 = ReturnType<typeof buildNotaCreditoV3>;
