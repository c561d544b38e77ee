import { z } from 'zod';
import { example, json, type Operation } from '../openapi/operation';

const importacion = z
  .object({
    id: z.string(),
    nombre: z.string().describe('The file’s name as uploaded'),
    estado: z.enum(['EN_CURSO', 'TERMINADA']),
    total: z.number().int().nullable().describe('Archivos DTE in the file; null until the workflow has read it'),
    procesados: z.number().int(),
    importados: z.number().int(),
    rechazados: z.number().int().describe('Files not imported: GET /importaciones/{id}/rechazados says why'),
    creadaEn: z.string(),
    terminadaEn: z.string().nullable(),
  })
  .meta({ id: 'Importacion' });

const EJEMPLO = {
  id: '5C3A8E0B-2F5D-4B8E-9C1A-7D2E4F6A8B0C',
  nombre: 'documentos-2026.zip',
  estado: 'EN_CURSO',
  total: 2000,
  procesados: 700,
  importados: 650,
  rechazados: 50,
  creadaEn: '2026-12-04T15:00:00.000Z',
  terminadaEn: null,
};

const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The import’s id',
  schema: { type: 'string' },
  example: EJEMPLO.id,
};

const DESCRIPCION =
  'Documents the emisor issued with a previous provider, brought in when it moves here: each Archivo DTE ' +
  '(the DTE JSON with its `firmaElectronica` and `selloRecibido`) is checked without MH (issued by the emisor’s ' +
  'NIT, in its ambiente, with its numeroControl, of MH’s schema of its kind and version, signed, and what its ' +
  'signature holds) and then asked for at MH (consultadte under the emisor’s session): one MH holds as ' +
  'PROCESADO with the file’s sello becomes a PROCESSED document of the emisor marked imported (`importacion` in ' +
  'its record). It counts in the books, the F-07 annexes, the tablero and the search, and can be invalidated ' +
  'while MH’s window allows; it is never numbered, transmitted or e-mailed here. One issued by another NIT, ' +
  'already on record (issued here or imported before), invalidated at MH or that MH does not hold is reported ' +
  'with its reasons, not imported.';

