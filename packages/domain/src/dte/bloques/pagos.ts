import { validationError } from '../../errors';
import { money, toNumber2, type Money } from '../../money';
import type { CondicionOperacion, PagoRequest, PagosRequest } from '../../requests/common';

export interface Pago {
  codigo: string;
  montoPago: number;
  referencia: string | null;
  plazo: string | null;
  periodo: number | null;
}

/**
 * The resumen's pagos. Several (`pagos`, each with its `montoPago`) must add up to the amount to pay, to
 * the cent: MH only observes a mismatch (002), which would leave a document whose payments do not
 * explain its total. One (`pago`) is for the whole amount. A contado sale with neither is recorded as
 * cash (CAT-017 "01", as the spec says); MH's manual (§XIX) puts referencia null for cash.
 */
export function pagos(
  request: { condicionOperacion: CondicionOperacion; pago?: PagoRequest | null; pagos?: PagosRequest | null },
  monto: Money,
): Pago[] {
  const total = toNumber2(monto);
  const { condicionOperacion: condicion, pago } = request;
  if (request.pagos) {
    const suma = request.pagos.reduce((s, p) => s.plus(money(p.montoPago)), money(0));
    if (!suma.equals(money(total)))
      throw validationError('La suma de los pagos no es el total a pagar', [
        { field: 'pagos', message: `Los montoPago suman ${suma.toFixed(2)}; el total a pagar es ${total.toFixed(2)}` },
      ]);
    return request.pagos.map((p) => ({
      codigo: p.codigo,
      montoPago: toNumber2(money(p.montoPago)),
      referencia: p.referencia ?? null,
      plazo: p.plazo ?? null,
      periodo: p.periodo ?? null,
    }));
  }
  if (condicion === 1 && !pago)
    return [{ codigo: '01', montoPago: total, referencia: null, plazo: null, periodo: null }];
  if (!pago) throw new Error(`pagos: condicionOperacion ${condicion} without pago (the request schema requires it)`);
  return [
    {
      codigo: pago.codigo,
      montoPago: total,
      referencia: pago.referencia ?? null,
      plazo: pago.plazo ?? null,
      periodo: pago.periodo ?? null,
    },
  ];
}
