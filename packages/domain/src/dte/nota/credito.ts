import { DteError, ErrorCode } from '../../errors';
import { money } from '../../money';
import type { OriginDocument } from '../documento';

/**
 * MH refuses a credit beyond what remains of the CCF (016), so the notes of one original together never
 * credit more than its montoTotalOperacion (`montoAcreditado`: what earlier notes took). Both the CCF and
 * the note carry montoTotalOperacion in every version.
 */
export function dentroDelSaldo<N extends { resumen: { montoTotalOperacion: number } }>(
  nota: N,
  origin: OriginDocument,
): N {
  const original = money((origin.dte['resumen'] as { montoTotalOperacion: number }).montoTotalOperacion);
  const disponible = original.minus(money(origin.montoAcreditado ?? 0));
  if (money(nota.resumen.montoTotalOperacion).gt(disponible))
    throw new DteError(
      ErrorCode.CREDIT_EXCEEDS_ORIGINAL,
      400,
      `La nota de crédito (${nota.resumen.montoTotalOperacion}) excede el saldo del documento original (${disponible.toFixed(2)})`,
      {
        montoTotalOperacion: nota.resumen.montoTotalOperacion,
        saldoDisponible: disponible.toNumber(),
      },
    );
  return nota;
}
