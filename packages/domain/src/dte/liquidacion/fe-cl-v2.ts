import { totalLetras } from '../../letras';
import { toNumber2 } from '../../money';
import type { Dte08Request } from '../../requests/dte08';
import { emisor2026 } from '../bloques/emisor';
import { identificacionSinContingencia } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { receptorMandante2026 } from './partes';
import { checkFechasRelacionadas } from '../retencion/relacionados';
import { lineasLiquidadas, tributosResumen } from './secciones';
import { totalesComprobanteLiquidacion } from './totales';

/**
 * Comprobante de Liquidación v2 (fe-cl-v2.json, Normativa DTE 2.0): v1's arithmetic under v2's names
 * (`fechaEmision`, line `observaciones`, resumen `exportacion`), the mandante by its identity document
 * with its domicilio fiscal, distrito in both addresses, the emisor by the taxpayer's codes, observaciones
 * in the resumen instead of an extension, and `fusion` (null: no merger is declared through the API).
 */
export function buildComprobanteLiquidacionV2(ctx: BuildContext, request: Dte08Request) {
  checkFechasRelacionadas(request.cuerpoDocumento, ctx.fecEmi, 'al comprobante de liquidación');
  const t = totalesComprobanteLiquidacion(request.cuerpoDocumento, request.ivaPercibido);
  return {
    identificacion: { ...identificacionSinContingencia(ctx, '08', 2), fusion: null },
    emisor: emisor2026(ctx.emisor),
    receptor: receptorMandante2026(request.receptor),
    cuerpoDocumento: lineasLiquidadas(request, t).map((linea, i) => ({
      ...linea,
      observaciones: request.cuerpoDocumento[i]!.observaciones ?? null,
    })),
    resumen: {
      totalNoSuj: toNumber2(t.totalNoSuj),
      totalExenta: toNumber2(t.totalExenta),
      totalGravada: toNumber2(t.totalGravada),
      exportacion: toNumber2(t.totalExportacion),
      subTotalVentas: toNumber2(t.subTotalVentas),
      tributos: tributosResumen(t.tributos),
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      ivaPerci: toNumber2(t.ivaPerci),
      total: toNumber2(t.total),
      totalLetras: totalLetras(t.total),
      condicionOperacion: request.condicionOperacion,
      observaciones: request.observaciones || null,
    },
    apendice: request.apendice ?? null,
  };
}
export type ComprobanteLiquidacionV2 = ReturnType<typeof buildComprobanteLiquidacionV2>;
