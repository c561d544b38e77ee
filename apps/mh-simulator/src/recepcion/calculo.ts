import DecimalJs from 'decimal.js';
import { isTributoDeSeccion } from '@dte/domain';
import { hallazgo, type Hallazgo } from '../respuesta';

/**
 * MH's arithmetic check, written independently of the service's builders: it is the oracle they are
 * tested against. Rules (Manual Funcional §XXI; FACTS.md §5.3–5.4): item figures are rounded half-up
 * to 8 decimals, resumen figures to 2, and a declared figure may differ from the recomputed one by
 * ±0.01 (the "holgura"). Each figure is recomputed from the *declared* figures it depends on, so one
 * wrong number is reported once instead of cascading through every total.
 */
const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
type Decimal = DecimalJs;

const HOLGURA = new Decimal('0.01');
const IVA = new Decimal('0.13');
const UNO_POR_CIENTO = new Decimal('0.01');
const RENTA_SUJETO_EXCLUIDO = new Decimal('0.10');
/** CAT-006 states the rate in each code's name; C9 ("otras, casos especiales") has none to check. */
const TASA_RETENCION: Record<string, Decimal> = { '22': new Decimal('0.01'), C4: new Decimal('0.13') };

type Json = Record<string, unknown>;
/** Schema-valid figures are JSON numbers; absent ones (fields a type lacks) count as zero. */
const n = (v: unknown): Decimal => (Decimal.isDecimal(v) ? (v as Decimal) : new Decimal(typeof v === 'number' ? v : 0));
const r8 = (d: Decimal) => d.toDecimalPlaces(8);
const r2 = (d: Decimal) => d.toDecimalPlaces(2);
const suma = (valores: Decimal[]) => valores.reduce((a, b) => a.plus(b), new Decimal(0));

export interface ResultadoCalculo {
  /** Figures outside the holgura: the document is rejected with 020. */
  hallazgos: Hallazgo[];
  /** Checks MH reports without refusing the document (codigoMsg 002). */
  observaciones: string[];
}

class Cuenta {
  readonly hallazgos: Hallazgo[] = [];
  readonly observaciones: string[] = [];

  /** The declared figure must be within the holgura of one of the accepted computations. */
  verificar(campo: string, declarado: unknown, ...esperados: Decimal[]): void {
    if (!esperados.some((e) => n(declarado).minus(e).abs().lte(HOLGURA))) this.hallazgos.push(hallazgo('020', campo));
  }

  pagos(resumen: Json): void {
    const pagos = resumen.pagos as Json[] | null | undefined;
    if (!pagos?.length) return;
    const pagado = suma(pagos.map((p) => n(p.montoPago)));
    if (pagado.minus(n(resumen.totalPagar)).abs().gt(HOLGURA))
      this.observaciones.push('[resumen.pagos] CALCULO INCORRECTO');
  }
}

/** FE, CCF, NC, ND: the three sale columns, IVA and the operation totals. */
function ventas(dte: Json, ivaIncluido: boolean, cuenta: Cuenta): void {
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  const columnas = ['ventaNoSuj', 'ventaExenta', 'ventaGravada'] as const;

  items.forEach((item, i) => {
    const venta = r8(n(item.cantidad).times(n(item.precioUni)).minus(n(item.montoDescu)));
    const columna = columnas.find((c) => !n(item[c]).isZero()) ?? 'ventaGravada';
    cuenta.verificar(`cuerpoDocumento[${i}].${columna}`, suma(columnas.map((c) => n(item[c]))), venta);
    // FE prices include IVA, so the item's IVA is the 13/113 part of its taxed sale.
    if (ivaIncluido)
      cuenta.verificar(`cuerpoDocumento[${i}].ivaItem`, item.ivaItem, r8(n(item.ventaGravada).times(13).div(113)));
  });

  const total = (campo: string) => r2(suma(items.map((item) => n(item[campo]))));
  cuenta.verificar('resumen.totalNoSuj', resumen.totalNoSuj, total('ventaNoSuj'));
  cuenta.verificar('resumen.totalExenta', resumen.totalExenta, total('ventaExenta'));
  cuenta.verificar('resumen.totalGravada', resumen.totalGravada, total('ventaGravada'));
  cuenta.verificar(
    'resumen.subTotalVentas',
    resumen.subTotalVentas,
    n(resumen.totalNoSuj).plus(n(resumen.totalExenta)).plus(n(resumen.totalGravada)),
  );
  const descuentosGlobales = n(resumen.descuNoSuj).plus(n(resumen.descuExenta)).plus(n(resumen.descuGravada));
  // MH does not say whether totalDescu also counts the items' montoDescu; both readings circulate.
  cuenta.verificar(
    'resumen.totalDescu',
    resumen.totalDescu,
    descuentosGlobales,
    r2(descuentosGlobales.plus(suma(items.map((item) => n(item.montoDescu))))),
  );
  cuenta.verificar('resumen.subTotal', resumen.subTotal, n(resumen.subTotalVentas).minus(descuentosGlobales));

  const baseGravada = n(resumen.totalGravada).minus(n(resumen.descuGravada));
  const tributos = (resumen.tributos as Json[] | null) ?? [];
  if (ivaIncluido) {
    cuenta.verificar('resumen.totalIva', resumen.totalIva, r2(baseGravada.times(13).div(113)));
  } else if (baseGravada.gt(0)) {
    const i = tributos.findIndex((t) => t.codigo === '20');
    if (i < 0) cuenta.hallazgos.push(hallazgo('020', 'resumen.tributos'));
    else cuenta.verificar(`resumen.tributos[${i}].valor`, tributos[i]!.valor, r2(baseGravada.times(IVA)));
  }
  // Section-3 tributos of CAT-015 are informative and change no total (Manual Funcional §XIII).
  const tributosDelTotal = suma(tributos.filter((t) => isTributoDeSeccion(String(t.codigo), 1)).map((t) => n(t.valor)));
  cuenta.verificar(
    'resumen.montoTotalOperacion',
    resumen.montoTotalOperacion,
    n(resumen.subTotal).plus(tributosDelTotal),
  );

  // IVA retention and perception are 1% of the taxed sale without IVA.
  const baseSinIva = ivaIncluido ? baseGravada.div('1.13') : baseGravada;
  for (const campo of ['ivaRete1', 'ivaPerci1']) {
    if (!n(resumen[campo]).isZero())
      cuenta.verificar(`resumen.${campo}`, resumen[campo], r2(baseSinIva.times(UNO_POR_CIENTO)));
  }
  if ('totalNoGravado' in resumen)
    cuenta.verificar('resumen.totalNoGravado', resumen.totalNoGravado, total('noGravado'));
  if ('totalPagar' in resumen) {
    const pagar = n(resumen.montoTotalOperacion)
      .plus(n(resumen.totalNoGravado))
      .plus(n(resumen.ivaPerci1))
      .minus(n(resumen.ivaRete1))
      .minus(n(resumen.reteRenta))
      .plus(n(resumen.saldoFavor));
    cuenta.verificar('resumen.totalPagar', resumen.totalPagar, pagar);
    cuenta.pagos(resumen);
  }
}

