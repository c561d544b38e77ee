import { validationError } from '../../errors';
import type { Dte09Request } from '../../requests/dte09';

/** A DCL liquidates a period that has ended: one ending after the document itself is refused. */
export function checkPeriodoLiquidado(request: Dte09Request, fecEmi: string): void {
  if (request.cuerpoDocumento.periodoLiquidacionFechaFin > fecEmi)
    throw validationError('El periodo liquidado no puede terminar después del documento contable de liquidación', [
      {
        field: 'cuerpoDocumento.periodoLiquidacionFechaFin',
        message: `Es posterior a la fecha de emisión del documento (${fecEmi})`,
      },
    ]);
}
