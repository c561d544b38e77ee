import { DteError, ErrorCode } from '../../errors';
import { totalLetras } from '../../letras';
import { money, prorratear, round2, round8, sum, toNumber2, toNumber8, ZERO, type Money } from '../../money';
import type { ApendiceRequest } from '../../requests/common';
import type { RetornoRequest } from '../../requests/retorno';
import { identificacionComun } from '../bloques/identificacion';
import type { BuildContext, OriginDocument } from '../documento';
import { ivaItemFactura, totalIvaFactura } from '../iva';
import { assertOrigen } from '../origen';
import { retencionRenta } from '../sujeto-excluido/totales';

/** What a retorno reads of an original line, FE (v1, v2) or FSE (v1, v2): documents this service built. */
interface LineaOriginal {
  numItem: number;
  tipoItem: number;
  codigo: string | null;
  descripcion: string;
  uniMedida: number;
  cantidad: number;
  precioUni: number;
  montoDescu: number;
  /** FE: the line's amount is in one of the three; FSE lines carry `compra` instead. */
  ventaNoSuj?: number;
  ventaExenta?: number;
  ventaGravada?: number;
  compra?: number;
}

interface Contraparte {
  tipoDocumento: string | null;
  numDocumento: string | null;
  nombre: string | null;
  telefono?: string | null;
  correo: string | null;
}

interface Original {
  /** FE v1/v2 and FSE v2; FSE v1 calls it sujetoExcluido. */
  receptor?: Contraparte | null;
  sujetoExcluido?: Contraparte;
  cuerpoDocumento: LineaOriginal[];
  resumen: {
    /** FSE v1/v2 and FE v1; FE v2 has none. */
    reteRenta?: number;
    /** FE: each column's total and document discount. */
    totalNoSuj?: number;
    totalExenta?: number;
    totalGravada?: number;
    descuNoSuj?: number;
    descuExenta?: number;
    descuGravada?: number;
    /** FSE: the purchase and its document discount. */
    totalCompra?: number;
    descu?: number;
  };
}

type Columna = 'ventaNoSuj' | 'ventaExenta' | 'ventaGravada' | 'compra';

/**
 * Evento de Retorno v1 (fe-eret-v1.json, tipoEvento 18, Normativa DTE 2.0) for goods or services of an
 * accepted Factura (01) or Factura de Sujeto Excluido (14). Each returned line takes the original's
 * price and column, and is worth its share of what the original line was paid (see netosDelOriginal),
 * the item's and the document's discounts written as its montoDescu, so returning everything gives back
 * the original amounts. For a Factura the amounts include IVA, as in the original: `totalIva` (13/113 of
 * the taxed amount) only reports it, and `montoTotalOperacion` = `totalPagar` = the amounts returned. For a
 * sujeto excluido's purchase the amounts are `compra` (totalCompraExcluidos), and the 10 % renta
 * retention of the original is reversed: `totalPagar` = montoTotalOperacion − reteRenta. The reading of
 * the annexes' digest (FACTS.md [DIG]) and of NeoStpCloud's retorno, the one implementation found whose
 * structure MH's apitest validated.
 *
 * The schema has no field for the reason: it is the first `apendice` entry ("motivoRetorno"), then the
 * request's own apendice. The event has no numeroControl.
 */