/** FSE: the buyer's purchase, its discount and the 10% income-tax retention it withholds. */
function sujetoExcluido(dte: Json, cuenta: Cuenta): void {
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  items.forEach((item, i) => {
    const compra = r8(n(item.cantidad).times(n(item.precioUni)).minus(n(item.montoDescu)));
    cuenta.verificar(`cuerpoDocumento[${i}].compra`, item.compra, compra);
  });
  cuenta.verificar('resumen.totalCompra', resumen.totalCompra, r2(suma(items.map((item) => n(item.compra)))));
  if (resumen.totalDescu !== null) {
    const descu = n(resumen.descu);
    cuenta.verificar(
      'resumen.totalDescu',
      resumen.totalDescu,
      descu,
      r2(descu.plus(suma(items.map((item) => n(item.montoDescu))))),
    );
  }
  cuenta.verificar('resumen.subTotal', resumen.subTotal, n(resumen.totalCompra).minus(n(resumen.descu)));
  if (!n(resumen.reteRenta).isZero()) {
    cuenta.verificar('resumen.reteRenta', resumen.reteRenta, r2(n(resumen.subTotal).times(RENTA_SUJETO_EXCLUIDO)));
  }
  const pagar = n(resumen.subTotal).minus(n(resumen.ivaRete1)).minus(n(resumen.reteRenta));
  cuenta.verificar('resumen.totalPagar', resumen.totalPagar, pagar);
  cuenta.pagos(resumen);
}

/** CR: each retention at its CAT-006 rate, and the totals. */
function retencion(dte: Json, cuenta: Cuenta): void {
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  items.forEach((item, i) => {
    const tasa = TASA_RETENCION[String(item.codigoRetencionMH)];
    if (tasa)
      cuenta.verificar(`cuerpoDocumento[${i}].ivaRetenido`, item.ivaRetenido, r2(n(item.montoSujetoGrav).times(tasa)));
  });
  cuenta.verificar(
    'resumen.totalSujetoRetencion',
    resumen.totalSujetoRetencion,
    r2(suma(items.map((i) => n(i.montoSujetoGrav)))),
  );
  cuenta.verificar('resumen.totalIVAretenido', resumen.totalIVAretenido, r2(suma(items.map((i) => n(i.ivaRetenido)))));
}

/**
 * Recomputes a schema-valid document. Types without a rule here (e.g. Retorno, whose schema is still
 * provisional) are checked by their schema only.
 */
export function verificarCalculos(tipoDte: string, dte: Json): ResultadoCalculo {
  const cuenta = new Cuenta();
  if (tipoDte === '01') ventas(dte, true, cuenta);
  if (tipoDte === '03' || tipoDte === '05' || tipoDte === '06') ventas(dte, false, cuenta);
  if (tipoDte === '07') retencion(dte, cuenta);
  if (tipoDte === '14') sujetoExcluido(dte, cuenta);
  return { hallazgos: cuenta.hallazgos, observaciones: cuenta.observaciones };
}
