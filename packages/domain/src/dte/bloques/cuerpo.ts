import { toNumber8, money, round8, ZERO, type Money } from '../../money';
import type { ItemVentaRequest, TipoImpuesto } from '../../requests/common';
import { lineaConIva } from '../iva';

/** What a line's arithmetic needs; request items and retorno lines both provide it. */
export interface LineaEntrada {
  cantidad: number | string | Money;
  precioUnitario: number | string | Money;
  montoDescu: number | string | Money;
}

/** A line's amounts at cuerpoDocumento precision (8 decimals). */
export interface Linea {
  cantidad: Money;
  precioUni: Money;
  montoDescu: Money;
  /** cantidad × precioUni − montoDescu */
  monto: Money;
}

/**
 * The inputs are rounded to 8 decimals first, so the amount can be recomputed from the numbers the
 * document shows.
 */
export function linea(entrada: LineaEntrada): Linea {
  const cantidad = round8(money(entrada.cantidad));
  const precioUni = round8(money(entrada.precioUnitario));
  const montoDescu = round8(money(entrada.montoDescu));
  return { cantidad, precioUni, montoDescu, monto: round8(cantidad.times(precioUni).minus(montoDescu)) };
}

/** A sale line: its amount goes in MH's column for its tipoImpuesto. */
export interface LineaVenta extends Linea {
  ventaNoSuj: Money;
  ventaExenta: Money;
  ventaGravada: Money;
}

export function lineaVenta(entrada: LineaEntrada & { tipoImpuesto: TipoImpuesto }): LineaVenta {
  const l = linea(entrada);
  const en = (tipo: TipoImpuesto) => (entrada.tipoImpuesto === tipo ? l.monto : ZERO);
  return { ...l, ventaNoSuj: en('NO_SUJETO'), ventaExenta: en('EXENTO'), ventaGravada: en('GRAVADO') };
}

/**
 * The cuerpoDocumento fields common to FE, CCF, NC and ND. `tributoIva` says whether a taxed line
 * lists IVA ("20"): yes where prices exclude IVA (CCF/NC/ND), never in FE (its schema forbids it).
 */
export function cuerpoItemVenta(
  item: ItemVentaRequest,
  linea: LineaVenta,
  numItem: number,
  { tributoIva, numeroDocumento }: { tributoIva: boolean; numeroDocumento: string | null },
) {
  return {
    numItem,
    tipoItem: item.tipoItem,
    numeroDocumento,
    codigo: item.codigo ?? null,
    codTributo: item.codTributo ?? null,
    descripcion: item.descripcion,
    cantidad: toNumber8(linea.cantidad),
    uniMedida: item.uniMedida,
    precioUni: toNumber8(linea.precioUni),
    montoDescu: toNumber8(linea.montoDescu),
    ventaNoSuj: toNumber8(linea.ventaNoSuj),
    ventaExenta: toNumber8(linea.ventaExenta),
    ventaGravada: toNumber8(linea.ventaGravada),
    tributos: tributoIva && lineaConIva(linea) ? ['20'] : null,
  };
}
