import type { z } from 'zod';
import { lineaVenta, linea } from '../dte/bloques/cuerpo';
import { totalesCreditoFiscal } from '../dte/credito-fiscal/totales';
import { totalesFactura } from '../dte/factura/totales';
import { totalesSujetoExcluido } from '../dte/sujeto-excluido/totales';
import { money, sum, type Money } from '../money';
import type { ItemCompraRequest, ItemVentaRequest } from './common';

/**
 * MH's schemas bound every amount, of a line or of the resumen, below 100 000 000 000 (exclusiveMaximum
 * 1e11). A request whose lines or totals reach it could only give a document MH refuses (or none at all:
 * its total in words would not exist), so it is a 400 here, before anything is started or numbered.
 */
export const MAXIMO_MH = money('1e11');
const mensaje = (que: string) => `${que} alcanza el máximo de MH (debe ser menor que 100,000,000,000)`;

function checkMonto(ctx: z.RefinementCtx, path: PropertyKey[], monto: Money, que: string): void {
  if (monto.gte(MAXIMO_MH)) ctx.addIssue({ code: 'custom', path, message: mensaje(que) });
}

/** Charges outside the taxable base (Factura and CCF lines' `noGravado`) that add to what is paid. */
function cargos(items: readonly { noGravado?: number }[]): Money {
  const neto = sum(items.map((i) => money(i.noGravado ?? 0)));
  return neto.isPositive() ? neto : money(0);
}

/** Each line (cantidad × precioUnitario − montoDescu) and the document's largest total, IVA included. */
function checkLineas(ctx: z.RefinementCtx, montos: Money[], total: Money): void {
  montos.forEach((m, i) => checkMonto(ctx, ['items', i], m, 'El monto del ítem'));
  if (montos.every((m) => m.lt(MAXIMO_MH))) checkMonto(ctx, ['items'], total, 'El total del documento');
}

/** DTE 01: prices include IVA; the largest total is what is paid, the operation's with its charges. */
export function checkMaximosFactura(
  r: { items: (ItemVentaRequest & { noGravado?: number })[] },
  ctx: z.RefinementCtx,
): void {
  const lineas = r.items.map(lineaVenta);
  checkLineas(
    ctx,
    lineas.map((l) => l.monto),
    totalesFactura(lineas).montoTotalOperacion.plus(cargos(r.items)),
  );
}

/** DTE 03, 05, 06: IVA is added on the total; a CCF's charges add to what is paid. */
export function checkMaximosCreditoFiscal(
  r: { items: (ItemVentaRequest & { noGravado?: number })[]; isRetenIva: boolean },
  ctx: z.RefinementCtx,
): void {
  const lineas = r.items.map(lineaVenta);
  checkLineas(
    ctx,
    lineas.map((l) => l.monto),
    totalesCreditoFiscal(lineas, r.isRetenIva).montoTotalOperacion.plus(cargos(r.items)),
  );
}

/** A line's amounts and its charge outside the taxable base. */
type LineaMaxima = Pick<ItemCompraRequest, 'cantidad' | 'precioUnitario' | 'montoDescu'> & { noGravado: number };

/** DTE 11: taxed at 0 %; the operation adds flete and seguro, and what is paid the lines' charges. */
export function checkMaximosExportacion(
  r: { items: LineaMaxima[]; exportacion: { flete: number; seguro: number } },
  ctx: z.RefinementCtx,
): void {
  const lineas = r.items.map(linea);
  const operacion = sum(lineas.map((l) => l.monto))
    .plus(money(r.exportacion.flete))
    .plus(money(r.exportacion.seguro));
  checkLineas(
    ctx,
    lineas.map((l) => l.monto),
    operacion.plus(cargos(r.items)),
  );
}

/** DTE 14: a purchase, no IVA. */
export function checkMaximosSujetoExcluido(
  r: { items: ItemCompraRequest[]; applyrent: boolean },
  ctx: z.RefinementCtx,
): void {
  const lineas = r.items.map(linea);
  checkLineas(
    ctx,
    lineas.map((l) => l.monto),
    totalesSujetoExcluido(lineas, r.applyrent).totalCompra,
  );
}

/** DTE 07: the amounts subject to retention add up to totalSujetoRetencion. */
export function checkMaximosRetencion(r: { cuerpoDocumento: { montoSujetoGrav: number }[] }, ctx: z.RefinementCtx) {
  checkMonto(
    ctx,
    ['cuerpoDocumento'],
    sum(r.cuerpoDocumento.map((c) => money(c.montoSujetoGrav))),
    'El total sujeto a retención',
  );
}
