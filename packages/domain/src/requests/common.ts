import { z } from 'zod';
import {
  inCatalog,
  isDistritoOf,
  isDistritoOfMunicipio,
  isMunicipioAnterior2024,
  isMunicipioOf,
  isTributoDeSeccion,
  municipioDelDistrito,
  type CatalogId,
} from '../mh/catalogs';
import { esDuiValido, esNitValido } from '../identificacion';
import { money } from '../money';
import { RECEPTOR_REQUIRED } from './parse';

/**
 * Field shapes shared by the request bodies of several endpoints. They refuse early (400) what MH
 * would refuse later (a rejected DTE), using MH's catalogs; unknown fields are dropped (zod's default).
 */

export const texto = (max: number, min = 1) => z.string().trim().min(min).max(max);

/** MH's uuid shape; clients may send lower case, MH wants upper case. */
export const codigoGeneracion = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, 'Debe ser un UUID')
  .transform((s) => s.toUpperCase());

export const fecha = z.iso.date({ error: 'Debe ser una fecha YYYY-MM-DD' });

/** Refinement arguments: the value is a code of an MH catalog. */
export const catalogo = (id: CatalogId, nombre: string) =>
  [(codigo: string | number) => inCatalog(id, codigo), { message: `No es un código de ${nombre} (${id})` }] as const;

/** Phone numbers arrive as "2222-3333" or "(503) 2222 3333"; MH wants digits (and "+"). */
export const telefono = z
  .string()
  .transform((s) => s.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{8,29}$/, 'Debe tener entre 8 y 30 dígitos'));

export const correo = z.email({ error: 'Debe ser un correo electrónico' }).max(100);

/**
 * An address: departamento (CAT-012), municipio of the 2024 reform (CAT-013) and distrito, the pre-2024
 * municipio, numbered within its departamento (CAT-008 of the 2026 catalogs), one of the municipio's
 * (`isDistritoOfMunicipio`: MH's 2026 annexes require the three to correspond). The distrito is optional
 * here; the 2026 documents require it (their builders say which field lacks it). A pre-2024 municipio
 * code is taken too, as MH takes it in 2023-generation documents (`isMunicipioAnterior2024`); it is then
 * the distrito itself, and a 2026 document refuses it (its builder says why).
 */
export const direccion = z
  .object({
    departamento: z.string().regex(/^\d{2}$/, 'Debe ser un código de 2 dígitos'),
    municipio: z.string().regex(/^\d{2}$/, 'Debe ser un código de 2 dígitos'),
    distrito: z
      .string()
      .regex(/^\d{2}$/, 'Debe ser un código de 2 dígitos')
      .nullish(),
    complemento: texto(200),
  })
  .superRefine((d, ctx) => {
    if (!inCatalog('CAT-012', d.departamento)) {
      ctx.addIssue({ code: 'custom', path: ['departamento'], message: 'No es un departamento de CAT-012' });
      return;
    }
    const anterior = isMunicipioAnterior2024(d.departamento, d.municipio);
    const municipioValido = anterior || isMunicipioOf(d.departamento, d.municipio);
    if (!municipioValido)
      ctx.addIssue({
        code: 'custom',
        path: ['municipio'],
        message: 'No es un municipio del departamento (CAT-013, de 2024 o anterior a la reforma)',
      });
    if (!d.distrito) return;
    if (!isDistritoOf(d.departamento, d.distrito))
      ctx.addIssue({ code: 'custom', path: ['distrito'], message: 'No es un distrito del departamento (CAT-008)' });
    else if (municipioValido && !isDistritoOfMunicipio(d.departamento, d.municipio, d.distrito))
      ctx.addIssue({
        code: 'custom',
        path: ['distrito'],
        message: anterior
          ? `El municipio ${d.municipio} es anterior a 2024: es el distrito mismo, que no puede ser otro`
          : distritoFueraDelMunicipio(d.departamento, d.municipio, d.distrito),
      });
  });
export type DireccionRequest = z.output<typeof direccion>;

/** Names the 2024 municipio that does hold the distrito, so the caller can correct either field. */
function distritoFueraDelMunicipio(departamento: string, municipio: string, distrito: string): string {
  const suyo = municipioDelDistrito(departamento, distrito)!;
  return `El distrito ${distrito} está en el municipio ${suyo.codigo} (${suyo.nombre}) del departamento, no en el ${municipio} (CAT-013)`;
}

/** CAT-022: 36 NIT, 13 DUI, 37 otro, 03 pasaporte, 02 carnet de residente. */
export const tipoDocumento = z.enum(['36', '13', '37', '03', '02'], {
  error: 'Debe ser un tipo de documento de CAT-022 (36, 13, 37, 03, 02)',
});
export type TipoDocumento = z.output<typeof tipoDocumento>;

