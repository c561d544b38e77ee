import { money, round2, sum, ZERO, type Money } from '../../money';
import type { Linea } from '../bloques/cuerpo';

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
  totalDescu: Money;
  subTotal: Money;
  reteRenta: Money;
  totalPagar: Money;
}

/** FSE totals: no IVA; the API offers no global discount (descu 0), so subTotal = totalCompra. */
export function totalesSujetoExcluido(lineas: readonly Linea[], applyrent: boolean): TotalesSujetoExcluido {
  const totalCompra = round2(sum(lineas.map((l) => l.monto)));
  const reteRenta = retencionRenta(totalCompra, applyrent);
  return {
    totalCompra,
    totalDescu: round2(sum(lineas.map((l) => l.montoDescu))),
    subTotal: totalCompra,
    reteRenta,
    totalPagar: totalCompra.minus(reteRenta),
  };
}
