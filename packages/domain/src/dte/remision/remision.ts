import { validationError } from '../../errors';
import { toNumber2 } from '../../money';
import { totalLetras } from '../../letras';
import type { Dte04Request, ReceptorRemisionRequest } from '../../requests/dte04';
import { cuerpoItemVenta, lineaVenta } from '../bloques/cuerpo';
import { resumenVenta } from '../bloques/resumen';
import { totalesCreditoFiscal } from '../credito-fiscal/totales';
import { tributosIva } from '../iva';
import { checkFechasRelacionadas } from '../retencion/relacionados';

/**
 * What NR v3 and v4 share. A Nota de Remisión moves goods without selling them, so it has no payment and
 * no condición de la operación; it values them as a CCF does (Manual Funcional §XIII lists IVA "20" for the
 * NRE: prices exclude IVA, which is added on the taxable total after the document discount).
 */
export function cuerpoYResumenRemision(request: Dte04Request) {
  const lineas = request.items.map(lineaVenta);
  const t = totalesCreditoFiscal(lineas, false, request.descuento);
  return {
    cuerpoDocumento: lineas.map((linea, i) =>
      cuerpoItemVenta(request.items[i]!, linea, i + 1, {
        tributoIva: true,
        numeroDocumento: request.items[i]!.numeroDocumento?.toUpperCase() ?? null,
      }),
    ),
    resumen: {
      ...resumenVenta(t),
      porcentajeDescuento: toNumber2(t.porcentajeDescuento),
      tributos: tributosIva(t.iva, lineas),
      subTotal: toNumber2(t.subTotal),
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalLetras: totalLetras(t.montoTotalOperacion),
    },
  };
}

/**
 * The related Facturas or CCFs, in MH's shape; null when the goods move on their own account. The goods
 * move for sales already made: one dated after the remisión is refused, as the other kinds refuse theirs.
 */
export function documentoRelacionadoRemision(request: Dte04Request, fecEmi: string) {
  if (!request.documentosRelacionados?.length) return null;
  checkFechasRelacionadas(request.documentosRelacionados, fecEmi, 'a la nota de remisión', 'documentosRelacionados');
  return request.documentosRelacionados;
}

/** A field one generation's schema requires of the receptor and the request left out. */
export function requeridoPor<T>(valor: T | null | undefined, campo: string, esquema: string): T {
  if (valor === null || valor === undefined)
    throw validationError(`${esquema} exige ${campo}`, [{ field: campo, message: `Requerido por ${esquema}` }]);
  return valor;
}

export const receptorBase = (r: ReceptorRemisionRequest) => ({
  tipoDocumento: r.tipoDocumento,
  numDocumento: r.numDocumento,
  nrc: r.nrc ?? null,
  nombre: r.nombre,
});
