import { catalogValue } from '../../mh/catalogs';
import { money, round2, sum, type Money } from '../../money';
import { ivaSobreGravada, totalIvaFactura } from '../iva';

/**
 * The arithmetic of the two liquidation documents, the only place it is done:
 *
 * - Comprobante de Liquidación (CLE, 08): the comisionista (emisor) reports to its mandante (receptor)
 *   the sale documents it issued on the mandante's account, one line per document, with that document's
 *   resumen values, not its items (Manual Funcional v1.2 §XVI "Detalle de los DTE emitido a cuenta de
 *   terceros en el CLE", 3). The resumen adds them up as a CCF does.
 * - Documento Contable de Liquidación (DCLE, 09): the agente perceptor (card operator, emisor) liquidates
 *   to its afiliado (receptor) the card sales of a period: what it perceives (IVA percibido 2 %), its
 *   commission and that commission's IVA come off what it pays.
 *
 * Amounts are decimal (money.ts) from the request to the document; resumen figures are rounded half-up
 * to cents (Manual Funcional §XXI).
 */

/** MH's holgura on 2-decimal amounts (Manual Funcional §XXI): a declared figure may differ by a cent. */
export const HOLGURA = money('0.01');

// ─── Comprobante de Liquidación (08) ──────────────────────────────────────────────────────────────────

/**
 * Tributos of CAT-015 section 1 that Manual Funcional §XIII lists for the CLE besides IVA: 59 turismo
 * por alojamiento, 71 turismo salida por vía aérea, D1 FOVIAL, C8 COTRANS, D5 otras tasas. D4 is "uso
 * interno del M.H.", so a taxpayer does not declare it. IVA "20" and "C3" (exportaciones 0 %) are not
 * declared either: each line gets them from its amounts (`lineaLiquidacion`).
 */
export const OTROS_TRIBUTOS_CL = ['59', '71', 'D1', 'C8', 'D5'] as const;
export type OtroTributoCl = (typeof OTROS_TRIBUTOS_CL)[number];

const IVA = '20';
const IVA_EXPORTACIONES = 'C3';

/** One sale document of a CL, as the request carries it: the document's own figures, all ≥ 0. */
export interface DocumentoLiquidado {
  tipoDte: string;
  invalidado: boolean;
  ventaNoSuj: number;
  ventaExenta: number;
  ventaGravada: number;
  exportaciones: number;
  /** The IVA the sale document shows; 13 % of ventaGravada when not given. */
  ivaItem?: number | null;
  tributos?: readonly { codigo: OtroTributoCl; valor: number }[] | null;
}

/** A CL line as written: amounts signed by `signoEnLiquidacion`, tributo codes in MH's order. */
export interface LineaLiquidacion {
  signo: 1 | -1;
  ventaNoSuj: Money;
  ventaExenta: Money;
  ventaGravada: Money;
  exportaciones: Money;
  ivaItem: Money;
  /** `cuerpoDocumento[].tributos`: 20 when something is taxed, C3 when something is exported, then the others. */
  tributos: string[];
  otrosTributos: { codigo: OtroTributoCl; valor: Money }[];
}

/**
 * How a sale document counts in the liquidación. The CL schemas admit negative amounts in every line and
 * resumen figure (exclusiveMinimum −1e11; fe-cl-v2 only keeps `total` ≥ 0), and Manual Funcional §XVI.5
 * lets a document that was invalidated be referenced a second time, as invalidado, after it was
 * liquidated active; MH does not say which lines are negative. Chosen here: a Nota de Crédito (05) takes
 * its amounts off the sales liquidated, and a document referenced as invalidado reverses what it
 * counted when active (so an invalidated NC adds back); every other line adds.
 */
export function signoEnLiquidacion(tipoDte: string, invalidado: boolean): 1 | -1 {
  const resta = tipoDte === '05';
  return resta !== invalidado ? -1 : 1;
}

/**
 * The IVA of a sale document's gravada: 13 % of it (CAT-015 "20", Manual Funcional §XIII, CCF rule of
 * ../iva.ts), rounded to cents as the document's own resumen shows it. The CL is issued to an IVA
 * taxpayer, so its gravada excludes IVA for every type of document; a Factura's goes in net of the IVA
 * it contains (its totalGravada − totalIva), which differs from 13 % of that net by less than MH's holgura.
 */
export function ivaItemEsperado(ventaGravada: Money): Money {
  return ivaSobreGravada(ventaGravada);
}

