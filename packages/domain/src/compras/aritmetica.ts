import type { AritmeticaDeCompra } from '../dte/document-kinds';
import { DteError } from '../errors';
import { generacionDe, isTributoDeSeccion } from '../mh';
import { money, round2, sum, type Money } from '../money';
import { linea, type LineaVenta } from '../dte/bloques/cuerpo';
import { totalesVenta } from '../dte/bloques/resumen';
import { ivaItemFactura, ivaRetenido1, ivaSobreGravada, totalIvaFactura } from '../dte/iva';
import { ivaRetenidoCuadra, type CodigoRetencionMH } from '../dte/retencion/tasas';
import type { MotivoCompra } from './motivos';
import { COMPRA_POR_TIPO } from './tipos';

/**
 * MH's holgura (Manual Funcional §XXI): a declared figure may differ from the recomputed one by a cent.
 * A supplier's software rounds as it may within it, and MH sealed the document so.
 */
const HOLGURA = money('0.01');

type Json = Record<string, unknown>;
/** A figure of the document; absent ones (fields a version lacks) count as zero. */
const m = (v: unknown): Money => money(typeof v === 'number' ? v : 0);

class Cuentas {
  readonly motivos: MotivoCompra[] = [];

  /** The declared figure must be within the holgura of one of the figures our builders would write. */
  cuadra(campo: string, declarado: unknown, ...esperados: Money[]): void {
    if (esperados.some((e) => m(declarado).minus(e).abs().lte(HOLGURA))) return;
    this.motivos.push({
      codigo: 'CALCULO_INCORRECTO',
      campo,
      mensaje: `${campo} declara ${m(declarado).toFixed(2)}; el cálculo da ${esperados[0]!.toFixed(2)}`,
    });
  }
}

/** The 1 % retention and perception of IVA: `ivaRete1`/`ivaPerci1` until 2026, then without the 1. */
const campos = (version2026: boolean) =>
  version2026 ? { retencion: 'ivaRete', percepcion: 'ivaPerci' } : { retencion: 'ivaRete1', percepcion: 'ivaPerci1' };

/**
 * FE, CCF, NR, NC, ND: each line's amount, the totals, IVA, the operation total and what is paid,
 * recomputed with the builders' own functions from the figures the document declares (its lines and its
 * global discounts), so one changed figure shows where it was changed.
 */
function ventas(dte: Json, ivaIncluido: boolean, version2026: boolean, c: Cuentas): void {
  const items = (dte.cuerpoDocumento as Json[]) ?? [];
  const resumen = (dte.resumen as Json) ?? {};
  const lineas: LineaVenta[] = items.map((item, i) => {
    const l = linea({ cantidad: m(item.cantidad), precioUnitario: m(item.precioUni), montoDescu: m(item.montoDescu) });
    const declarado = m(item.ventaNoSuj).plus(m(item.ventaExenta)).plus(m(item.ventaGravada));
    const columna = (['ventaNoSuj', 'ventaExenta', 'ventaGravada'] as const).find((k) => !m(item[k]).isZero());
    c.cuadra(`cuerpoDocumento[${i}].${columna ?? 'ventaGravada'}`, declarado.toNumber(), l.monto);
    if (ivaIncluido && 'ivaItem' in item)
      c.cuadra(`cuerpoDocumento[${i}].ivaItem`, item.ivaItem, ivaItemFactura(m(item.ventaGravada)));
    return {
      ...l,
      ventaNoSuj: m(item.ventaNoSuj),
      ventaExenta: m(item.ventaExenta),
      ventaGravada: m(item.ventaGravada),
    };
  });
  let t;
  try {
    t = totalesVenta(lineas, {
      noSujeta: m(resumen.descuNoSuj).toNumber(),
      exenta: m(resumen.descuExenta).toNumber(),
      gravada: m(resumen.descuGravada).toNumber(),
    });
  } catch (err) {
    if (!(err instanceof DteError)) throw err;
    c.motivos.push({ codigo: 'CALCULO_INCORRECTO', campo: 'resumen.totalDescu', mensaje: err.message });
    return;
  }
  c.cuadra('resumen.totalNoSuj', resumen.totalNoSuj, t.totalNoSuj);
  c.cuadra('resumen.totalExenta', resumen.totalExenta, t.totalExenta);
  c.cuadra('resumen.totalGravada', resumen.totalGravada, t.totalGravada);
  c.cuadra('resumen.subTotalVentas', resumen.subTotalVentas, t.subTotalVentas);
  // MH's manual allows totalDescu with or without the lines' discounts; the builders count them.
  const globales = t.descuNoSuj.plus(t.descuExenta).plus(t.descuGravada);
  c.cuadra('resumen.totalDescu', resumen.totalDescu, t.totalDescu, globales);
  if ('subTotal' in resumen) c.cuadra('resumen.subTotal', resumen.subTotal, t.subTotal);
  const subTotal = 'subTotal' in resumen ? t.subTotal : t.subTotalVentas;

  const tributos = (resumen.tributos as Json[] | null) ?? [];
  if (ivaIncluido) {
    if ('totalIva' in resumen) c.cuadra('resumen.totalIva', resumen.totalIva, totalIvaFactura(t.baseGravada));
  } else if (t.baseGravada.gt(0)) {
    const i = tributos.findIndex((x) => x.codigo === '20');
    if (i < 0)
      c.motivos.push({ codigo: 'CALCULO_INCORRECTO', campo: 'resumen.tributos', mensaje: 'Falta el IVA (tributo 20)' });
    else c.cuadra(`resumen.tributos[${i}].valor`, tributos[i]!.valor, ivaSobreGravada(t.baseGravada));
  }
  // Tributos of CAT-015 section 1 add to the operation; the others are informative.
  const tributosDelTotal = sum(tributos.filter((x) => isTributoDeSeccion(String(x.codigo), 1)).map((x) => m(x.valor)));
  if ('montoTotalOperacion' in resumen)
    c.cuadra('resumen.montoTotalOperacion', resumen.montoTotalOperacion, subTotal.plus(tributosDelTotal));

  const { retencion, percepcion } = campos(version2026);
  const baseSinIva = ivaIncluido ? t.baseGravada.div('1.13') : t.baseGravada;
  for (const campo of [retencion, percepcion])
    if (!m(resumen[campo]).isZero()) c.cuadra(`resumen.${campo}`, resumen[campo], ivaRetenido1(baseSinIva, true));
  if ('totalNoGravado' in resumen)
    c.cuadra('resumen.totalNoGravado', resumen.totalNoGravado, round2(sum(items.map((item) => m(item.noGravado)))));
  if ('totalPagar' in resumen)
    c.cuadra(
      'resumen.totalPagar',
      resumen.totalPagar,
      m(resumen.montoTotalOperacion)
        .plus(m(resumen.totalNoGravado))
        .plus(m(resumen[percepcion]))
        .minus(m(resumen[retencion]))
        .minus(m(resumen.reteRenta))
        .plus(m(resumen.saldoFavor)),
    );
}

