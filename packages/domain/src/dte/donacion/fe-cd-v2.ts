import { totalLetras } from '../../letras';
import { toNumber2 } from '../../money';
import type { Dte15Request } from '../../requests/dte15';
import { identificacionSinContingencia } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { emisorDonacion2026, receptorDonacion2026 } from './partes';
import { apendiceDonacion, cuerpoDonacion, otrosDocumentos, pagosDonacion } from './secciones';
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
    cuerpoDocumento: cuerpoDonacion(request, t, 'tipoDepreciacion'),
    resumen: {
      valorTotal: toNumber2(t.valorTotal),
      totalLetras: totalLetras(t.valorTotal),
      pagos: pagosDonacion(request, t.efectivo),
    },
    apendice: apendiceDonacion(request),
  };
}
export type ComprobanteDonacionV2 = ReturnType<typeof buildComprobanteDonacionV2>;
