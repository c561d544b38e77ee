import type { z } from 'zod';
import { DteError, ErrorCode, validationError } from '../errors';
import { parseRequest } from '../requests/parse';
import { claveCliente, clienteRequest, type Cliente } from './cliente';
import { claveProducto, productoRequest, type Producto } from './producto';

/**
 * The customer book and the product catalog as a file (CSV or xlsx): one row per entry under a header whose
 * names are the fields of the API's body (`direccion.municipio` for a nested one), so the import's report
 * names a field as the API does, and a file exported from one emisor is imported by another as it is.
 */

/** A refusal of the import's report: the row as the spreadsheet numbers it (the header is row 1). */
export interface ErrorDeFila {
  fila: number;
  campo: string;
  mensaje: string;
}

/** The rows one import takes at most: each is an insert, and the whole file is answered in one request. */
export const MAX_FILAS_IMPORTACION = 5000;

type Celdas = Record<string, string | undefined>;

export interface Tabla<T> {
  /** Each column's name and what an entry writes in it. */
  columnas: readonly { nombre: string; de: (x: T) => string | number | boolean | null | undefined }[];
  /** The columns a file must have. */
  requeridas: readonly string[];
  schema: z.ZodType<T>;
  /** A row's cells as the body the schema takes (an absent cell is an absent field). */
  cuerpo: (celdas: Celdas) => unknown;
  clave: (x: T) => string;
  /** The field that makes an entry one (a duplicate's report names it). */
  campoClave: string;
}

/** A code written as a number by a spreadsheet, which drops its leading zeros ("06" as 6): given them back. */
const ceros = (valor: string | undefined, ancho: number) =>
  valor && /^\d+$/.test(valor) && valor.length < ancho ? valor.padStart(ancho, '0') : valor;

const entero = (valor: string | undefined) => (valor && /^\d+$/.test(valor) ? Number(valor) : valor);

const SI = ['si', 'sí', 'true', 'verdadero', '1'];
const NO = ['no', 'false', 'falso', '0'];
const booleano = (valor: string | undefined) => {
  const v = valor?.toLowerCase();
  return v && SI.includes(v) ? true : v && NO.includes(v) ? false : valor;
};

/**
 * A DUI or NIT a spreadsheet read as a number: its leading zeros given back (a DUI has 9 digits, a NIT 14 or
 * 9); its check digit still decides.
 */
function numDocumento(tipo: string | undefined, valor: string | undefined) {
  const digitos = valor?.replace(/-/g, '');
  if (!digitos || !/^\d+$/.test(digitos)) return valor;
  if (tipo === '13' && digitos.length < 9) return digitos.padStart(9, '0');
  if (tipo === '36' && (digitos.length === 13 || digitos.length === 8)) return `0${digitos}`;
  return valor;
}

const DIRECCION = ['departamento', 'municipio', 'distrito', 'complemento'] as const;

export const TABLA_CLIENTES: Tabla<Cliente> = {
  columnas: [
    { nombre: 'nombre', de: (c) => c.nombre },
    { nombre: 'nombreComercial', de: (c) => c.nombreComercial },
    { nombre: 'tipoDocumento', de: (c) => c.tipoDocumento },
    { nombre: 'numDocumento', de: (c) => c.numDocumento },
    { nombre: 'nrc', de: (c) => c.nrc },
    { nombre: 'codActividad', de: (c) => c.codActividad },
    { nombre: 'descActividad', de: (c) => c.descActividad },
    ...DIRECCION.map((k) => ({ nombre: `direccion.${k}`, de: (c: Cliente) => c.direccion?.[k] })),
    { nombre: 'complemento', de: (c) => c.complemento },
    { nombre: 'codPais', de: (c) => c.codPais },
    { nombre: 'tipoPersona', de: (c) => c.tipoPersona },
    { nombre: 'telefono', de: (c) => c.telefono },
    { nombre: 'correo', de: (c) => c.correo },
  ],
  requeridas: ['nombre', 'tipoDocumento', 'numDocumento'],
  schema: clienteRequest,
  cuerpo: (c) => {
    const tipoDocumento = ceros(c['tipoDocumento'], 2);
    const direccion = DIRECCION.some((k) => c[`direccion.${k}`])
      ? {
          departamento: ceros(c['direccion.departamento'], 2),
          municipio: ceros(c['direccion.municipio'], 2),
          distrito: ceros(c['direccion.distrito'], 2),
          complemento: c['direccion.complemento'],
        }
      : undefined;
    return {
      nombre: c['nombre'],
      nombreComercial: c['nombreComercial'],
      tipoDocumento,
      numDocumento: numDocumento(tipoDocumento, c['numDocumento']),
      nrc: c['nrc'],
      codActividad: ceros(c['codActividad'], 5),
      descActividad: c['descActividad'],
      direccion,
      complemento: c['complemento'],
      codPais: c['codPais'],
      tipoPersona: entero(c['tipoPersona']),
      telefono: c['telefono'],
      correo: c['correo'],
    };
  },
  clave: claveCliente,
  campoClave: 'numDocumento',
};

