import { totalLetras } from '../../letras';
import { toNumber2, toNumber8 } from '../../money';
import type { Dte08Request } from '../../requests/dte08';
import type { Dte09Request } from '../../requests/dte09';
import type { TotalesComprobanteLiquidacion, TotalesDocumentoContable, TributoResumen } from './totales';

/**
 * The CL lines both versions share; v1 names the date `fechaGeneracion` and requires `obsItem`, v2 names
 * it `fechaEmision` and carries the line's `observaciones`.
 */
export function lineasLiquidadas(request: Dte08Request, t: TotalesComprobanteLiquidacion) {
  return t.lineas.map((l, i) => {
    const d = request.cuerpoDocumento[i]!;
    return {
      numItem: i + 1,
      tipoDte: d.tipoDte,
      tipoGeneracion: d.tipoGeneracion,
      numeroDocumento: d.numeroDocumento,
      fechaEmision: d.fechaEmision,
      ventaNoSuj: toNumber8(l.ventaNoSuj),
      ventaExenta: toNumber8(l.ventaExenta),
      ventaGravada: toNumber8(l.ventaGravada),
      exportaciones: toNumber8(l.exportaciones),
      tributos: l.tributos.length ? l.tributos : null,
      ivaItem: toNumber8(l.ivaItem),
    };
  });
}

/** `resumen.tributos` of both CL versions; null when no line carries one, as the schemas allow. */
export function tributosResumen(tributos: readonly TributoResumen[]) {
  return tributos.length
    ? tributos.map((t) => ({ codigo: t.codigo, descripcion: t.descripcion, valor: toNumber2(t.valor) }))
    : null;
}

/**
 * The DCL `cuerpoDocumento` both versions share, figures from ./totales.ts. fe-dcl-v1 writes `iva` with 8
 * decimals and fe-dcl-v2 with 2: it is a cent figure in both. `porcentComision` differs in type (text
 * in v1, a number in v2), so each builder gives it.
 */
export function cuerpoDocumentoContable<P extends string | number>(
  request: Dte09Request,
  t: TotalesDocumentoContable,
  porcentComision: P,
) {
  const c = request.cuerpoDocumento;
  return {
    periodoLiquidacionFechaInicio: c.periodoLiquidacionFechaInicio,
    periodoLiquidacionFechaFin: c.periodoLiquidacionFechaFin,
    codLiquidacion: c.codLiquidacion ?? null,
    cantidadDoc: c.cantidadDoc ?? null,
    valorOperaciones: toNumber2(t.valorOperaciones),
    montoSinPercepcion: toNumber2(t.montoSinPercepcion),
    descripSinPercepcion: c.descripSinPercepcion ?? null,
    subTotal: toNumber2(t.subTotal),
    iva: toNumber2(t.iva),
    montoSujetoPercepcion: toNumber2(t.montoSujetoPercepcion),
    ivaPercibido: toNumber2(t.ivaPercibido),
    comision: toNumber2(t.comision),
    porcentComision,
    ivaComision: toNumber2(t.ivaComision),
    liquidoApagar: toNumber2(t.liquidoApagar),
    totalLetras: totalLetras(t.liquidoApagar),
    observaciones: request.observaciones || null,
  };
}
