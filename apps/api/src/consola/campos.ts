import { catalogValue, entradasDeCatalogo, municipiosConDistritos, type CatalogId } from '@dte/domain';
import { campo, casilla, seleccion, type Errores, type Opciones } from './formulario';
import { html, type Html } from './plantilla';

/**
 * A field of a console form that makes an API body (an issuance's, a customer's, a product's): named by
 * its path in the body (`receptor.nit`, `items.1.cantidad`, `direccion.complemento`), so the API's
 * errors, which name the same paths, land beside their fields. What a person types is converted (numbers,
 * ticked boxes, a picked distrito) and checked no further: the rules are the request schema's.
 */

/** A form's fields as sent: each value by its field's name (its path in the body). */
export type Valores = Record<string, string>;

export type Clase =
  /** Free text, an e-mail, a phone number, a long text. */
  | 'texto'
  | 'correo'
  | 'telefono'
  | 'area'
  /** A number as a person writes it (`12.50`, `$1,200`). */
  | 'numero'
  /** One of a list (`opciones`); `numerica` when the body takes its codes as numbers. */
  | 'lista'
  /** A ticked box: `true`, else `false`. */
  | 'casilla'
  /** A distrito of CAT-008, which names its municipio and departamento: `direccion.{departamento,municipio,distrito}`. */
  | 'ubicacion'
  /** A CAT-019 code typed or picked from the catalog's descriptions. */
  | 'actividad';

export interface Campo {
  /** The path in the body; in a row, below the row (`cantidad`). */
  ruta: string;
  etiqueta: string;
  clase?: Clase;
  opciones?: () => Opciones;
  numerica?: boolean;
  /** A new form's value. */
  inicial?: string;
  /** How much room the field takes: a code, or a description. */
  ancho?: 'corto' | 'largo';
  /** What a row's blankness is told by: a row with none of these filled is no row. */
  principal?: boolean;
  /** Kept by the form, not asked: what the page it was started from gives. */
  oculto?: boolean;
}

// The catalogs' lists, read once.
export const lista = (id: Exclude<CatalogId, 'CAT-008' | 'CAT-013'>, edicion?: '2026') => {
  let opciones: Opciones | undefined;
  return () => (opciones ??= entradasDeCatalogo(id, edicion).map(({ codigo, valor }) => [codigo, valor] as const));
};
export const conVacio =
  (vacio: string, opciones: () => Opciones): (() => Opciones) =>
  () => [['', vacio], ...opciones()];
export const conCodigo = (opciones: () => Opciones) => () =>
  opciones().map((o) => ('grupo' in o ? o : ([o[0], `${o[0]} · ${o[1]}`] as const)));

export const TIPOS_DOCUMENTO = lista('CAT-022');
export const UNIDADES = lista('CAT-014');
export const PAISES = lista('CAT-020');
export const TIPOS_PERSONA = lista('CAT-029');
/** CAT-011 without 4 (a tributo as its own line), which the console does not offer. */
export const TIPOS_ITEM = () =>
  lista('CAT-011')()
    .slice(0, 2)
    .concat([['3', 'Bienes y servicios']]);

/** MH writes the territory's names in capitals; a person reads them as names. */
const nombrePropio = (s: string) =>
  s
    .toLowerCase()
    .replace(/(^|[\s(])(\p{L})/gu, (_, antes: string, letra: string) => antes + letra.toUpperCase())
    .replace(/(?<=\s)(De|Del|La|Las|Los|El|Y)(?=\s)/g, (p) => p.toLowerCase());

let ubicaciones: Opciones | undefined;
/** Every distrito, grouped by its departamento and 2024 municipio: `departamento-municipio-distrito`. */
const UBICACIONES = (): Opciones =>
  (ubicaciones ??= [
    ['', '—'],
    ...municipiosConDistritos().map((m) => ({
      grupo: `${catalogValue('CAT-012', m.departamento) ?? m.departamento} · ${nombrePropio(m.nombre)}`,
      opciones: m.distritos.map(
        (d) => [`${m.departamento}-${m.municipio}-${d.codigo}`, nombrePropio(d.nombre)] as const,
      ),
    })),
  ]);

/** A number as a person writes it: `12.50`, `$ 1,200`, `1 200.5`. */
function numero(texto: string): number | null {
  const limpio = texto.replace(/[\s$,]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(limpio)) return null;
  return Number(limpio);
}

function poner(cuerpo: Record<string, unknown>, ruta: string, valor: unknown): void {
  const partes = ruta.split('.');
  let nodo = cuerpo as Record<string, unknown>;
  partes.forEach((p, i) => {
    if (i === partes.length - 1) nodo[p] = valor;
    else nodo = (nodo[p] ??= /^\d+$/.test(partes[i + 1]!) ? [] : {}) as Record<string, unknown>;
  });
}

/**
 * The field's value put in the body at its path (`nombre`): a number as a number, a ticked box as
 * `true`/`false`, a distrito as its direccion's three codes; an empty field is left out. A number that is
 * none is an error beside its field.
 */
export function convertir(c: Campo, nombre: string, v: Valores, cuerpo: Record<string, unknown>, errores: Errores) {
  const texto = (v[nombre] ?? '').trim();
  if (c.clase === 'casilla') return poner(cuerpo, nombre, texto === 'si');
  if (!texto) return;
  if (c.clase === 'numero') {
    const n = numero(texto);
    if (n === null) errores[nombre] = 'Escriba un número, con punto decimal (12.50)';
    else poner(cuerpo, nombre, n);
  } else if (c.clase === 'ubicacion') {
    const [departamento, municipio, distrito] = texto.split('-');
    const base = nombre.slice(0, -'.ubicacion'.length);
    poner(cuerpo, `${base}.departamento`, departamento);
    poner(cuerpo, `${base}.municipio`, municipio);
    poner(cuerpo, `${base}.distrito`, distrito);
  } else poner(cuerpo, nombre, c.numerica ? Number(texto) : texto);
}

/** The body the fields make, and what could not be converted. */
export function cuerpoDeCampos(campos: readonly Campo[], v: Valores) {
  const cuerpo: Record<string, unknown> = {};
  const errores: Errores = {};
  for (const c of campos) convertir(c, c.ruta, v, cuerpo, errores);
  return { cuerpo, errores };
}

/**
 * The field an API error names (`items[1].cantidad`, `receptor.direccion.municipio`), as the form names
 * it (`items.1.cantidad`, `receptor.direccion.ubicacion`: a direccion's codes are its distrito's list).
 */
export const nombreDelCampo = (field: string) =>
  field
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/(^|\.)direccion\.(departamento|municipio|distrito)$/, '$1direccion.ubicacion');

