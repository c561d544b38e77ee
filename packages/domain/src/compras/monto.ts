import { money, type Money } from '../money';

/**
 * Where each kind received states the amount of its operation (MH's schemas, both generations): the
 * operation's total of the sale documents and the liquidation, the base a Comprobante de Retención
 * retained on, the value of the operations a DCL liquidates: the amount above which a person confirms the
 * document (`PoliticaCompras`). The same kinds as `RECEPTOR_DE_COMPRA`.
 */
export const MONTO_DE_COMPRA: Readonly<Record<string, readonly [string, string]>> = {
  '01': ['resumen', 'montoTotalOperacion'],
  '03': ['resumen', 'montoTotalOperacion'],
  '04': ['resumen', 'montoTotalOperacion'],
  '05': ['resumen', 'montoTotalOperacion'],
  '06': ['resumen', 'montoTotalOperacion'],
  '07': ['resumen', 'totalSujetoRetencion'],
  '08': ['resumen', 'montoTotalOperacion'],
  '09': ['cuerpoDocumento', 'valorOperaciones'],
};

/** The amount of a received document of MH's shape (zero when it states none). */
export function montoDeCompra(tipoDte: string, dte: Record<string, unknown>): Money {
  const [bloque, campo] = MONTO_DE_COMPRA[tipoDte] ?? ['resumen', 'montoTotalOperacion'];
  const valor = (dte[bloque] as Record<string, unknown> | null | undefined)?.[campo];
  return money(typeof valor === 'number' ? valor : 0);
}
