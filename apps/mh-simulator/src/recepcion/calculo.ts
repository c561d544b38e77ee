import DecimalJs from 'decimal.js';
import { esquemaDe, isTributoDeSeccion, type MhSchemaName } from '@dte/domain';
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

  /** The declared figure must be within the holgura of one of the accepted computations; a field is reported once. */
  verificar(campo: string, declarado: unknown, ...esperados: Decimal[]): void {
    if (this.hallazgos.some((h) => h.campo === campo)) return;
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

interface Venta {
  /** FE prices include IVA; CCF, NC and ND prices exclude it. */
  ivaIncluido: boolean;
  /** The 1 % retention and perception of IVA: `ivaRete1`/`ivaPerci1` until 2026, then without the 1. */
  retencion: 'ivaRete1' | 'ivaRete';
  percepcion: 'ivaPerci1' | 'ivaPerci';
}
const FE_V1: Venta = { ivaIncluido: true, retencion: 'ivaRete1', percepcion: 'ivaPerci1' };
const FE_V2: Venta = { ivaIncluido: true, retencion: 'ivaRete', percepcion: 'ivaPerci' };
const CCF_V3: Venta = { ivaIncluido: false, retencion: 'ivaRete1', percepcion: 'ivaPerci1' };
const CCF_V4: Venta = { ivaIncluido: false, retencion: 'ivaRete', percepcion: 'ivaPerci' };

/**
 * FE, CCF, NR, NC, ND: the three sale columns, IVA and the operation totals. NC/ND v4 have no global
 * discounts nor subTotal, so their operation total starts from subTotalVentas; fields a version lacks
 * (reteRenta and saldoFavor in 2026, totalPagar in NC/ND v3) count as zero or are not checked.
 */
function ventas(dte: Json, venta: Venta, cuenta: Cuenta): void {
  const { ivaIncluido } = venta;
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  const columnas = ['ventaNoSuj', 'ventaExenta', 'ventaGravada'] as const;

  items.forEach((item, i) => {
    const monto = r8(n(item.cantidad).times(n(item.precioUni)).minus(n(item.montoDescu)));
    const columna = columnas.find((c) => !n(item[c]).isZero()) ?? 'ventaGravada';
    cuenta.verificar(`cuerpoDocumento[${i}].${columna}`, suma(columnas.map((c) => n(item[c]))), monto);
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
  if ('subTotal' in resumen)
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
  const subTotal = 'subTotal' in resumen ? n(resumen.subTotal) : n(resumen.subTotalVentas);
  cuenta.verificar(
    'resumen.montoTotalOperacion',
    resumen.montoTotalOperacion,
    subTotal.plus(tributosDelTotal(resumen)),
  );

  // IVA retention and perception are 1% of the taxed sale without IVA.
  const baseSinIva = ivaIncluido ? baseGravada.div('1.13') : baseGravada;
  for (const campo of [venta.retencion, venta.percepcion]) {
    if (!n(resumen[campo]).isZero())
      cuenta.verificar(`resumen.${campo}`, resumen[campo], r2(baseSinIva.times(UNO_POR_CIENTO)));
  }
  if ('totalNoGravado' in resumen)
    cuenta.verificar('resumen.totalNoGravado', resumen.totalNoGravado, total('noGravado'));
  if ('totalPagar' in resumen) {
    const pagar = n(resumen.montoTotalOperacion)
      .plus(n(resumen.totalNoGravado))
      .plus(n(resumen[venta.percepcion]))
      .minus(n(resumen[venta.retencion]))
      .minus(n(resumen.reteRenta))
      .plus(n(resumen.saldoFavor));
    cuenta.verificar('resumen.totalPagar', resumen.totalPagar, pagar);
    cuenta.pagos(resumen);
  }
}

/** Section-3 tributos of CAT-015 are informative and change no total (Manual Funcional §XIII). */
function tributosDelTotal(resumen: Json): Decimal {
  const tributos = (resumen.tributos as Json[] | null) ?? [];
  return suma(tributos.filter((t) => isTributoDeSeccion(String(t.codigo), 1)).map((t) => n(t.valor)));
}

/**
 * NC v4 / ND v4 on a CCF: the IVA is tributo "20" of the resumen, added once in montoTotalOperacion, and
 * `totalIva` (resumen and each line) stays 0. The reading the service takes: an NC v4 with the 13 % there
 * was rejected by MH apitest with 020 "[resumen.totalIva] CALCULO INCORRECTO"
 * (Melquisspana/Sistema_Facturacion, resources/dte/ejemplos/05_nota_credito/README.md, June 2026).
 */
const IVA_EN_TOTAL_IVA_DE_NOTA_V4 = new Decimal(0);

/**
 * NC v4 / ND v4: the resumen's retention, perception and totalIva are the sums of the lines' (Normativa
 * DTE 2.0 Anexo IV fields 143–146, p.119, as public NC v4 serializers transcribe it); a note with the
 * resumen's 1 % and 0 on every line is refused.
 */
const SUMAS_DE_LINEAS_DE_NOTA_V4 = ['ivaRete', 'ivaPerci', 'totalIva'] as const;

function notaV4(dte: Json, cuenta: Cuenta): void {
  ventas(dte, CCF_V4, cuenta);
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  items.forEach((item, i) =>
    cuenta.verificar(`cuerpoDocumento[${i}].totalIva`, item.totalIva, IVA_EN_TOTAL_IVA_DE_NOTA_V4),
  );
  cuenta.verificar('resumen.totalIva', resumen.totalIva, IVA_EN_TOTAL_IVA_DE_NOTA_V4);
  for (const campo of SUMAS_DE_LINEAS_DE_NOTA_V4)
    cuenta.verificar(`resumen.${campo}`, resumen[campo], suma(items.map((item) => n(item[campo]))));
}

/** FSE: the buyer's purchase, its discount and the 10% income-tax retention it withholds (v2 has no ivaRete1). */
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

/** CR: each retention at its CAT-006 rate, and the totals (`totalIVAretenido` in v1, `totalIvaRetenido` in v2). */
function retencion(dte: Json, cuenta: Cuenta, campoTotal: 'totalIVAretenido' | 'totalIvaRetenido'): void {
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
  cuenta.verificar(`resumen.${campoTotal}`, resumen[campoTotal], r2(suma(items.map((i) => n(i.ivaRetenido)))));
}

/**
 * CR v2 `resumen.totalIva`, new in 2026 and unexplained by the schema ("IVA 13%", minimum 0), changing no
 * other total. Both readings in use are taken, as the two readings of totalDescu are: the IVA of the amounts
 * subject to retention, 13 % of totalSujetoRetencion (the Normativa DTE 2.0 annexes' digest, the service's
 * builder), and 0, which one implementer sends and which issue 48's review reports MH takes (see
 * docs/api-rules.md, `resumen.totalIva` of CR v2). A correction is this function.
 */
function ivaSujetoRetencion(resumen: Json): Decimal[] {
  return [r2(n(resumen.totalSujetoRetencion).times(IVA)), new Decimal(0)];
}

function retencionV2(dte: Json, cuenta: Cuenta): void {
  retencion(dte, cuenta, 'totalIvaRetenido');
  const resumen = dte.resumen as Json;
  cuenta.verificar('resumen.totalIva', resumen.totalIva, ...ivaSujetoRetencion(resumen));
}

/**
 * Evento de Retorno (fe-eret-v1): goods returned from Facturas (amounts with IVA included, in the sale
 * columns) or from sujeto excluido purchases (`compra`), each line's amount in exactly one column; the IVA
 * is reported as the 13/113 part of the taxed amounts and the purchases' 10 % renta retention is reversed.
 */
function retorno(dte: Json, cuenta: Cuenta): void {
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  const columnas = ['ventaNoSuj', 'ventaExenta', 'ventaGravada', 'compra'] as const;

  items.forEach((item, i) => {
    const monto = r8(n(item.cantidad).times(n(item.precioUni)).minus(n(item.montoDescu)));
    const usadas = columnas.filter((c) => !n(item[c]).isZero());
    const [columna = 'ventaGravada', segunda] = usadas;
    if (segunda) cuenta.hallazgos.push(hallazgo('020', `cuerpoDocumento[${i}].${segunda}`));
    else cuenta.verificar(`cuerpoDocumento[${i}].${columna}`, item[columna], monto);
    cuenta.verificar(`cuerpoDocumento[${i}].ivaItem`, item.ivaItem, r8(n(item.ventaGravada).times(13).div(113)));
  });

  const total = (campo: string) => r2(suma(items.map((item) => n(item[campo]))));
  cuenta.verificar('resumen.totalNoSuj', resumen.totalNoSuj, total('ventaNoSuj'));
  cuenta.verificar('resumen.totalExenta', resumen.totalExenta, total('ventaExenta'));
  cuenta.verificar('resumen.totalGravada', resumen.totalGravada, total('ventaGravada'));
  cuenta.verificar('resumen.totalCompraExcluidos', resumen.totalCompraExcluidos, total('compra'));
  cuenta.verificar(
    'resumen.subTotalVentas',
    resumen.subTotalVentas,
    suma(['totalNoSuj', 'totalExenta', 'totalGravada', 'totalCompraExcluidos'].map((c) => n(resumen[c]))),
  );
  cuenta.verificar(
    'resumen.montoTotalOperacion',
    resumen.montoTotalOperacion,
    n(resumen.subTotalVentas).plus(tributosDelTotal(resumen)).plus(n(resumen.totalSeguro)).plus(n(resumen.totalFlete)),
  );
  cuenta.verificar('resumen.totalIva', resumen.totalIva, r2(n(resumen.totalGravada).times(13).div(113)));
  if (!n(resumen.reteRenta).isZero()) {
    const base = n(resumen.totalCompraExcluidos);
    cuenta.verificar('resumen.reteRenta', resumen.reteRenta, r2(base.times(RENTA_SUJETO_EXCLUIDO)));
  }
  cuenta.verificar('resumen.totalNoGravado', resumen.totalNoGravado, total('noGravado'));
  const pagar = n(resumen.montoTotalOperacion)
    .minus(n(resumen.ivaRete))
    .minus(n(resumen.reteRenta))
    .plus(n(resumen.totalNoGravado));
  cuenta.verificar('resumen.totalPagar', resumen.totalPagar, pagar);
}

/**
 * FEX: sales abroad, all in ventaGravada at 0 % (tributo C3, Manual Funcional §XIII), whose operation amount
 * adds the insurance and freight the buyer pays (MH's legible FEX, §XXII.9). v1 names the document discount
 * `descuento`, v3 `descuGravada`; what is paid adds the lines' charges outside the base.
 */
function exportacion(dte: Json, cuenta: Cuenta): void {
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  items.forEach((item, i) => {
    const monto = r8(n(item.cantidad).times(n(item.precioUni)).minus(n(item.montoDescu)));
    cuenta.verificar(`cuerpoDocumento[${i}].ventaGravada`, item.ventaGravada, monto);
  });
  cuenta.verificar('resumen.totalGravada', resumen.totalGravada, r2(suma(items.map((item) => n(item.ventaGravada)))));
  const descuento = n(resumen.descuento ?? resumen.descuGravada);
  cuenta.verificar(
    'resumen.totalDescu',
    resumen.totalDescu,
    descuento,
    r2(descuento.plus(suma(items.map((item) => n(item.montoDescu))))),
  );
  ((resumen.tributos as Json[] | null) ?? []).forEach((t, i) => {
    if (t.codigo === 'C3') cuenta.verificar(`resumen.tributos[${i}].valor`, t.valor, new Decimal(0));
  });
  cuenta.verificar(
    'resumen.montoTotalOperacion',
    resumen.montoTotalOperacion,
    n(resumen.totalGravada).minus(descuento).plus(n(resumen.seguro)).plus(n(resumen.flete)),
  );
  cuenta.verificar('resumen.totalNoGravado', resumen.totalNoGravado, r2(suma(items.map((item) => n(item.noGravado)))));
  const pagar = n(resumen.montoTotalOperacion).plus(n(resumen.totalNoGravado)).plus(n(resumen.saldoFavor));
  cuenta.verificar('resumen.totalPagar', resumen.totalPagar, pagar);
  cuenta.pagos(resumen);
}

/**
 * CD: each line is worth its quantity at its unit value less the depreciation of used goods (Manual
 * Funcional §XX; v2 renamed `depreciacion` `tipoDepreciacion`). Its payments describe only the cash given,
 * so they are not compared with the total.
 */
function donacion(dte: Json, cuenta: Cuenta): void {
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  items.forEach((item, i) => {
    const depreciacion = n(item.depreciacion ?? item.tipoDepreciacion);
    cuenta.verificar(
      `cuerpoDocumento[${i}].valor`,
      item.valor,
      r8(n(item.cantidad).times(n(item.valorUni)).minus(depreciacion)),
    );
  });
  cuenta.verificar('resumen.valorTotal', resumen.valorTotal, r2(suma(items.map((item) => n(item.valor)))));
}

/**
 * CL: one line per sale document the comisionista liquidates, gravada without IVA. Each line's IVA is 13 %
 * of its gravada; the resumen's IVA is taken either as the sum of the lines' or as 13 % of the total (MH
 * names the fields only). `total` adds the IVA percibido, as a CCF's total adds its percepción.
 */
function liquidacion(dte: Json, cuenta: Cuenta): void {
  const items = dte.cuerpoDocumento as Json[];
  const resumen = dte.resumen as Json;
  items.forEach((item, i) =>
    cuenta.verificar(`cuerpoDocumento[${i}].ivaItem`, item.ivaItem, n(item.ventaGravada).times(IVA)),
  );
  const total = (campo: string) => r2(suma(items.map((item) => n(item[campo]))));
  const exportacion = 'totalExportacion' in resumen ? 'totalExportacion' : 'exportacion';
  cuenta.verificar('resumen.totalNoSuj', resumen.totalNoSuj, total('ventaNoSuj'));
  cuenta.verificar('resumen.totalExenta', resumen.totalExenta, total('ventaExenta'));
  cuenta.verificar('resumen.totalGravada', resumen.totalGravada, total('ventaGravada'));
  cuenta.verificar(`resumen.${exportacion}`, resumen[exportacion], total('exportaciones'));
  cuenta.verificar(
    'resumen.subTotalVentas',
    resumen.subTotalVentas,
    suma(['totalNoSuj', 'totalExenta', 'totalGravada', exportacion].map((c) => n(resumen[c]))),
  );
  const tributos = (resumen.tributos as Json[] | null) ?? [];
  const i = tributos.findIndex((t) => t.codigo === '20');
  if (i >= 0)
    cuenta.verificar(
      `resumen.tributos[${i}].valor`,
      tributos[i]!.valor,
      total('ivaItem'),
      r2(n(resumen.totalGravada).times(IVA)),
    );
  else if (!n(resumen.totalGravada).isZero()) cuenta.hallazgos.push(hallazgo('020', 'resumen.tributos'));
  cuenta.verificar(
    'resumen.montoTotalOperacion',
    resumen.montoTotalOperacion,
    n(resumen.subTotalVentas).plus(tributosDelTotal(resumen)),
  );
  cuenta.verificar('resumen.total', resumen.total, n(resumen.montoTotalOperacion).plus(n(resumen.ivaPerci)));
}

const IVA_PERCIBIDO_DCL = new Decimal('0.02');

/**
 * DCL: a card operator's liquidation of a period (Manual Funcional §XXII.8 names each figure): the
 * operations less those not subject to perception are the subTotal, IVA included (its IVA is 13/113);
 * 2 % of the rest is percibido, and the commission and its 13 % IVA come off what the afiliado is paid.
 */
function documentoContableLiquidacion(dte: Json, cuenta: Cuenta): void {
  const c = dte.cuerpoDocumento as Json;
  const campo = (nombre: string) => `cuerpoDocumento.${nombre}`;
  cuenta.verificar(campo('subTotal'), c.subTotal, n(c.valorOperaciones).minus(n(c.montoSinPercepcion)));
  cuenta.verificar(campo('iva'), c.iva, r2(n(c.subTotal).times(13).div(113)));
  cuenta.verificar(campo('montoSujetoPercepcion'), c.montoSujetoPercepcion, n(c.subTotal).minus(n(c.iva)));
  cuenta.verificar(campo('ivaPercibido'), c.ivaPercibido, r2(n(c.montoSujetoPercepcion).times(IVA_PERCIBIDO_DCL)));
  cuenta.verificar(campo('ivaComision'), c.ivaComision, r2(n(c.comision).times(IVA)));
  cuenta.verificar(
    campo('liquidoApagar'),
    c.liquidoApagar,
    n(c.valorOperaciones).minus(n(c.ivaPercibido)).minus(n(c.comision)).minus(n(c.ivaComision)),
  );
}

/**
 * A schema whose documents the simulator does not recompute: the invalidation and contingency events carry
 * no amounts (their own services check them), and the Evento de Operaciones Especiales (EOP) is not issued here.
 */
const SIN_CALCULO = null;

/** The rules of each schema: every schema of a kind the service issues has its own. */
export const reglasDeCalculo = {
  'fe-fc-v1': (dte, cuenta) => ventas(dte, FE_V1, cuenta),
  'fe-f-v2': (dte, cuenta) => ventas(dte, FE_V2, cuenta),
  'fe-ccf-v3': (dte, cuenta) => ventas(dte, CCF_V3, cuenta),
  'fe-nc-v3': (dte, cuenta) => ventas(dte, CCF_V3, cuenta),
  'fe-nd-v3': (dte, cuenta) => ventas(dte, CCF_V3, cuenta),
  'fe-ccf-v4': (dte, cuenta) => ventas(dte, CCF_V4, cuenta),
  // A Nota de Remisión values goods as a CCF does and settles nothing: it has no totalPagar nor retentions.
  'fe-nr-v3': (dte, cuenta) => ventas(dte, CCF_V3, cuenta),
  'fe-nr-v4': (dte, cuenta) => ventas(dte, CCF_V4, cuenta),
  'fe-nc-v4': notaV4,
  'fe-nd-v4': notaV4,
  'fe-cr-v1': (dte, cuenta) => retencion(dte, cuenta, 'totalIVAretenido'),
  'fe-cr-v2': retencionV2,
  'fe-cl-v1': liquidacion,
  'fe-cl-v2': liquidacion,
  'fe-dcl-v1': documentoContableLiquidacion,
  'fe-dcl-v2': documentoContableLiquidacion,
  'fe-fex-v1': exportacion,
  'fe-fex-v3': exportacion,
  'fe-fse-v1': sujetoExcluido,
  'fe-fse-v2': sujetoExcluido,
  'fe-cd-v1': donacion,
  'fe-cd-v2': donacion,
  'fe-eret-v1': retorno,
  'fe-eop-v1': SIN_CALCULO,
  'anulacion-schema-v2': SIN_CALCULO,
  'invalidacion-schema-v3': SIN_CALCULO,
  'contingencia-schema-v3': SIN_CALCULO,
  'contingencia-schema-v4': SIN_CALCULO,
} satisfies Record<MhSchemaName, ((dte: Json, cuenta: Cuenta) => void) | typeof SIN_CALCULO>;

/** Recomputes a document valid against the schema of its type (or event) and version. */
export function verificarCalculos(tipoDte: string, version: number, dte: Json): ResultadoCalculo {
  const cuenta = new Cuenta();
  const esquema = esquemaDe(tipoDte, version);
  if (esquema) reglasDeCalculo[esquema]?.(dte, cuenta);
  return { hallazgos: cuenta.hallazgos, observaciones: cuenta.observaciones };
}
