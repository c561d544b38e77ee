import { z } from 'zod';
import { DTE_TIPOS } from '../dte/document-kinds';
import { consultaDeBusqueda } from '../busqueda';
import { checkRango, fechaConsulta, MAX_DIAS_CONSULTA } from './consulta';

/**
 * GET /dte: the filters of the list of the token's emisor's documents, from the query string. An unknown
 * parameter is refused rather than ignored: a misspelt filter would otherwise answer every document.
 */
export const listaRequest = z
  .strictObject({
    tipo: z.enum(DTE_TIPOS).optional(),
    estado: z.enum(['PENDIENTE', 'PROCESSED', 'REJECTED', 'CONTINGENCIA', 'CANCELLED']).optional(),
    desde: fechaConsulta.optional(),
    hasta: fechaConsulta.optional(),
    q: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .refine((q) => consultaDeBusqueda(q) !== null, {
        message: 'escriba al menos 3 letras de una palabra del nombre, o un número o código',
      })
      .optional(),
    receptor: z.string().trim().min(1).max(30).optional(),
    numeroControl: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^DTE-\d{2}-[A-Z0-9]{8}-\d{15}$/, 'numeroControl como DTE-01-M001P001-000000000000001')
      .optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  // A page at a time whatever the range: no bound on its length.
  .superRefine((f, ctx) => checkRango(f, ctx));
export type ListaRequest = z.output<typeof listaRequest>;

/**
 * GET /dte/export: a period of emission dates (both required, inclusive, a year at most: the file is made
 * whole) and the file to make of it.
 */
export const exportRequest = z
  .strictObject({ desde: fechaConsulta, hasta: fechaConsulta, formato: z.enum(['csv', 'zip']).default('csv') })
  .superRefine((f, ctx) => checkRango(f, ctx, MAX_DIAS_CONSULTA));
export type ExportRequest = z.output<typeof exportRequest>;
