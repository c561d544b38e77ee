import { z } from 'zod';

/**
 * GET /clientes and GET /productos: a page of the book, newest first, by cursor as GET /dte; `q` keeps
 * the entries that hold each of its words (`clienteCoincide`, `productoCoincide`). An unknown parameter is
 * refused, as GET /dte's are.
 */
export const libretaRequest = z.strictObject({
  q: z.string().trim().min(1).max(100).optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type LibretaRequest = z.output<typeof libretaRequest>;

/** GET /clientes/exportar and GET /productos/exportar: the whole book as one file. */
export const exportarLibretaRequest = z.strictObject({ formato: z.enum(['csv', 'xlsx']).default('csv') });
export type ExportarLibretaRequest = z.output<typeof exportarLibretaRequest>;
