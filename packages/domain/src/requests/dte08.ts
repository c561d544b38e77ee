import { z } from 'zod';
import {
  ivaItemCuadra,
  ivaItemEsperado,
  OTROS_TRIBUTOS_CL,
  totalesComprobanteLiquidacion,
} from '../dte/liquidacion/totales';
import { money } from '../money';
import { apendice, codigoGeneracion, condicionOperacion, fecha, observaciones, texto } from './common';
import { MAXIMO_MH } from './maximos';
import { receptorContribuyente } from './dte03';

/**
 * The sale documents a Comprobante de Liquidación may report: the types fe-cl-v1 enumerates (fe-cl-v2
 * dropped the enum, not the rule). Manual Funcional §XVI also names the Nota de Remisión, which moves
 * goods without selling them and carries no amounts to liquidate.
 */
export const TIPOS_DTE_LIQUIDABLES = ['01', '03', '05', '06', '11'] as const;

const NOMBRES_TIPOS = '01 factura, 03 crédito fiscal, 05 nota de crédito, 06 nota de débito, 11 exportación';

/** A figure of a sale document's resumen: cents at most, below MH's maximum. */
const monto = z.number().min(0).lt(1e11).multipleOf(0.01, 'Hasta 2 decimales');

/**
 * The mandante (CL) or afiliado (DCL): an IVA taxpayer, the same receptor as a DTE 03 (missing
 * tipoDocumento, numDocumento, nit or nombre answer RECEPTOR_VALIDATION_ERROR), plus what each document
 * adds (`extra`). Every CL and DCL schema wants a descActividad of 5 characters at least. A missing
 * receptor is a receptor missing every field.
 */
export function receptorLiquidacion<T extends z.ZodRawShape>(extra: T) {
  return z.preprocess(
    (r) => r ?? {},
    receptorContribuyente.and(z.object(extra)).superRefine((r, ctx) => {
      if (r.descActividad.length < 5)
        ctx.addIssue({
          code: 'custom',
          path: ['descActividad'],
          message: 'Debe tener al menos 5 caracteres (MH, Comprobante y Documento Contable de Liquidación)',
        });
    }),
  );
}

/** CAT-032 Domicilio fiscal: 1 domiciliado, 2 no domiciliado (fe-cl-v2 `receptor.codDomiciliado`). */
const codDomiciliado = z
  .literal([1, 2], { error: 'Debe ser 1 (domiciliado) o 2 (no domiciliado), CAT-032' })
  .default(1);

const otroTributo = z.object({
  codigo: z.enum(OTROS_TRIBUTOS_CL, {
    error:
      'Debe ser un tributo de CAT-015 sección 1 que el CLE admite (59, 71, D1, C8, D5); el IVA (20) y C3 se escriben solos',
  }),
  valor: monto,
});

/**
 * One sale document issued on the mandante's account, with the figures of its resumen (Manual Funcional
 * §XVI: "ingresando el valor resumen del DTE por cada ítem"), as that document shows them (≥ 0; a Nota de
 * Crédito or an invalidated document is subtracted by the builder, dte/liquidacion/totales.ts). An
 * electronic document (tipoGeneracion 2) is named by its codigoGeneracion, a paper one (1) by its number.
 */
