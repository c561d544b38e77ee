import { validationError } from '../../errors';
import { totalLetras } from '../../letras';
import { toNumber2 } from '../../money';
import type { TipoDocumento } from '../../requests/common';
import type { Dte11Request, ReceptorExportacionRequest } from '../../requests/dte11';
import { identificacion } from '../bloques/identificacion';
import { pagos } from '../bloques/pagos';
import type { BuildContext } from '../documento';
import { calculoExportacion, cuerpoExportacion, incoterms } from './comun';
import { emisorExportacionV1 } from './emisor';
import { codPaisV1, nombrePais } from '../bloques/pais';

/**
 * fe-fex-v1's root allOf: from this montoTotalOperacion on, the receptor's correo is required (v3 dropped
 * the rule).
 */
export const UMBRAL_CORREO_RECEPTOR_V1 = 10_000;

/**
 * Factura de Exportación v1 (fe-fex-v1.json): a sale abroad taxed at 0 % (C3), with seguro and flete in
 * the operation's total. v1 calls the contingency reason `motivoContigencia` and the document discount
 * `descuento`; it has no documentoRelacionado, and observaciones go in the resumen.
 */
export function buildFacturaExportacionV1(ctx: BuildContext, request: Dte11Request) {
  const { lineas, t } = calculoExportacion(request);
  if (t.montoTotalOperacion.gte(UMBRAL_CORREO_RECEPTOR_V1) && !request.receptor.correo)
    throw validationError('MH exige el correo del receptor de una exportación de $10,000 o más', [
      {
        field: 'receptor.correo',
        message: `Requerido cuando el monto total de la operación es de $${UMBRAL_CORREO_RECEPTOR_V1} o más (fe-fex-v1)`,
      },
    ]);
  return {
    identificacion: identificacionV1(ctx),
    emisor: emisorExportacionV1(ctx.emisor, request.exportacion),
    receptor: receptorV1(request.receptor),
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: lineas.map((l, i) => cuerpoExportacion(request.items[i]!, l, i + 1)),
    resumen: {
      totalGravada: toNumber2(t.totalGravada),
      descuento: toNumber2(t.descuento),
      porcentajeDescuento: toNumber2(t.porcentajeDescuento),
      totalDescu: toNumber2(t.totalDescu),
      seguro: toNumber2(t.seguro),
      flete: toNumber2(t.flete),
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalNoGravado: toNumber2(t.totalNoGravado),
      totalPagar: toNumber2(t.totalPagar),
      totalLetras: totalLetras(t.totalPagar),
      condicionOperacion: request.condicionOperacion,
      pagos: pagos(request, t.totalPagar),
      ...incoterms(request),
      numPagoElectronico: null,
      observaciones: request.observaciones || null,
    },
    apendice: request.apendice ?? null,
  };
}
export type FacturaExportacionV1 = ReturnType<typeof buildFacturaExportacionV1>;

/** The common identificacion, with the reason under v1's spelling `motivoContigencia` (fe-fex-v1 requires it). */
function identificacionV1(ctx: BuildContext) {
  const { motivoContin, tipoContingencia, fecEmi, horEmi, tipoMoneda, ...antes } = identificacion(ctx, '11', 1);
  return { ...antes, tipoContingencia, motivoContigencia: motivoContin, fecEmi, horEmi, tipoMoneda };
}

function receptorV1(r: ReceptorExportacionRequest) {
  return {
    nombre: r.nombre,
    tipoDocumento: r.tipoDocumento,
    numDocumento: numDocumentoV1(r.tipoDocumento, r.numDocumento),
    nombreComercial: r.nombreComercial ?? null,
    codPais: codPaisV1(r.codPais),
    nombrePais: nombrePais(r.codPais),
    complemento: r.complemento,
    tipoPersona: r.tipoPersona,
    descActividad: r.descActividad,
    telefono: r.telefono ?? null,
    correo: r.correo ?? null,
  };
}

/** fe-fex-v1 writes a DUI with its check-digit hyphen (########-#), as FE v1 does; v3 has no pattern. */
function numDocumentoV1(tipo: TipoDocumento, numDocumento: string): string {
  return tipo === '13' ? `${numDocumento.slice(0, 8)}-${numDocumento.slice(8)}` : numDocumento;
}