/**
 * A NIT's or DUI's check digit refused (`identificacion.ts`: MH publishes the algorithms nowhere; these are
 * the readings public sources agree on). A NIT of 9 digits is a DUI: persons' NIT since the 2021
 * homologation. A mistyped number is refused here instead of reaching MH, which would take it or answer
 * that no such taxpayer exists.
 */
function digitoVerificadorError(tipo: '13' | '36', n: string): string | undefined {
  if (n.length === 9 && !esDuiValido(n))
    return `El dígito verificador del ${tipo === '13' ? 'DUI' : 'NIT (un DUI)'} no corresponde: revise el número`;
  if (n.length === 14 && !esNitValido(n)) return 'El dígito verificador del NIT no corresponde: revise el número';
  return undefined;
}

export const nit = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(\d{14}|\d{9})$/, 'El NIT debe tener 14 o 9 dígitos')
      .superRefine((n, ctx) => {
        const error = digitoVerificadorError('36', n);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
  );

/**
 * An NRC as MH's registry of taxpayers holds it: a number, so without leading zeros. MH's schemas take
 * `^[0-9]{1,8}$` and say no more; MH compares the NRC with its registry (008 NO CORRESPONDE A CONTRIBUYENTE
 * otherwise), and implementers report "0123456" refused where "123456" is accepted. A reading, isolated here.
 */
export const nrcDelRegistro = (nrc: string): string => nrc.replace(/^0+(?=\d)/, '');

export const nrc = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{2,8}$/, 'El NRC debe tener de 2 a 8 dígitos'))
  .transform(nrcDelRegistro);

export const codActividad = z
  .string()
  .trim()
  .refine(...catalogo('CAT-019', 'actividad económica'));

/** CAT-020 as MH's catalog has it since v1.1 (ISO 3166-1 alpha-2); fe-fex-v1 gets the older code (dte/exportacion/pais.ts). */
export const codPais = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => inCatalog('CAT-020', c), {
    message: 'No es un país de CAT-020: se espera su código ISO 3166-1 alfa-2 (US, GT, DE…)',
  });

/** CAT-029: 1 persona natural, 2 persona jurídica. */
export const tipoPersona = z.literal([1, 2], {
  error: 'Debe ser un tipo de persona de CAT-029: 1 natural, 2 jurídica',
});

/**
 * A DUI or NIT number is kept as digits only (the spec's form, "9 digits without hyphens"); each
 * schema version decides how to print it. Other documents are free text.
 */
export function normalizeNumDocumento(tipo: TipoDocumento, numDocumento: string): string {
  return tipo === '13' || tipo === '36' ? numDocumento.replace(/[\s-]/g, '') : numDocumento.trim();
}

export function numDocumentoError(tipo: TipoDocumento, numDocumento: string): string | undefined {
  const n = normalizeNumDocumento(tipo, numDocumento);
  if (tipo === '13' && !/^\d{9}$/.test(n)) return 'El DUI debe tener 9 dígitos';
  if (tipo === '36' && !/^(\d{14}|\d{9})$/.test(n)) return 'El NIT debe tener 14 o 9 dígitos';
  if (tipo === '13' || tipo === '36') return digitoVerificadorError(tipo, n);
  if (n.length < 3 || n.length > 20) return 'Debe tener entre 3 y 20 caracteres';
  return undefined;
}

type ConDocumento = { tipoDocumento?: TipoDocumento | null; numDocumento?: string | null };

/** Refinement: `numDocumento` has the shape its `tipoDocumento` requires. */
export function checkDocumento(value: ConDocumento, ctx: z.RefinementCtx): void {
  if (!value.tipoDocumento || !value.numDocumento) return;
  const error = numDocumentoError(value.tipoDocumento, value.numDocumento);
  if (error) ctx.addIssue({ code: 'custom', path: ['numDocumento'], message: error });
}

/** Transform: `numDocumento` as `normalizeNumDocumento` keeps it. */
export function normalizeDocumento<T extends ConDocumento>(value: T): T {
  if (!value.tipoDocumento || !value.numDocumento) return value;
  return { ...value, numDocumento: normalizeNumDocumento(value.tipoDocumento, value.numDocumento) };
}

/** How an item is taxed; MH's three columns ventaGravada / ventaExenta / ventaNoSuj. */
export const tipoImpuesto = z.enum(['GRAVADO', 'EXENTO', 'NO_SUJETO']).default('GRAVADO');
export type TipoImpuesto = z.output<typeof tipoImpuesto>;

// MH's 2026 schemas take 1,500 characters, the 2023 ones 1,000 (their builders refuse more, naming MH's path).
export const descripcionItem = texto(1500);
export const codigoItem = texto(25);
export const precioUnitario = z.number().min(0).lt(1e11);
/** CAT-014; 59 "unidad" unless said. */
export const uniMedida = z
  .number()
  .int()
  .refine(...catalogo('CAT-014', 'unidad de medida'));
