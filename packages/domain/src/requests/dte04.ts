import { z } from 'zod';
import {
  apendice,
  checkDocumento,
  codActividad,
  correo,
  descuento,
  direccion,
  fecha,
  itemVenta,
  items,
  normalizeDocumento,
  nrc,
  observaciones,
  telefono,
  texto,
  tipoDocumento,
} from './common';
import { checkMaximosCreditoFiscal } from './maximos';

/** CAT-025: the title under which the goods travel (depósito, propiedad, consignación, traslado, otros). */
const bienTitulo = z.enum(['01', '02', '03', '04', '05'], {
  error: 'Debe ser un título de CAT-025 (01 depósito, 02 propiedad, 03 consignación, 04 traslado, 05 otros)',
});

/**
 * Who receives the goods. MH's two schemas disagree on what is optional (fe-nr-v3 requires direccion and
 * correo, fe-nr-v4 codActividad and descActividad): the request takes what either needs and the builder
 * of each generation names what its schema lacks.
 */
export const receptorRemision = z
  .object({
    tipoDocumento,
    numDocumento: texto(20, 3),
    nrc: nrc.nullish(),
    nombre: texto(250),
    codActividad: codActividad.nullish(),
    descActividad: texto(150, 5).nullish(),
    nombreComercial: texto(150).nullish(),
    direccion: direccion.nullish(),
    telefono: telefono.nullish(),
    correo: correo.nullish(),
    bienTitulo,
  })
  .superRefine(checkDocumento)
  .transform(normalizeDocumento);
export type ReceptorRemisionRequest = z.output<typeof receptorRemision>;

/**
 * A document the goods move because of (Manual Funcional §XV): a Factura or a CCF, electronic (by its
 * codigoGeneracion) or on paper (by its number). MH takes up to 50, all of one type.
 */
const documentoRelacionado = z
  .object({
    tipoDocumento: z.enum(['01', '03'], { error: 'Debe ser 01 (Factura) o 03 (CCF)' }),
    tipoGeneracion: z.literal([1, 2], { error: 'Debe ser 1 (físico) o 2 (electrónico)' }),
    numeroDocumento: texto(36),
    fechaEmision: fecha,
  })
  .superRefine((d, ctx) => {
    if (
      d.tipoGeneracion === 2 &&
      !/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i.test(d.numeroDocumento)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['numeroDocumento'],
        message: 'Un documento electrónico se identifica por su código de generación (UUID)',
      });
  })
  .transform((d) => (d.tipoGeneracion === 2 ? { ...d, numeroDocumento: d.numeroDocumento.toUpperCase() } : d));

/** A line of goods; it may name the related document it comes from (`numeroDocumento`). */
const itemRemision = z.intersection(itemVenta, z.object({ numeroDocumento: texto(36).nullish() }));

/** POST /dte/dte04: goods moved without a sale (no payment, no condición de la operación). */
export const dte04Request = z
  .object({
    receptor: receptorRemision,
    documentosRelacionados: z.array(documentoRelacionado).min(1).max(50).nullish(),
    items: items(itemRemision),
    descuento: descuento.nullish(),
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
  })
  .superRefine((r, ctx) => {
    const relacionados = r.documentosRelacionados ?? [];
    if (new Set(relacionados.map((d) => d.tipoDocumento)).size > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['documentosRelacionados'],
        message: 'Los documentos relacionados deben ser de un mismo tipo (Manual Funcional §XV)',
      });
    const numeros = new Set(relacionados.map((d) => d.numeroDocumento.toUpperCase()));
    r.items.forEach((item, i) => {
      if (item.numeroDocumento && !numeros.has(item.numeroDocumento.toUpperCase()))
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'numeroDocumento'],
          message: 'Debe ser el numeroDocumento de uno de documentosRelacionados',
        });
    });
  })
  // Prices exclude IVA, as in a CCF; nobody withholds on goods that are not sold.
  .superRefine((r, ctx) => checkMaximosCreditoFiscal({ ...r, isRetenIva: false }, ctx));
export type Dte04Request = z.output<typeof dte04Request>;
