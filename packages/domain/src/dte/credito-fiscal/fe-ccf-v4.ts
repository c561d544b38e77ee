import { totalLetras } from '../../letras';
import { money, toNumber2, toNumber8 } from '../../money';
import type { Dte03Request } from '../../requests/dte03';
import { cuerpoItemVenta, lineaVenta } from '../bloques/cuerpo';
import { emisor2026 } from '../bloques/emisor';
import { identificacion } from '../bloques/identificacion';
import { pagos } from '../bloques/pagos';
import { receptorContribuyente2026 } from '../bloques/receptor';
import { conNoGravado, resumenVenta } from '../bloques/resumen';
import type { BuildContext } from '../documento';
import { tributosIva } from '../iva';
import { totalesCreditoFiscal } from './totales';

/**
 * Comprobante de Crédito Fiscal v4 (fe-ccf-v4.json, Normativa DTE 2.0). v3's arithmetic (prices exclude
 * IVA); `ivaPerci`/`ivaRete` replace `ivaPerci1`/`ivaRete1`, `reteRenta` and `extension` are gone
 * (observaciones go in the resumen).
 */
export function buildCreditoFiscalV4(ctx: BuildContext, request: Dte03Request) {
  const lineas = request.items.map(lineaVenta);
  const t = totalesCreditoFiscal(lineas, request.isRetenIva, request.descuento);
  const { totalNoGravado, totalPagar } = conNoGravado(request.items, t.totalPagar);
  return {
    identificacion: identificacion(ctx, '03', 4),
    documentoRelacionado: null,
    emisor: emisor2026(ctx.emisor),
    receptor: receptorContribuyente2026(request.receptor),
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
      ivaPerci: 0,
      ivaRete: toNumber2(t.ivaRete1),
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalNoGravado: toNumber2(totalNoGravado),
      totalPagar: toNumber2(totalPagar),
      totalLetras: totalLetras(totalPagar),
      saldoFavor: 0,
      condicionOperacion: request.condicionOperacion,
      pagos: pagos(request, totalPagar),
      numPagoElectronico: null,
      observaciones: request.observaciones || null,
    },
    apendice: request.apendice ?? null,
  };
}
export type CreditoFiscalV4 = ReturnType<typeof buildCreditoFiscalV4>;
