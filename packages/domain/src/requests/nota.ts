import { z } from 'zod';
import { apendice, codigoGeneracion, condicionOperacion, itemVenta, items, observaciones } from './common';
import { receptorContribuyente } from './dte03';
import { checkMaximosCreditoFiscal } from './maximos';

/**
 * POST /dte/dte05 and /dte/dte06 (they share the shape). `codigoGeneracion` is the original CCF's;
 * without a receptor the original's receptor is used, as a note goes to the same taxpayer.
 * NC/ND carry no pagos in MH's schemas, so there is no pago here.
 */
export const notaRequest = z
  .object({
    receptor: receptorContribuyente.optional(),
    items: items(itemVenta),
    condicionOperacion,
    codigoGeneracion,
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
    /** Must match the original's 1 % retention. */
    isRetenIva: z.boolean().default(false),
  })
  .superRefine(checkMaximosCreditoFiscal);
export type NotaRequest = z.output<typeof notaRequest>;