/** A body's object (a receptor, a line) as the form's values, below `prefijo`. */
export function valoresDe(prefijo: string, objeto: Record<string, unknown>): Valores {
  const ruta = (k: string) => (prefijo ? `${prefijo}.${k}` : k);
  const out: Valores = {};
  for (const [k, valor] of Object.entries(objeto)) {
    if (valor === null || valor === undefined) continue;
    if (k === 'direccion' && typeof valor === 'object') {
      const d = valor as Record<string, unknown>;
      if (d.departamento && d.municipio && d.distrito)
        out[ruta('direccion.ubicacion')] = `${d.departamento}-${d.municipio}-${d.distrito}`;
      if (d.complemento) out[ruta('direccion.complemento')] = String(d.complemento);
    } else if (typeof valor === 'object') Object.assign(out, valoresDe(ruta(k), valor as Record<string, unknown>));
    else out[ruta(k)] = typeof valor === 'boolean' ? (valor ? 'si' : '') : String(valor);
  }
  return out;
}

/** A field as its class shows it: its label, its value as typed, its error beside it. */
export function control(c: Campo, nombre: string, v: Valores, errores: Errores): Html {
  const valor = v[nombre] ?? c.inicial ?? '';
  if (c.oculto) return html`<input type="hidden" name="${nombre}" value="${valor}" />`;
  const ancho = `control ${c.ancho ?? ''}`;
  switch (c.clase) {
    case 'lista':
      return html`<div class="${ancho}">${seleccion(c.etiqueta, nombre, c.opciones!(), { valor, errores })}</div>`;
    case 'ubicacion':
      return html`<div class="${ancho}">${seleccion(c.etiqueta, nombre, UBICACIONES(), { valor, errores })}</div>`;
    case 'casilla':
      return html`<div class="control largo">
        ${casilla(c.etiqueta, nombre, { marcada: valor === 'si', errores })}
      </div>`;
    case 'area':
      return html`<div class="control largo">
        <label
          >${c.etiqueta}<textarea
            name="${nombre}"
            id="campo-${nombre}"
            rows="2"
            ${errores[nombre] ? html`aria-invalid="true" aria-describedby="error-${nombre}"` : ''}
          >
${valor}</textarea
          >${errores[nombre] && html`<span class="error-campo" id="error-${nombre}">${errores[nombre]}</span>`}</label
        >
      </div>`;
    default: {
      const tipo = c.clase === 'correo' ? 'email' : c.clase === 'telefono' ? 'tel' : 'text';
      const extra =
        c.clase === 'numero'
          ? html`inputmode="decimal" autocomplete="off"`
          : c.clase === 'actividad'
            ? html`list="actividades" autocomplete="off"`
            : html`autocomplete="off"`;
      return html`<div class="${ancho}">${campo(c.etiqueta, nombre, { tipo, valor, errores, extra })}</div>`;
    }
  }
}

/** The CAT-019 activities an `actividad` field offers as it is typed; once per page that has one. */
export const listaDeActividades = (campos: readonly Campo[]) =>
  campos.some((c) => c.clase === 'actividad') &&
  html`<datalist id="actividades">
    ${entradasDeCatalogo('CAT-019').map((a) => html`<option value="${a.codigo}">${a.valor}</option>`)}
  </datalist>`;
