import type { Dte09Request } from '../../requests/dte09';
import { identificacionSinContingencia } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { emisorDocumentoContableV1, extensionDocumentoContable, receptorAfiliadoV1 } from './partes';
import { checkPeriodoLiquidado } from './reglas';
import { cuerpoDocumentoContable } from './secciones';
import { totalesDocumentoContable } from './totales';

/**
 * Documento Contable de Liquidación v1 (fe-dcl-v1.json): the agente perceptor (card operator, emisor)
 * liquidates to its afiliado (receptor) the operations of a period in one cuerpoDocumento object, with no
 * resumen (arithmetic in ./totales.ts). No contingency.
 */
export function buildDocumentoContableLiquidacionV1(ctx: BuildContext, request: Dte09Request) {
  checkPeriodoLiquidado(request, ctx.fecEmi);
  const t = totalesDocumentoContable(request.cuerpoDocumento);
  return {
    identificacion: identificacionSinContingencia(ctx, '09', 1),
    emisor: emisorDocumentoContableV1(ctx.emisor),
    receptor: receptorAfiliadoV1(request.receptor),
    cuerpoDocumento: cuerpoDocumentoContable(request, t, porcentComisionV1(request.cuerpoDocumento.porcentComision)),
    extension: extensionDocumentoContable(request),
    apendice: request.apendice ?? null,
  };
}
export type DocumentoContableLiquidacionV1 = ReturnType<typeof buildDocumentoContableLiquidacionV1>;

/**
 * fe-dcl-v1 types `porcentComision` as text (1 to 100 characters) with no format; it is written as the
 * percentage with two decimals and its sign ("3.50%"), as printed on the legible version.
 */
function porcentComisionV1(porcentaje: number): string {
  return `${porcentaje.toFixed(2)}%`;
}
