import { z } from 'zod';
import { DTE_TIPOS } from '../dte/document-kinds';
import { fecha } from './common';

/**
 * GET /dte: the filters of the list of the token's emisor's documents, from the query string. An unknown
 * parameter is refused rather than ignored: a misspelt filter would otherwise answer every document.
 */
export const listaRequest = z
  .strictObject({
    tipo: z.enum(DTE_TIPOS).optional(),
    estado: z.enum(['PENDIENTE', 'PROCESSED', 'REJECTED', 'CONTINGENCIA', 'CANCELLED']).optional(),
    desde: fecha.optional(),
    hasta: fecha.optional(),
    receptor: z.string().trim().min(1).max(30).optional(),
    numeroControl: z
      .string()
      .regex(/^DTE-\d{2}-[A-Z0-9]{8}-\d{15}$/, 'numeroControl como DTE-01-M001P001-000000000000001')
      .optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, {
    message: 'desde es posterior a hasta',
    path: ['desde'],
  });
export type ListaRequest = z.output<typeof listaRequest>;

/** GET /dte/export: a period of emission dates (both required, inclusive) and the file to make of it. */
export const exportRequest = z
  .strictObject({ desde: fecha, hasta: fecha, formato: z.enum(['csv', 'zip']).default('csv') })
  .refine((f) => f.desde <= f.hasta, { message: 'desde es posterior a hasta', path: ['desde'] });
export type ExportRequest = z.output<typeof exportRequest>;
