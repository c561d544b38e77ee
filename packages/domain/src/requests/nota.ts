import { z } from 'zod';
import {
  apendice,
  codigoGeneracion,
  condicionOperacion,
  descuento,
  fecha,
  itemVenta,
  items,
  observaciones,
  texto,
} from './common';
import { receptorContribuyente } from './dte03';
import { checkMaximosCreditoFiscal } from './maximos';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/**
 * A CCF the note adjusts: electronic (tipoGeneracion 2) by its codigoGeneracion, which must be one of the
 * emisor's accepted CCFs, or on paper (1) by its number and date, which the service cannot look up.
 */
const relacionado = z
  .object({
    tipoGeneracion: z.literal([1, 2], { error: 'Debe ser 1 (físico) o 2 (electrónico)' }),
    numeroDocumento: texto(36),
    fechaEmision: fecha.optional(),
  })
  .superRefine((d, ctx) => {
    if (d.tipoGeneracion === 2 && !UUID.test(d.numeroDocumento))
      ctx.addIssue({
        code: 'custom',
        path: ['numeroDocumento'],
        message: 'Un CCF electrónico se identifica por su código de generación (UUID)',
      });
    if (d.tipoGeneracion === 1 && !d.fechaEmision)
      ctx.addIssue({ code: 'custom', path: ['fechaEmision'], message: 'Requerida para un CCF físico' });
  })
  .transform((d) => (d.tipoGeneracion === 2 ? { ...d, numeroDocumento: d.numeroDocumento.toUpperCase() } : d));
export type RelacionadoNotaRequest = z.output<typeof relacionado>;

/**
 * A line of the note; with several CCFs, `numeroDocumento` says which one it adjusts. `noGravado` is a
 * charge (or, negative, a credit) outside the taxable base, which only the 2026 notes carry.
 */
const itemNota = z.intersection(
  itemVenta,
  z.object({
    numeroDocumento: texto(36).nullish(),
    noGravado: z.number().gt(-1e11).lt(1e11).multipleOf(0.01, 'Hasta 2 decimales').default(0),
  }),
);

/**
 * POST /dte/dte05 and /dte/dte06 (they share the shape). The note adjusts one accepted CCF
 * (`codigoGeneracion`) or several (`documentosRelacionados`, up to 50, electronic or paper: Manual
 * Funcional §XV), each line naming its CCF in `numeroDocumento` when there are several. Without a receptor
 * the original's receptor is used, as a note goes to the same taxpayer; a note on paper CCFs only needs it.
 * NC/ND carry no pagos in MH's schemas, so there is no pago here.
 */
export const notaRequest = z
  .object({
    receptor: receptorContribuyente.optional(),
    items: items(itemNota),
    condicionOperacion,
    codigoGeneracion: codigoGeneracion.optional(),
    documentosRelacionados: z.array(relacionado).min(1).max(50).optional(),
    /** A discount on the whole note (the 2023 notes only: the 2026 schemas dropped the global discounts). */
    descuento: descuento.nullish(),
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
    /** Must match the original's 1 % retention. */
    isRetenIva: z.boolean().default(false),
  })
  .superRefine((r, ctx) => {
    if ((r.codigoGeneracion === undefined) === (r.documentosRelacionados === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['codigoGeneracion'],
        message: 'Indique el CCF que ajusta (codigoGeneracion) o varios (documentosRelacionados), uno de los dos',
      });
      return;
    }
    const relacionados = relacionadosDeNota(r);
    const numeros = relacionados.map((d) => d.numeroDocumento.toUpperCase());
    if (new Set(numeros).size < numeros.length)
      ctx.addIssue({ code: 'custom', path: ['documentosRelacionados'], message: 'Un CCF aparece dos veces' });
    r.items.forEach((item, i) => {
      const numero = item.numeroDocumento?.toUpperCase();
      if (numero ? !numeros.includes(numero) : relacionados.length > 1)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'numeroDocumento'],
          message: 'Debe ser el numeroDocumento de uno de documentosRelacionados',
        });
    });
    // Each CCF's share of the note (its credit) takes the discount; amounts could not be split among them.
    if (r.descuento && r.descuento.porcentaje === undefined && relacionados.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['descuento'],
        message: 'Una nota sobre varios CCF lleva el descuento como porcentaje',
      });
    if (!r.receptor && relacionados.every((d) => d.tipoGeneracion === 1))
      ctx.addIssue({
        code: 'custom',
        path: ['receptor'],
        message: 'Requerido cuando la nota solo ajusta CCF físicos: el servicio no los conoce',
      });
  })
  .superRefine(checkMaximosCreditoFiscal);
export type NotaRequest = z.output<typeof notaRequest>;

/** The CCFs a note adjusts, whichever way the request named them. */
export function relacionadosDeNota(
  r: Pick<NotaRequest, 'codigoGeneracion' | 'documentosRelacionados'>,
): RelacionadoNotaRequest[] {
  return (
    r.documentosRelacionados ?? (r.codigoGeneracion ? [{ tipoGeneracion: 2, numeroDocumento: r.codigoGeneracion }] : [])
  );
}

/** The CCFs of this emisor the note adjusts, which the service looks up (electronic ones). */
export function ccfsElectronicos(r: Pick<NotaRequest, 'codigoGeneracion' | 'documentosRelacionados'>): string[] {
  return relacionadosDeNota(r)
    .filter((d) => d.tipoGeneracion === 2)
    .map((d) => d.numeroDocumento);
}