/** A declared ivaItem is taken when it is within MH's holgura of 13 % of the gravada. */
export function ivaItemCuadra(ventaGravada: Money, ivaItem: Money): boolean {
  return ivaItemEsperado(ventaGravada).minus(ivaItem).abs().lte(HOLGURA);
}

export function lineaLiquidacion(d: DocumentoLiquidado): LineaLiquidacion {
  const signo = signoEnLiquidacion(d.tipoDte, d.invalidado);
  // A zero stays +0: decimal.js keeps the sign of −0, which would print as -0 in tests and logs.
  const firmado = (m: Money) => (signo === 1 || m.isZero() ? m : m.negated());
  const ventaGravada = money(d.ventaGravada);
  const exportaciones = money(d.exportaciones);
  const iva = d.ivaItem == null ? ivaItemEsperado(ventaGravada) : money(d.ivaItem);
  const otros = (d.tributos ?? []).map((t) => ({ codigo: t.codigo, valor: firmado(money(t.valor)) }));
  // MF §XIII: C3 is detailed in the CLE "aunque su valor sea $0.0" whenever there are exportaciones.
  const tributos = [
    ...(ventaGravada.isZero() ? [] : [IVA]),
    ...(exportaciones.isZero() ? [] : [IVA_EXPORTACIONES]),
    ...otros.map((t) => t.codigo),
  ];
  return {
    signo,
    ventaNoSuj: firmado(money(d.ventaNoSuj)),
    ventaExenta: firmado(money(d.ventaExenta)),
    ventaGravada: firmado(ventaGravada),
    exportaciones: firmado(exportaciones),
    ivaItem: firmado(iva),
    tributos,
    otrosTributos: otros,
  };
}

export interface TributoResumen {
  codigo: string;
  descripcion: string;
  valor: Money;
}

export interface TotalesComprobanteLiquidacion {
  lineas: LineaLiquidacion[];
  totalNoSuj: Money;
  totalExenta: Money;
  totalGravada: Money;
  totalExportacion: Money;
  /** "Suma de operaciones sin impuestos": the four columns. */
  subTotalVentas: Money;
  tributos: TributoResumen[];
  /** subTotalVentas + every tributo of the resumen. */
  montoTotalOperacion: Money;
  ivaPerci: Money;
  /** montoTotalOperacion + ivaPerci. */
  total: Money;
}

/**
 * The CL resumen:
 * - totalNoSuj, totalExenta, totalGravada, totalExportacion: the sum of the lines' columns.
 * - subTotalVentas: the four totals ("Suma de operaciones sin impuestos", fe-cl-v1).
 * - tributos: each code once, valued at the sum of what the lines carry of it (Manual Funcional §XIII,
 *   "VALOR DE TRIBUTO: … la sumatoria consolidada de los montos de tributos calculados por ítems"): IVA
 *   "20" is the sum of the lines' ivaItem, each the IVA its own document fixed, not 13 % of
 *   totalGravada; "C3" is 0.
 * - montoTotalOperacion: subTotalVentas plus the tributos, as in a CCF.
 * - total: montoTotalOperacion plus the IVA percibido liquidated (`ivaPerci`), as a CCF's totalPagar adds
 *   its ivaPerci1; MH's CL documents only name the field ("IVA Percibido liquidado").
 */
export function totalesComprobanteLiquidacion(
  documentos: readonly DocumentoLiquidado[],
  ivaPercibido: number,
): TotalesComprobanteLiquidacion {
  const lineas = documentos.map(lineaLiquidacion);
  const total = (f: (l: LineaLiquidacion) => Money) => round2(sum(lineas.map(f)));
  const totalNoSuj = total((l) => l.ventaNoSuj);
  const totalExenta = total((l) => l.ventaExenta);
  const totalGravada = total((l) => l.ventaGravada);
  const totalExportacion = total((l) => l.exportaciones);
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada).plus(totalExportacion);
  const tributos = consolidarTributos(lineas);
  const montoTotalOperacion = subTotalVentas.plus(sum(tributos.map((t) => t.valor)));
  const ivaPerci = round2(money(ivaPercibido));
  return {
    lineas,
    totalNoSuj,
    totalExenta,
    totalGravada,
    totalExportacion,
    subTotalVentas,
    tributos,
    montoTotalOperacion,
    ivaPerci,
    total: montoTotalOperacion.plus(ivaPerci),
  };
}

