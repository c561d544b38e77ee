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
  normalizeDocumento,
  observaciones,
  pago,
  pagos,
  telefono,
  texto,
  tipoDocumento,
} from './common';
import { checkMaximosFactura } from './maximos';
import { CONTINGENCIA_OTRO, LARGO_MOTIVO_CONTINGENCIA } from '../dte/contingencia';

/**
 * POST /dte/dte01. The receptor is a consumer; fields FE does not carry (nit, nrc, ...) are dropped.
 *
 * Receptor identification rule: tipoDocumento and numDocumento come together or not at all. When both
 * are omitted the consumer is anonymous (tipoDocumento/numDocumento null, nombre as given or null) —
 * allowed only while the operation total (IVA included) is below the threshold of the document's schema
 * version and date (`umbralIdentificacionReceptor`, checked by the builders, which know both).
 * (docs/api-rules.md)
 */
export const receptorConsumidor = z
  .object({
    tipoDocumento: tipoDocumento.nullish(),
    numDocumento: z.string().trim().min(1).nullish(),
    nombre: texto(250).nullish(),
    codActividad: codActividad.nullish(),
    descActividad: texto(150, 5).nullish(),
    direccion: direccion.nullish(),
    telefono: telefono.nullish(),
    correo: correo.nullish(),
  })
  .superRefine((r, ctx) => {
    if (!r.tipoDocumento !== !r.numDocumento) {
      const missing = r.tipoDocumento ? 'numDocumento' : 'tipoDocumento';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'tipoDocumento y numDocumento van juntos' });
    }
    checkDocumento(r, ctx);
  })
  .transform(normalizeDocumento);
export type ReceptorConsumidorRequest = z.output<typeof receptorConsumidor>;

export const dte01Request = z
  .object({
    receptor: receptorConsumidor,
    items: items(itemVentaConCargos),
    condicionOperacion,
    pago: pago.nullish(),
    pagos: pagos.nullish(),
    descuento: descuento.nullish(),
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
    testContingencia: z.boolean().default(false),
    /** The rehearsal's CAT-005 tipo (1, MH unavailable, when absent) and its explanation, which 5 requires. */
    tipoContingencia: z.number().int().min(1).max(5).nullish(),
    motivoContingencia: texto(LARGO_MOTIVO_CONTINGENCIA.max, LARGO_MOTIVO_CONTINGENCIA.min).nullish(),
  })
  .superRefine(checkEnsayoContingencia)
  .superRefine(checkPago)
  .superRefine(checkMaximosFactura);
export type Dte01Request = z.output<typeof dte01Request>;

/** A rehearsal names its contingencia; tipo 5 "Otro" must say why (Manual Funcional v1.2 §IX). */
function checkEnsayoContingencia(
  r: { testContingencia: boolean; tipoContingencia?: number | null; motivoContingencia?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (!r.testContingencia) {
    for (const campo of ['tipoContingencia', 'motivoContingencia'] as const)
      if (r[campo] != null) ctx.addIssue({ code: 'custom', path: [campo], message: 'Solo con testContingencia: true' });
  } else if (r.tipoContingencia === CONTINGENCIA_OTRO && r.motivoContingencia == null)
    ctx.addIssue({
      code: 'custom',
      path: ['motivoContingencia'],
      message: 'MH exige el motivo con tipoContingencia 5 (Otro)',
    });
}
