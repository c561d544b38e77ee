import { money, prorratear, toNumber2, round2, round8, ZERO, type Money } from '../money';

/**
 * IVA (13 %, tributo "20" of CAT-015) and its 1 % retention: the one place they are computed.
 *
 * - FE (01) prices include IVA: the IVA inside an amount is amount × 13/113 (per item in `ivaItem`,
 *   and on the total for `resumen.totalIva`).
 * - CCF (03), NC (05), ND (06) prices exclude IVA: the resumen tributo "20" is 13 % of totalGravada.
 *
 * Document-level IVA is computed on the document's rounded totalGravada, never by summing rounded
 * item IVAs: that is the figure MH recomputes (020 CALCULO INCORRECTO otherwise) and the one a reader
 * can check on the printed document.
 */
const TASA_IVA = money('0.13');
const TASA_RETENCION_IVA = money('0.01');

/**
 * A unit price with IVA (as a Factura takes it) from one without (as a CCF does), and back, at MH's
 * precioUni precision (8 decimals): a product of the catalog is priced one way and issued in either kind.
 */
export function precioConIva(sinIva: Money): Money {
  return round8(sinIva.times(TASA_IVA.plus(1)));
}

export function precioSinIva(conIva: Money): Money {
  return round8(conIva.div(TASA_IVA.plus(1)));
}

/** IVA contained in an IVA-inclusive amount (FE). */
export function ivaIncluido(monto: Money): Money {
  return monto.times(13).div(113);
}

/** FE `cuerpoDocumento[].ivaItem`. */
export function ivaItemFactura(ventaGravada: Money): Money {
  return round8(ivaIncluido(ventaGravada));
}

/** FE `resumen.totalIva`. */
export function totalIvaFactura(totalGravada: Money): Money {
  return round2(ivaIncluido(totalGravada));
}

/** CCF/NC/ND IVA on a net totalGravada. */
export function ivaSobreGravada(totalGravada: Money): Money {
  return round2(totalGravada.times(TASA_IVA));
}

/**
 * Whether a CCF, NR, NC or ND line lists tributo "20": when it sells something taxed (the 2023 schemas'
 * if/then: ventaGravada > 0 ⇒ tributos, otherwise null).
 */
export function lineaConIva(linea: { ventaGravada: Money }): boolean {
  return linea.ventaGravada.gt(0);
}

/**
 * CCF/NR/NC/ND `resumen.tributos`: the tributo "20" the lines list, once, valued at the document's IVA
 * (Manual Funcional §XIII: each code applied per item is entered once in the resumen with the sum of its
 * amounts), even when the IVA rounds to 0.00 (a taxed total of $0.01 to $0.03: the schemas take valor 0);
 * null when no line lists it.
 */
export function tributosIva(iva: Money, lineas: readonly { ventaGravada: Money }[]) {
  return lineas.some(lineaConIva)
    ? [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: toNumber2(iva) }]
    : null;
}

/**
 * `ivaRete1`: 1 % of the taxable amount, withheld by a receptor that is an agente de retención
 * (CAT-006 code 22). Zero when not applied, as MH requires when nothing is taxed.
 */
export function ivaRetenido1(totalGravada: Money, aplica: boolean): Money {
  return aplica ? round2(totalGravada.times(TASA_RETENCION_IVA)) : money(0);
}

/**
 * NC v4 / ND v4 `cuerpoDocumento[].ivaRete`: the resumen's 1 % retention spread over the gravada
 * lines in proportion to their ventaGravada, the rounding remainder on the last one, so that the resumen is
 * the sum of its lines as the Normativa DTE 2.0 annex requires (Anexo IV fields 143–146, p.119, as public
 * NC v4 serializers transcribe it; MH refuses a note whose lines carry 0). Where the remainder goes is
 * not written down: the last gravada line is what the implementers whose notes MH accepts do.
 */
export function porLineaNotaV4(montoResumen: Money, ventasGravadas: readonly Money[]): Money[] {
  return prorratear(montoResumen, ventasGravadas);
}

/**
 * Whether NC v4 / ND v4 on a CCF repeat the IVA in `totalIva` (resumen and lines). No: the IVA is
 * already tributo "20" of the resumen, added once in montoTotalOperacion, and `totalIva` stays 0.
 * Contested in the field, the other reading puts the 13 % here too. Sources: an NC v4 with the 13 % in
 * `totalIva` was rejected by apitest with 020 "[resumen.totalIva] CALCULO INCORRECTO"
 * (Melquisspana/Sistema_Facturacion, resources/dte/ejemplos/05_nota_credito/README.md, June 2026), and
 * the Normativa DTE 2.0 annex as that project and the annexes' digest read it (p.116, fields 99–101:
 * "totalIva … para ajustes a CRE (07); para CCF (03) va en cero"). A correction is this one line.
 */
const NOTA_V4_REPITE_IVA_EN_TOTAL_IVA = false;

/** NC v4 / ND v4 `resumen.totalIva` given the note's IVA (tributo "20"). */
export function totalIvaNotaV4(iva: Money): Money {
  return NOTA_V4_REPITE_IVA_EN_TOTAL_IVA ? iva : ZERO;
}

/** NC v4 / ND v4 `cuerpoDocumento[].totalIva` of a line. */
export function ivaLineaNotaV4(ventaGravada: Money): Money {
  return NOTA_V4_REPITE_IVA_EN_TOTAL_IVA ? round8(ventaGravada.times(TASA_IVA)) : ZERO;
}
