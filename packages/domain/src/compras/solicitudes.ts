import { z } from 'zod';
import { clasificacionRenta } from '../libros';
import { checkRango, fechaConsulta, mesConsulta } from '../requests/consulta';
import { RECEPTOR_DE_COMPRA } from './receptor';

/**
 * What the verification of a received document concluded. PENDIENTE_MH: its shape, receptor and
 * arithmetic were checked but MH has not answered yet (unreachable); it is asked again until it does.
 */
export const ESTADOS_COMPRA = [
  'PENDIENTE_MH',
  'VERIFICADO',
  'INVALIDADO_EN_MH',
  'NO_ENCONTRADO',
  'NO_ES_PARA_ESTE_EMISOR',
  'INCONSISTENTE',
] as const;
export type EstadoCompra = (typeof ESTADOS_COMPRA)[number];

const TIPOS = Object.keys(RECEPTOR_DE_COMPRA) as [string, ...string[]];

/**
 * GET /compras: the filters of the emisor's received documents. `periodo` (the fecEmi month) walks that
 * month's list; without it the list of everything received, newest first. An unknown parameter is refused.
 */
export const listaComprasRequest = z
  .strictObject({
    periodo: mesConsulta.optional(),
    desde: fechaConsulta.optional(),
    hasta: fechaConsulta.optional(),
    /** The supplier's NIT, digits only as MH writes it. */
    proveedor: z
      .string()
      .regex(/^\d{9}(\d{5})?$/, 'NIT de 9 o 14 dígitos, sin guiones')
      .optional(),
    estado: z.enum(ESTADOS_COMPRA).optional(),
    tipo: z.enum(TIPOS).optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .superRefine((f, ctx) => checkRango(f, ctx));
export type ListaComprasRequest = z.output<typeof listaComprasRequest>;

/**
 * PATCH /compras/:codigoGeneracion: the accountant's Renta classification of the document (anexo 3's
 * columns, `clasificacionRenta`), and with `proveedor: true` also the default of its supplier's documents
 * that have none of their own.
 */
export const clasificarCompraRequest = z.strictObject({
  clasificacion: clasificacionRenta,
  proveedor: z.boolean().default(false),
});
export type ClasificarCompraRequest = z.output<typeof clasificarCompraRequest>;
