import type { Generacion } from '../../mh/schemas';
import type { AnulacionRequest } from '../../requests/anulacion';
import { buildAnulacionV2 } from './anulacion-v2';
import type { AnulacionContext, InvalidatedDocument } from './evento';
import { buildInvalidacionV3 } from './invalidacion-v3';
import { checkReemplazo } from './plazos';

export * from './plazos';
export type { AnulacionContext, InvalidatedDocument } from './evento';
export { buildAnulacionV2 } from './anulacion-v2';
export { buildInvalidacionV3, fechaEventoInvalidacion } from './invalidacion-v3';

/**
 * The invalidation event in the generation in force when it is issued, whatever the generation of the
 * document it invalidates (an event is a document of its own; apitest accepted a v3 event on a v3 NC,
 * Melquisspana/Sistema_Facturacion docs/INVALIDACION_DTE.md, July 2026).
 */
export function buildEventoInvalidacion(
  generacion: Generacion,
  ctx: AnulacionContext,
  original: InvalidatedDocument,
  request: AnulacionRequest,
): Record<string, unknown> {
  // Checked here as well as by the API: a workflow started by hand (the Temporal UI) builds through this.
  checkReemplazo(original.tipoDte, generacion, request.motivo.tipoAnulacion, request.codigoGeneracionR);
  return generacion === '2026' ? buildInvalidacionV3(ctx, original, request) : buildAnulacionV2(ctx, original, request);
}
