import { z } from 'zod';
import { BIEN, EFECTIVO, lineaDonacion, totalesDonacion } from '../dte/donacion/totales';
import cat026 from '../mh/catalogs/CAT-026.json';
import { money, sum, type Money } from '../money';
import {
  apendice,
  checkDocumento,
  codActividad,
  codPais,
  codigoItem,
  correo,
  descripcionItem,
  direccion,
  items,
  normalizeDocumento,
  nrc,
  pago,
  telefono,
  texto,
  tipoDocumento,
  uniMedida,
} from './common';
import { MAXIMO_MH } from './maximos';

/** CAT-032 Domicilio fiscal: 1 domiciliado, 2 no domiciliado. */
const DOMICILIADO = 1;
const NO_DOMICILIADO = 2;

/**
 * Who gives: MH's `donante` (fe-cd-v1) or `receptor` (fe-cd-v2). Both schemas require codDomiciliado and
 * codPais. fe-cd-v1 wants, of a domiciled donante, an address, and of one not domiciled no address nor
 * activity (its `allOf`), which holds for both versions here: a foreign address has no CAT-012/013 codes.
 * codPais is the donante's country (CAT-020, ISO alpha-2 since catalog v1.1), El Salvador unless said:
 * only a donante not domiciled must name it.
 */
export const donante = z
  .object({
    tipoDocumento,
    numDocumento: texto(20),
    nrc: nrc.nullish(),
    nombre: texto(250),
    codActividad: codActividad.nullish(),
    descActividad: texto(150).nullish(),
    direccion: direccion.nullish(),
    telefono: telefono.nullish(),
    correo: correo.nullish(),
    codDomiciliado: z
      .literal([DOMICILIADO, NO_DOMICILIADO], {
        error: 'Debe ser un código de CAT-032 (1 domiciliado, 2 no domiciliado)',
      })
      .default(DOMICILIADO),
    codPais: codPais.nullish(),
  })
  .superRefine(checkDocumento)
  .superRefine((d, ctx) => {
    if (d.codDomiciliado === DOMICILIADO) {
      if (!d.direccion)
        ctx.addIssue({
          code: 'custom',
          path: ['direccion'],
          message: 'Requerido para un donante domiciliado (codDomiciliado 1)',
        });
      return;
    }
    for (const campo of ['direccion', 'codActividad', 'descActividad'] as const)
      if (d[campo] != null)
        ctx.addIssue({
          code: 'custom',
          path: [campo],
          message:
            'Un donante no domiciliado (codDomiciliado 2) no lleva dirección ni actividad económica de El Salvador',
        });
    if (!d.codPais)
      ctx.addIssue({
        code: 'custom',
        path: ['codPais'],
        message: 'Requerido para un donante no domiciliado (CAT-020)',
      });
  })
  .transform(normalizeDocumento)
  .transform((d) => ({ ...d, codPais: d.codPais ?? 'SV' }));
export type DonanteRequest = z.output<typeof donante>;

const TIPOS_DONACION = cat026.items.map((i) => Number(i.codigo));

/**
 * One donated thing. Manual Funcional v1.2 §XX: cash (tipoDonacion 1) is one unit (cantidad 1) of unit
 * 99 with depreciación $0.00; a service (3) is in unit 99 with depreciación $0.00; a good (2) takes its
 * CAT-014 unit (59 "unidad" unless said) and, if used, its depreciated value. fe-cd-v1 enforces the unit
 * and depreciación of cash and services (its items' `allOf`); fe-cd-v2 dropped the rule, the manual
 * did not. `depreciacion` is v1's name (v2 calls it `tipoDepreciacion`), an amount in dollars.
 */
export const itemDonacion = z
  .object({
    tipoDonacion: z
      .number()
      .int()
      .refine((t) => TIPOS_DONACION.includes(t), {
        message: 'No es un tipo de donación de CAT-026 (1 efectivo, 2 bien, 3 servicio)',
      }),
    cantidad: z.number().positive().lt(1e11),
    codigo: codigoItem.nullish(),
    uniMedida: uniMedida.nullish(),
    descripcion: descripcionItem,
    depreciacion: z.number().min(0).lt(1e11).default(0),
    valorUnitario: z.number().min(0).lt(1e11),
  })
  .superRefine((i, ctx) => {
    const tipo = i.tipoDonacion;
    if (!TIPOS_DONACION.includes(tipo)) return;
    const nombre = tipo === EFECTIVO ? 'Una donación en efectivo' : 'Un servicio donado';
    if (tipo === EFECTIVO && !money(i.cantidad).equals(1))
      ctx.addIssue({ code: 'custom', path: ['cantidad'], message: 'Una donación en efectivo lleva cantidad 1' });
    if (tipo !== BIEN && i.uniMedida != null && i.uniMedida !== 99)
      ctx.addIssue({ code: 'custom', path: ['uniMedida'], message: `${nombre} va en la unidad 99 "Otra" (CAT-014)` });
    if (tipo !== BIEN && i.depreciacion !== 0)
      ctx.addIssue({ code: 'custom', path: ['depreciacion'], message: `${nombre} no tiene depreciación` });
    const { valor } = lineaDonacion(i);
    if (valor.isNegative())
      ctx.addIssue({
        code: 'custom',
        path: ['depreciacion'],
        message: 'La depreciación no puede ser mayor que cantidad × valorUnitario',
      });
    else if (valor.gte(MAXIMO_MH))
      ctx.addIssue({
        code: 'custom',
        path: ['valorUnitario'],
        message: 'El valor donado alcanza el máximo de MH (1e11)',
      });
  })
  .transform((i) => ({ ...i, uniMedida: i.uniMedida ?? (i.tipoDonacion === BIEN ? 59 : 99) }));
