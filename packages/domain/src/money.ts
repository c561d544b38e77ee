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
