import { money, toNumber2, toNumber8, type Money } from '../../money';
import type { Dte15Request } from '../../requests/dte15';
import type { TotalesDonacion } from './totales';

export function otrosDocumentos(request: Dte15Request) {
  return request.otrosDocumentos.map((d) => ({
    codDocAsociado: d.codDocAsociado,
    descDocumento: d.descDocumento,
    detalleDocumento: d.detalleDocumento,
  }));
}

/**
 * How the cash was given (the request checked that it adds up to the cash donated): `pago` is for all
 * of it, `pagos` carry their amounts; without either, null, which both schemas take.
 */
export function pagosDonacion(request: Dte15Request, efectivo: Money) {
  if (request.pagos)
    return request.pagos.map((p) => ({
      codigo: p.codigo,
      montoPago: toNumber2(money(p.montoPago)),
      referencia: p.referencia ?? null,
    }));
  if (request.pago)
    return [
      { codigo: request.pago.codigo, montoPago: toNumber2(efectivo), referencia: request.pago.referencia ?? null },
    ];
  return null;
}

/** The request's apendice, then its observaciones, which no CD schema has a field for. */
export function apendiceDonacion(request: Dte15Request) {
  const entradas = [
    ...(request.apendice ?? []),
    ...(request.observaciones
      ? [{ campo: 'observaciones', etiqueta: 'Observaciones', valor: request.observaciones }]
      : []),
  ];
  return entradas.length ? entradas : null;
}

/** The lines, as both versions carry them; v2 renamed the depreciation `tipoDepreciacion`. */
export function cuerpoDonacion(
  request: Dte15Request,
  t: TotalesDonacion,
  depreciacion: 'depreciacion' | 'tipoDepreciacion',
) {
  return t.lineas.map((l, i) => {
    const item = request.items[i]!;
    return {
      numItem: i + 1,
      tipoDonacion: item.tipoDonacion,
      cantidad: toNumber8(l.cantidad),
      codigo: item.codigo ?? null,
      uniMedida: item.uniMedida,
      descripcion: item.descripcion,
      [depreciacion]: toNumber8(l.depreciacion),
      valorUni: toNumber8(l.valorUni),
      valor: toNumber8(l.valor),
    };
  });
}
