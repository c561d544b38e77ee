import { z } from 'zod';
import { ANEXOS_F07 } from '../libros/anexos';

/** A month of declaration, as the F-07 is filed. */
const periodo = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Debe ser un mes YYYY-MM');

/** An establishment's own code (codEstable, 4 letters or digits): its documents alone. */
const establecimiento = z
  .string()
  .regex(/^[A-Za-z0-9]{4}$/, 'Debe ser el código del establecimiento (codEstable, 4 caracteres)')
  .transform((s) => s.toUpperCase())
  .optional();

/** GET /libros/*: the month a book covers, of every establishment or one, as JSON, a spreadsheet or a PDF. */
export const libroRequest = z.strictObject({
  periodo,
  establecimiento,
  formato: z.enum(['json', 'xlsx', 'pdf']).default('json'),
});

/**
 * GET /anexos/f07/:anexo: the annex, its month, the answer's form (JSON rows naming their documents, or the
 * file DGII's portal imports) and the emisor's tipo de ingreso (Renta), which anexos 1 and 2 need from 2025.
 */
export const anexoRequest = z.strictObject({
  anexo: z.enum(ANEXOS_F07, { error: `Debe ser ${ANEXOS_F07.join(', ')}` }),
  periodo,
  establecimiento,
  formato: z.enum(['json', 'csv']).default('json'),
  tipoIngreso: z.coerce.number().int().min(1).max(13).optional(),
});
