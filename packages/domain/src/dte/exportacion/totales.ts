import { validationError } from '../../errors';
import { money, round2, sum, ZERO, type Money } from '../../money';
import type { DescuentoCompraRequest } from '../../requests/common';
import type { Linea } from '../bloques/cuerpo';
import { conNoGravado, descuentoDe } from '../bloques/resumen';

/** CAT-015 §1 "C3": the IVA of exports, 0 %. */
export const TRIBUTO_EXPORTACION = { codigo: 'C3', descripcion: 'Impuesto al Valor Agregado (exportaciones) 0%' };

export interface TotalesExportacion {
  totalGravada: Money;
  /** The discount on the whole document: v1's `descuento`, v3's `descuGravada`. */
  descuento: Money;
  porcentajeDescuento: Money;
  totalDescu: Money;
  seguro: Money;
  flete: Money;
  /** Tributo C3, always zero; MH wants it listed all the same. */
  iva: Money;
  montoTotalOperacion: Money;
  totalNoGravado: Money;
  totalPagar: Money;
}

/**
 * FEX totals (the same arithmetic in v1 and v3), each from an MH rule:
 *
 * - A line's ventaGravada is cantidad × precioUni − montoDescu at 8 decimals (`linea`; Manual Funcional
 *   v1.2 §XVII.1 and §XXI, 11.8 in cuerpoDocumento). Every sale of an export is "afecta" (gravada at 0 %):
 *   FEX has no exempt or non-subject columns (§XII, note to the table).
 * - totalGravada is the sum of the lines rounded half up to the cent (§XXI, resumen at 2 decimals).
 * - The document discount (§XVII.2–3; the note to §XVII says that for FEX it is the one on "ventas
 *   afectas") is an amount, or a percentage of totalGravada rounded half up to the cent; it cannot exceed
 *   totalGravada. porcentajeDescuento is the one given, or the share the amount makes.
 * - totalDescu adds the lines' discounts to the document discount (§XVII.4, informative).
 * - montoTotalOperacion = totalGravada − descuento + seguro + flete: the order of the resumen in MH's
 *   legible FEX (§XXII.9: total de operaciones afectas, descuento global, seguro, flete, monto total).
 * - IVA is tributo C3 at 0 % (CAT-015 §1), listed even at $0.00 (§XIII, note to section 1), so it adds
 *   nothing to the total.
 * - totalNoGravado is the sum of the lines' charges/credits outside the taxable base, and totalPagar is
 *   montoTotalOperacion plus it (§XII: "serán sumados o restados … hasta el campo Total a Pagar");
 *   credits that would make it negative are refused.
 */
export function totalesExportacion(
  lineas: readonly Linea[],
  request: {
    items: readonly { noGravado: number }[];
    exportacion: { flete: number; seguro: number };
    descuento?: DescuentoCompraRequest | null;
  },
): TotalesExportacion {
  const totalGravada = round2(sum(lineas.map((l) => l.monto)));
  const { descuento: d } = request;
  const descuento = d ? descuentoDe(totalGravada, d.porcentaje, d.monto) : ZERO;
  if (descuento.gt(totalGravada))
    throw validationError('El descuento excede el total de las operaciones afectas', [
      {
        field: 'descuento.monto',
        message: `Descuento ${descuento.toFixed(2)} mayor que el total gravado ${totalGravada.toFixed(2)}`,
      },
    ]);
  const porcentajeDescuento =
    d?.porcentaje !== undefined
      ? money(d.porcentaje)
      : totalGravada.isZero()
        ? ZERO
        : round2(descuento.div(totalGravada).times(100));
  const seguro = money(request.exportacion.seguro);
  const flete = money(request.exportacion.flete);
  const montoTotalOperacion = totalGravada.minus(descuento).plus(seguro).plus(flete);
  const { totalNoGravado, totalPagar } = conNoGravado(request.items, montoTotalOperacion);
  return {
    totalGravada,
    descuento,
    porcentajeDescuento,
    totalDescu: round2(sum(lineas.map((l) => l.montoDescu))).plus(descuento),
    seguro,
    flete,
    iva: ZERO,
    montoTotalOperacion,
    totalNoGravado,
    totalPagar,
  };
}
