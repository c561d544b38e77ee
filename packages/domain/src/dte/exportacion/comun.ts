import { catalogValue } from '../../mh/catalogs';
import { money, toNumber8 } from '../../money';
import type { Dte11Request } from '../../requests/dte11';
import { linea, type Linea } from '../bloques/cuerpo';
import { totalesExportacion, TRIBUTO_EXPORTACION } from './totales';

/** The lines at cuerpoDocumento precision and the document's totals, as both FEX versions compute them. */
export function calculoExportacion(request: Dte11Request) {
  const lineas = request.items.map(linea);
  return { lineas, t: totalesExportacion(lineas, request) };
}

/**
 * The cuerpoDocumento fields both versions share. A sale line lists tributo C3 (IVA of exports, 0 %), as
 * CAT-015 §1 has it for FEX; a line that sells nothing (only a charge outside the taxable base, Manual
 * Funcional §XII) lists none.
 */
export function cuerpoExportacion(item: Dte11Request['items'][number], l: Linea, numItem: number) {
  return {
    numItem,
    cantidad: toNumber8(l.cantidad),
    codigo: item.codigo ?? null,
    uniMedida: item.uniMedida,
    descripcion: item.descripcion,
    precioUni: toNumber8(l.precioUni),
    montoDescu: toNumber8(l.montoDescu),
    ventaGravada: toNumber8(l.monto),
    tributos: l.monto.gt(0) ? [TRIBUTO_EXPORTACION.codigo] : null,
    noGravado: toNumber8(money(item.noGravado)),
  };
}

/** codIncoterms (CAT-031) and, as MH's catalog words it, descIncoterms ("09" → "FOB-Libre a bordo"). */
export function incoterms(request: Dte11Request) {
  const codigo = request.exportacion.codIncoterms ?? null;
  return { codIncoterms: codigo, descIncoterms: codigo ? (catalogValue('CAT-031', codigo) ?? null) : null };
}
