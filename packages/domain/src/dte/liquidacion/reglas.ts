import { validationError } from '../../errors';
import type { Dte08Request } from '../../requests/dte08';
import type { Dte09Request } from '../../requests/dte09';

/**
 * What is liquidated has already happened: a CL's sale document dated after the CL itself (its fecEmi,
 * El Salvador), or a DCL period that ends after it, is refused, naming the field. The same rule as the
 * Comprobante de Retención's related documents (../retencion/relacionados.ts). ISO dates compare as text.
 */
export function checkFechasLiquidadas(request: Dte08Request, fecEmi: string): void {
  const posteriores = request.cuerpoDocumento.flatMap((d, i) => (d.fechaEmision > fecEmi ? [i] : []));
  if (posteriores.length)
    throw validationError(
      'Un documento liquidado no puede tener fecha posterior al comprobante de liquidación',
      posteriores.map((i) => ({
        field: `cuerpoDocumento[${i}].fechaEmision`,
        message: `Es posterior a la fecha de emisión del comprobante (${fecEmi})`,
      })),
    );
}

export function checkPeriodoLiquidado(request: Dte09Request, fecEmi: string): void {
  if (request.cuerpoDocumento.periodoLiquidacionFechaFin > fecEmi)
    throw validationError('El periodo liquidado no puede terminar después del documento contable de liquidación', [
      {
        field: 'cuerpoDocumento.periodoLiquidacionFechaFin',
        message: `Es posterior a la fecha de emisión del documento (${fecEmi})`,
      },
    ]);
}