export const UNIDAD = 59;
/** CAT-011: 1 bienes, 2 servicios, 3 ambos (4, a tributo billed as a line, on sale lines only). */
export const tipoItem = z.literal([1, 2, 3]);

const itemBase = {
  descripcion: descripcionItem,
  cantidad: z.number().positive().lt(1e11),
  precioUnitario,
  montoDescu: z.number().min(0).default(0),
  codigo: codigoItem.nullish(),
  uniMedida: uniMedida.default(UNIDAD),
  tipoItem: tipoItem.default(1),
};

/**
 * A sale line may be a tributo itself (CAT-011 tipoItem 4): one of CAT-015 §2 (`codTributo`: A8, 57, 90,
 * D4, D5, 25, A6), "sujeto a cálculo de IVA", so taxed like any gravada line, in MH's unit 99.
 */
const lineaDeVenta = {
  tipoImpuesto,
  tipoItem: z.literal([1, 2, 3, 4]).default(1),
  codTributo: z
    .string()
    .trim()
    .refine((c) => isTributoDeSeccion(c, 2), {
      message: 'Debe ser un tributo de CAT-015 sección 2 (A8, 57, 90, D4, D5, 25, A6)',
    })
    .nullish(),
};

function conTributoValido<
  T extends z.ZodType<{ tipoItem: number; codTributo?: string | null; uniMedida: number; tipoImpuesto: TipoImpuesto }>,
>(item: T) {
  return item.superRefine((i, ctx) => {
    const tributo = i.tipoItem === 4;
    if (tributo && !i.codTributo)
      ctx.addIssue({
        code: 'custom',
        path: ['codTributo'],
        message: 'Requerido cuando tipoItem es 4 (CAT-015 sección 2)',
      });
    if (!tributo && i.codTributo)
      ctx.addIssue({ code: 'custom', path: ['codTributo'], message: 'Solo un ítem de tipoItem 4 lleva codTributo' });
    if (tributo && i.uniMedida !== 99)
      ctx.addIssue({
        code: 'custom',
        path: ['uniMedida'],
        message: 'Un tributo (tipoItem 4) va en la unidad 99 (CAT-014)',
      });
    if (tributo && i.tipoImpuesto !== 'GRAVADO')
      ctx.addIssue({
        code: 'custom',
        path: ['tipoImpuesto'],
        message: 'Un tributo (tipoItem 4) está sujeto a IVA: GRAVADO',
      });
  });
}

export function conDescuentoValido<
  T extends z.ZodType<{ cantidad: number; precioUnitario: number; montoDescu: number }>,
>(item: T) {
  return item.refine((i) => money(i.montoDescu).lte(money(i.cantidad).times(money(i.precioUnitario))), {
    path: ['montoDescu'],
    message: 'El descuento no puede ser mayor que cantidad × precioUnitario',
  });
}

/** A sale line; `precioUnitario` includes IVA for DTE 01 and excludes it for DTE 03/05/06. */
export const itemVenta = conTributoValido(conDescuentoValido(z.object({ ...itemBase, ...lineaDeVenta })));
export type ItemVentaRequest = z.output<typeof itemVenta>;

/**
 * A sale line of a Factura or CCF, whose schemas also carry per line `psv` (precio sugerido de venta,
 * informative) and `noGravado`: a charge (or, negative, a credit) outside the taxable base, such as a
 * deposit or a third party's fee, added to what is paid and not to the operation's amount.
 */
export const itemVentaConCargos = conTributoValido(
  conDescuentoValido(
    z.object({
      ...itemBase,
      ...lineaDeVenta,
      psv: z.number().min(0).lt(1e11).default(0),
      noGravado: z.number().gt(-1e11).lt(1e11).multipleOf(0.01, 'Hasta 2 decimales').default(0),
    }),
  ),
);
export type ItemVentaConCargosRequest = z.output<typeof itemVentaConCargos>;

/** A purchase line (DTE 14): no taxes. */
export const itemCompra = conDescuentoValido(z.object(itemBase));
export type ItemCompraRequest = z.output<typeof itemCompra>;

export const items = <T extends z.ZodType>(item: T) => z.array(item).min(1, 'Debe tener al menos un ítem').max(2000);

/** CAT-016: 1 contado, 2 crédito, 3 otro. */
export const condicionOperacion = z.literal([1, 2, 3]);
export type CondicionOperacion = z.output<typeof condicionOperacion>;

