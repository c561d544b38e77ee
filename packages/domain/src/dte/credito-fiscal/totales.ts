import type { Money } from '../../money';
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
 * Totals of the CCF family (CCF, NC, ND): prices exclude IVA, which is added on the total; a receptor
 * that is an agente de retención withholds 1 % of the taxable amount from what it pays.
 */
export function totalesCreditoFiscal(lineas: readonly LineaVenta[], isRetenIva: boolean): TotalesCreditoFiscal {
  const t = totalesVenta(lineas);
  const iva = ivaSobreGravada(t.totalGravada);
  const montoTotalOperacion = t.subTotal.plus(iva);
  const ivaRete1 = ivaRetenido1(t.totalGravada, isRetenIva);
  return { ...t, iva, montoTotalOperacion, ivaRete1, totalPagar: montoTotalOperacion.minus(ivaRete1) };
}
