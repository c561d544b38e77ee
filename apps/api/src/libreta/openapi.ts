import { z } from 'zod';
import { MAX_FILAS_IMPORTACION, type ErrorCode } from '@dte/domain';
import { example, json, paginaParams, type Operation } from '../openapi/operation';
import { PERMISO_LIBRETA } from './rutas';
import { XLSX } from './xlsx';

/** What the reference says of one book: its path, its nouns, its body and view, and examples of each. */
export interface DocLibreta {
  ruta: string;
  /** `Cliente`, `Producto`: the operations' names (`createCliente`). */
  singular: string;
  plural: string;
  /** In the summaries: "customer", "product". */
  nombre: string;
  request: z.ZodType;
  /** One entry as the API answers it (a component). */
  vista: z.ZodType;
  ejemplo: { request: Record<string, unknown>; vista: Record<string, unknown> };
  /** A file of two entries, as the import takes it and the export writes it. */
  csv: string;
  /** What makes an entry one, in the descriptions. */
  unico: string;
  /** What `q` finds an entry by. */
  busqueda: string;
  errores: { noEncontrado: ErrorCode; existe: ErrorCode };
}

export const entradaEliminada = z
  .object({ status: z.literal('success'), data: z.object({ id: z.string(), eliminado: z.literal(true) }) })
  .meta({ id: 'EntradaLibretaEliminada' });

export const importacion = z
  .object({
    status: z.literal('success'),
    data: z.object({ creados: z.number().int().describe('The entries made, one per row of the file') }),
  })
  .meta({ id: 'ImportacionLibreta' });

const fechas = {
  creado: z.string().describe('When it was made (ISO 8601, UTC)'),
  modificado: z.string().describe('When it was last changed (ISO 8601, UTC)'),
};
export const camposDeRegistro = { id: z.string(), ...fechas };
export const FECHAS_EJEMPLO = { creado: '2026-12-03T20:41:07.318Z', modificado: '2026-12-03T20:41:07.318Z' };

/**
 * The operations of a book (`rutasDeLibreta`): create, list, export, import, read, replace, delete; every one
 * needs the permission CATALOGOS.
 */