export type ItemDonacionRequest = z.output<typeof itemDonacion>;

/**
 * A document associated with the donation (CAT-021). Manual Funcional v1.2 §XV: the Comprobante de
 * Donación takes only 1 (emisor, i.e. the donatario) and 2 (receptor, the donante), and requires at
 * least one of the donatario detailing its qualification as a donee ("resolución de calificación").
 * Both schemas require the section with 1 to 10 entries; fe-cd-v2 wants 3 characters at least.
 */
export const documentoAsociado = z.object({
  codDocAsociado: z.literal([1, 2], { error: 'Debe ser 1 (donatario) o 2 (donante), de CAT-021' }),
  descDocumento: texto(100, 3),
  detalleDocumento: texto(300, 3),
});
export type DocumentoAsociadoRequest = z.output<typeof documentoAsociado>;

/** CAT-017 forma de pago of the cash donated: the CD schemas' pagos carry no plazo nor periodo. */
export const pagoDonacion = pago.pick({ codigo: true, referencia: true });
export type PagoDonacionRequest = z.output<typeof pagoDonacion>;

export const pagosDonacion = z
  .array(pagoDonacion.extend({ montoPago: z.number().positive().lt(1e11).multipleOf(0.01, 'Hasta 2 decimales') }))
  .min(1)
  .max(30);
export type PagosDonacionRequest = z.output<typeof pagosDonacion>;

/** The only apendice entries a CD can hold (both schemas: maxItems 10). */
const MAX_APENDICE = 10;

/** POST /dte/dte15. */
export const dte15Request = z
  .object({
    donante,
    items: items(itemDonacion),
    otrosDocumentos: z.array(documentoAsociado).min(1, 'Debe tener al menos un documento asociado').max(10),
    /** How the cash donated was given: one form for all of it (`pago`) or several with their amounts (`pagos`). */
    pago: pagoDonacion.nullish(),
    pagos: pagosDonacion.nullish(),
    /**
     * Neither CD schema has an observaciones field (nor `extension`); they go in the apendice, whose
     * entries hold 150 characters.
     */
    observaciones: z
      .string()
      .trim()
      .max(150, 'Hasta 150 caracteres: el Comprobante de Donación las lleva en el apéndice')
      .nullish(),
    /** Free entries MH prints with the document (campo, etiqueta, valor). */
    apendice: apendice.nullish(),
  })
  .superRefine((r, ctx) => {
    // An empty list is already refused by its minimum.
    if (r.otrosDocumentos.length && !r.otrosDocumentos.some((d) => d.codDocAsociado === 1))
      ctx.addIssue({
        code: 'custom',
        path: ['otrosDocumentos'],
        message: 'Requiere al menos un documento del donatario (codDocAsociado 1): su resolución de calificación',
      });
    const entradas = (r.apendice?.length ?? 0) + (r.observaciones ? 1 : 0);
    if (entradas > MAX_APENDICE)
      ctx.addIssue({
        code: 'custom',
        path: ['apendice'],
        message: `Con observaciones, el apéndice admite ${MAX_APENDICE - 1} entradas (MH admite ${MAX_APENDICE} en total)`,
      });
    const t = totalesDonacion(r.items);
    if (t.valorTotal.gte(MAXIMO_MH))
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        message: 'El total de la donación alcanza el máximo de MH (1e11)',
      });
    checkPagoDonacion(r, t.efectivo, ctx);
  });
export type Dte15Request = z.output<typeof dte15Request>;

/**
 * The resumen's pagos say how the cash was given, so they need a cash line and must add up to the cash
 * donated, to the cent: goods and services are not paid. Neither is required (both schemas take null).
 */
function checkPagoDonacion(
  r: { pago?: PagoDonacionRequest | null; pagos?: PagosDonacionRequest | null; items: ItemDonacionRequest[] },
  efectivo: Money,
  ctx: z.RefinementCtx,
): void {
  if (!r.pago && !r.pagos) return;
  const campo = r.pagos ? 'pagos' : 'pago';
  if (r.pago && r.pagos) {
    ctx.addIssue({
      code: 'custom',
      path: ['pagos'],
      message: 'Envíe pago (uno por todo el efectivo) o pagos, no ambos',
    });
    return;
  }
  if (!r.items.some((i) => i.tipoDonacion === EFECTIVO)) {
    ctx.addIssue({
      code: 'custom',
      path: [campo],
      message: 'Solo una donación en efectivo (tipoDonacion 1) lleva pagos',
    });
    return;
  }
  if (r.pagos) {
    const suma = sum(r.pagos.map((p) => money(p.montoPago)));
    if (!suma.equals(efectivo))
      ctx.addIssue({
        code: 'custom',
        path: ['pagos'],
        message: `Los montoPago suman ${suma.toFixed(2)}; el efectivo donado es ${efectivo.toFixed(2)}`,
      });
  }
}