function consolidarTributos(lineas: readonly LineaLiquidacion[]): TributoResumen[] {
  const valores = new Map<string, Money>();
  const agregar = (codigo: string, valor: Money) => valores.set(codigo, (valores.get(codigo) ?? money(0)).plus(valor));
  for (const l of lineas) {
    if (l.tributos.includes(IVA)) agregar(IVA, l.ivaItem);
    if (l.tributos.includes(IVA_EXPORTACIONES)) agregar(IVA_EXPORTACIONES, money(0));
  }
  for (const l of lineas) for (const t of l.otrosTributos) agregar(t.codigo, t.valor);
  return [...valores].map(([codigo, valor]) => ({
    codigo,
    descripcion: catalogValue('CAT-015', codigo) ?? codigo,
    valor: round2(valor),
  }));
}

// ─── Documento Contable de Liquidación (09) ───────────────────────────────────────────────────────────

/** "IVA Percibido (2%)": the rate fe-dcl-v1 and fe-dcl-v2 name in `ivaPercibido`'s description. */
export const TASA_PERCEPCION_IVA = money('0.02');

export interface OperacionesLiquidadas {
  valorOperaciones: number;
  montoSinPercepcion: number;
  comision: number;
}

export interface TotalesDocumentoContable {
  valorOperaciones: Money;
  montoSinPercepcion: Money;
  subTotal: Money;
  iva: Money;
  montoSujetoPercepcion: Money;
  ivaPercibido: Money;
  comision: Money;
  ivaComision: Money;
  liquidoApagar: Money;
}

/**
 * The DCL cuerpoDocumento, in the order of MH's legible version (Manual Funcional v1.2, "Documento
 * Contable de Liquidación Electrónico v1", p.52) and the schemas' field descriptions:
 * - valorOperaciones: "Valor de las operaciones a liquidar", what the card holders paid, IVA included.
 * - montoSinPercepcion: "Valores no sujetos a percepción" within it (described by descripSinPercepcion).
 * - subTotal = valorOperaciones − montoSinPercepcion.
 * - iva: "IVA de las operaciones a liquidar", the IVA contained in subTotal, 13/113 of it (the rule for
 *   IVA-inclusive amounts, FE `totalIva` in ../iva.ts).
 * - montoSujetoPercepcion: "Monto sujeto a percepción sin IVA" = subTotal − iva.
 * - ivaPercibido: "IVA Percibido (2%)" = 2 % of montoSujetoPercepcion.
 * - comision: the operator's, as declared (its base is the operator's contract; `porcentComision` is
 *   informative); ivaComision: "IVA de la comisión" = 13 % of it (the operator's service is taxed).
 * - liquidoApagar: `liquidoApagar` below.
 * MH publishes no formulas for the DCL; this reading is also the one of NeoStpCloud's DteLiquidacion
 * (CarlosAGRuiz/NeoStpCloud), save the liquido's base.
 */
export function totalesDocumentoContable(o: OperacionesLiquidadas): TotalesDocumentoContable {
  const valorOperaciones = round2(money(o.valorOperaciones));
  const montoSinPercepcion = round2(money(o.montoSinPercepcion));
  const subTotal = valorOperaciones.minus(montoSinPercepcion);
  const iva = totalIvaFactura(subTotal);
  const montoSujetoPercepcion = subTotal.minus(iva);
  const ivaPercibido = round2(montoSujetoPercepcion.times(TASA_PERCEPCION_IVA));
  const comision = round2(money(o.comision));
  const ivaComision = ivaSobreGravada(comision);
  return {
    valorOperaciones,
    montoSinPercepcion,
    subTotal,
    iva,
    montoSujetoPercepcion,
    ivaPercibido,
    comision,
    ivaComision,
    liquidoApagar: liquidoApagar(valorOperaciones, ivaPercibido, comision, ivaComision),
  };
}

/**
 * "Valor líquido a pagar al afiliado": what the operator collected for the afiliado, less what it
 * perceives and its commission with IVA. The base is the whole valorOperaciones, the values not subject
 * to percepción included: they are the afiliado's money too and only escape the 2 %. MH's documents do
 * not say; NeoStpCloud pays subTotal instead (the two agree when montoSinPercepcion is 0). A correction
 * is this one line.
 */
function liquidoApagar(valorOperaciones: Money, ivaPercibido: Money, comision: Money, ivaComision: Money): Money {
  return valorOperaciones.minus(ivaPercibido).minus(comision).minus(ivaComision);
}
