import { validationError } from '../../errors';
import { money, type Money } from '../../money';
import type { DescuentoRequest } from '../../requests/common';
import { salarioMinimoComercio } from '../../salario-minimo';
import type { LineaVenta } from '../bloques/cuerpo';
import { totalesVenta, type TotalesVenta } from '../bloques/resumen';
import { totalIvaFactura } from '../iva';

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
 * The operation total (montoTotalOperacion, after the document discount) from which a Factura names its
 * consumer (tipoDocumento, numDocumento, nombre); below it the consumer may stay anonymous. The law sets it at
 * three monthly minimum wages of commerce and services on the date of issue ($1,226.40 since 1 June 2025).
 * MH's FE v1 schema carries its own constant, $1,095.00 (3 × the $365 wage of 2021), and MH validates v1
 * documents against it, so v1 keeps it; v2's schema has none and the law's figure applies.
 */
export function umbralIdentificacionReceptor(version: number, fecEmi: string): Money {
  return version === 1 ? money('1095.00') : salarioMinimoComercio(fecEmi).times(3);
}

/** What names the consumer. */
const IDENTIFICACION = ['tipoDocumento', 'numDocumento', 'nombre'] as const;

/**
 * Refuses an anonymous consumer at or above the threshold: a 400 naming each missing field. The receptor is
 * a request's (`ReceptorConsumidorRequest`), by the fields read: the request layer checks its maximums with
 * these totals, so this file does not import it back.
 */
export function checkIdentificacionReceptor(
  receptor: Partial<Record<(typeof IDENTIFICACION)[number], string | null>>,
  montoTotalOperacion: Money,
  umbral: Money,
): void {
  if (montoTotalOperacion.lt(umbral)) return;
  const faltan = IDENTIFICACION.filter((f) => !receptor[f]);
  if (faltan.length)
    throw validationError(
      `El total de la operación alcanza $${umbral.toFixed(2)}: el consumidor debe identificarse`,
      faltan.map((f) => ({
        field: `receptor.${f}`,
        message: `Requerido cuando el total de la operación es de $${umbral.toFixed(2)} o más`,
      })),
    );
}
