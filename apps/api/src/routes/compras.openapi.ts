import { z } from 'zod';
import {
  archivoDteRecibido,
  clasificarCompraRequest,
  CONFIRMADO_POR_MH,
  confirmarCompraRequest,
  ESTADOS_COMPRA,
  LEER_COMPRAS,
  RECEPTOR_DE_COMPRA,
} from '@dte/domain';
import { codigoGeneracionParam, example, json, paginaParams, type Operation } from '../openapi/operation';

const motivo = z.object({
  codigo: z
    .string()
    .describe(
      'ESQUEMA (MH’s JSON schema), VERSION_DESCONOCIDA, RECEPTOR_AUSENTE, RECEPTOR_NIT, RECEPTOR_NRC, AMBIENTE ' +
        '(a document of MH’s other environment), CALCULO_INCORRECTO, DIFIERE_DE_LO_FIRMADO (the JSON is not what its ' +
        'firmaElectronica signed), FIRMA_ILEGIBLE, SELLO_DIFIERE, INVALIDADO_EN_MH, MH_<codigoMsg> (MH does not ' +
        'hold it); why one POR_CONFIRMAR waits: SIN_FIRMA (no firmaElectronica: nothing binds its amounts), ' +
        'MONTO_SOBRE_UMBRAL (above the emisor’s amount), PROVEEDOR_NUEVO (its supplier’s first, where the emisor ' +
        'chose); NO_COINCIDE_CON_MH (a person found it differs from MH’s consulta pública)',
    ),
  campo: z.string().nullable().describe('The field it names, as MH writes paths'),
  mensaje: z.string(),
});

const compraFields = {
  codigoGeneracion: z.string(),
  tipoDte: z.string(),
  version: z.number().int(),
  numeroControl: z.string().nullable(),
  fecEmi: z.string(),
  periodo: z.string().describe('The fecEmi month (YYYY-MM): the books and annexes it counts in'),
  proveedor: z.object({ nit: z.string().nullable(), nrc: z.string().nullable(), nombre: z.string().nullable() }),
  estado: z
    .enum(ESTADOS_COMPRA)
    .describe(
      'PENDIENTE_MH: checked, MH not answering yet (asked again until it does); VERIFICADO (MH confirmed it and ' +
        'its amounts are its supplier’s signed claim: it counts); POR_CONFIRMAR (MH confirmed it, a person compares ' +
        'its amounts with MH’s consulta pública before it counts: see motivos); CONFIRMADO (a person did: it ' +
        'counts); INVALIDADO_EN_MH (also later: a daily re-check of the month asks MH again); NO_ENCONTRADO (MH ' +
        'does not hold it); NO_ES_PARA_ESTE_EMISOR (its receptor is another taxpayer, or it is of MH’s other ' +
        'ambiente); INCONSISTENTE (shape, arithmetic, signature or sello, or a person found it differs: see motivos)',
    ),
  motivos: z.array(motivo),
  selloRecibido: z.string().nullable().describe('The sello the file carries'),
  selloMh: z.string().nullable().describe('The sello MH answered with (null until it answered)'),
  origen: z.enum(['API', 'CORREO']),
  recibidoEn: z.string(),
  verificadoEn: z.string().nullable(),
  clasificacion: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The Renta classification set with PATCH (anexo 3’s columns)'),
  pdf: z.boolean().describe('A PDF came with it (GET …/pdf)'),
  verificacion: z
    .object({
      confirmadoPorMh: z
        .array(z.enum(CONFIRMADO_POR_MH))
        .describe(
          'What MH’s consultadte confirmed (none until it answered): the codigoGeneracion, the sello, the emisor ' +
            '(asked by its NIT), the receptor (MH answers the receptor’s session), the ambiente, and that it is in force',
        ),
      contenido: z
        .enum(['FIRMA_DEL_PROVEEDOR', 'SIN_FIRMA'])
        .describe(
          'What backs the lines and amounts, which consultadte does not carry: the supplier’s signature over them ' +
            '(its firmaElectronica, whose payload is the JSON; only MH can check the signature itself), or nothing',
        ),
      monto: z.string().describe('The document’s amount the emisor’s policy reads (its total), two decimals'),
      consultaPublica: z.string().describe('MH’s consulta pública of the document, where a person compares it'),
    })
    .nullable()
    .describe('What proves the document (null on records made before it was kept, until the re-check)'),
  confirmacion: z
    .object({
      coincide: z.boolean(),
      nota: z.string().nullable(),
      por: z.object({ tokenId: z.number().int(), nombre: z.string() }).describe('The token the person acted with'),
      en: z.string(),
    })
    .nullable()
    .describe('A person’s comparison with MH’s consulta pública (POST …/confirmacion), null: none'),
};

