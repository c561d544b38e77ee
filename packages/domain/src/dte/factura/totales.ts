import type { DescuentoRequest, ItemVentaRequest } from '../../requests/common';
import { lineaVenta, type LineaVenta } from '../bloques/cuerpo';
import { totalesVenta, type TotalesVenta } from '../bloques/resumen';
import { totalIvaFactura } from '../iva';
import { DteError } from '../../errors';
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

/**
 * Whether the Factura's montoTotalOperacion, after its document discount, reaches the threshold. A
 * discount larger than its column is refused by the builder; here it counts as none, the stricter reading.
 */
export function requiereIdentificarReceptor(
  items: readonly ItemVentaRequest[],
  descuento?: DescuentoRequest | null,
): boolean {
  const lineas = items.map(lineaVenta);
  let total: Money;
  try {
    total = totalesFactura(lineas, descuento).montoTotalOperacion;
  } catch (err) {
    if (!(err instanceof DteError)) throw err;
    total = totalesFactura(lineas).montoTotalOperacion;
  }
  return total.gte(UMBRAL_IDENTIFICACION_RECEPTOR);
}
