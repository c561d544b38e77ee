import { toNumber2, money } from '../../money';
import type { Dte09Request } from '../../requests/dte09';
import { emisor2026 } from '../bloques/emisor';
import { identificacionSinContingencia } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { extensionDocumentoContable, receptorAfiliado2026 } from './partes';
import { checkPeriodoLiquidado } from './reglas';
import { cuerpoDocumentoContable } from './secciones';
import { totalesDocumentoContable } from './totales';

/**
 * Documento Contable de Liquidación v2 (fe-dcl-v2.json, Normativa DTE 2.0): v1's liquidation with
 * `porcentComision` as a number, the emisor by the taxpayer's codes, the afiliado without MH's codes,
 * distrito in both addresses. The `extension` (who generates it) is still required, the only 2026 DTE
 * that keeps one; no `fusion` in this schema.
 */
export function buildDocumentoContableLiquidacionV2(ctx: BuildContext, request: Dte09Request) {
  checkPeriodoLiquidado(request, ctx.fecEmi);
  const t = totalesDocumentoContable(request.cuerpoDocumento);
  return {
    identificacion: identificacionSinContingencia(ctx, '09', 2),
    emisor: emisor2026(ctx.emisor),
    receptor: receptorAfiliado2026(request.receptor),
    cuerpoDocumento: cuerpoDocumentoContable(request, t, toNumber2(money(request.cuerpoDocumento.porcentComision))),
    extension: extensionDocumentoContable(request),
    apendice: request.apendice ?? null,
  };
}
export type DocumentoContableLiquidacionV2 = ReturnType<typeof buildDocumentoContableLiquidacionV2>;
