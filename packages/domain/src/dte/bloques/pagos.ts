import { toNumber2, type Money } from '../../money';
import type { CondicionOperacion, PagoRequest } from '../../requests/common';

export interface Pago {
  codigo: string;
  montoPago: number;
  referencia: string | null;
  plazo: string | null;
  periodo: number | null;
}

/**
 * The request carries one pago for the whole amount. A contado sale without one is recorded as cash
 * (CAT-017 "01", as the spec says); MH's manual (§XIX) puts referencia null for cash.
 */
export function pagos(condicion: CondicionOperacion, pago: PagoRequest | null | undefined, monto: Money): Pago[] {
  const montoPago = toNumber2(monto);
  if (condicion === 1 && !pago) return [{ codigo: '01', montoPago, referencia: null, plazo: null, periodo: null }];
  if (!pago) throw new Error(`pagos: condicionOperacion ${condicion} without pago (the request schema requires it)`);
  return [
    {
      codigo: pago.codigo,
      montoPago,
      referencia: pago.referencia ?? null,
      plazo: pago.plazo ?? null,
      periodo: pago.periodo ?? null,
    },
  ];
}
