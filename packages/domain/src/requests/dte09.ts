import { z } from 'zod';
import { totalesDocumentoContable, type TotalesDocumentoContable } from '../dte/liquidacion/totales';
import { inCatalog } from '../mh/catalogs';
import { apendice, fecha, texto } from './common';
import { receptorLiquidacion } from './dte08';

const monto = z.number().lt(1e11).multipleOf(0.01, 'Hasta 2 decimales');

/** An establishment or point-of-sale code MH assigned (4 characters, fe-dcl-v1). */
const codigoMH = z.string().trim().length(4, 'Debe tener 4 caracteres (código asignado por MH)').nullish();

/**
 * The afiliado: an IVA taxpayer with the type of the establishment that sold (CAT-009, both DCL
 * schemas), and, for fe-dcl-v1, MH's codes of that establishment and point of sale, if known.
 */
const receptorAfiliado = receptorLiquidacion({
  tipoEstablecimiento: z
    .string()
    .trim()
    .refine((c) => inCatalog('CAT-009', c), {
      message: 'Debe ser un tipo de establecimiento de CAT-009 (01 sucursal, 02 casa matriz, 04 bodega, 07 patio)',
    }),
  codigoMH,
  puntoVentaMH: codigoMH,
});

/**
 * The liquidation of a period, fe-dcl `cuerpoDocumento` without what is computed from it (subTotal,
 * iva, montoSujetoPercepcion, ivaPercibido, ivaComision, liquidoApagar, totalLetras:
 * dte/liquidacion/totales.ts). The bounds are those both schema versions take.
 */
const liquidacion = z
  .object({
    periodoLiquidacionFechaInicio: fecha,
    periodoLiquidacionFechaFin: fecha,
    codLiquidacion: texto(30).nullish(),
    cantidadDoc: z.number().int().positive().lt(1e9).nullish(),
    /** What the card holders paid in the period, IVA included. */
    valorOperaciones: monto.positive(),
    montoSinPercepcion: monto.min(0).default(0),
    descripSinPercepcion: texto(100).nullish(),
    comision: monto.min(0, 'La comisión no puede ser negativa'),
    /** fe-dcl-v1 carries it as text, fe-dcl-v2 as a number from 0 to 100. */
    porcentComision: z.number().min(0).max(100).multipleOf(0.01, 'Hasta 2 decimales'),
  })
  .superRefine((c, ctx) => {
    if (c.periodoLiquidacionFechaFin < c.periodoLiquidacionFechaInicio)
      ctx.addIssue({
        code: 'custom',
        path: ['periodoLiquidacionFechaFin'],
        message: `El fin del periodo no puede ser anterior a su inicio (${c.periodoLiquidacionFechaInicio})`,
      });
    if (c.montoSinPercepcion >= c.valorOperaciones) {
      ctx.addIssue({
        code: 'custom',
        path: ['montoSinPercepcion'],
        message: 'Debe ser menor que valorOperaciones: MH exige un subTotal mayor que cero',
      });
      return;
    }
    checkPositivos(totalesDocumentoContable(c), ctx);
  });

/**
 * fe-dcl wants iva, montoSujetoPercepcion, ivaPercibido and liquidoApagar greater than zero
 * (exclusiveMinimum 0): a period too small to perceive a cent, or a commission that takes everything,
 * gives a document MH refuses.
 */
function checkPositivos(t: TotalesDocumentoContable, ctx: z.RefinementCtx): void {
  if (!t.ivaPercibido.gt(0))
    ctx.addIssue({
      code: 'custom',
      path: ['valorOperaciones'],
      message:
        'El IVA percibido (2 % del monto sujeto a percepción sin IVA) sería 0.00; MH exige que sea mayor que cero',
    });
  if (!t.liquidoApagar.gt(0))
    ctx.addIssue({
      code: 'custom',
      path: ['comision'],
      message:
        `La comisión con su IVA (${t.comision.plus(t.ivaComision).toFixed(2)}) y el IVA percibido ` +
        `(${t.ivaPercibido.toFixed(2)}) no dejan valor líquido a pagar al afiliado; MH exige que sea mayor que cero`,
    });
}

/** MH's DCL `extension`, required in both versions: who generates the liquidation (fe-dcl-v1 bounds). */
const responsable = z.object({
  nombEntrega: texto(100, 5),
  docuEntrega: texto(25, 5),
  codEmpleado: texto(15).nullish(),
});

/** POST /dte/dte09. */
export const dte09Request = z.object({
  receptor: receptorAfiliado,
  cuerpoDocumento: liquidacion,
  extension: responsable,
  /** fe-dcl-v1 `cuerpoDocumento.observaciones` takes 200 characters, fe-dcl-v2 1 000. */
  observaciones: z.string().trim().max(200).nullish(),
  /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
  apendice: apendice.nullish(),
});
export type Dte09Request = z.output<typeof dte09Request>;