const compra = z.object(compraFields).meta({ id: 'Compra' });
const compraDetalle = z
  .object({ ...compraFields, documento: z.record(z.string(), z.unknown()).describe('The Archivo DTE as received') })
  .meta({ id: 'CompraDetalle' });
const compraRecibida = z
  .object({
    status: z.literal('success'),
    message: z.string().optional(),
    data: z.object({
      ...compraFields,
      duplicado: z.boolean().describe('It was on record already: the record is the first copy’s'),
    }),
  })
  .meta({ id: 'CompraRecibida' });
const compraList = z
  .object({ status: z.literal('success'), data: z.array(compra), cursor: z.string().nullable() })
  .meta({ id: 'CompraList' });
const compraOne = z.object({ status: z.literal('success'), data: compraDetalle }).meta({ id: 'CompraOne' });
const compraClasificada = z.object({ status: z.literal('success'), data: compra }).meta({ id: 'CompraClasificada' });

const CG = '5B6F0C3A-9E2D-4C1B-8A7F-3D2E1C0B9A87';
const COMPRA_EXAMPLE = {
  codigoGeneracion: CG,
  tipoDte: '03',
  version: 3,
  numeroControl: 'DTE-03-M001P001-000000000000118',
  fecEmi: '2026-11-20',
  periodo: '2026-11',
  proveedor: { nit: '06142803901121', nrc: '1234567', nombre: 'PROVEEDOR, S.A. DE C.V.' },
  estado: 'VERIFICADO' as const,
  motivos: [],
  selloRecibido: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78',
  selloMh: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78',
  origen: 'API' as const,
  recibidoEn: '2026-11-21T15:04:05.000Z',
  verificadoEn: '2026-11-21T15:04:06.000Z',
  clasificacion: null,
  pdf: true,
  verificacion: {
    confirmadoPorMh: [...CONFIRMADO_POR_MH],
    contenido: 'FIRMA_DEL_PROVEEDOR' as const,
    monto: '113.00',
    consultaPublica: `https://admin.factura.gob.sv/consultaPublica?ambiente=00&codGen=${CG}&fechaEmi=2026-11-20`,
  },
  confirmacion: null,
};

const ARCHIVO_EXAMPLE = {
  identificacion: {
    version: 3,
    ambiente: '00',
    tipoDte: '03',
    numeroControl: 'DTE-03-M001P001-000000000000118',
    codigoGeneracion: CG,
    fecEmi: '2026-11-20',
    horEmi: '10:15:00',
  },
  emisor: { nit: '06142803901121', nrc: '1234567', nombre: 'PROVEEDOR, S.A. DE C.V.' },
  receptor: { nit: '06140101001012', nrc: '7654321', nombre: 'EMPRESA, S.A. DE C.V.' },
  cuerpoDocumento: [],
  resumen: {},
  firmaElectronica: 'eyJhbGciOiJSUzUxMiJ9.eyJ…',
  selloRecibido: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78',
};

