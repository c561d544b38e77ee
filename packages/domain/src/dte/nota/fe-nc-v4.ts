import type { NotaRequest } from '../../requests/nota';
import type { BuildContext, OriginDocument } from '../documento';
import { dentroDelSaldo } from './credito';
import { notaV4 } from './nota-v4';

/** Nota de Crédito v4 (fe-nc-v4.json, Normativa DTE 2.0). */
export function buildNotaCreditoV4(ctx: BuildContext, request: NotaRequest, origin?: OriginDocument) {
  return dentroDelSaldo(notaV4('05', ctx, request, origin), origin!);
}
export type NotaCreditoV4 = ReturnType<typeof buildNotaCreditoV4>;
