import { z } from 'zod';
import { codActividad, correo, direccion, nit, nrc, telefono, texto } from '../requests/common';

/**
 * Taxpayers registered at MH that a campaign's CCFs, notes and other contribuyente documents go to,
 * instead of invented ones: MH's test environment compares a receptor's NIT and NRC with its registry
 * (008, 009), so a real campaign needs receptors MH knows (the emisor's own customers, or the emisor
 * itself). Each is a receptor as POST /dte/dte03 takes it, identified by its NIT.
 */
export const contribuyentesCertificacion = z
  .array(
    z.strictObject({
      // What the campaign's record holds after this parse: a workflow started by hand is parsed again.
      tipoDocumento: z.literal('36').optional(),
      numDocumento: z.string().optional(),
      nit,
      nrc,
      nombre: texto(250),
      codActividad,
      descActividad: texto(150),
      nombreComercial: texto(150).optional(),
      direccion,
      telefono,
      correo,
    }),
  )
  .min(1)
  .max(100)
  .transform((lista) => lista.map((c) => ({ ...c, tipoDocumento: '36' as const, numDocumento: c.nit })));

export type ContribuyenteRegistrado = z.output<typeof contribuyentesCertificacion>[number];
