import { DteError, ErrorCode } from '../../errors';
import { totalLetras } from '../../letras';
import { money, round2, sum, toNumber2, toNumber8, ZERO } from '../../money';
import type { RetornoRequest } from '../../requests/retorno';
import { linea } from '../bloques/cuerpo';
import { emisorConEstablecimiento } from '../bloques/emisor';
import { identificacion } from '../bloques/identificacion';
import type { BuildContext, OriginDocument } from '../documento';
import { ivaItemFactura, totalIvaFactura } from '../iva';
import { assertOrigen } from '../origen';
import { retencionRenta } from '../sujeto-excluido/totales';

/** What a retorno reads of an original FE v1 or FSE v1 line (documents this service built). */
interface LineaOriginal {
  numItem: number;
  tipoItem: number;
  codigo: string | null;
  descripcion: string;
  uniMedida: number;
  cantidad: number;
  precioUni: number;
  montoDescu: number;
  /** FE only; FSE lines carry `compra` and no IVA. */
  ventaGravada?: number;
}

interface Contraparte {
  tipoDocumento: string | null;
  numDocumento: string | null;
  nombre: string | null;
  correo: string | null;
}

interface Original {
  receptor?: Contraparte | null;
  sujetoExcluido?: Contraparte;
  cuerpoDocumento: LineaOriginal[];
  resumen: { reteRenta: number };
}

/**
 * Evento de Retorno v1 (tipoDte 18) on the PROVISIONAL schema ./fe-eret-v1.provisional.json: MH's
 * is not public. Each returned line takes the original's price and its share of the original
 * discount, so returning everything gives back the original amounts; a Factura's IVA and a sujeto
 * excluido's income-tax retention are reversed on the returned total.
 */
export function buildRetornoV1(ctx: BuildContext, request: RetornoRequest, origin?: OriginDocument) {
  const { dte, selloRecibido } = assertOrigen(origin, {
    codigoGeneracion: request.documentoOrigen,
    tiposDte: ['01', '14'],
    noProcesado: 'INVALID_ORIGIN_STATUS',
  });
  const original = dte as unknown as Original;
  const devueltas = origin?.cantidadesRetornadas ?? {};
  const lineas = request.items.map(({ numItem, cantidadRetorno }) => {
    const l = original.cuerpoDocumento.find((o) => o.numItem === numItem);
    if (!l)
      throw new DteError(ErrorCode.ITEM_NOT_FOUND, 400, `El ítem ${numItem} no existe en el documento original`, {
        numItem,
      });
    const disponible = money(l.cantidad).minus(money(devueltas[numItem] ?? 0));
    if (money(cantidadRetorno).gt(disponible))
      throw new DteError(ErrorCode.OVER_RETURN_ERROR, 400, `El ítem ${numItem} solo tiene ${disponible} por retornar`, {
        numItem,
        cantidadRetorno,
        cantidadDisponible: disponible.toNumber(),
      });
    const montoDescu = money(l.montoDescu).times(money(cantidadRetorno)).div(money(l.cantidad));
    const retornada = linea({ cantidad: cantidadRetorno, precioUnitario: l.precioUni, montoDescu });
    return { original: l, ...retornada, gravada: money(l.ventaGravada ?? 0).gt(0) };
  });

  const totalRetorno = round2(sum(lineas.map((l) => l.monto)));
  const totalGravada = round2(sum(lineas.map((l) => (l.gravada ? l.monto : ZERO))));
  const reteRenta = retencionRenta(totalRetorno, money(original.resumen.reteRenta).gt(0));
  const montoTotalRetorno = totalRetorno.minus(reteRenta);
  const contraparte = original.receptor ?? original.sujetoExcluido;
  return {
    identificacion: identificacion(ctx, '18', 1),
    emisor: emisorConEstablecimiento(ctx.emisor),
    documentoRelacionado: {
      tipoDte: dte.identificacion.tipoDte,
      codigoGeneracion: dte.identificacion.codigoGeneracion,
      numeroControl: dte.identificacion.numeroControl,
      fecEmi: dte.identificacion.fecEmi,
      selloRecibido: selloRecibido!,
    },
    receptor: {
      tipoDocumento: contraparte?.tipoDocumento ?? null,
      numDocumento: contraparte?.numDocumento ?? null,
      nombre: contraparte?.nombre ?? null,
      correo: contraparte?.correo ?? null,
    },
    cuerpoDocumento: lineas.map((l, i) => ({
      numItem: i + 1,
      numItemOrigen: l.original.numItem,
      tipoItem: l.original.tipoItem,
      codigo: l.original.codigo,
      descripcion: l.original.descripcion,
      uniMedida: l.original.uniMedida,
      cantidad: toNumber8(l.cantidad),
      precioUni: toNumber8(l.precioUni),
      montoDescu: toNumber8(l.montoDescu),
      montoRetorno: toNumber8(l.monto),
      ivaItem: toNumber8(l.gravada ? ivaItemFactura(l.monto) : ZERO),
    })),
    motivo: request.motivo,
    resumen: {
      totalGravada: toNumber2(totalGravada),
      totalRetorno: toNumber2(totalRetorno),
      totalIva: toNumber2(totalIvaFactura(totalGravada)),
      reteRenta: toNumber2(reteRenta),
      montoTotalRetorno: toNumber2(montoTotalRetorno),
      totalLetras: totalLetras(montoTotalRetorno),
    },
    apendice: request.apendice ?? null,
  };
}
export type RetornoV1 = ReturnType<typeof buildRetornoV1>;
