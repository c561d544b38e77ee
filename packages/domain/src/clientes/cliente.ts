import { z } from 'zod';
import { catalogValue } from '../mh/catalogs';
import {
  checkDocumento,
  codActividad,
  codPais,
  correo,
  direccion,
  normalizeDocumento,
  nrc,
  telefono,
  texto,
  tipoDocumento,
  tipoPersona,
} from '../requests/common';

/** El Salvador in CAT-020: a customer without `codPais` is domiciled here. */
export const EL_SALVADOR = 'SV';

/**
 * A customer of the emisor's book (`POST /clientes`): whom its documents are issued to, kept so a person
 * picks them instead of typing them. Each field takes what the issuance bodies take, by the same
 * validators (requests/common.ts); where the kinds differ, the strictest, so a customer of the book is
 * never refused by one kind for a field another kind took (`descActividad` of 5 characters at least, as
 * the Factura and the Factura de Exportación want). Whether a customer has every field a kind requires
 * (a CCF's nrc, codActividad, direccion and correo) is that kind's to say, when it is issued.
 *
 * - `descActividad` is CAT-019's description of `codActividad` when not given, as MH prints it.
 * - A customer abroad (`codPais` other than SV, the Factura de Exportación's receptor or a donante not
 *   domiciled) has no Salvadoran `direccion` (CAT-012/013 codes): its address is `complemento`, as the
 *   FEX receptor names it. A customer here has `direccion` and no `complemento`.
 */
export const clienteRequest = z
  .object({
    nombre: texto(250),
    nombreComercial: texto(150).nullish(),
    tipoDocumento,
    numDocumento: texto(20),
    nrc: nrc.nullish(),
    codActividad: codActividad.nullish(),
    descActividad: texto(150, 5).nullish(),
    direccion: direccion.nullish(),
    complemento: texto(200, 5).nullish(),
    codPais: codPais.nullish(),
    tipoPersona: tipoPersona.nullish(),
    telefono: telefono.nullish(),
    correo: correo.nullish(),
  })
  .superRefine(checkDocumento)
  .superRefine((c, ctx) => {
    const extranjero = !!c.codPais && c.codPais !== EL_SALVADOR;
    if (extranjero && c.direccion)
      ctx.addIssue({
        code: 'custom',
        path: ['direccion'],
        message: 'Un cliente en el extranjero no tiene dirección de El Salvador: su dirección va en complemento',
      });
    if (!extranjero && c.complemento)
      ctx.addIssue({
        code: 'custom',
        path: ['complemento'],
        message: 'Solo un cliente en el extranjero (codPais distinto de SV) lleva complemento: use direccion',
      });
  })
  .transform(normalizeDocumento)
  .transform((c) =>
    c.codActividad && !c.descActividad ? { ...c, descActividad: catalogValue('CAT-019', c.codActividad)! } : c,
  );
export type ClienteRequest = z.input<typeof clienteRequest>;
export type Cliente = z.output<typeof clienteRequest>;

/**
 * What makes a customer one in the emisor's book: its identity document. A DUI or NIT is kept as digits
 * (`normalizeDocumento`); another document (a passport) is compared without case or inner spaces.
 */
export function claveCliente(c: Pick<Cliente, 'tipoDocumento' | 'numDocumento'>): string {
  return `${c.tipoDocumento}:${c.numDocumento.replace(/\s+/g, '').toUpperCase()}`;
}
