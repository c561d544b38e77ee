import { money, round2, sum, ZERO, type Money } from '../../money';
import { validationError } from '../../errors';
import type { DescuentoCompraRequest } from '../../requests/common';
import type { Linea } from '../bloques/cuerpo';
import { descuentoDe } from '../bloques/resumen';

const TASA_RETENCION_RENTA = money('0.10');

/**
 * Income tax the buyer withholds from a person not registered for IVA (10 %, Ley de Impuesto sobre la
 * Renta; `applyrent` in the request). Also used to reverse it when such a purchase is returned.
 */
export function retencionRenta(monto: Money, aplica: boolean): Money {
  return aplica ? round2(monto.times(TASA_RETENCION_RENTA)) : ZERO;
}

export interface TotalesSujetoExcluido {
  totalCompra: Money;
  /** The discount on the whole purchase (MH's `descu`). */
  descu: Money;
  totalDescu: Money;
  subTotal: Money;
  reteRenta: Money;
  totalPagar: Money;
}

/**
 * FSE totals: no IVA. A discount on the whole purchase (`descuento`: a percentage, rounded to the cent
 * half up, or an amount) is MH's `descu`; subTotal is totalCompra less it, the 10 % income tax is withheld
 * from subTotal (as the simulator checks), and totalDescu counts it with the items' discounts.
 */
export function totalesSujetoExcluido(
  lineas: readonly Linea[],
  applyrent: boolean,
  descuento?: DescuentoCompraRequest | null,
): TotalesSujetoExcluido {
  const totalCompra = round2(sum(lineas.map((l) => l.monto)));
  const descu = descuento ? descuentoDe(totalCompra, descuento.porcentaje, descuento.monto) : ZERO;
  if (descu.gt(totalCompra))
    throw validationError('El descuento excede el total de la compra', [
      {
        field: 'descuento.monto',
        message: `Descuento ${descu.toFixed(2)} mayor que la compra ${totalCompra.toFixed(2)}`,
      },
    ]);
  const subTotal = totalCompra.minus(descu);
  const reteRenta = retencionRenta(subTotal, applyrent);
  return {
    totalCompra,
    descu,
    totalDescu: round2(sum(lineas.map((l) => l.montoDescu))).plus(descu),
    subTotal,
    reteRenta,
    totalPagar: subTotal.minus(reteRenta),
  };
}
