import type { Request } from 'express';
import { html, type Html } from './html';

/** What the console's forms share: a field's value, its error beside it, the session's CSRF field. */

/** Each field's error, by the field's name. */
export type Errores = Record<string, string>;

/** A form field's value as sent, or '' (a missing or repeated field is no value). */
export const texto = (req: Request, campo: string): string => {
  const valor = (req.body as Record<string, unknown> | undefined)?.[campo];
  return typeof valor === 'string' ? valor : '';
};

/** The session's CSRF token, as every form of a signed-in page carries it. */
export const campoCsrf = (req: Request): Html =>
  html`<input type="hidden" name="csrf" value="${req.sesionConsola!.csrf}" />`;

/** A field with its label and, beside it, its error (announced to screen readers with the field). */
export function campo(
  etiqueta: string,
  nombre: string,
  {
    tipo = 'text',
    valor = '',
    errores = {},
    extra = html``,
  }: { tipo?: string; valor?: string; errores?: Errores; extra?: Html },
): Html {
  const error = errores[nombre];
  return html`<label
    >${etiqueta}<input
      type="${tipo}"
      name="${nombre}"
      id="campo-${nombre}"
      value="${valor}"
      ${error ? html`aria-invalid="true" aria-describedby="error-${nombre}"` : ''}
      ${extra}
    />${error && html`<span class="error-campo" id="error-${nombre}">${error}</span>`}</label
  >`;
}
