import { z } from 'zod';
import {
  apendice,
  descuentoCompra,
  checkDocumento,
  checkPago,
  codActividad,
  condicionOperacion,
  correo,
  direccion,
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
import { checkMaximosSujetoExcluido } from './maximos';

/** The seller not registered for IVA. */
export const sujetoExcluido = z
  .object({
    tipoDocumento,
    numDocumento: texto(20),
    nombre: texto(250),
    codActividad: codActividad.nullish(),
    descActividad: texto(150).nullish(),
    direccion,
    telefono: telefono.nullish(),
    correo: correo.nullish(),
  })
  .superRefine(checkDocumento)
  .transform(normalizeDocumento);
export type SujetoExcluidoRequest = z.output<typeof sujetoExcluido>;

/** POST /dte/dte14. */
export const dte14Request = z
  .object({
    sujetoExcluido,
    items: items(itemCompra),
    condicionOperacion,
    pago: pago.nullish(),
    pagos: pagos.nullish(),
    descuento: descuentoCompra.nullish(),
    observaciones,
    /** Free entries MH prints with the document (campo, etiqueta, valor): order numbers, vendors, notes. */
    apendice: apendice.nullish(),
    /** Withhold 10 % income tax (services by persons subject to it). */
    applyrent: z.boolean(),
  })
  .superRefine(checkPago)
  .superRefine(checkMaximosSujetoExcluido);
export type Dte14Request = z.output<typeof dte14Request>;
