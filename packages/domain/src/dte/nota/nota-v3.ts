import { validationError } from '../../errors';
import { totalLetras } from '../../letras';
import { money, toNumber2 } from '../../money';
import type { NotaRequest } from '../../requests/nota';
import { cuerpoItemVenta, lineaVenta } from '../bloques/cuerpo';
import { emisorNota } from '../bloques/emisor';
import { extension } from '../bloques/extension';
import { identificacion } from '../bloques/identificacion';
import { receptorContribuyente, type ReceptorContribuyente } from '../bloques/receptor';
import { resumenVenta } from '../bloques/resumen';
import { totalesCreditoFiscal } from '../credito-fiscal/totales';
import type { BuildContext, OriginDocument } from '../documento';
import { tributosIva } from '../iva';
import { assertOrigen } from '../origen';

/** What a note reads of the original CCF (a document this service built). */
interface CreditoFiscalOriginal {
  receptor: ReceptorContribuyente;
  resumen: { ivaRete1: number };
}

/**
 * The body NC v3 and ND v3 share: a CCF-family document (prices exclude IVA) adjusting one accepted
 * CCF, which documentoRelacionado and every item name by its codigoGeneracion.
 */
export function notaV3(tipoDte: '05' | '06', ctx: BuildContext, request: NotaRequest, origin?: OriginDocument) {
  const { dte } = assertOrigen(origin, {
    codigoGeneracion: request.codigoGeneracion,
    tiposDte: ['03'],
    noProcesado: 'DOCUMENT_NOT_PROCESSED',
  });
  const original = dte as unknown as CreditoFiscalOriginal;
  if (money(original.resumen.ivaRete1).gt(0) !== request.isRetenIva)
    throw validationError('isRetenIva no coincide con el documento original', [
      { field: 'isRetenIva', message: `El CCF original ${request.isRetenIva ? 'no tiene' : 'tiene'} retención de IVA` },
    ]);
  const { codigoGeneracion, fecEmi } = dte.identificacion;
  const lineas = request.items.map(lineaVenta);
  const t = totalesCreditoFiscal(lineas, request.isRetenIva);
  return {
    identificacion: identificacion(ctx, tipoDte, 3),
    documentoRelacionado: [
      { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: codigoGeneracion, fechaEmision: fecEmi },
    ],
    emisor: emisorNota(ctx.emisor),
    // A note goes to the taxpayer of the original unless the request names the receptor again.
    receptor: request.receptor ? receptorContribuyente(request.receptor) : original.receptor,
    ventaTercero: null,
    cuerpoDocumento: lineas.map((linea, i) =>
      cuerpoItemVenta(request.items[i]!, linea, i + 1, { tributoIva: true, numeroDocumento: codigoGeneracion }),
    ),
    resumen: {
      ...resumenVenta(t),
      tributos: tributosIva(t.iva),
      ivaPerci1: 0,
      ivaRete1: toNumber2(t.ivaRete1),
      reteRenta: 0,
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalLetras: totalLetras(t.montoTotalOperacion),
      condicionOperacion: request.condicionOperacion,
    },
    extension: extension(request.observaciones),
    apendice: null,
  };
}