export const TABLA_PRODUCTOS: Tabla<Producto> = {
  columnas: [
    { nombre: 'codigo', de: (p) => p.codigo },
    { nombre: 'descripcion', de: (p) => p.descripcion },
    { nombre: 'precioUnitario', de: (p) => p.precioUnitario },
    { nombre: 'uniMedida', de: (p) => p.uniMedida },
    { nombre: 'tipoItem', de: (p) => p.tipoItem },
    { nombre: 'tipoVenta', de: (p) => p.tipoVenta },
    { nombre: 'precioIncluyeIva', de: (p) => p.precioIncluyeIva },
  ],
  requeridas: ['codigo', 'descripcion', 'precioUnitario'],
  schema: productoRequest,
  cuerpo: (c) => ({
    codigo: c['codigo'],
    descripcion: c['descripcion'],
    precioUnitario: c['precioUnitario'],
    uniMedida: entero(c['uniMedida']),
    tipoItem: entero(c['tipoItem']),
    tipoVenta: c['tipoVenta']?.toUpperCase().replace(/\s+/g, '_'),
    precioIncluyeIva: booleano(c['precioIncluyeIva']),
  }),
  clave: claveProducto,
  campoClave: 'codigo',
};

/** An entry as a row of the file, in the header's order: a boolean as "sí" or "no", nothing as empty. */
export function filaDe<T>(tabla: Tabla<T>, x: T): string[] {
  return tabla.columnas.map(({ de }) => {
    const v = de(x);
    return v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'sí' : 'no') : String(v);
  });
}

export const encabezadoDe = <T>(tabla: Tabla<T>): string[] => tabla.columnas.map((c) => c.nombre);

/** A row of the file validated: the entry it makes, and its row. */
export interface FilaValida<T> {
  fila: number;
  datos: T;
}

/**
 * The file's rows (its first the header) as entries, each validated by the API body's schema, or the report
 * of every refusal: a header without a required column or with an unknown one, a row the schema refuses
 * (each field), a row whose entry an earlier row already makes. An empty row is skipped. More than
 * MAX_FILAS_IMPORTACION rows is refused whole (400).
 */
export function leerFilas<T>(
  tabla: Tabla<T>,
  filas: readonly (readonly string[])[],
): { validas: FilaValida<T>[]; errores: ErrorDeFila[] } {
  const [encabezado = [], ...datos] = filas;
  const nombres = encabezado.map((n) => n.trim());
  const conocidas = encabezadoDe(tabla);
  const errores: ErrorDeFila[] = [
    ...nombres
      .filter((n, i) => n && (!conocidas.includes(n) || nombres.indexOf(n) !== i))
      .map((n) => ({
        fila: 1,
        campo: n,
        mensaje: conocidas.includes(n) ? 'La columna está dos veces' : `No es una columna de ${conocidas.join(', ')}`,
      })),
    ...tabla.requeridas
      .filter((n) => !nombres.includes(n))
      .map((n) => ({ fila: 1, campo: n, mensaje: 'Falta la columna' })),
  ];
  if (errores.length) return { validas: [], errores };
  const conDatos = datos
    .map((celdas, i) => ({ fila: i + 2, celdas: celdas.map((c) => c.trim()) }))
    .filter(({ celdas }) => celdas.some(Boolean));
  if (conDatos.length > MAX_FILAS_IMPORTACION)
    throw validationError(
      `El archivo tiene ${conDatos.length} filas: se importan hasta ${MAX_FILAS_IMPORTACION} a la vez`,
      [{ field: 'body', message: `Divida el archivo en partes de ${MAX_FILAS_IMPORTACION} filas o menos` }],
    );
  const validas: FilaValida<T>[] = [];
  const primera = new Map<string, number>();
  for (const { fila, celdas } of conDatos) {
    const sobrantes = celdas.slice(nombres.length).some(Boolean);
    if (sobrantes) {
      errores.push({ fila, campo: 'body', mensaje: 'La fila tiene más celdas que el encabezado' });
      continue;
    }
    const porNombre: Celdas = Object.fromEntries(nombres.map((n, i) => [n, celdas[i] || undefined]));
    let datos: T;
    try {
      datos = parseRequest(tabla.schema, tabla.cuerpo(porNombre));
    } catch (err) {
      if (!(err instanceof DteError) || err.code !== ErrorCode.VALIDATION_ERROR) throw err;
      const campos = err.details['errors'] as { field: string; message: string }[];
      errores.push(...campos.map((e) => ({ fila, campo: e.field, mensaje: e.message })));
      continue;
    }
    const clave = tabla.clave(datos);
    const antes = primera.get(clave);
    if (antes !== undefined) {
      errores.push({ fila, campo: tabla.campoClave, mensaje: `Repite la fila ${antes}` });
      continue;
    }
    primera.set(clave, fila);
    validas.push({ fila, datos });
  }
  return { validas, errores };
}

/** The import refused whole: every error of its report, by row. */
export function importacionRechazada(errores: readonly ErrorDeFila[]): DteError {
  const ordenados = [...errores].sort((a, b) => a.fila - b.fila);
  return new DteError(
    ErrorCode.IMPORT_ROWS_INVALID,
    422,
    `El archivo tiene ${ordenados.length} ${ordenados.length === 1 ? 'error' : 'errores'}: no se importó ninguna fila`,
    { errores: ordenados },
  );
}
