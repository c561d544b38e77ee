import { z } from 'zod';
import { codigoGeneracion, normalizeNumDocumento, numDocumentoError, texto, tipoDocumento } from './common';

const motivo = z
  .object({
    /** CAT-024: 1 error en la información, 2 rescindir la operación, 3 otro. */
    tipoAnulacion: z.literal([1, 2, 3]),
    motivoAnulacion: texto(250, 5).nullish(),
    nombreResponsable: texto(100, 5),
    tipDocResponsable: tipoDocumento,
    numDocResponsable: texto(20, 3),
    nombreSolicita: texto(100, 5),
    tipDocSolicita: tipoDocumento,
    numDocSolicita: texto(20, 3),
  })
  .superRefine((m, ctx) => {
    if (m.tipoAnulacion === 3 && !m.motivoAnulacion)
      ctx.addIssue({ code: 'custom', path: ['motivoAnulacion'], message: 'Requerido cuando tipoAnulacion es 3' });
    const docs = [
      ['tipDocResponsable', 'numDocResponsable'],
      ['tipDocSolicita', 'numDocSolicita'],
    ] as const;
    for (const [tipo, num] of docs) {
      const error = numDocumentoError(m[tipo], m[num]);
      if (error) ctx.addIssue({ code: 'custom', path: [num], message: error });
    }
  })
  .transform((m) => ({
    ...m,
    numDocResponsable: normalizeNumDocumento(m.tipDocResponsable, m.numDocResponsable),
    numDocSolicita: normalizeNumDocumento(m.tipDocSolicita, m.numDocSolicita),
  }));

/**
 * POST /dte/anulacion. Type 2 rescinds the operation and must not name a replacement (codigoGeneracionR);
 * whether types 1 and 3 must name one depends on the invalidated kind (`checkReemplazo`).
 */
export const anulacionRequest = z
  .object({ codigoGeneracion, codigoGeneracionR: codigoGeneracion.nullish(), motivo })
  .superRefine((r, ctx) => {
    const path = ['codigoGeneracionR'];
    if (r.motivo.tipoAnulacion === 2 && r.codigoGeneracionR)
      ctx.addIssue({ code: 'custom', path, message: 'Debe omitirse cuando tipoAnulacion es 2' });
    if (r.codigoGeneracionR && r.codigoGeneracionR === r.codigoGeneracion)
      ctx.addIssue({ code: 'custom', path, message: 'El documento no puede reemplazarse a sí mismo' });
  });
export type AnulacionRequest = z.output<typeof anulacionRequest>;
