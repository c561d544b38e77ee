import Decimal from 'decimal.js';

/**
 * Money arithmetic for DTEs. MH recomputes every amount and rejects with 020 CALCULO INCORRECTO, and
 * its schemas check `multipleOf` 0.01 / 1e-8, so amounts are decimal.js values from the request to
 * the last step; they become JS numbers only when written into the document, already rounded.
 *
 * Rounding is MH's (Manual Funcional §XXI): half-up, 8 decimals in cuerpoDocumento, 2 in resumen.
 * A private Decimal constructor keeps these settings from leaking into (or being changed by) other code.
 */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** A request number or a decimal string as a Money; `String(n)` keeps the digits the client wrote. */
export function money(value: number | string | Money): Money {
  return new D(typeof value === 'number' ? String(value) : value);
}

export const ZERO: Money = money(0);

/** cuerpoDocumento precision (11.8). */
export function round8(value: Money): Money {
  return value.toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
}

/** resumen precision. */
export function round2(value: Money): Money {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function sum(values: readonly Money[]): Money {
  return values.reduce((acc, v) => acc.plus(v), ZERO);
}

/**
 * `total` (2 decimals) shared out in proportion to `pesos`: each share is rounded half-up to 2 decimals
 * and the last positive weight takes the remainder, so the shares add up to `total` exactly; a zero
 * weight gets 0 (with no positive weight there is nothing to share `total` on: every share is 0).
 * Rounding the other shares up can leave the last a negative remainder (three lines of 100.70 and one of
 * 0.10 share 3.02 as 1.01 + 1.01 + 1.01 − 0.01); the shortfall is then taken back from the nearest
 * preceding shares, which keeps every share at or above 0.
 */
export function prorratear(total: Money, pesos: readonly Money[]): Money[] {
  const base = sum(pesos);
  const ultimo = pesos.reduce((u, p, i) => (p.gt(0) ? i : u), -1);
  const partes = pesos.map((p, i) => (i < ultimo && p.gt(0) ? round2(total.times(p).div(base)) : ZERO));
  if (ultimo < 0) return partes;
  let resto = total.minus(sum(partes));
  for (let i = ultimo - 1; resto.lt(0) && i >= 0; i--) {
    const devuelto = D.min(partes[i]!, resto.negated());
    partes[i] = partes[i]!.minus(devuelto);
    resto = resto.plus(devuelto);
  }
  partes[ultimo] = resto;
  return partes;
}

/** A cuerpoDocumento amount as the JSON number written into the document. */
export function toNumber8(value: Money): number {
  return round8(value).toNumber();
}

/** A resumen amount (and any 2-decimal amount) as the JSON number written into the document. */
export function toNumber2(value: Money): number {
  return round2(value).toNumber();
}

/** A resumen amount as the API shows it (`total` of the document record): "2260.00". */
export function toAmountString(value: Money | number): string {
  return round2(money(value)).toFixed(2);
}
