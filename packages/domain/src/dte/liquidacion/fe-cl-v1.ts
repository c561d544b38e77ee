import { totalLetras } from '../../letras';
import { catalogValue } from '../../mh/catalogs';
import { toNumber2 } from '../../money';
import type { Dte08Request, DocumentoLiquidadoRequest } from '../../requests/dte08';
import { emisorConEstablecimiento } from '../bloques/emisor';
import { extension } from '../bloques/extension';
import { identificacionSinContingencia } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { receptorMandanteV1 } from './partes';
import { checkFechasRelacionadas } from '../retencion/relacionados';
import { lineasLiquidadas, tributosResumen } from './secciones';
import { totalesComprobanteLiquidacion } from './totales';

/**
 * Comprobante de Liquidación v1 (fe-cl-v1.json): the comisionista (emisor) liquidates to its mandante
 * (receptor) the sale documents it issued on the mandante's account, one line per document with that
 * document's resumen figures (arithmetic in ./totales.ts). No contingency.
 */
export function buildComprobanteLiquidacionV1(ctx: BuildContext, request: Dte08Request) {
  checkFechasRelacionadas(request.cuerpoDocumento, ctx.fecEmi, 'al comprobante de liquidación');
  const t = totalesComprobanteLiquidacion(request.cuerpoDocumento, request.ivaPercibido);
  return {
    identificacion: identificacionSinContingencia(ctx, '08', 1),
    emisor: emisorConEstablecimiento(ctx.emisor),
    receptor: receptorMandanteV1(request.receptor),
    cuerpoDocumento: lineasLiquidadas(request, t).map(({ fechaEmision, ...linea }, i) => ({
      ...linea,
      fechaGeneracion: fechaEmision,
      obsItem: obsItemV1(request.cuerpoDocumento[i]!),
    })),
    resumen: {
      totalNoSuj: toNumber2(t.totalNoSuj),
      totalExenta: toNumber2(t.totalExenta),
      totalGravada: toNumber2(t.totalGravada),
      totalExportacion: toNumber2(t.totalExportacion),
      subTotalVentas: toNumber2(t.subTotalVentas),
      tributos: tributosResumen(t.tributos),
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      ivaPerci: toNumber2(t.ivaPerci),
      total: toNumber2(t.total),
      totalLetras: totalLetras(t.total),
      condicionOperacion: request.condicionOperacion,
    },
    extension: extension(request.observaciones),
    apendice: request.apendice ?? null,
  };
}
export type ComprobanteLiquidacionV1 = ReturnType<typeof buildComprobanteLiquidacionV1>;

/**
 * fe-cl-v1 requires `obsItem` on every line (3 to 3000 characters) and MH says nothing of its content;
 * without the line's observaciones it is the document type's CAT-002 name ("Comprobante de crédito
 * fiscal"), marked "(documento invalidado)" when the line reverses one. fe-cl-v2 leaves it null.
 */
function obsItemV1(d: DocumentoLiquidadoRequest): string {
  if (d.observaciones) return d.observaciones;
  const tipo = catalogValue('CAT-002', d.tipoDte) ?? `DTE ${d.tipoDte}`;
  return d.invalidado ? `${tipo} (documento invalidado)` : tipo;
}
