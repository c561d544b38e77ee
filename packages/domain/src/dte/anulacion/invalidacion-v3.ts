import type { AnulacionRequest } from '../../requests/anulacion';
import {
  conEsquema,
  receptorDelDocumento,
  telefonoEvento,
  type AnulacionContext,
  type InvalidatedDocument,
} from './evento';

/**
 * The date of an invalidation v3 event (`identificacion.fecEmi`, which replaced v2's fecAnula). For the
 * DTEs MH lets be invalidated for three months (FE 01, FEX 11, FSE 14) it is the event's own date; for
 * the others it must be the invalidated DTE's date: apitest rejected an NC's invalidation dated otherwise
 * with 027 "[identificacion.fecEmi] DATO NO COINCIDE CON DTE" (Melquisspana/Sistema_Facturacion,
 * docs/INVALIDACION_DTE.md, July 2026), as the annexes' digest reads Anexo V field 9 (FACTS.md [DIG]).
 * Uncertain; a correction is this function.
 */
export function fechaEventoInvalidacion(tipoDte: string, fechaEvento: string, fecEmiDocumento: string): string {
  return ['01', '11', '14'].includes(tipoDte) ? fechaEvento : fecEmiDocumento;
}

/**
 * The invalidation event of the 2026 generation (invalidacion-schema-v3): the event may invalidate a
 * document of either generation. It drops montoIva and the establishment's type and name, names MH's
 * codes as required, carries `fusion` (null: no merger) and every receptor field, null when unknown.
 */
export function buildInvalidacionV3(ctx: AnulacionContext, original: InvalidatedDocument, request: AnulacionRequest) {
  const e = ctx.emisor;
  return conEsquema('invalidacion-schema-v3', {
    identificacion: {
      version: 3,
      ambiente: ctx.ambiente,
      codigoGeneracion: ctx.codigoGeneracion,
      fecEmi: fechaEventoInvalidacion(original.tipoDte, ctx.fecAnula, original.fecEmi),
      horEmi: ctx.horAnula,
      fusion: null,
    },
    emisor: {
      nit: e.nit,
      nombre: e.nombre,
      codEstableMH: e.codEstableMH,
      codEstable: e.codEstable,
      codPuntoVentaMH: e.codPuntoVentaMH,
      codPuntoVenta: e.codPuntoVenta,
      telefono: telefonoEvento(e.telefono),
      correo: e.correo,
    },
    documento: {
      tipoDte: original.tipoDte,
      codigoGeneracion: original.codigoGeneracion,
      selloRecibido: original.selloRecibido,
      numeroControl: original.numeroControl,
      fecEmi: original.fecEmi,
      codigoGeneracionR: request.codigoGeneracionR ?? null,
      ...receptorDelDocumento(original.dteJson),
    },
    motivo: { ...request.motivo, motivoAnulacion: request.motivo.motivoAnulacion ?? null },
  });
}
