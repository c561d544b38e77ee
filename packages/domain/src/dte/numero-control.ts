/**
 * numeroControl = DTE-<tipoDte>-<establecimiento 4><punto de venta 4>-<correlativo 15>, e.g.
 * DTE-01-M001P001-000000000000001. MH's 2026 schemas require the block as (M|B|S|P)ddd + Pddd
 * (M casa matriz, B bodega, S sucursal, P predio/patio) and apitest already enforces it, so it is used
 * for every version. The correlativo restarts each year (Manual Funcional §XI); the caller owns it.
 */
export function formatNumeroControl(
  tipoDte: string,
  codEstable: string,
  codPuntoVenta: string,
  correlativo: number | bigint,
): string {
  if (!/^\d{2}$/.test(tipoDte)) throw new RangeError(`numeroControl: tipoDte "${tipoDte}"`);
  if (!/^[MBSP]\d{3}$/.test(codEstable)) throw new RangeError(`numeroControl: codEstable "${codEstable}"`);
  serie(codPuntoVenta);
  const n = BigInt(correlativo);
  if (n < 1n || n > 999_999_999_999_999n) throw new RangeError(`numeroControl: correlativo ${correlativo}`);
  return `DTE-${tipoDte}-${codEstable}${codPuntoVenta}-${n.toString().padStart(15, '0')}`;
}

/** The document record's `serie`: the point of sale code, P + 3 digits. */
export function serie(codPuntoVenta: string): string {
  if (!/^P\d{3}$/.test(codPuntoVenta)) throw new RangeError(`serie: codPuntoVenta "${codPuntoVenta}"`);
  return codPuntoVenta;
}
