import { z } from 'zod';
import { ivaRetenidoCuadra, ivaRetenidoEsperado, TASAS_RETENCION_IVA } from '../dte/retencion/tasas';
import { money } from '../money';
import {
  apendice,
  checkDocumento,
  codActividad,
  codigoGeneracion,
  correo,
  direccion,
  fecha,
  normalizeDocumento,
  nrc,
  observaciones,
  telefono,
  texto,
  tipoDocumento,
} from './common';
import { checkMaximosRetencion } from './maximos';

/** The subject whose IVA was withheld; MH's CR v1 also requires codActividad, descActividad and direccion. */
export const receptorRetencion = z
  .object({
    tipoDocumento,
    numDocumento: texto(20),
    nombre: texto(250),
    correo,
    nrc: nrc.nullish(),
    codActividad,
    descActividad: texto(150, 5),
    nombreComercial: texto(150).nullish(),
    direccion,
    telefono: telefono.nullish(),
  })
  .superRefine(checkDocumento)
  .transform(normalizeDocumento);
export type ReceptorRetencionRequest = z.output<typeof receptorRetencion>;

const codigoRetencionMH = z.enum(Object.keys(TASAS_RETENCION_IVA) as [keyof typeof TASAS_RETENCION_IVA], {
  error: 'Debe ser un código de CAT-006 (22, C4, C9)',
});

/**
 * One retention on one related document. The related document is an electronic DTE (tipoGeneracion 2,
 * numDocumento = its codigoGeneracion) or a paper one (1, numDocumento = its number).
 */
const retencion = z
  .object({
    numItem: z.number().int().positive(),
    tipoDte: z.enum(['01', '03', '14'], { error: 'Debe ser 01, 03 o 14' }),
    tipoGeneracion: z.literal([1, 2]),
    numDocumento: z.string().trim().min(1),
    fechaEmision: fecha,
    montoSujetoGrav: z.number().min(1).lt(1e11),
    codigoRetencionMH,
    ivaRetenido: z.number().min(0.01).lt(1e11),
    descripcion: texto(1000),
  })
  .transform((r, ctx) => {
    if (r.tipoGeneracion === 1) {
      if (!/^[A-Za-z0-9]{1,20}$/.test(r.numDocumento))
        ctx.addIssue({ code: 'custom', path: ['numDocumento'], message: 'Debe ser el número del documento físico' });
      return r;
    }
    const uuid = codigoGeneracion.safeParse(r.numDocumento);
    if (!uuid.success)
      ctx.addIssue({ code: 'custom', path: ['numDocumento'], message: 'Debe ser el codigoGeneracion del DTE' });
    return { ...r, numDocumento: uuid.data ?? r.numDocumento };
  })
  .superRefine((r, ctx) => {
    const monto = money(r.montoSujetoGrav);
    if (!ivaRetenidoCuadra(r.codigoRetencionMH, monto, money(r.ivaRetenido)))
      ctx.addIssue({
        code: 'custom',
        path: ['ivaRetenido'],
        message: `No corresponde al código ${r.codigoRetencionMH}: se esperaba ${ivaRetenidoEsperado(r.codigoRetencionMH, monto)?.toFixed(2)}`,
      });
  });

/** POST /dte/dte07. */
export const dte07Request = z
  .object({
    receptor: receptorRetencion,
    cuerpoDocumento: z
      .array(retencion)
      .min(1)
      .max(500)
      .superRefine((items, ctx) =>
        items.forEach((item, i) => {
          if (item.numItem !== i + 1)
            ctx.addIssue({ code: 'custom', path: [i, 'numItem'], message: `Debe ser ${i + 1} (correlativo desde 1)` });
        }),
      ),
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
  })
  .superRefine(checkMaximosRetencion);
export type Dte07Request = z.output<typeof dte07Request>;
