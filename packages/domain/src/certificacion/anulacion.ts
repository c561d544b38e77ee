import { exigeReemplazo } from '../dte/anulacion/plazos';
import { documentKind, type DteTipo } from '../dte/document-kinds';
import type { Generacion } from '../mh/schemas';
import { Azar } from './azar';
import { dui, persona } from './datos';

/** CAT-024: 1 error en la información, 2 rescindir la operación, 3 otro. */
export type TipoAnulacion = 1 | 2 | 3;

/**
 * The campaign's i-th invalidation (from 0) takes the tipos in turn, so any 3 of them show MH each
 * one: 2 first, as it needs no replacement document.
 */
export const tipoAnulacionDe = (indice: number): TipoAnulacion => ([2, 1, 3] as const)[indice % 3]!;

/** Whether the campaign must issue a replacement before this invalidation (`generarAnulacion`'s `reemplazo`). */
export const anulacionExigeReemplazo = (tipo: DteTipo, generacion: Generacion, indice: number): boolean =>
  exigeReemplazo(documentKind(tipo).tipoDte, generacion, tipoAnulacionDe(indice));

const MOTIVOS: Record<TipoAnulacion, readonly string[]> = {
  1: [
    'Error en el nombre del receptor',
    'Precio unitario digitado incorrectamente',
    'Dirección del receptor equivocada',
  ],
  2: ['El cliente desistió de la compra', 'Operación rescindida por acuerdo de las partes', 'Mercadería no entregada'],
  3: [
    'Documento emitido en duplicado',
    'Cambio de condición de pago solicitado por el cliente',
    'Otro motivo administrativo',
  ],
};

export interface DocumentoAnulado {
  tipo: DteTipo;
  codigoGeneracion: string;
}

/**
 * The body of POST /dte/anulacion for the campaign's i-th invalidation of an accepted document: its
 * tipo in turn (`tipoAnulacionDe`), a motivo of that tipo, the emisor's person responsible and who asked
 * for it (each with a DUI whose check digit holds). `reemplazo` is the codigoGeneracion of the accepted
 * document that replaces it, which MH requires for tipos 1 and 3 but of a 2026 Nota de Crédito or
 * Comprobante de Liquidación (`anulacionExigeReemplazo`); it is left out where MH wants none.
 */
export function generarAnulacion(
  opciones: { semilla: string; generacion: Generacion },
  indice: number,
  documento: DocumentoAnulado,
  reemplazo?: string | null,
) {
  const az = new Azar(opciones.semilla, 'ANULACION', indice);
  const tipoAnulacion = tipoAnulacionDe(indice);
  const exige = anulacionExigeReemplazo(documento.tipo, opciones.generacion, indice);
  if (exige && !reemplazo)
    throw new Error(`Invalidation ${indice} (tipo ${tipoAnulacion}) of a ${documento.tipo} needs its replacement`);
  return {
    codigoGeneracion: documento.codigoGeneracion,
    ...(exige ? { codigoGeneracionR: reemplazo } : {}),
    motivo: {
      tipoAnulacion,
      motivoAnulacion: az.de(MOTIVOS[tipoAnulacion]),
      nombreResponsable: persona(az),
      tipDocResponsable: '13',
      numDocResponsable: dui(az),
      nombreSolicita: persona(az),
      tipDocSolicita: '13',
      numDocSolicita: dui(az),
    },
  };
}
