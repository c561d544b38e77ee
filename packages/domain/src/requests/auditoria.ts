import { z } from 'zod';
import { ACCIONES_AUDITORIA } from '../personas/auditoria';
import { codigoGeneracion, fecha } from './common';

const instante = z.iso.datetime({ offset: true });

/**
 * A bound of the log's range: a day of El Salvador (UTC−6, as fecEmi), from its first instant for `desde`
 * and to its last for `hasta`; or an instant with its offset (`2026-12-03T14:05:00-06:00`, `…Z`).
 */
const limite = (extremo: 'desde' | 'hasta') =>
  z.string().transform((valor, ctx) => {
    if (fecha.safeParse(valor).success)
      return new Date(`${valor}T${extremo === 'desde' ? '00:00:00.000' : '23:59:59.999'}-06:00`);
    if (instante.safeParse(valor).success) return new Date(valor);
    ctx.addIssue({
      code: 'custom',
      message: 'Debe ser una fecha YYYY-MM-DD (El Salvador) o un instante ISO 8601 con su zona (…T14:05:00-06:00)',
    });
    return z.NEVER;
  });

/**
 * GET /auditoria: the filters of the emisor's audit log, from the query string; an unknown parameter is
 * refused, as GET /dte's are. `actor` is an entry's `actor.clave` (`claveDeActor`).
 */
export const auditoriaRequest = z
  .strictObject({
    actor: z
      .string()
      .regex(
        /^(usuario|token|correo|operador):.+$/,
        'actor como token:<id>, usuario:<id>, correo:<e-mail> u operador:<nombre>',
      )
      .max(400)
      .optional(),
    accion: z.enum(ACCIONES_AUDITORIA).optional(),
    codigoGeneracion: codigoGeneracion.optional(),
    desde: limite('desde').optional(),
    hasta: limite('hasta').optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .superRefine((f, ctx) => {
    if (f.desde && f.hasta && f.desde > f.hasta)
      ctx.addIssue({ code: 'custom', path: ['desde'], message: 'desde es posterior a hasta' });
  });
export type AuditoriaRequest = z.output<typeof auditoriaRequest>;
