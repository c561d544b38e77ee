import type { DescuentoRequest, ItemVentaRequest } from '../../requests/common';
import { lineaVenta, type LineaVenta } from '../bloques/cuerpo';
import { totalesVenta, type TotalesVenta } from '../bloques/resumen';
import { totalIvaFactura } from '../iva';
import type { Money } from '../../money';

export interface TotalesFactura extends TotalesVenta {
  /** IVA already inside the prices, shown apart. */
  totalIva: Money;
  montoTotalOperacion: Money;
}

/**
 * FE totals. Prices include IVA and the API offers no other tributos, so the operation total is the
 * subtotal (after the global discount); `totalIva` only reports the IVA it contains.
 */
export function totalesFactura(lineas: readonly LineaVenta[], descuento?: DescuentoRequest | null): TotalesFactura {
  const t = totalesVenta(lineas, descuento);
  return { ...t, totalIva: totalIvaFactura(t.baseGravada), montoTotalOperacion: t.subTotal };
}

/**
 * MH's FE v1 schema requires the receptor's tipoDocumento, numDocumento and nombre when
 * montoTotalOperacion ≥ $1095 (3 × the $365 minimum wage); below it the consumer may stay anonymous.
 */
export const UMBRAL_IDENTIFICACION_RECEPTOR = 1095;

export function requiereIdentificarReceptor(items: readonly ItemVentaRequest[]): boolean {
  return totalesFactura(items.map(lineaVenta)).montoTotalOperacion.gte(UMBRAL_IDENTIFICACION_RECEPTOR);
}
