import { DteError, ErrorCode } from '../../errors';
import { money } from '../../money';
import type { NotaRequest } from '../../requests/nota';
import type { BuildContext, OriginDocument } from '../documento';
import { notaV3 } from './nota-v3';

/**
 * Nota de Crédito v3 (fe-nc-v3.json). MH refuses a credit beyond what remains of the CCF (016), so
 * the notes of one original together never credit more than its montoTotalOperacion.
 */
export function buildNotaCreditoV3(ctx: BuildContext, request: NotaRequest, origin?: OriginDocument) {
  const nota = notaV3('05', ctx, request, origin);
  const original = money((origin!.dte['resumen'] as { montoTotalOperacion: number }).montoTotalOperacion);
  const disponible = original.minus(money(origin!.montoAcreditado ?? 0));
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
export type NotaCreditoV3 = ReturnType<typeof buildNotaCreditoV3>;
