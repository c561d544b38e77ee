import { z } from 'zod';
import { ANEXOS_F07, CODIGOS_TIPO_INGRESO, esTipoIngreso } from '../libros/anexos';
import { ANEXOS_F07_COMPRAS, type AnexoCompras } from '../libros/compras-anexos';
import { clasificacionRenta } from '../libros/compras-renta';
import { checkRango, fechaConsulta, MAX_DIAS_CONSULTA, mesConsulta } from './consulta';

/** An establishment's own code (codEstable, 4 letters or digits): its documents alone. */
const establecimiento = z
  .string()
  .regex(/^[A-Za-z0-9]{4}$/, 'Debe ser el código del establecimiento (codEstable, 4 caracteres)')
  .transform((s) => s.toUpperCase())
  .optional();

/**
 * GET /libros/*: what a book covers, a month (`periodo`) or a date range (`desde`, `hasta`, inclusive,
 * answered as the periodo `desde/hasta`), of every establishment or one, as JSON, a spreadsheet or a PDF.
 */
export const libroRequest = z
  .strictObject({
    periodo: mesConsulta.optional(),
    desde: fechaConsulta.optional(),
    hasta: fechaConsulta.optional(),
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
    else checkRango(r, ctx, MAX_DIAS_CONSULTA);
  })
  .transform(({ periodo, desde, hasta, ...r }) => ({ ...r, periodo: periodo ?? `${desde}/${hasta}` }));

const ANEXOS = [...ANEXOS_F07, ...(Object.keys(ANEXOS_F07_COMPRAS) as AnexoCompras[])] as const;
/** A code of the Renta classification, as a query gives it. */
const codigoRenta = z.coerce.number().int().optional();

/**
 * GET /anexos/f07/:anexo: the annex, its month, the answer's form (JSON rows naming their documents, or the
 * file DGII's portal imports), the emisor's tipo de ingreso (Renta), which anexos 1 and 2 need from 2025
 * (the route remembers the last one given),
 * and the Renta classification of the purchases without one of their own (anexos 3 and 5, from February
 * 2024): the four codes together, checked as a document's are (`clasificacionRenta`).
 */
export const anexoRequest = z
  .strictObject({
    anexo: z.enum(ANEXOS, { error: `Debe ser ${ANEXOS.join(', ')}` }),
    periodo: mesConsulta,
    establecimiento,
    formato: z.enum(['json', 'csv']).default('json'),
    tipoIngreso: z.coerce
      .number()
      .int()
      .refine(esTipoIngreso, `Debe ser uno de los códigos del manual de anexos F-07: ${CODIGOS_TIPO_INGRESO}`)
      .optional(),
    tipoOperacion: codigoRenta,
    clasificacion: codigoRenta,
    sector: codigoRenta,
    tipoCostoGasto: codigoRenta,
  })
  .transform(({ tipoOperacion, clasificacion, sector, tipoCostoGasto, ...r }, ctx) => {
    const codigos = { tipoOperacion, clasificacion, sector, tipoCostoGasto };
    if (Object.values(codigos).every((c) => c === undefined)) return { ...r, clasificacion: undefined };
    const c = clasificacionRenta.safeParse(codigos);
    if (!c.success) {
      for (const issue of c.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return { ...r, clasificacion: c.data };
  });

/** The console's tablero: the month it shows (`mes`, YYYY-MM); absent, the current one in El Salvador. */
export const tableroRequest = z.strictObject({ mes: mesConsulta.optional() });