const documentoLiquidado = z
  .object({
    tipoDte: z.enum(TIPOS_DTE_LIQUIDABLES, {
      error: `Debe ser un documento de venta que el CLE admite (${NOMBRES_TIPOS})`,
    }),
    tipoGeneracion: z.literal([1, 2], { error: 'Debe ser 1 (físico) o 2 (electrónico), CAT-007' }),
    numeroDocumento: z.string().trim().min(1),
    fechaEmision: fecha,
    ventaNoSuj: monto.default(0),
    ventaExenta: monto.default(0),
    ventaGravada: monto.default(0),
    exportaciones: monto.default(0),
    ivaItem: monto.nullish(),
    tributos: z.array(otroTributo).max(OTROS_TRIBUTOS_CL.length).nullish(),
    // fe-cl-v1 `obsItem` takes 3 to 3000 characters, fe-cl-v2 `observaciones` 1 to 1000.
    observaciones: texto(1000, 3).nullish(),
    /** The document was invalidated after it was liquidated active: this line reverses it (MF §XVI.5). */
    invalidado: z.boolean().default(false),
  })
  .transform((d, ctx) => {
    if (d.tipoGeneracion === 1) {
      if (!/^[A-Za-z0-9]{1,20}$/.test(d.numeroDocumento))
        ctx.addIssue({
          code: 'custom',
          path: ['numeroDocumento'],
          message: 'Debe ser el número del documento físico: de 1 a 20 letras o dígitos',
        });
      return { ...d, numeroDocumento: d.numeroDocumento.toUpperCase() };
    }
    const uuid = codigoGeneracion.safeParse(d.numeroDocumento);
    if (!uuid.success)
      ctx.addIssue({ code: 'custom', path: ['numeroDocumento'], message: 'Debe ser el codigoGeneracion del DTE' });
    return { ...d, numeroDocumento: uuid.data ?? d.numeroDocumento };
  })
  .superRefine((d, ctx) => {
    // Manual Funcional §XII: ventas no sujetas and exentas do not apply to an export invoice; §XIII: C3
    // (exportaciones 0 %) applies to the FEXE and the CLE only. So an FEX brings its amount as
    // exportaciones, and only an FEX does.
    if (d.tipoDte === '11') {
      for (const campo of ['ventaNoSuj', 'ventaExenta', 'ventaGravada'] as const)
        if (d[campo] > 0)
          ctx.addIssue({
            code: 'custom',
            path: [campo],
            message: 'Una factura de exportación (11) se liquida en exportaciones',
          });
    } else if (d.exportaciones > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['exportaciones'],
        message: 'Solo una factura de exportación (11) tiene exportaciones',
      });
    const gravada = money(d.ventaGravada);
    if (d.ivaItem != null && !ivaItemCuadra(gravada, money(d.ivaItem)))
      ctx.addIssue({
        code: 'custom',
        path: ['ivaItem'],
        message: `No es el 13 % de ventaGravada: se esperaba ${ivaItemEsperado(gravada).toFixed(2)} (±0.01)`,
      });
    const codigos = (d.tributos ?? []).map((t) => t.codigo);
    codigos.forEach((c, i) => {
      if (codigos.indexOf(c) !== i)
        ctx.addIssue({
          code: 'custom',
          path: ['tributos', i, 'codigo'],
          message: `El tributo ${c} ya está en la línea`,
        });
    });
  });
export type DocumentoLiquidadoRequest = z.output<typeof documentoLiquidado>;

/**
 * A document is liquidated once, in one CL; an invalidated one may come back once more, as invalidado
 * (Manual Funcional §XVI.5).
 */
function sinRepetidos(documentos: DocumentoLiquidadoRequest[], ctx: z.RefinementCtx): void {
  const vistos = new Map<string, number>();
  documentos.forEach((d, i) => {
    const clave = [d.tipoDte, d.tipoGeneracion, d.numeroDocumento, d.invalidado].join('|');
    const previo = vistos.get(clave);
    if (previo === undefined) vistos.set(clave, i);
    else
      ctx.addIssue({
        code: 'custom',
        path: [i, 'numeroDocumento'],
        message:
          `El documento ya está en cuerpoDocumento[${previo}]: se liquida una sola vez ` +
          '(y, si fue invalidado, una vez más con invalidado true)',
      });
  });
}

/** POST /dte/dte08. */
export const dte08Request = z
  .object({
    receptor: receptorLiquidacion({ codDomiciliado }),
    cuerpoDocumento: z.array(documentoLiquidado).min(1).max(500).superRefine(sinRepetidos),
    /** IVA percibido on the documents liquidated (fe-cl `resumen.ivaPerci`), added to the total. */
    ivaPercibido: monto.default(0),
    condicionOperacion: condicionOperacion.default(1),
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
  })
  .superRefine(checkTotal);
export type Dte08Request = z.output<typeof dte08Request>;

/**
 * The total the comisionista owes: fe-cl-v2 refuses a negative one (`total` minimum 0), which Notas de
 * Crédito and invalidated documents could give; fe-cl-v1 wants condición 1 (contado) when it is 0; and
 * it must stay below MH's maximum.
 */
function checkTotal(
  r: { cuerpoDocumento: DocumentoLiquidadoRequest[]; ivaPercibido: number; condicionOperacion: number },
  ctx: z.RefinementCtx,
): void {
  const { total } = totalesComprobanteLiquidacion(r.cuerpoDocumento, r.ivaPercibido);
  if (total.isNegative() && !total.isZero()) {
    ctx.addIssue({
      code: 'custom',
      path: ['cuerpoDocumento'],
      message:
        `El total de la liquidación sería ${total.toFixed(2)}: lo que restan las notas de crédito y los ` +
        'documentos invalidados no puede superar lo demás',
    });
  } else if (total.gte(MAXIMO_MH))
    ctx.addIssue({
      code: 'custom',
      path: ['cuerpoDocumento'],
      message: 'El total de la liquidación alcanza el máximo de MH (debe ser menor que 100,000,000,000)',
    });
  else if (total.isZero() && r.condicionOperacion !== 1)
    ctx.addIssue({
      code: 'custom',
      path: ['condicionOperacion'],
      message: 'Con total 0 MH exige condicionOperacion 1 (contado)',
    });
}
