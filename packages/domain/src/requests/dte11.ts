import { z } from 'zod';
import { esRegimen } from '../dte/exportacion/regimen';
import { inCatalog, type CatalogId } from '../mh/catalogs';
import {
  apendice,
  catalogo,
  conDescuentoValido,
  checkDocumento,
  checkPago,
  codPais,
  condicionOperacion,
  correo,
  descuentoCompra,
  itemCompra,
  items,
  normalizeDocumento,
  observaciones,
  pago,
  pagos,
  telefono,
  texto,
  tipoDocumento,
  tipoPersona,
} from './common';
import { checkMaximosExportacion } from './maximos';

const deCatalogo = (id: CatalogId, nombre: string) =>
  z
    .string()
    .trim()
    .refine(...catalogo(id, nombre));

/**
 * The buyer abroad (MH's FEX receptor): identified by a CAT-022 document, located by its country and a
 * free address. `codPais` is CAT-020 as MH's catalog has it since v1.1 (ISO 3166-1 alpha-2); `nombrePais`
 * is the catalog's name, and fe-fex-v1 gets the country's older code (dte/exportacion/pais.ts).
 * `complemento` and `descActividad` take what both schemas take (v1: complemento 5–300, v3: 1–200).
 */
export const receptorExportacion = z
  .object({
    nombre: texto(250),
    tipoDocumento,
    numDocumento: texto(20),
    nombreComercial: texto(150).nullish(),
    codPais,
    complemento: texto(200, 5),
    tipoPersona,
    descActividad: texto(150, 5),
    telefono: telefono.nullish(),
    correo: correo.nullish(),
  })
  .superRefine(checkDocumento)
  .transform(normalizeDocumento);
export type ReceptorExportacionRequest = z.output<typeof receptorExportacion>;

/** Flete and seguro: cents at most, below MH's maximum. */
const cargoExportacion = z
  .number()
  .min(0, 'No puede ser negativo')
  .lt(1e11)
  .multipleOf(0.01, 'Hasta 2 decimales')
  .default(0);

const NOMBRE_CAMPO = { recintoFiscal: 'el recinto fiscal (CAT-027)', regimen: 'el régimen (CAT-028)' } as const;

/**
 * What is exported, which MH keeps in the emisor section. Goods (tipoItemExpor 1, or 3 with services)
 * leave through a recinto fiscal under a customs régimen, so both are required; a services export has
 * neither (fe-fex-v1's if/then wants them null). Incoterms (CAT-031) are optional; MH's text of the
 * code becomes `descIncoterms`.
 */
export const exportacion = z
  .object({
    /** 1 bienes, 2 servicios, 3 ambos. */
    tipoItemExpor: z.literal([1, 2, 3], { error: 'Debe ser 1 (bienes), 2 (servicios) o 3 (ambos)' }),
    // The 2026 workbook adds recinto 42: taken here, refused by the 2023 generation's builder.
    recintoFiscal: z
      .string()
      .trim()
      .refine((c) => inCatalog('CAT-027', c, '2026'), { message: 'No es un código de recinto fiscal (CAT-027)' })
      .nullish(),
    // Either writing of CAT-028: v1.2's "EX-1.1000.000" or July 2026's "1000.000" (dte/exportacion/regimen.ts).
    regimen: z
      .string()
      .trim()
      .toUpperCase()
      .refine(esRegimen, {
        message: 'No es un régimen de CAT-028: 1000.000 (catálogo de julio de 2026) o EX-1.1000.000 (v1.2)',
      })
      .nullish(),
    codIncoterms: deCatalogo('CAT-031', 'INCOTERMS').nullish(),
    flete: cargoExportacion,
    seguro: cargoExportacion,
  })
  .superRefine((e, ctx) => {
    const bienes = e.tipoItemExpor !== 2;
    for (const campo of ['recintoFiscal', 'regimen'] as const) {
      if (bienes && !e[campo])
        ctx.addIssue({
          code: 'custom',
          path: [campo],
          message: `Requerido cuando se exportan bienes (tipoItemExpor ${e.tipoItemExpor}): ${NOMBRE_CAMPO[campo]}`,
        });
      if (!bienes && e[campo])
        ctx.addIssue({
          code: 'custom',
          path: [campo],
          message: `Una exportación de servicios (tipoItemExpor 2) no lleva ${NOMBRE_CAMPO[campo]}: MH lo exige null`,
        });
    }
  });
export type ExportacionRequest = z.output<typeof exportacion>;

/**
 * An export line: all of it is "venta afecta", taxed at 0 % (C3), so it has no tipoImpuesto. `noGravado`
 * is a charge (or, negative, a credit) outside the taxable base that both FEX schemas carry per line.
 * Without `tipoItem` the line is of the kind the export is (tipoItemExpor).
 */
export const itemExportacion = conDescuentoValido(
  z.object({
    ...itemCompra.shape,
    tipoItem: z.literal([1, 2, 3]).optional(),
    noGravado: z.number().gt(-1e11).lt(1e11).multipleOf(0.01, 'Hasta 2 decimales').default(0),
  }),
);

/** POST /dte/dte11: Factura de Exportación. */
export const dte11Request = z
  .object({
    receptor: receptorExportacion,
    exportacion,
    items: items(itemExportacion),
    condicionOperacion,
    pago: pago.nullish(),
    pagos: pagos.nullish(),
    /** On the whole document: a percentage of the taxed total, or an amount (MH's descuento / descuGravada). */
    descuento: descuentoCompra.nullish(),
    /** MH's resumen.observaciones: up to 500 characters in fe-fex-v1, 3000 in fe-fex-v3. */
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
  })
  .superRefine(checkPago)
  .superRefine(checkMaximosExportacion)
  .transform((r) => ({
    ...r,
    items: r.items.map((i) => ({ ...i, tipoItem: i.tipoItem ?? r.exportacion.tipoItemExpor })),
  }));
export type Dte11Request = z.output<typeof dte11Request>;
