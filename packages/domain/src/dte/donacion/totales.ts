import { money, round2, round8, sum, type Money } from '../../money';

/** CAT-026 Tipo de Donación. */
export const EFECTIVO = 1;
export const BIEN = 2;
export const SERVICIO = 3;

/** What a donated line's arithmetic needs (a request item). */
export interface LineaDonacionEntrada {
  tipoDonacion: number;
  cantidad: number | string | Money;
  valorUnitario: number | string | Money;
  depreciacion: number | string | Money;
}

/** A donated line at cuerpoDocumento precision (8 decimals). */
export interface LineaDonacion {
  cantidad: Money;
  valorUni: Money;
  depreciacion: Money;
  /** MH's "Valor Donado": cantidad × valorUni − depreciacion. */
  valor: Money;
}

/**
 * Manual Funcional v1.2 §XX: "Valor Donado" is "Valor Unitario" multiplied by "Cantidad" less
 * "Depreciación" (the worn value of a used good; $0.00 for cash and services, so for them it is
 * cantidad × valorUni). The inputs are rounded to 8 decimals first so MH can recompute the value from
 * the numbers the document shows; the value is rounded half up to 8 decimals (§XXI).
 */
export function lineaDonacion(entrada: LineaDonacionEntrada): LineaDonacion {
  const cantidad = round8(money(entrada.cantidad));
  const valorUni = round8(money(entrada.valorUnitario));
  const depreciacion = round8(money(entrada.depreciacion));
  return { cantidad, valorUni, depreciacion, valor: round8(cantidad.times(valorUni).minus(depreciacion)) };
}

export interface TotalesDonacion {
  lineas: LineaDonacion[];
  /** MH's "Total de la Donación": the lines' values added, rounded half up to the cent (§XXI). */
  valorTotal: Money;
  /** The cash donated (tipoDonacion 1), to the cent: what the resumen's pagos account for. */
  efectivo: Money;
}

export function totalesDonacion(items: readonly LineaDonacionEntrada[]): TotalesDonacion {
  const lineas = items.map(lineaDonacion);
  const efectivo = lineas.filter((_, i) => items[i]!.tipoDonacion === EFECTIVO).map((l) => l.valor);
  return { lineas, valorTotal: round2(sum(lineas.map((l) => l.valor))), efectivo: round2(sum(efectivo)) };
}
