import { z } from 'zod';
import { clasificacionRenta } from '../libros';
import { checkRango, fechaConsulta, mesConsulta } from '../requests/consulta';
import { RECEPTOR_DE_COMPRA } from './receptor';

/**
 * What the verification of a received document concluded. PENDIENTE_MH: its shape, receptor and
 * arithmetic were checked but MH has not answered yet (unreachable); it is asked again until it does.
 * VERIFICADO: MH confirmed it and its amounts are its supplier's signed claim. POR_CONFIRMAR: MH confirmed
 * it, but it waits for a person to compare it with MH's consulta pública (unsigned, above the emisor's
 * amount, or its supplier's first); CONFIRMADO once a person did. Only VERIFICADO and CONFIRMADO count in
 * the purchase books (`compraCuenta`).
 */
export const ESTADOS_COMPRA = [
  'PENDIENTE_MH',
  'VERIFICADO',
  'POR_CONFIRMAR',
  'CONFIRMADO',
  'INVALIDADO_EN_MH',
  'NO_ENCONTRADO',
  'NO_ES_PARA_ESTE_EMISOR',
  'INCONSISTENTE',
] as const;
export type EstadoCompra = (typeof ESTADOS_COMPRA)[number];

/** The estados of a document MH holds sealed as the file says and in force. */
export const ESTADOS_CONFIRMADOS_POR_MH: readonly EstadoCompra[] = ['VERIFICADO', 'POR_CONFIRMAR', 'CONFIRMADO'];

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

/**
 * POST /compras/:codigoGeneracion/confirmacion: a person's comparison of a POR_CONFIRMAR document with MH's
 * consulta pública (`verificacion.consultaPublica`): `coincide` makes it CONFIRMADO, otherwise INCONSISTENTE
 * (`NO_COINCIDE_CON_MH`), with the person's note.
 */
export const confirmarCompraRequest = z.strictObject({
  coincide: z.boolean({ error: 'Debe ser true (coincide con la consulta pública de MH) o false' }),
  nota: z.string().trim().max(500, 'A lo sumo 500 caracteres').optional(),
});
export type ConfirmarCompraRequest = z.output<typeof confirmarCompraRequest>;
