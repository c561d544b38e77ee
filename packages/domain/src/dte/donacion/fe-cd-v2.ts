import { totalLetras } from '../../letras';
import { toNumber2, toNumber8 } from '../../money';
import type { Dte15Request } from '../../requests/dte15';
import { identificacionSinContingencia } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { emisorDonacion2026, receptorDonacion2026 } from './partes';
import { apendiceDonacion, otrosDocumentos, pagosDonacion } from './secciones';
import { totalesDonacion } from './totales';

/**
 * Comprobante de Donación v2 (fe-cd-v2.json, Normativa DTE 2.0): v1's document with the donatario as
 * `emisor` (2026 shape: distrito, no MH establishment codes) and the donante as `receptor` (distrito,
 * CAT-020 ISO country), and the line's depreciation named `tipoDepreciacion`. Its numeroControl keeps
 * the 2023 pattern `^DTE-15-[A-Z0-9]{8}-[0-9]{15}$`, which the service's M001P001 block satisfies.
 */
export function buildComprobanteDonacionV2(ctx: BuildContext, request: Dte15Request) {
  const t = totalesDonacion(request.items);
  return {
    identificacion: identificacionSinContingencia(ctx, '15', 2),
    emisor: emisorDonacion2026(ctx.emisor),
    receptor: receptorDonacion2026(request.donante),
    otrosDocumentos: otrosDocumentos(request),
    cuerpoDocumento: t.lineas.map((l, i) => {
      const item = request.items[i]!;
      return {
        numItem: i + 1,
        tipoDonacion: item.tipoDonacion,
        cantidad: toNumber8(l.cantidad),
        codigo: item.codigo ?? null,
        uniMedida: item.uniMedida,
        descripcion: item.descripcion,
        tipoDepreciacion: toNumber8(l.depreciacion),
        valorUni: toNumber8(l.valorUni),
        valor: toNumber8(l.valor),
      };
    }),
    resumen: {
      valorTotal: toNumber2(t.valorTotal),
      totalLetras: totalLetras(t.valorTotal),
      pagos: pagosDonacion(request, t.efectivo),
    },
    apendice: apendiceDonacion(request),
  };
}
export type ComprobanteDonacionV2 = ReturnType<typeof buildComprobanteDonacionV2>;