export function buildRetornoV1(ctx: BuildContext, request: RetornoRequest, origenes?: readonly OriginDocument[]) {
  const origin = origenes?.[0];
  const { dte } = assertOrigen(origin, {
    codigoGeneracion: request.documentoOrigen,
    tiposDte: ['01', '14'],
    noProcesado: 'INVALID_ORIGIN_STATUS',
  });
  const original = dte as unknown as Original;
  const tipoOriginal = dte.identificacion.tipoDte!;
  const devueltas = origin?.cantidadesRetornadas ?? {};
  const netos = netosDelOriginal(original, tipoOriginal);
  const lineas = request.items.map(({ numItem, cantidadRetorno }) => {
    const i = original.cuerpoDocumento.findIndex((o) => o.numItem === numItem);
    const l = original.cuerpoDocumento[i];
    if (!l)
      throw new DteError(ErrorCode.ITEM_NOT_FOUND, 400, `El ítem ${numItem} no existe en el documento original`, {
        numItem,
      });
    const previa = money(devueltas[numItem] ?? 0);
    const disponible = money(l.cantidad).minus(previa);
    if (money(cantidadRetorno).gt(disponible))
      throw new DteError(ErrorCode.OVER_RETURN_ERROR, 400, `El ítem ${numItem} solo tiene ${disponible} por retornar`, {
        numItem,
        cantidadRetorno,
        cantidadDisponible: disponible.toNumber(),
      });
    const cantidad = round8(money(cantidadRetorno));
    const precioUni = round8(money(l.precioUni));
    const monto = valorRetornado(netos[i]!, money(l.cantidad), previa, cantidad);
    // Rounding to the cent can put the value of a line priced in fractions of a cent a little above
    // cantidad × precioUni: it then shows no discount, within MH's ±0.01 on the line.
    const descuento = round8(cantidad.times(precioUni)).minus(monto);
    const montoDescu = descuento.isNegative() ? ZERO : descuento;
    return { original: l, cantidad, precioUni, montoDescu, monto, columna: columnaDe(tipoOriginal, l) };
  });

  const total = (columna: Columna) => round2(sum(lineas.map((l) => (l.columna === columna ? l.monto : ZERO))));
  const totalNoSuj = total('ventaNoSuj');
  const totalExenta = total('ventaExenta');
  const totalGravada = total('ventaGravada');
  const totalCompraExcluidos = total('compra');
  const montoTotalOperacion = totalNoSuj.plus(totalExenta).plus(totalGravada).plus(totalCompraExcluidos);
  const reteRenta = retencionRenta(totalCompraExcluidos, money(original.resumen.reteRenta ?? 0).gt(0));
  const totalPagar = montoTotalOperacion.minus(reteRenta);
  const monto = (l: (typeof lineas)[number], columna: Columna) => toNumber8(l.columna === columna ? l.monto : ZERO);

  return {
    identificacion: {
      ...identificacionComun(ctx, '18', 1),
      tipoEvento: '18',
      fusion: null,
    },
    documentoRelacionado: [
      {
        tipoDocumento: tipoOriginal,
        codigoGeneracion: dte.identificacion.codigoGeneracion,
        fechaEmision: dte.identificacion.fecEmi,
      },
    ],
    emisor: {
      nit: ctx.emisor.nit,
      nombre: ctx.emisor.nombre,
      codEstableMH: ctx.emisor.codEstableMH,
      codEstable: ctx.emisor.codEstable,
      codPuntoVentaMH: ctx.emisor.codPuntoVentaMH,
      codPuntoVenta: ctx.emisor.codPuntoVenta,
      // Export fields (CAT-027, CAT-033, CAT-028): a Factura or FSE is no export.
      recintoFiscal: null,
      tipoRegimen: null,
      regimen: null,
      tipoItemExpor: null,
    },
    documento: documentoDe(original.receptor ?? original.sujetoExcluido),
    ventaTercero: null,
    compraTercero: null,
    cuerpoDocumento: lineas.map((l, i) => ({
      numItem: i + 1,
      tipoItem: l.original.tipoItem,
      codigoGeneracion: dte.identificacion.codigoGeneracion,
      cantidad: toNumber8(l.cantidad),
      precioUni: toNumber8(l.precioUni),
      descripcion: l.original.descripcion,
      codigo: l.original.codigo,
      uniMedida: l.original.uniMedida,
      montoDescu: toNumber8(l.montoDescu),
      codTributo: null,
      ventaNoSuj: monto(l, 'ventaNoSuj'),
      ventaExenta: monto(l, 'ventaExenta'),
      ventaGravada: monto(l, 'ventaGravada'),
      compra: monto(l, 'compra'),
      tributos: null,
      psv: 0,
      ivaItem: toNumber8(l.columna === 'ventaGravada' ? ivaItemFactura(l.monto) : ZERO),
      noGravado: 0,
      seguro: 0,
      flete: 0,
      // The retention is the resumen's, as in the original FSE.
      ivaRete: 0,
      reteRenta: 0,
    })),
    resumen: {
      totalNoSuj: toNumber2(totalNoSuj),
      totalExenta: toNumber2(totalExenta),
      totalGravada: toNumber2(totalGravada),
      totalCompraExcluidos: toNumber2(totalCompraExcluidos),
      subTotalVentas: toNumber2(montoTotalOperacion),
      tributos: null,
      totalSeguro: null,
      totalFlete: null,
      montoTotalOperacion: toNumber2(montoTotalOperacion),
      ivaRete: 0,
      reteRenta: toNumber2(reteRenta),
      totalNoGravado: 0,
      totalPagar: toNumber2(totalPagar),
      totalLetras: totalLetras(totalPagar),
      totalNoOnerosas: 0,
      totalIva: toNumber2(totalIvaFactura(totalGravada)),
      saldoFavor: 0,
    },
    apendice: apendiceRetorno(request.motivo, request.apendice),
  };
}
export type RetornoV1 = ReturnType<typeof buildRetornoV1>;

