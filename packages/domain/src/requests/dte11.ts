import { z } from 'zod';
import { linea } from '../dte/bloques/cuerpo';
import { totalesExportacion, type TotalesExportacion } from '../dte/exportacion/totales';
import { DteError } from '../errors';
import { inCatalog, type CatalogId } from '../mh/catalogs';
import { money, round2, sum } from '../money';
import {
  apendice,
  checkDocumento,
  checkPago,
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
} from './common';
import type { FieldError } from './parse';

const deCatalogo = (id: CatalogId, nombre: string) =>
  z
    .string()
    .trim()
    .refine((c) => inCatalog(id, c), { message: `No es un código de ${nombre} (${id})` });

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
    codPais: z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => inCatalog('CAT-020', c), {
        message: 'No es un país de CAT-020: se espera su código ISO 3166-1 alfa-2 (US, GT, DE…)',
      }),
    complemento: texto(200, 5),
    /** CAT-029: 1 persona natural, 2 persona jurídica. */
    tipoPersona: z.literal([1, 2], { error: 'Debe ser un tipo de persona de CAT-029: 1 natural, 2 jurídica' }),
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
    recintoFiscal: deCatalogo('CAT-027', 'recinto fiscal').nullish(),
    regimen: deCatalogo('CAT-028', 'régimen de exportación').nullish(),
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
export const itemExportacion = z
  .object({
    ...itemCompra.shape,
    tipoItem: z.literal([1, 2, 3]).optional(),
    noGravado: z.number().gt(-1e11).lt(1e11).multipleOf(0.01, 'Hasta 2 decimales').default(0),
  })
  .refine((i) => money(i.montoDescu).lte(money(i.cantidad).times(money(i.precioUnitario))), {
    path: ['montoDescu'],
    message: 'El descuento no puede ser mayor que cantidad × precioUnitario',
  });

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
  .superRefine(checkTotales)
  .transform((r) => ({
    ...r,
    items: r.items.map((i) => ({ ...i, tipoItem: i.tipoItem ?? r.exportacion.tipoItemExpor })),
  }));
export type Dte11Request = z.output<typeof dte11Request>;

const MAXIMO_MH = money('1e11');
const ALCANZA_MAXIMO = 'alcanza el máximo de MH (debe ser menor que 100,000,000,000)';

/**
 * The totals are computed here as the builders compute them, so what MH would refuse in them is a 400 of
 * the request: a discount above the taxed total, credits beyond what is paid, amounts at MH's maximum
 * (exclusiveMaximum 1e11 on every amount), and payments (`pagos`) that are not the amount to pay to the
 * cent (MH only observes that, 002, leaving a document whose payments do not explain its total).
 */
function checkTotales(
  r: {
    items: { cantidad: number; precioUnitario: number; montoDescu: number; noGravado: number }[];
    exportacion: ExportacionRequest;
    descuento?: z.output<typeof descuentoCompra> | null;
    pagos?: z.output<typeof pagos> | null;
  },
  ctx: z.RefinementCtx,
): void {
  const lineas = r.items.map(linea);
  const excedidas = lineas.flatMap((l, i) => (l.monto.gte(MAXIMO_MH) ? [i] : []));
  for (const i of excedidas)
    ctx.addIssue({ code: 'custom', path: ['items', i], message: `El monto del ítem ${ALCANZA_MAXIMO}` });
  if (excedidas.length) return;
  let t: TotalesExportacion;
  try {
    t = totalesExportacion(lineas, r);
  } catch (err) {
    if (!(err instanceof DteError)) throw err;
    for (const { field, message } of err.details['errors'] as FieldError[])
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    return;
  }
  if (t.montoTotalOperacion.gte(MAXIMO_MH) || t.totalPagar.gte(MAXIMO_MH))
    ctx.addIssue({ code: 'custom', path: ['items'], message: `El total del documento ${ALCANZA_MAXIMO}` });
  if (r.pagos) {
    const suma = sum(r.pagos.map((p) => money(p.montoPago)));
    const totalPagar = round2(t.totalPagar);
    if (!suma.equals(totalPagar))
      ctx.addIssue({
        code: 'custom',
        path: ['pagos'],
        message: `Los montoPago suman ${suma.toFixed(2)}; el total a pagar es ${totalPagar.toFixed(2)}`,
      });
  }
}
