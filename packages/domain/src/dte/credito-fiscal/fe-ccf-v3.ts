import { totalLetras } from '../../letras';
import { money, toNumber2, toNumber8 } from '../../money';
import type { Dte03Request } from '../../requests/dte03';
import { cuerpoItemVenta, lineaVenta } from '../bloques/cuerpo';
import { emisorConEstablecimiento } from '../bloques/emisor';
import { extensionConPlaca } from '../bloques/extension';
import { identificacion } from '../bloques/identificacion';
import { pagos } from '../bloques/pagos';
import { receptorContribuyente } from '../bloques/receptor';
import { conNoGravado, resumenVenta } from '../bloques/resumen';
import type { BuildContext } from '../documento';
import { tributosIva } from '../iva';
import { totalesCreditoFiscal } from './totales';

/** Comprobante de Crédito Fiscal v3 (fe-ccf-v3.json). Prices exclude IVA. */
export function buildCreditoFiscalV3(ctx: BuildContext, request: Dte03Request) {
  const lineas = request.items.map(lineaVenta);
  const t = totalesCreditoFiscal(lineas, request.isRetenIva, request.descuento);
  const { totalNoGravado, totalPagar } = conNoGravado(request.items, t.totalPagar);
  return {
    identificacion: identificacion(ctx, '03', 3),
    documentoRelacionado: null,
    emisor: emisorConEstablecimiento(ctx.emisor),
    receptor: receptorContribuyente(request.receptor),
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: lineas.map((linea, i) => ({
      ...cuerpoItemVenta(request.items[i]!, linea, i + 1, { tributoIva: true, numeroDocumento: null }),
      psv: toNumber8(money(request.items[i]!.psv)),
      noGravado: toNumber8(money(request.items[i]!.noGravado)),
    })),
    resumen: {
      ...resumenVenta(t),
      porcentajeDescuento: toNumber2(t.porcentajeDescuento),
      tributos: tributosIva(t.iva, lineas),
      ivaPerci1: 0,
      ivaRete1: toNumber2(t.ivaRete1),
      reteRenta: 0,
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalNoGravado: toNumber2(totalNoGravado),
      totalPagar: toNumber2(totalPagar),
      totalLetras: totalLetras(totalPagar),
      saldoFavor: 0,
      condicionOperacion: request.condicionOperacion,
      pagos: pagos(request, totalPagar),
      numPagoElectronico: null,
    },
    extension: extensionConPlaca(request.observaciones),
    apendice: request.apendice ?? null,
  };
}
export type CreditoFiscalV3 = ReturnType<typeof buildCreditoFiscalV3>;
