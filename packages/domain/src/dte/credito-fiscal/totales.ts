import type { Money } from '../../money';
import type { DescuentoRequest } from '../../requests/common';
import type { LineaVenta } from '../bloques/cuerpo';
import { totalesVenta, type TotalesVenta } from '../bloques/resumen';
import { ivaRetenido1, ivaSobreGravada } from '../iva';

export interface TotalesCreditoFiscal extends TotalesVenta {
  /** Tributo "20", 13 % of totalGravada. */
  iva: Money;
  montoTotalOperacion: Money;
  ivaRete1: Money;
  totalPagar: Money;
}

/**
 * Totals of the CCF family (CCF, NC, ND): prices exclude IVA, which is added on the taxable total after
 * the global discount; a receptor that is an agente de retención withholds 1 % of that amount from what
 * it pays.
 */
export function totalesCreditoFiscal(
  lineas: readonly LineaVenta[],
  isRetenIva: boolean,
  descuento?: DescuentoRequest | null,
): TotalesCreditoFiscal {
  const t = totalesVenta(lineas, descuento);
  const iva = ivaSobreGravada(t.baseGravada);
  const montoTotalOperacion = t.subTotal.plus(iva);
  const ivaRete1 = ivaRetenido1(t.baseGravada, isRetenIva);
  return { ...t, iva, montoTotalOperacion, ivaRete1, totalPagar: montoTotalOperacion.minus(ivaRete1) };
}