export const pago = z.object({
  codigo: z
    .string()
    .trim()
    .refine(...catalogo('CAT-017', 'forma de pago')),
  plazo: z.enum(['01', '02', '03'], { error: 'Debe ser un plazo de CAT-018 (01, 02, 03)' }).nullish(),
  periodo: z.number().int().positive().nullish(),
  referencia: z.string().trim().max(50).nullish(),
});
export type PagoRequest = z.output<typeof pago>;

/** Several payments, each with its amount (cents at most); together they must be the amount to pay. */
export const pagos = z
  .array(pago.extend({ montoPago: z.number().positive().lt(1e11).multipleOf(0.01, 'Hasta 2 decimales') }))
  .min(1)
  .max(30);
export type PagosRequest = z.output<typeof pagos>;

/**
 * Contado needs no payment data (cash is recorded unless a pago is given); crédito and otro need the
 * payment (`pago`, or several as `pagos`, not both), and crédito also its plazo and periodo on each (the
 * v1/v3 schemas require them for condición 2).
 */
export function checkPago(
  value: { condicionOperacion: CondicionOperacion; pago?: PagoRequest | null; pagos?: PagosRequest | null },
  ctx: z.RefinementCtx,
): void {
  if (value.pago && value.pagos) {
    ctx.addIssue({ code: 'custom', path: ['pagos'], message: 'Envíe pago (uno por el total) o pagos, no ambos' });
    return;
  }
  if (value.condicionOperacion === 1) return;
  const entradas: [(string | number)[], PagoRequest][] = value.pagos
    ? value.pagos.map((p, i) => [['pagos', i], p])
    : value.pago
      ? [[['pago'], value.pago]]
      : [];
  if (entradas.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['pago'], message: 'Requerido cuando condicionOperacion es 2 o 3' });
    return;
  }
  if (value.condicionOperacion === 2) {
    for (const [path, p] of entradas)
      for (const field of ['plazo', 'periodo'] as const)
        if (p[field] == null)
          ctx.addIssue({ code: 'custom', path: [...path, field], message: 'Requerido cuando condicionOperacion es 2' });
  }
}

/** An amount of the document's discount: cents at most, below MH's maximum. */
const montoDescuento = z.number().min(0).lt(1e11).multipleOf(0.01, 'Hasta 2 decimales');

/**
 * A discount on the whole document (FE and CCF): a percentage of each column (gravada, exenta, no
 * sujeta), or an amount off each; not both. It comes off the totals, and IVA is computed on the taxed
 * amount after it (`totalesVenta`).
 */
export const descuento = z
  .strictObject({
    porcentaje: z.number().gt(0).lte(100).multipleOf(0.01, 'Hasta 2 decimales').optional(),
    gravada: montoDescuento.optional(),
    exenta: montoDescuento.optional(),
    noSujeta: montoDescuento.optional(),
  })
  .superRefine((d, ctx) => {
    const montos = [d.gravada, d.exenta, d.noSujeta].some((m) => m !== undefined);
    if (d.porcentaje !== undefined && montos)
      ctx.addIssue({ code: 'custom', path: ['porcentaje'], message: 'Indique un porcentaje o montos, no ambos' });
    if (d.porcentaje === undefined && !montos)
      ctx.addIssue({ code: 'custom', path: [], message: 'Indique porcentaje, o gravada, exenta o noSujeta' });
  });
export type DescuentoRequest = z.output<typeof descuento>;

/** A discount on the whole purchase (DTE 14): a percentage of it, or an amount; not both. */
export const descuentoCompra = z
  .strictObject({
    porcentaje: z.number().gt(0).lte(100).multipleOf(0.01, 'Hasta 2 decimales').optional(),
    monto: montoDescuento.optional(),
  })
  .refine((d) => (d.porcentaje === undefined) !== (d.monto === undefined), {
    message: 'Indique porcentaje o monto, uno de los dos',
  });
export type DescuentoCompraRequest = z.output<typeof descuentoCompra>;

export const observaciones = z.string().trim().max(3000).nullish();

export const apendice = z
  .array(z.object({ campo: texto(25, 2), etiqueta: texto(50, 3), valor: texto(150) }))
  .min(1)
  .max(10);
export type ApendiceRequest = z.output<typeof apendice>;

/**
 * Refinement for receptor fields whose absence is answered with RECEPTOR_VALIDATION_ERROR. It runs even
 * when other fields of the object failed (`when`), so every missing one is reported at once.
 */
export function requiredReceptorFields<T extends z.ZodType>(schema: T, fields: readonly string[]) {
  return schema.superRefine(
    (value, ctx) => {
      const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      for (const field of fields) {
        const v = obj[field];
        if (v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))
          ctx.addIssue({ code: 'custom', path: [field], message: 'Requerido', params: { [RECEPTOR_REQUIRED]: field } });
      }
    },
    { when: () => true },
  );
}
