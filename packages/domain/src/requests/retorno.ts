import { z } from 'zod';
import { apendice, codigoGeneracion, texto } from './common';

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
  motivo: texto(1000),
  apendice: apendice.nullish(),
});
export type RetornoRequest = z.output<typeof retornoRequest>;
