import type { Request } from 'express';
import { html, type Html } from './plantilla';

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

/** The attributes that tie a field to its error beside it. */
const invalido = (nombre: string, errores: Errores) =>
  errores[nombre] ? html`aria-invalid="true" aria-describedby="error-${nombre}"` : '';
const errorDe = (nombre: string, errores: Errores) =>
  errores[nombre] && html`<span class="error-campo" id="error-${nombre}">${errores[nombre]}</span>`;

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
  return html`<label
    >${etiqueta}<input
      type="${tipo}"
      name="${nombre}"
      id="campo-${nombre}"
      value="${valor}"
      ${invalido(nombre, errores)}
      ${extra}
    />${errorDe(nombre, errores)}</label
  >`;
}

/** A choice of a list: its value and what the person reads. */
export type Opcion = readonly [valor: string, texto: string];
/** A list's choices, some of them grouped under a heading. */
export type Opciones = readonly (Opcion | { grupo: string; opciones: readonly Opcion[] })[];

/** A list to pick from, with its label and its error, as `campo`. */
export function seleccion(
  etiqueta: string,
  nombre: string,
  opciones: Opciones,
  { valor = '', errores = {} }: { valor?: string; errores?: Errores },
): Html {
  const opcion = ([v, t]: Opcion) => html`<option value="${v}" ${v === valor ? html`selected` : ''}>${t}</option>`;
  return html`<label
    >${etiqueta}<select name="${nombre}" id="campo-${nombre}" ${invalido(nombre, errores)}>
      ${opciones.map((o) =>
        'grupo' in o ? html`<optgroup label="${o.grupo}">${o.opciones.map(opcion)}</optgroup>` : opcion(o as Opcion),
      )}</select
    >${errorDe(nombre, errores)}</label
  >`;
}

/** A yes-or-no box (`si` when ticked), its label beside it. */
export function casilla(
  etiqueta: string,
  nombre: string,
  { marcada = false, errores = {} }: { marcada?: boolean; errores?: Errores },
): Html {
  return html`<label class="opcion"
    ><input
      type="checkbox"
      name="${nombre}"
      id="campo-${nombre}"
      value="si"
      ${marcada ? html`checked` : ''}
      ${invalido(nombre, errores)}
    />
    ${etiqueta}${errorDe(nombre, errores)}</label
  >`;
}

/**
 * The API's message for a field, as a person reads it: zod's generic Spanish ("Entrada inválida: se
 * esperaba texto, recibido indefinido") said plainly; the schemas' own messages stay as they are.
 */
export function mensajeClaro(mensaje: string): string {
  if (/recibido (indefinido|nulo)/.test(mensaje) || /tuviera >=1 caracteres/.test(mensaje)) return 'Escriba este dato';
  if (/se esperaba número/.test(mensaje)) return 'Escriba un número';
  const minimo = /Demasiado pequeño: se esperaba que (texto|número) (?:tuviera|fuera) (>=?)(\d+(?:\.\d+)?)/.exec(
    mensaje,
  );
  if (minimo)
    return minimo[1] === 'texto'
      ? `Escriba al menos ${minimo[3]} caracteres`
      : minimo[2] === '>'
        ? `Debe ser mayor que ${minimo[3]}`
        : `No puede ser menor que ${minimo[3]}`;
  const maximo = /Demasiado grande: se esperaba que (texto|número) (?:tuviera|fuera) (<=?)(\d+(?:\.\d+)?)/.exec(
    mensaje,
  );
  if (maximo)
    return maximo[1] === 'texto'
      ? `Escriba hasta ${maximo[3]} caracteres`
      : maximo[2] === '<'
        ? `Debe ser menor que ${maximo[3]}`
        : `No puede ser mayor que ${maximo[3]}`;
  // The schemas' own messages name a field by the API's name.
  return mensaje.replace(/tipoAnulacion es (\d)(?: o (\d))?/, (_, a: string, b?: string) =>
    b ? `el tipo de anulación es ${a} o ${b}` : `el tipo de anulación es ${a}`,
  );
}

/**
 * The API's validation error of a field as one sentence that names the field as its label does: "Nombre de
 * quien solicita: escriba al menos 5 caracteres". What shows it away from its field (above a form) says so.
 */
export const mensajeDelCampo = (etiqueta: string, mensaje: string): string => {
  const claro = mensajeClaro(mensaje);
  return `${etiqueta}: ${claro.charAt(0).toLowerCase()}${claro.slice(1)}`;
};
