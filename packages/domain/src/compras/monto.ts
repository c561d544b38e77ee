import { money, type Money } from '../money';
import { COMPRA_POR_TIPO } from './tipos';

/**
 * Where each kind received states the amount of its operation (MH's schemas, both generations; the kind
 * registry's `compra.monto`): the operation's total of the sale documents and the liquidation, the base a
 * Comprobante de Retención retained on, the value of the operations a DCL liquidates: the amount above which
 * a person confirms the document (`PoliticaCompras`). The same kinds as `RECEPTOR_DE_COMPRA`.
 */
export const MONTO_DE_COMPRA: Readonly<Record<string, readonly [string, string]>> = Object.fromEntries(
  [...COMPRA_POR_TIPO].map(([tipoDte, compra]) => [tipoDte, compra.monto]),
);

/** The amount of a received document of MH's shape (zero when it states none). */
export function montoDeCompra(tipoDte: string, dte: Record<string, unknown>): Money {
  const [bloque, campo] = MONTO_DE_COMPRA[tipoDte] ?? ['resumen', 'montoTotalOperacion'];
  const valor = (dte[bloque] as Record<string, unknown> | null | undefined)?.[campo];
  return money(typeof valor === 'number' ? valor : 0);
}
