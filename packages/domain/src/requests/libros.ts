import { z } from 'zod';
import { ANEXOS_F07 } from '../libros/anexos';
import { fecha } from './common';

/** A month of declaration, as the F-07 is filed. */
const periodo = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Debe ser un mes YYYY-MM');

/** An establishment's own code (codEstable, 4 letters or digits): its documents alone. */
const establecimiento = z
  .string()
  .regex(/^[A-Za-z0-9]{4}$/, 'Debe ser el código del establecimiento (codEstable, 4 caracteres)')
  .transform((s) => s.toUpperCase())
  .optional();

/** The longest date range a book covers: a year. */
const MAX_DIAS = 366;

/**
 * GET /libros/*: what a book covers, a month (`periodo`) or a date range (`desde`, `hasta`, inclusive,
 * answered as the periodo `desde/hasta`), of every establishment or one, as JSON, a spreadsheet or a PDF.
 */
export const libroRequest = z
  .strictObject({
    periodo: periodo.optional(),
    desde: fecha.optional(),
    hasta: fecha.optional(),
    establecimiento,
    formato: z.enum(['json', 'xlsx', 'pdf']).default('json'),
  })
  .superRefine((r, ctx) => {
    const rango = r.desde !== undefined || r.hasta !== undefined;
    if (r.periodo !== undefined && rango)
      ctx.addIssue({ code: 'custom', path: ['periodo'], message: 'Indique periodo, o desde y hasta, no ambos' });
    else if (r.periodo === undefined && !rango)
      ctx.addIssue({ code: 'custom', path: ['periodo'], message: 'Requerido: un mes YYYY-MM, o desde y hasta' });
    else if (rango && (r.desde === undefined || r.hasta === undefined))
      ctx.addIssue({ code: 'custom', path: [r.desde ? 'hasta' : 'desde'], message: 'Un rango lleva desde y hasta' });
    else if (r.desde && r.hasta && r.desde > r.hasta)
      ctx.addIssue({ code: 'custom', path: ['desde'], message: 'desde es posterior a hasta' });
    else if (r.desde && r.hasta && (Date.parse(r.hasta) - Date.parse(r.desde)) / 86_400_000 >= MAX_DIAS)
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: `Un rango cubre a lo sumo ${MAX_DIAS} días` });
  })
  .transform(({ periodo, desde, hasta, ...r }) => ({ ...r, periodo: periodo ?? `${desde}/${hasta}` }));

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
