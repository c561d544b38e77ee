import type { AnulacionRequest } from '../../requests/anulacion';
import {
  conEsquema,
  receptorDelDocumento,
  telefonoEvento,
  type AnulacionContext,
  type InvalidatedDocument,
} from './evento';

type Json = Record<string, unknown>;

/** The IVA of the document: FE's totalIva, the IVA tributo (20) of CCF/NC/ND, CR's retained IVA, else null. */
function montoIva(dte: Json): number | null {
  const resumen = (dte.resumen as Json | undefined) ?? {};
  if (typeof resumen.totalIva === 'number') return resumen.totalIva;
  const iva = (resumen.tributos as Json[] | null | undefined)?.find((t) => t.codigo === '20');
  if (iva) return iva.valor as number;
  return typeof resumen.totalIVAretenido === 'number' ? resumen.totalIVAretenido : null;
}

/**
 * The invalidation event of the 2023 generation (anulacion-schema-v2). The schema wants the receptor's
 * e-mail left out rather than null when there is none.
 */
export function buildAnulacionV2(ctx: AnulacionContext, original: InvalidatedDocument, request: AnulacionRequest) {
  const e = ctx.emisor;
  const { correo, ...receptor } = receptorDelDocumento(original.dteJson);
  return conEsquema('anulacion-schema-v2', {
    identificacion: {
      version: 2,
      ambiente: ctx.ambiente,
      codigoGeneracion: ctx.codigoGeneracion,
      fecAnula: ctx.fecAnula,
      horAnula: ctx.horAnula,
    },
    emisor: {
      nit: e.nit,
      nombre: e.nombre,
      tipoEstablecimiento: e.tipoEstablecimiento,
      nomEstablecimiento: ctx.nomEstablecimiento,
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
      montoIva: montoIva(original.dteJson),
      codigoGeneracionR: request.codigoGeneracionR ?? null,
      ...receptor,
      ...(correo ? { correo } : {}),
    },
    motivo: { ...request.motivo, motivoAnulacion: request.motivo.motivoAnulacion ?? null },
  });
}