/** CR: each retention at its CAT-006 rate (C9 as declared) and the totals; v2's totalIva is 13 % of the base. */
function retencion(dte: Json, version: number, c: Cuentas): void {
  const items = (dte.cuerpoDocumento as Json[]) ?? [];
  const resumen = (dte.resumen as Json) ?? {};
  items.forEach((item, i) => {
    if (
      !ivaRetenidoCuadra(
        String(item.codigoRetencionMH) as CodigoRetencionMH,
        m(item.montoSujetoGrav),
        m(item.ivaRetenido),
      )
    )
      c.motivos.push({
        codigo: 'CALCULO_INCORRECTO',
        campo: `cuerpoDocumento[${i}].ivaRetenido`,
        mensaje: `ivaRetenido ${m(item.ivaRetenido).toFixed(2)} no es la tasa de ${String(item.codigoRetencionMH)} sobre ${m(item.montoSujetoGrav).toFixed(2)}`,
      });
  });
  const base = round2(sum(items.map((i) => m(i.montoSujetoGrav))));
  c.cuadra('resumen.totalSujetoRetencion', resumen.totalSujetoRetencion, base);
  const total = version >= 2 ? 'totalIvaRetenido' : 'totalIVAretenido';
  c.cuadra(`resumen.${total}`, resumen[total], round2(sum(items.map((i) => m(i.ivaRetenido)))));
  if (version >= 2) c.cuadra('resumen.totalIva', resumen.totalIva, ivaSobreGravada(base));
}

/** Each arithmetic a received kind names in the registry (`compra.aritmetica`), given whether it is of 2026. */
const ARITMETICAS = {
  VENTA: (dte, _version, version2026, c) => ventas(dte, false, version2026, c),
  VENTA_IVA_INCLUIDO: (dte, _version, version2026, c) => ventas(dte, true, version2026, c),
  RETENCION: (dte, version, _version2026, c) => retencion(dte, version, c),
} satisfies Record<AritmeticaDeCompra, (dte: Json, version: number, version2026: boolean, c: Cuentas) => void>;

/**
 * The arithmetic of a received document by the rules our builders issue by (reasons: none when it adds
 * up). The kinds the registry gives SIN_ARITMETICA (the liquidations, 08 and 09) are checked by their schema
 * and by MH only.
 */
export function aritmeticaDeCompra(tipoDte: string, version: number, dte: Json): MotivoCompra[] {
  const c = new Cuentas();
  const aritmetica = COMPRA_POR_TIPO.get(tipoDte)?.aritmetica;
  if (aritmetica) ARITMETICAS[aritmetica](dte, version, generacionDe(tipoDte, version) === '2026', c);
  return c.motivos;
}