/** Each column's total and document discount in the original's resumen. */
const RESUMEN_DE: Record<Columna, { total: keyof Original['resumen']; descuento: keyof Original['resumen'] }> = {
  ventaNoSuj: { total: 'totalNoSuj', descuento: 'descuNoSuj' },
  ventaExenta: { total: 'totalExenta', descuento: 'descuExenta' },
  ventaGravada: { total: 'totalGravada', descuento: 'descuGravada' },
  compra: { total: 'totalCompra', descuento: 'descu' },
};

/**
 * What each original line was paid, in cents, by the index of the line: its column's total less the
 * column's document discount (Factura: descuNoSuj, descuExenta, descuGravada; FSE: descu), shared over
 * the column's lines in proportion to their amount (half-up to the cent, the remainder on the column's
 * last line). A READING: MH's documents do not say how a retorno carries the original's global discount;
 * sharing what was paid makes the lines of a full return add up to the original's totals, IVA and renta.
 */
function netosDelOriginal(original: Original, tipoDte: string): Money[] {
  const lineas = original.cuerpoDocumento;
  const columnas = lineas.map((l) => columnaDe(tipoDte, l));
  const netos = lineas.map(() => ZERO);
  for (const columna of new Set(columnas)) {
    const { total, descuento } = RESUMEN_DE[columna];
    const pagado = money(original.resumen[total] ?? 0).minus(money(original.resumen[descuento] ?? 0));
    const partes = prorratear(
      pagado,
      lineas.map((l, i) => (columnas[i] === columna ? money(l[columna] ?? 0) : ZERO)),
    );
    partes.forEach((parte, i) => {
      if (columnas[i] === columna) netos[i] = parte;
    });
  }
  return netos;
}

/**
 * The value of returning `cantidad` of a line paid `neto` for `total` units of which `previa` were returned
 * before: what the returned quantity is worth counted from the start (to the cent) less what the earlier
 * returns were, so any sequence of partial returns adds up to `neto` exactly.
 */
function valorRetornado(neto: Money, total: Money, previa: Money, cantidad: Money): Money {
  const hasta = (devuelta: Money) => round2(neto.times(devuelta).div(total));
  return hasta(previa.plus(cantidad)).minus(hasta(previa));
}

/** A Factura line's amount is in the column it was sold in; a sujeto excluido's is a purchase. */
function columnaDe(tipoDte: string, l: LineaOriginal): Columna {
  if (tipoDte === '14') return 'compra';
  if (money(l.ventaNoSuj ?? 0).gt(0)) return 'ventaNoSuj';
  if (money(l.ventaExenta ?? 0).gt(0)) return 'ventaExenta';
  return 'ventaGravada';
}

/** The original's receptor as MH's `documento`, copied as it was (null when the original knew nothing of them). */
function documentoDe(c: Contraparte | null | undefined) {
  const documento = {
    tipoDocumento: c?.tipoDocumento ?? null,
    numDocumento: c?.numDocumento ?? null,
    nombre: c?.nombre ?? null,
    codPais: null,
    nombrePais: null,
    telefono: c?.telefono ?? null,
    correo: c?.correo ?? null,
  };
  return Object.values(documento).every((v) => v === null) ? null : documento;
}

function apendiceRetorno(motivo: string, apendice: ApendiceRequest | null | undefined) {
  return [{ campo: 'motivoRetorno', etiqueta: 'Motivo del retorno', valor: motivo }, ...(apendice ?? [])];
}
