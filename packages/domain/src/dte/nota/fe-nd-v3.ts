import type { NotaRequest } from '../../requests/nota';
import type { BuildContext, OriginDocument } from '../documento';
import { notaV3 } from './nota-v3';

/** Nota de Débito v3 (fe-nd-v3.json): the NC body plus numPagoElectronico. */
export function buildNotaDebitoV3(ctx: BuildContext, request: NotaRequest, origenes?: readonly OriginDocument[]) {
  const nota = notaV3('06', ctx, request, origenes);
  return { ...nota, resumen: { ...nota.resumen, numPagoElectronico: null } };
}
export type NotaDebitoV3 = ReturnType<typeof buildNotaDebitoV3>;
