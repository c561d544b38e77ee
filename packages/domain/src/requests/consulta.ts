import { z } from 'zod';
import { elSalvadorNow } from '../fecha';
import { fecha } from './common';

/**
 * The dates a query can mean, one rule for every query by date (GET /dte, /dte/export, /libros/*,
 * /anexos/f07/*, /dte/conciliacion and the admin CLI's books, annexes and reconciliation): none before the
 * first DTEs, none after tomorrow in El Salvador. A date beyond them can only answer nothing, so it is a
 * typo or a probe: a 400 naming the field, not an empty answer (docs/api-rules.md, "Dates of a query").
 */

/** MH's DTE system sealed its first documents in 2021: its sellos begin with their year (FACTS.md, the sello). */
export const PRIMER_DIA_CONSULTA = '2021-01-01';

/** Tomorrow in El Salvador: a client a time zone ahead of it, or with a clock a little fast, asks for its today. */
export function ultimoDiaConsulta(ahora = new Date()): string {
  return new Date(Date.parse(elSalvadorNow(ahora).fecEmi) + 86_400_000).toISOString().slice(0, 10);
}

/** The longest range one answer made whole covers (the export's file, a book): a year, a leap day included. */
export const MAX_DIAS_CONSULTA = 366;

/**
 * Bounds checked once the value has its shape (a pipe), and final (`continue: false`): a range with a
 * date out of bounds is not also told it is too long, one error per field.
 */
const dentroDeLimites = (primero: () => string, ultimo: () => string, manana: string) =>
  z.string().superRefine((valor, ctx) => {
    if (valor < primero())
      ctx.addIssue({
        code: 'custom',
        message: `No puede ser anterior a ${primero()}: los primeros DTE son de 2021`,
        continue: false,
      });
    else if (valor > ultimo())
      ctx.addIssue({
        code: 'custom',
        message: `No puede ser posterior a ${ultimo()}: ${manana}`,
        continue: false,
      });
  });

/** A day a query names, YYYY-MM-DD, within the bounds. */
export const fechaConsulta = fecha.pipe(
  dentroDeLimites(() => PRIMER_DIA_CONSULTA, ultimoDiaConsulta, 'mañana en El Salvador'),
);

/** A month of declaration, YYYY-MM, as the F-07 is filed, within the bounds. */
export const mesConsulta = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Debe ser un mes YYYY-MM')
  .pipe(
    dentroDeLimites(
      () => PRIMER_DIA_CONSULTA.slice(0, 7),
      () => ultimoDiaConsulta().slice(0, 7),
      'el mes de mañana en El Salvador',
    ),
  );

/**
 * A range of days, both inclusive: `desde` not after `hasta`, and with `maxDias` at most that many days.
 * The issue names the field to change.
 */
export function checkRango(r: { desde?: string; hasta?: string }, ctx: z.RefinementCtx, maxDias?: number): void {
  if (!r.desde || !r.hasta) return;
  if (r.desde > r.hasta) ctx.addIssue({ code: 'custom', path: ['desde'], message: 'desde es posterior a hasta' });
  else if (maxDias && (Date.parse(r.hasta) - Date.parse(r.desde)) / 86_400_000 >= maxDias)
    ctx.addIssue({ code: 'custom', path: ['hasta'], message: `Un rango cubre a lo sumo ${maxDias} días` });
}
