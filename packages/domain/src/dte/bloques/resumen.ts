import { toNumber2, round2, sum, type Money } from '../../money';
import type { LineaVenta } from './cuerpo';

/**
 * The sale totals FE, CCF, NC and ND share, at resumen precision. Each total is the rounded sum of
 * its column and the subtotals add the rounded totals, so the printed resumen adds up as printed.
 * The API offers no global discounts (descuNoSuj/descuExenta/descuGravada are 0), so
 * subTotal = subTotalVentas and totalDescu is the sum of the item discounts.
 */
export interface TotalesVenta {
  totalNoSuj: Money;
  totalExenta: Money;
  totalGravada: Money;
  subTotalVentas: Money;
  totalDescu: Money;
  subTotal: Money;
}

export function totalesVenta(lineas: readonly LineaVenta[]): TotalesVenta {
  const total = (pick: (l: LineaVenta) => Money) => round2(sum(lineas.map(pick)));
  const totalNoSuj = total((l) => l.ventaNoSuj);
  const totalExenta = total((l) => l.ventaExenta);
  const totalGravada = total((l) => l.ventaGravada);
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada);
  return {
    totalNoSuj,
    totalExenta,
    totalGravada,
    subTotalVentas,
    totalDescu: total((l) => l.montoDescu),
    subTotal: subTotalVentas,
  };
}

/** The resumen fields of `TotalesVenta` as MH names them. */
export function resumenVenta(t: TotalesVenta) {
  return {
    totalNoSuj: toNumber2(t.totalNoSuj),
    totalExenta: toNumber2(t.totalExenta),
    totalGravada: toNumber2(t.totalGravada),
    subTotalVentas: toNumber2(t.subTotalVentas),
    descuNoSuj: 0,
    descuExenta: 0,
    descuGravada: 0,
    totalDescu: toNumber2(t.totalDescu),
    subTotal: toNumber2(t.subTotal),
  };
}
