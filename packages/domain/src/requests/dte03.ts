import { z } from 'zod';
import {
  apendice,
  descuento,
  checkDocumento,
  checkPago,
  codActividad,
  condicionOperacion,
  correo,
  direccion,
  itemVentaConCargos,
  items,
  nit,
  normalizeDocumento,
  nrc,
  observaciones,
  pago,
  pagos,
  requiredReceptorFields,
  telefono,
  texto,
  tipoDocumento,
  type TipoDocumento,
} from './common';
import { checkMaximosCreditoFiscal } from './maximos';

/**
 * The spec answers a DTE 03 receptor missing any of these with RECEPTOR_VALIDATION_ERROR and lists the
 * missing ones in `requiredFields`.
 */
export const CAMPOS_REQUERIDOS_RECEPTOR = ['tipoDocumento', 'numDocumento', 'nit', 'nombre'] as const;

/**
 * An IVA taxpayer (DTE 03, 05, 06). CCF v3 also requires nrc, codActividad, descActividad, direccion
 * and correo; those are plain VALIDATION_ERRORs.
 */
export const receptorContribuyente = requiredReceptorFields(
  z.object({
    tipoDocumento: tipoDocumento.optional(),
    numDocumento: z.string().trim().min(1).max(20).optional(),
    nit: nit.optional(),
    nombre: texto(250).optional(),
    nrc,
    codActividad,
    descActividad: texto(150),
    nombreComercial: texto(150).nullish(),
    direccion,
    telefono: telefono.nullish(),
    correo,
  }),
  CAMPOS_REQUERIDOS_RECEPTOR,
)
  .superRefine(checkDocumento)
  .transform(
    (r) =>
      normalizeDocumento(r) as typeof r & {
        tipoDocumento: TipoDocumento;
        numDocumento: string;
        nit: string;
        nombre: string;
      },
  );
export type ReceptorContribuyenteRequest = z.output<typeof receptorContribuyente>;

/** POST /dte/dte03. A missing receptor is a receptor missing every field. */
export const dte03Request = z
  .object({
    receptor: z.preprocess((r) => r ?? {}, receptorContribuyente),
    items: items(itemVentaConCargos),
    condicionOperacion,
    pago: pago.nullish(),
    pagos: pagos.nullish(),
    descuento: descuento.nullish(),
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
    /** The receptor withholds 1 % IVA (agente de retención). */
    isRetenIva: z.boolean().default(false),
  })
  .superRefine(checkPago)
  .superRefine(checkMaximosCreditoFiscal);
export type Dte03Request = z.output<typeof dte03Request>;
