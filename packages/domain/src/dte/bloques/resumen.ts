import { validationError } from '../../errors';
import { money, round2, sum, toNumber2, type Money } from '../../money';
import type { DescuentoRequest } from '../../requests/common';
import type { LineaVenta } from './cuerpo';

/**
 * The sale totals FE, CCF, NC and ND share, at resumen precision. Each total is the rounded sum of
 * its column and the subtotals add the rounded totals, so the printed resumen adds up as printed.
 * A document-level discount (FE and CCF: `descuento`) comes off each column as MH's descuNoSuj,
 * descuExenta and descuGravada; subTotal is subTotalVentas less them, and totalDescu counts them with
 * the items' discounts (one of the two readings MH's manual allows, the one the simulator also takes).
 */
export interface TotalesVenta {
  totalNoSuj: Money;
  totalExenta: Money;
  totalGravada: Money;
  subTotalVentas: Money;
  descuNoSuj: Money;
  descuExenta: Money;
  descuGravada: Money;
  /** The global discount as a percentage of subTotalVentas (as given, or what the amounts make). */
  porcentajeDescuento: Money;
  totalDescu: Money;
  subTotal: Money;
  /** What IVA is computed on: totalGravada less its share of the global discount. */
  baseGravada: Money;
}

export function totalesVenta(lineas: readonly LineaVenta[], descuento?: DescuentoRequest | null): TotalesVenta {
  const total = (pick: (l: LineaVenta) => Money) => round2(sum(lineas.map(pick)));
  const totalNoSuj = total((l) => l.ventaNoSuj);
  const totalExenta = total((l) => l.ventaExenta);
  const totalGravada = total((l) => l.ventaGravada);
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada);
  const d = descuentos(descuento, { noSujeta: totalNoSuj, exenta: totalExenta, gravada: totalGravada });
  const globales = d.noSujeta.plus(d.exenta).plus(d.gravada);
  const porcentajeDescuento =
    descuento?.porcentaje !== undefined
      ? money(descuento.porcentaje)
      : subTotalVentas.isZero()
        ? money(0)
        : round2(globales.div(subTotalVentas).times(100));
  return {
    totalNoSuj,
    totalExenta,
    totalGravada,
    subTotalVentas,
    descuNoSuj: d.noSujeta,
    descuExenta: d.exenta,
    descuGravada: d.gravada,
    porcentajeDescuento,
    totalDescu: total((l) => l.montoDescu).plus(globales),
    subTotal: subTotalVentas.minus(globales),
    baseGravada: totalGravada.minus(d.gravada),
  };
}

type Columnas = Record<'noSujeta' | 'exenta' | 'gravada', Money>;

/** A document discount on `total`: `porcentaje` of it, rounded to the cent half up, or the amount given. */
export function descuentoDe(total: Money, porcentaje: number | undefined, monto: number | undefined): Money {
  return porcentaje !== undefined ? round2(total.times(porcentaje).div(100)) : money(monto ?? 0);
}

/**
 * Each column's share of the global discount: the percentage of each column (rounded to the cent, half
 * up), or the amounts given, none above its column.
 */
function descuentos(descuento: DescuentoRequest | null | undefined, columnas: Columnas): Columnas {
  if (!descuento) return { noSujeta: money(0), exenta: money(0), gravada: money(0) };
  const columna = (c: keyof Columnas) => descuentoDe(columnas[c], descuento.porcentaje, descuento[c]);
  const d = { noSujeta: columna('noSujeta'), exenta: columna('exenta'), gravada: columna('gravada') };
  const excesos = (Object.keys(d) as (keyof Columnas)[]).filter((c) => d[c].gt(columnas[c]));
  if (excesos.length)
    throw validationError(
      'El descuento excede lo vendido en su columna',
      excesos.map((c) => ({
        field: `descuento.${c}`,
        message: `Descuento ${d[c].toFixed(2)} mayor que el total ${c === 'noSujeta' ? 'no sujeto' : c} ${columnas[c].toFixed(2)}`,
      })),
    );
  return d;
}

/** The resumen fields of `TotalesVenta` as MH names them (porcentajeDescuento apart: not every schema has it). */
export function resumenVenta(t: TotalesVenta) {
  return {
    totalNoSuj: toNumber2(t.totalNoSuj),
    totalExenta: toNumber2(t.totalExenta),
    totalGravada: toNumber2(t.totalGravada),
    subTotalVentas: toNumber2(t.subTotalVentas),
    descuNoSuj: toNumber2(t.descuNoSuj),
    descuExenta: toNumber2(t.descuExenta),
    descuGravada: toNumber2(t.descuGravada),
    totalDescu: toNumber2(t.totalDescu),
    subTotal: toNumber2(t.subTotal),
  };
}

/**
 * The resumen's totalNoGravado (the lines' charges and credits outside the taxable base) and what is
 * paid with them; a credit larger than the amount to pay is refused, naming the lines.
 */
export function conNoGravado(items: readonly { noGravado: number }[], aPagar: Money) {
  const totalNoGravado = round2(sum(items.map((i) => money(i.noGravado))));
  const totalPagar = aPagar.plus(totalNoGravado);
  if (totalPagar.isNegative())
    throw validationError('Los abonos no gravados superan el total a pagar', [
      { field: 'items', message: `noGravado suma ${totalNoGravado.toFixed(2)}; el total a pagar sería negativo` },
    ]);
  return { totalNoGravado, totalPagar };
}