export function operacionesDeLibreta(d: DocLibreta): Operation[] {
  const { ruta, singular: s, plural: p, nombre } = d;
  const idParam = {
    name: 'id',
    in: 'path',
    required: true,
    description: `The ${nombre}’s id`,
    schema: { type: 'string' },
    example: d.ejemplo.vista['id'],
  };
  const una = z.object({ status: z.literal('success'), data: d.vista }).meta({ id: `${s}Respuesta` });
  const lista = z
    .object({
      status: z.literal('success'),
      data: z.array(d.vista),
      cursor: z.string().nullable().describe('Where the next page starts; null: no more'),
    })
    .meta({ id: `${s}Lista` });
  const comun = { tag: 'Catalogs' as const, authenticated: true, permission: PERMISO_LIBRETA };
  const cuerpo = { schema: d.request, required: true, examples: example(`A ${nombre}`, d.ejemplo.request) };
  const respuesta = (descripcion: string) => ({
    description: descripcion,
    content: json(una, example(`A ${nombre}`, { status: 'success', data: d.ejemplo.vista })),
  });
  return [
    {
      ...comun,
      method: 'post',
      path: ruta,
      operationId: `create${s}`,
      summary: `Add a ${nombre} to the emisor’s ${p === 'Clientes' ? 'book' : 'catalog'}`,
      description: `Each field is validated as the issuance bodies validate it. ${d.unico}`,
      request: cuerpo,
      responses: { 201: respuesta(`The ${nombre}, with its id`) },
      errors: { 400: ['VALIDATION_ERROR'], 409: [d.errores.existe] },
    },
    {
      ...comun,
      method: 'get',
      path: ruta,
      operationId: `list${p}`,
      summary: `A page of the emisor’s ${nombre}s, newest first`,
      description:
        `\`q\` keeps the ${nombre}s that hold each of its words, without regard to case or accents: ${d.busqueda}. ` +
        'A page holds at most `limit` entries and may hold fewer: go on while `cursor` is not null.',
      parameters: [
        {
          name: 'q',
          in: 'query',
          required: false,
          description: 'Words to search for',
          schema: { type: 'string', minLength: 1, maxLength: 100 },
        },
        ...paginaParams,
      ],
      responses: {
        200: {
          description: 'A page',
          content: json(lista, example('A page', { status: 'success', data: [d.ejemplo.vista], cursor: null })),
        },
      },
      errors: { 400: ['VALIDATION_ERROR'] },
    },
    {
      ...comun,
      method: 'get',
      path: `${ruta}/exportar`,
      operationId: `export${p}`,
      summary: `Every ${nombre} as a CSV or xlsx file`,
      description:
        'One row per entry, oldest first, under a header of the body’s field names (a nested one as ' +
        '`direccion.municipio`): the file `POST ' +
        `${ruta}/importar\` takes, so a book exported from one emisor is imported by another as it is. CSV: ` +
        'UTF-8 with a BOM, comma-separated, CRLF, RFC 4180 quoting; a cell a spreadsheet would run as a formula ' +
        '(starting with = + - @, a tab or CR) is written after an apostrophe, which the import takes off. xlsx: ' +
        'every cell text, so a NIT or a code keeps its leading zeros.',
      parameters: [
        {
          name: 'formato',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['csv', 'xlsx'], default: 'csv' },
        },
      ],
      responses: {
        200: {
          description: `The file, as an attachment named \`${p.toLowerCase()}.<formato>\``,
          headers: {
            'Content-Disposition': {
              description: `\`attachment; filename="${p.toLowerCase()}.csv"\``,
              schema: { type: 'string' },
            },
          },
          content: {
            'text/csv': { schema: { type: 'string' } },
            [XLSX]: { schema: { type: 'string', contentMediaType: XLSX } },
          },
        },
      },
      errors: { 400: ['VALIDATION_ERROR'] },
    },
    {
      ...comun,
      method: 'post',
      path: `${ruta}/importar`,
      operationId: `import${p}`,
      summary: `Add the ${nombre}s of a CSV or xlsx file: all of them, or none`,
      description:
        `The file is the body (\`Content-Type: text/csv\`, or \`${XLSX}\` for its first sheet), with a header of ` +
        'the columns the export writes (any order; only the required ones must be there). Each row is validated as ' +
        `\`POST ${ruta}\`'s body; a row refused, one that repeats another of the file, or one already in the ` +
        'book refuses the whole file (422 IMPORT_ROWS_INVALID, a report by row), and nothing is imported, even ' +
        'when another request takes one of its entries while it runs. A CSV is UTF-8 or, if not, Windows-1252 ' +
        '(Excel’s “CSV” on a Spanish Windows), separated by commas or semicolons; the zeros a spreadsheet drops ' +
        `from a code or a DUI or NIT are given back. At most ${MAX_FILAS_IMPORTACION} rows.`,
      request: {
        schema: { type: 'string', description: 'The CSV file' },
        required: true,
        tipo: 'text/csv',
        examples: example('Two rows', d.csv),
        otrosTipos: { [XLSX]: { type: 'string', contentMediaType: XLSX } },
      },
      responses: {
        201: {
          description: 'Every row imported',
          content: json(importacion, example('Imported', { status: 'success', data: { creados: 2 } })),
        },
      },
      errors: { 400: ['VALIDATION_ERROR'], 422: ['IMPORT_ROWS_INVALID'] },
    },
    {
      ...comun,
      method: 'get',
      path: `${ruta}/{id}`,
      operationId: `get${s}`,
      summary: `Read a ${nombre}`,
      parameters: [idParam],
      responses: { 200: respuesta(`The ${nombre}`) },
      errors: { 404: [d.errores.noEncontrado] },
    },
    {
      ...comun,
      method: 'put',
      path: `${ruta}/{id}`,
      operationId: `replace${s}`,
      summary: `Replace a ${nombre}’s fields`,
      description: `The body is \`POST ${ruta}\`'s, validated alike; a field left out is removed. ${d.unico}`,
      parameters: [idParam],
      request: cuerpo,
      responses: { 200: respuesta(`The ${nombre} as it is now`) },
      errors: { 400: ['VALIDATION_ERROR'], 404: [d.errores.noEncontrado], 409: [d.errores.existe] },
    },
    {
      ...comun,
      method: 'delete',
      path: `${ruta}/{id}`,
      operationId: `delete${s}`,
      summary: `Delete a ${nombre}`,
      description: 'The documents issued to or with it keep what they say.',
      parameters: [idParam],
      responses: {
        200: {
          description: 'Deleted',
          content: json(
            entradaEliminada,
            example('Deleted', { status: 'success', data: { id: d.ejemplo.vista['id'], eliminado: true } }),
          ),
        },
      },
      errors: { 404: [d.errores.noEncontrado] },
    },
  ];
}
