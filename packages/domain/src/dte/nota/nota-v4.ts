import { validationError } from '../../errors';
import { totalLetras } from '../../letras';
import { money, toNumber2, toNumber8 } from '../../money';
import type { NotaRequest } from '../../requests/nota';
import { cuerpoItemVenta, lineaVenta } from '../bloques/cuerpo';
import { emisorNota2026 } from '../bloques/emisor';
import { identificacion } from '../bloques/identificacion';
import { receptorNota2026 } from '../bloques/receptor';
import { conNoGravado } from '../bloques/resumen';
import { totalesCreditoFiscal } from '../credito-fiscal/totales';
import type { BuildContext, OriginDocument } from '../documento';
import { ivaLineaNotaV4, porLineaNotaV4, totalIvaNotaV4, tributosIva } from '../iva';
import { ccfDeLinea, documentoRelacionadoNota, notaOriginal } from './original';

/**
 * The body NC v4 and ND v4 share (Normativa DTE 2.0). A note on a CCF keeps the CCF family's arithmetic:
 * prices exclude IVA, the IVA is tributo "20" of the resumen and is added once, in montoTotalOperacion;
 * `totalPagar` = montoTotalOperacion + ivaPerci − ivaRete + totalNoGravado. v4 names the receptor by
 * tipoDocumento/numDocumento, drops the global discounts, subTotal and `extension` (observaciones go in
 * the resumen), and adds `fusion` (null: no merger of taxpayers is involved).
 */
export function notaV4(
  tipoDte: '05' | '06',
  ctx: BuildContext,
  request: NotaRequest,
  origenes?: readonly OriginDocument[],
) {
  const original = notaOriginal(request, origenes);
  const lineas = request.items.map(lineaVenta);
  if (request.descuento)
    throw validationError('Las notas de la Normativa DTE 2.0 no llevan descuento global', [
      { field: 'descuento', message: 'fe-nc-v4 y fe-nd-v4 no tienen descuNoSuj, descuExenta ni descuGravada' },
    ]);
  const t = totalesCreditoFiscal(lineas, request.isRetenIva);
  const { totalNoGravado, totalPagar } = conNoGravado(request.items, t.totalPagar);
  const ivaReteLineas = porLineaNotaV4(
    t.ivaRete1,
    lineas.map((l) => l.ventaGravada),
  );
  return {
    identificacion: { ...identificacion(ctx, tipoDte, 4), fusion: null },
    documentoRelacionado: documentoRelacionadoNota(original),
    emisor: emisorNota2026(ctx.emisor),
    receptor: receptorNota2026(original.receptor),
    ventaTercero: null,
    cuerpoDocumento: lineas.map((linea, i) => ({
      ...cuerpoItemVenta(request.items[i]!, linea, i + 1, {
        tributoIva: true,
        numeroDocumento: ccfDeLinea(request.items[i]!, original),
      }),
      noGravado: toNumber8(money(request.items[i]!.noGravado)),
      // No request asks for a perception: 0 on every line and in the resumen, their sum.
      ivaPerci: 0,
      totalIva: toNumber8(ivaLineaNotaV4(linea.ventaGravada)),
      ivaRete: toNumber8(ivaReteLineas[i]!),
    })),
    resumen: {
      totalNoSuj: toNumber2(t.totalNoSuj),
      totalExenta: toNumber2(t.totalExenta),
      totalGravada: toNumber2(t.totalGravada),
      subTotalVentas: toNumber2(t.subTotalVentas),
      totalDescu: toNumber2(t.totalDescu),
      tributos: tributosIva(t.iva, lineas),
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      ivaPerci: 0,
      totalIva: toNumber2(totalIvaNotaV4(t.iva)),
      ivaRete: toNumber2(t.ivaRete1),
      totalNoGravado: toNumber2(totalNoGravado),
      totalPagar: toNumber2(totalPagar),
      totalLetras: totalLetras(totalPagar),
      condicionOperacion: request.condicionOperacion,
      observaciones: request.observaciones || null,
      // CAT-006 code of a retention: null for a note on a CCF, whose 1 % retention is `ivaRete`.
      codigoRetencionMH: null,
    },
    apendice: request.apendice ?? null,
  };
}
