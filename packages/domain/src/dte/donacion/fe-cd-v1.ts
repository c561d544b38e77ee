import { totalLetras } from '../../letras';
import { toNumber2 } from '../../money';
import type { Dte15Request } from '../../requests/dte15';
import { identificacionSinContingencia } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { donanteV1, donatarioV1 } from './partes';
import { apendiceDonacion, cuerpoDonacion, otrosDocumentos, pagosDonacion } from './secciones';
import { totalesDonacion } from './totales';

/**
 * Comprobante de Donación v1 (fe-cd-v1.json): issued by the donatario, who receives the donation, to the
 * donante. No IVA: each line is the value donated (Manual Funcional §XX) and the resumen their total.
 */
export function buildComprobanteDonacionV1(ctx: BuildContext, request: Dte15Request) {
  const t = totalesDonacion(request.items);
  return {
    identificacion: identificacionSinContingencia(ctx, '15', 1),
    donatario: donatarioV1(ctx.emisor),
    donante: donanteV1(request.donante),
    otrosDocumentos: otrosDocumentos(request),
    cuerpoDocumento: cuerpoDonacion(request, t, 'depreciacion'),
    resumen: {
      valorTotal: toNumber2(t.valorTotal),
      totalLetras: totalLetras(t.valorTotal),
      pagos: pagosDonacion(request, t.efectivo),
    },
    apendice: apendiceDonacion(request),
  };
}
export type ComprobanteDonacionV1 = ReturnType<typeof buildComprobanteDonacionV1>;