export const comprasOperations: Operation[] = [
  {
    method: 'post',
    path: '/compras',
    operationId: 'receiveCompra',
    tag: 'Purchases',
    summary: 'Receive a supplier’s Archivo DTE and verify it',
    description:
      'The body is the Archivo DTE as the supplier sent it (JSON); or `multipart/form-data` with the file in ' +
      '`json` and optionally its PDF in `pdf` (10 MB each at most). Received kinds: ' +
      `${Object.keys(RECEPTOR_DE_COMPRA).join(', ')}. The document is recorded once per codigoGeneracion, ` +
      'checked without MH (MH’s schema of its kind and version, the receptor is the emisor by NIT and NRC, its ' +
      'arithmetic, the JSON is what its firmaElectronica signed, its ambiente is the emisor’s) and then asked for ' +
      'at MH (consultadte under the emisor’s session, with the supplier’s NIT). MH confirms the codigoGeneracion, ' +
      'the sello, the emisor and the receptor, not the amounts: a document counts unseen (VERIFICADO) only when ' +
      'its amounts are its supplier’s signed claim and it is not above the emisor’s amount (nor, where the emisor ' +
      'chose, its supplier’s first); otherwise it is POR_CONFIRMAR until a person compares it with MH’s consulta ' +
      'pública (`verificacion.consultaPublica`; POST …/confirmacion). 201 once concluded (the outcome is in ' +
      '`estado`, with `motivos`); 200 with the first copy’s record for a duplicate; 202 while MH does not answer ' +
      '(within ISSUANCE_WAIT_SECONDS): MH is asked again until it does, and GET /compras/{codigoGeneracion} ' +
      'follows it. What no MH document looks like (nested over 32 levels, an array in an array, over 200,000 ' +
      'values) and a fecEmi no period reaches are refused (400) before anything is recorded. The webhooks hear ' +
      'compra.recibida (VERIFICADO, CONFIRMADO), compra.por_confirmar or compra.rechazada.',
    authenticated: true,
    permission: 'COMPRAS',
    request: { schema: archivoDteRecibido, required: true, examples: example('A CCF', ARCHIVO_EXAMPLE) },
    responses: {
      201: {
        description: 'Recorded and verified (or refused: see estado)',
        content: json(
          compraRecibida,
          example('Verified', { status: 'success', data: { ...COMPRA_EXAMPLE, duplicado: false } }),
        ),
      },
      200: {
        description: 'A duplicate: the record already on file',
        content: json(
          compraRecibida,
          example('Duplicate', { status: 'success', data: { ...COMPRA_EXAMPLE, duplicado: true } }),
        ),
      },
      202: {
        description: 'Recorded; MH has not answered yet',
        content: json(
          compraRecibida,
          example('MH not answering', {
            status: 'success',
            data: { ...COMPRA_EXAMPLE, estado: 'PENDIENTE_MH', selloMh: null, verificadoEn: null, duplicado: false },
          }),
        ),
      },
    },
    errors: { 400: ['ARCHIVO_DTE_INVALID'] },
  },
  {
    method: 'get',
    path: '/compras',
    operationId: 'listCompras',
    tag: 'Purchases',
    summary: 'The documents received, newest first',
    description:
      'By cursor. With `periodo` (the fecEmi month) that month’s documents, in the order they were received; ' +
      'otherwise everything received. Filters: desde/hasta (fecEmi), proveedor (NIT), estado, tipo.',
    authenticated: true,
    permission: LEER_COMPRAS,
    parameters: [
      { name: 'periodo', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d{4}-\\d{2}$' } },
      { name: 'desde', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
      { name: 'hasta', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
      { name: 'proveedor', in: 'query', required: false, description: 'NIT', schema: { type: 'string' } },
      { name: 'estado', in: 'query', required: false, schema: { type: 'string', enum: [...ESTADOS_COMPRA] } },
      {
        name: 'tipo',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: Object.keys(RECEPTOR_DE_COMPRA) },
      },
      ...paginaParams,
    ],
    responses: {
      200: {
        description: 'A page',
        content: json(compraList, example('One', { status: 'success', data: [COMPRA_EXAMPLE], cursor: null })),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
  {
    method: 'get',
    path: '/compras/{codigoGeneracion}',
    operationId: 'getCompra',
    tag: 'Purchases',
    summary: 'A received document and its verification',
    authenticated: true,
    permission: LEER_COMPRAS,
    parameters: [codigoGeneracionParam],
    responses: {
      200: {
        description: 'The record, with the document as received',
        content: json(
          compraOne,
          example('Verified', { status: 'success', data: { ...COMPRA_EXAMPLE, documento: ARCHIVO_EXAMPLE } }),
        ),
      },
    },
    errors: { 404: ['COMPRA_NOT_FOUND'] },
  },
  {
    method: 'patch',
    path: '/compras/{codigoGeneracion}',
    operationId: 'classifyCompra',
    tag: 'Purchases',
    summary: 'Set a received document’s Renta classification (and its supplier’s default)',
    description:
      'Anexo 3’s four Renta columns (DGII’s codes and their allowed combinations). With `proveedor: true` ' +
      'they are also the default of the supplier’s documents that have none of their own.',
    authenticated: true,
    permission: 'COMPRAS',
    parameters: [codigoGeneracionParam],
    request: {
      schema: clasificarCompraRequest,
      required: true,
      examples: example('A cost of goods bought locally, for every document of the supplier', {
        clasificacion: { tipoOperacion: 1, clasificacion: 1, sector: 2, tipoCostoGasto: 5 },
        proveedor: true,
      }),
    },
    responses: {
      200: {
        description: 'The record as classified',
        content: json(
          compraClasificada,
          example('Classified', {
            status: 'success',
            data: {
              ...COMPRA_EXAMPLE,
              clasificacion: { tipoOperacion: 1, clasificacion: 1, sector: 2, tipoCostoGasto: 5 },
            },
          }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['COMPRA_NOT_FOUND'] },
  },
  {
    method: 'post',
    path: '/compras/{codigoGeneracion}/confirmacion',
    operationId: 'confirmCompra',
    tag: 'Purchases',
    summary: 'Record a person’s comparison of a POR_CONFIRMAR document with MH’s consulta pública',
    description:
      'MH’s consultadte does not answer a document’s amounts; its consulta pública (`verificacion.consultaPublica`) ' +
      'shows them to a person. `coincide: true` makes the document CONFIRMADO, and it counts in the purchase books ' +
      'and annexes from then on (webhook compra.recibida); `false` makes it INCONSISTENTE (NO_COINCIDE_CON_MH, with ' +
      'the note; compra.rechazada). Recorded once, with the token the person acted with and when (`confirmacion`). ' +
      'Needs COMPRAS and COMPRAS_CONFIRMAR: a person’s permission, not the one of the system that sends the ' +
      'documents in.',
    authenticated: true,
    permission: 'COMPRAS_CONFIRMAR',
    parameters: [codigoGeneracionParam],
    request: {
      schema: confirmarCompraRequest,
      required: true,
      examples: example('It matches', { coincide: true, nota: 'Comparado con la consulta pública de MH' }),
    },
    responses: {
      200: {
        description: 'The record as decided, with the document',
        content: json(
          compraOne,
          example('Confirmed', {
            status: 'success',
            data: {
              ...COMPRA_EXAMPLE,
              estado: 'CONFIRMADO',
              motivos: [
                {
                  codigo: 'SIN_FIRMA',
                  campo: 'firmaElectronica',
                  mensaje: 'El archivo no trae la firma del proveedor: nada une sus líneas y montos al sello de MH',
                },
              ],
              verificacion: { ...COMPRA_EXAMPLE.verificacion, contenido: 'SIN_FIRMA' },
              confirmacion: {
                coincide: true,
                nota: 'Comparado con la consulta pública de MH',
                por: { tokenId: 12, nombre: 'Marta (contadora)' },
                en: '2026-11-21T16:00:00.000Z',
              },
              documento: ARCHIVO_EXAMPLE,
            },
          }),
        ),
      },
    },
    errors: {
      400: ['VALIDATION_ERROR'],
      403: ['PERMISSION_DENIED'],
      404: ['COMPRA_NOT_FOUND'],
      409: ['COMPRA_NO_POR_CONFIRMAR'],
    },
  },
  {
    method: 'get',
    path: '/compras/{codigoGeneracion}/json',
    operationId: 'getCompraJson',
    tag: 'Purchases',
    summary: 'The Archivo DTE as received',
    authenticated: true,
    permission: LEER_COMPRAS,
    parameters: [codigoGeneracionParam],
    responses: {
      200: {
        description: 'The file, byte for byte (a JSON body is stored as the API parsed it)',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
    errors: { 404: ['COMPRA_NOT_FOUND'] },
  },
  {
    method: 'get',
    path: '/compras/{codigoGeneracion}/pdf',
    operationId: 'getCompraPdf',
    tag: 'Purchases',
    summary: 'The PDF received with it',
    authenticated: true,
    permission: LEER_COMPRAS,
    parameters: [codigoGeneracionParam],
    responses: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      },
    },
    errors: { 404: ['COMPRA_NOT_FOUND', 'PDF_NOT_AVAILABLE'] },
  },
];
