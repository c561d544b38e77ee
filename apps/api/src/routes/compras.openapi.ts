import { z } from 'zod';
import { archivoDteRecibido, clasificarCompraRequest, ESTADOS_COMPRA, RECEPTOR_DE_COMPRA } from '@dte/domain';
import { codigoGeneracionParam, example, json, paginaParams, type Operation } from '../openapi/operation';

const motivo = z.object({
  codigo: z
    .string()
    .describe(
      'ESQUEMA (MH’s JSON schema), VERSION_DESCONOCIDA, RECEPTOR_AUSENTE, RECEPTOR_NIT, RECEPTOR_NRC, ' +
        'CALCULO_INCORRECTO, DIFIERE_DE_LO_FIRMADO (the JSON is not what its firmaElectronica signed), ' +
        'FIRMA_ILEGIBLE, SELLO_DIFIERE, INVALIDADO_EN_MH, or MH_<codigoMsg> (MH does not hold it)',
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
      'PENDIENTE_MH: checked, MH not answering yet (asked again until it does); VERIFICADO; INVALIDADO_EN_MH ' +
        '(also later: a daily re-check of the month asks MH again); NO_ENCONTRADO (MH does not hold it); ' +
        'NO_ES_PARA_ESTE_EMISOR (its receptor is another taxpayer); INCONSISTENTE (shape, arithmetic, signature ' +
        'or sello: see motivos)',
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
      'arithmetic, the JSON is what its firmaElectronica signed) and then asked for at MH (consultadte under ' +
      'the emisor’s session, with the supplier’s NIT). 201 once verified or refused (the outcome is in ' +
      '`estado`, with `motivos`); 200 with the first copy’s record for a duplicate; 202 while MH does not ' +
      'answer (within ISSUANCE_WAIT_SECONDS): MH is asked again until it does, and GET /compras/{codigoGeneracion} ' +
      'follows it. The webhooks hear compra.recibida (VERIFICADO) or compra.rechazada.',
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
    permission: 'COMPRAS',
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
    permission: 'COMPRAS',
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
    method: 'get',
    path: '/compras/{codigoGeneracion}/json',
    operationId: 'getCompraJson',
    tag: 'Purchases',
    summary: 'The Archivo DTE as received',
    authenticated: true,
    permission: 'COMPRAS',
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
    permission: 'COMPRAS',
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
