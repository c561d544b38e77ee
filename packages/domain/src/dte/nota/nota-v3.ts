import { validationError } from '../../errors';
import { totalLetras } from '../../letras';
import { toNumber2 } from '../../money';
import type { NotaRequest } from '../../requests/nota';
import { cuerpoItemVenta, lineaVenta } from '../bloques/cuerpo';
import { emisorNota } from '../bloques/emisor';
import { extension } from '../bloques/extension';
import { identificacion } from '../bloques/identificacion';
import { receptorContribuyente } from '../bloques/receptor';
import { resumenVenta } from '../bloques/resumen';
import { totalesCreditoFiscal } from '../credito-fiscal/totales';
import type { BuildContext, OriginDocument } from '../documento';
import { tributosIva } from '../iva';
import { ccfDeLinea, documentoRelacionadoNota, notaOriginal } from './original';

/** fe-nc-v3 and fe-nd-v3 have no field for a charge outside the taxable base. */
function sinNoGravado(request: NotaRequest): void {
  const campos = request.items.flatMap((item, i) => (item.noGravado ? [`items[${i}].noGravado`] : []));
  if (campos.length)
    throw validationError(
      'Las notas de 2023 (fe-nc-v3, fe-nd-v3) no llevan montos no gravados',
      campos.map((field) => ({ field, message: 'No existe en el esquema de 2023; la Normativa DTE 2.0 sí lo admite' })),
    );
}

/**
 * The body NC v3 and ND v3 share: a CCF-family document (prices exclude IVA) adjusting one or several
 * CCFs, which documentoRelacionado lists and each item names (by codigoGeneracion, or a paper CCF's number).
 */
export function notaV3(
  tipoDte: '05' | '06',
  ctx: BuildContext,
  request: NotaRequest,
  origenes?: readonly OriginDocument[],
) {
  const original = notaOriginal(request, origenes);
  const lineas = request.items.map(lineaVenta);
  const t = totalesCreditoFiscal(lineas, request.isRetenIva, request.descuento);
  sinNoGravado(request);
  return {
    identificacion: identificacion(ctx, tipoDte, 3),
    documentoRelacionado: documentoRelacionadoNota(original),
    emisor: emisorNota(ctx.emisor),
    receptor: receptorContribuyente(original.receptor),
    ventaTercero: null,
    cuerpoDocumento: lineas.map((linea, i) =>
      cuerpoItemVenta(request.items[i]!, linea, i + 1, {
        tributoIva: true,
        numeroDocumento: ccfDeLinea(request.items[i]!, original),
      }),
    ),
    resumen: {
      ...resumenVenta(t),
      tributos: tributosIva(t.iva, lineas),
      ivaPerci1: 0,
      ivaRete1: toNumber2(t.ivaRete1),
      reteRenta: 0,
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalLetras: totalLetras(t.montoTotalOperacion),
      condicionOperacion: request.condicionOperacion,
    },
    extension: extension(request.observaciones),
    apendice: request.apendice ?? null,
  };
}