export const importacionesOperations: Operation[] = [
  {
    method: 'post',
    path: '/importaciones',
    operationId: 'createImportacion',
    tag: 'Emisor',
    summary: 'Import the documents issued with a previous provider',
    description:
      DESCRIPCION +
      ' The body is `multipart/form-data` with the file in `archivo` (256 MB at most): one Archivo DTE (JSON) or a ' +
      'ZIP of them; or the ZIP itself as the body (`application/zip`), or one Archivo DTE as a JSON body. In a ZIP ' +
      'each Archivo DTE may have its PDF of the same name ' +
      'beside it when there is one (kept as the document’s PDF; otherwise one is rendered when asked for). ' +
      'Answers 202 at once: the import runs as a workflow, resumable after a crash (no document is recorded ' +
      'twice), its progress read with GET /importaciones/{id}. A JSON body that is no Archivo DTE is refused at ' +
      'once (400 ARCHIVO_DTE_INVALID), as is a file that is neither one nor a ZIP holding one (400 ' +
      'IMPORTACION_INVALIDA).',
    authenticated: true,
    permission: 'IMPORTACION',
    request: {
      schema: { type: 'object', properties: { archivo: { type: 'string', format: 'binary' } }, required: ['archivo'] },
      required: true,
      tipo: 'multipart/form-data',
      otrosTipos: {
        'application/zip': { type: 'string', format: 'binary' },
        'application/json': { type: 'object', description: 'One Archivo DTE, as POST /compras takes one' },
      },
    },
    responses: {
      202: {
        description: 'Started',
        content: json(
          z.object({ status: z.literal('success'), data: importacion }).meta({ id: 'ImportacionOne' }),
          example('Started', {
            status: 'success',
            data: { ...EJEMPLO, total: null, procesados: 0, importados: 0, rechazados: 0 },
          }),
        ),
      },
    },
    errors: { 400: ['IMPORTACION_INVALIDA', 'ARCHIVO_DTE_INVALID'], 413: ['PAYLOAD_TOO_LARGE'] },
  },
  {
    method: 'get',
    path: '/importaciones',
    operationId: 'listImportaciones',
    tag: 'Emisor',
    summary: 'The emisor’s imports, newest first',
    authenticated: true,
    permission: 'IMPORTACION',
    responses: {
      200: {
        description: 'The latest 100',
        content: json(
          z.object({ status: z.literal('success'), data: z.array(importacion) }).meta({ id: 'ImportacionList' }),
          example('One', { status: 'success', data: [EJEMPLO] }),
        ),
      },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/importaciones/{id}',
    operationId: 'getImportacion',
    tag: 'Emisor',
    summary: 'An import and its progress',
    description: DESCRIPCION,
    authenticated: true,
    permission: 'IMPORTACION',
    parameters: [idParam],
    responses: {
      200: {
        description: 'The import',
        content: json(
          z.object({ status: z.literal('success'), data: importacion }).meta({ id: 'ImportacionRead' }),
          example('Halfway', { status: 'success', data: EJEMPLO }),
        ),
      },
    },
    errors: { 404: ['IMPORTACION_NOT_FOUND'] },
  },
  {
    method: 'get',
    path: '/importaciones/{id}/rechazados',
    operationId: 'listImportacionRechazados',
    tag: 'Emisor',
    summary: 'The files of an import that were not imported, and why',
    description:
      'In the order of the files’ names; a page examines up to 1,000 files, so it may come back short with a ' +
      '`siguiente` to go on from. Reasons (`motivos[].codigo`): OTRO_EMISOR, YA_EXISTE, NO_ESTA_EN_MH, ' +
      'INVALIDADO_EN_MH, SELLO_DIFIERE, AMBIENTE, SIN_NUMERO_CONTROL, SIN_FIRMA, FIRMA_ILEGIBLE, DIFIERE_DE_LO_FIRMADO ' +
      '(the JSON is not what its signature holds), ESQUEMA, VERSION_DESCONOCIDA, NO_ES_ARCHIVO_DTE, JSON_INVALIDO, ARCHIVO_GRANDE.',
    authenticated: true,
    permission: 'IMPORTACION',
    parameters: [
      idParam,
      {
        name: 'desde',
        in: 'query',
        required: false,
        description: 'From the previous page’s `siguiente`',
        schema: { type: 'integer', minimum: 0 },
      },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
      },
    ],
    responses: {
      200: {
        description: 'A page of refused files',
        content: json(
          z
            .object({
              status: z.literal('success'),
              data: z.array(
                z.object({
                  archivo: z.string(),
                  codigoGeneracion: z.string().nullable(),
                  numeroControl: z.string().nullable(),
                  motivos: z.array(z.object({ codigo: z.string(), campo: z.string().nullable(), mensaje: z.string() })),
                }),
              ),
              siguiente: z.number().int().nullable(),
            })
            .meta({ id: 'ImportacionRechazados' }),
          example('Another emisor’s document', {
            status: 'success',
            data: [
              {
                archivo: 'otro/DTE-01-M001P001-000000000000007.json',
                codigoGeneracion: '9E2B1C4D-5A6F-4B7C-8D9E-0F1A2B3C4D5E',
                numeroControl: 'DTE-01-M001P001-000000000000007',
                motivos: [
                  {
                    codigo: 'OTRO_EMISOR',
                    campo: 'emisor.nit',
                    mensaje: 'Lo emitió el NIT 06141234567890, no el emisor (06149876543210)',
                  },
                ],
              },
            ],
            siguiente: null,
          }),
        ),
      },
    },
    errors: { 404: ['IMPORTACION_NOT_FOUND'] },
  },
];
