import type { NotaRequest } from '../../requests/nota';
import type { BuildContext, OriginDocument } from '../documento';
import { notaV4 } from './nota-v4';

/** Nota de Débito v4 (fe-nd-v4.json): the NC v4 body plus numPagoElectronico. */
export function buildNotaDebitoV4(ctx: BuildContext, request: NotaRequest, origenes?: readonly OriginDocument[]) {
  const nota = notaV4('06', ctx, request, origenes);
  return { ...nota, resumen: { ...nota.resumen, numPagoElectronico: null } };
}
export type NotaDebitoV4 = ReturnType<typeof buildNotaDebitoV4>;
