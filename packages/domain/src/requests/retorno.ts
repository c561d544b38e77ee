import { z } from 'zod';
import { apendice, codigoGeneracion, texto } from './common';

/**
 * MH's Evento de Retorno has no field for the reason: it goes in the first `apendice` entry, whose value
 * holds 150 characters, beside at most 9 entries of the request's own (MH's apendice holds 10).
 */
const MAX_MOTIVO = 150;
const MAX_APENDICE = 9;

/** POST /dte/retorno. Availability of each quantity is checked against the original when building. */
export const retornoRequest = z.object({
  documentoOrigen: codigoGeneracion,
  items: z
    .array(z.object({ numItem: z.number().int().positive(), cantidadRetorno: z.number().positive() }))
    .min(1, 'Debe tener al menos un ítem')
    .superRefine((items, ctx) =>
      items.forEach((item, i) => {
        if (items.findIndex((other) => other.numItem === item.numItem) !== i)
          ctx.addIssue({ code: 'custom', path: [i, 'numItem'], message: 'numItem repetido' });
      }),
    ),
  motivo: texto(MAX_MOTIVO),
  apendice: apendice.max(MAX_APENDICE).nullish(),
});
export type RetornoRequest = z.output<typeof retornoRequest>;
