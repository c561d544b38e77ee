import type { z } from 'zod';
import {
  ANEXOS_F07,
  anulacionRequest,
  documentKind,
  DTE_TIPOS,
  resendRequest,
  smokeRequest,
  webhookRequest,
  EVENTOS_WEBHOOK,
  type DteTipo,
  type ErrorCode,
} from '@dte/domain';
import { ENDPOINTS } from '../routes/issue';
import {
  ANULACION_EXAMPLE,
  documentDetailExample,
  DOCUMENT_LIST_EXAMPLE,
  EMITIDO,
  HEALTH_EXAMPLES,
  INFORMATION_EXAMPLE,
  INVALIDATED_EXAMPLE,
  ISSUANCE_EXAMPLES,
  PDF_BASE64_EXAMPLE,
  PDF_URL_EXAMPLE,
  recordExamples,
  RESEND_EXAMPLE,
  RESENT_EXAMPLE,
  SMOKE_EXAMPLE,
  type Example,
} from './examples';
import {
  documentDetail,
  documentList,
  health,
  information,
  invalidated,
  issued,
  issuePending,
  pdfJson,
  resent,
  smoke,
  conciliacion,
  anexoF07,
  debitoFiscal,
  libroConsumidor,
  libroContribuyentes,
  entregaList,
  webhookCreated,
  webhookDeleted,
  webhookList,
  webhookOne,
  webhookRotated,
} from './schemas';

/** A JSON Schema written by hand, for bodies no zod schema describes (a PDF, a web page, this document). */
export type JsonSchema = Record<string, unknown>;

export interface Content {
  /** A response's zod schema must be a component (an `id` in zod's global registry). */
  schema: z.ZodType | JsonSchema;
  examples?: Record<string, Example>;
}

export interface ResponseSpec {
  description: string;
  content: Record<string, Content>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export const TAGS = [
  { name: 'Issuance', description: 'Issue a DTE: one endpoint per kind. The answer carries MH’s verdict.' },
  { name: 'Documents', description: 'What can be done with an issued document.' },
  { name: 'Emisor', description: 'The taxpayer the token issues for.' },
  {
    name: 'Books',
    description:
      'The emisor’s books of a month and DGII’s F-07 annexes, from the documents it issued as MH left them: a ' +
      'document counts in the month of its emission once MH sealed it, an invalidated one goes to the anulados ' +
      'of the month of its invalidation, a rejected one never counts (docs/anexos-f07.md). Token permission ' +
      '`LIBROS`.',
  },
  {
    name: 'Webhooks',
    description:
      'Signed events to the emisor’s own endpoints (Standard Webhooks): each delivery is a POST whose body is ' +
      '`{type, timestamp, data}` with the headers `webhook-id` (the event’s id: the same on every retry and ' +
      'duplicate, so deduplicate on it), `webhook-timestamp` (Unix seconds of the attempt) and ' +
      '`webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed by the secret’s ' +
      'base64 part; two, space-separated, for 24 h after a rotation). Verify it with any Standard Webhooks ' +
      'library. A 2xx answer delivers the event; anything else is retried with exponential backoff for 72 h; ' +
      '410 Gone disables the endpoint, as does answering no attempt 2xx for 72 h (`webhook.deshabilitado` ' +
      'tells the emisor’s other endpoints); one attempt, of at most 15 s in all, reaches an endpoint at a ' +
      'time. Events: ' +
      EVENTOS_WEBHOOK.map((e) => `\`${e}\``).join(', ') +
      '. dte.* events carry the document’s codigoGeneracion, numeroControl, tipoDte, tipo, fecEmi, ambiente, ' +
      'estado, selloRecibido and `url` (its `GET /dte/{codigoGeneracion}`); dte.invalidado adds `anulacion`, ' +
      'dte.correo_fallido adds `correo` (address masked, error); contingencia.alerta carries `plazo` (EVENTO ' +
      'or LOTES), `vence` and `documentosPendientes`; conciliacion.diferencias carries `fecha`, `diferencias` ' +
      'and `url`; webhook.deshabilitado carries the endpoint’s `id`, `url`, `motivo` and `fecha`. Issuance ' +
      'never waits for a delivery.',
  },
  { name: 'Service', description: 'Health, metrics, diagnostics and this reference. No token except the smoke run.' },
] as const;

/**
 * One operation of the API as the reference describes it. The document adds what follows from the flags:
 * the security, the `Idempotency-Key` parameter and the refusals of authentication, rate limiting,
 * permissions, bodies and keys.
 */
export interface Operation {
  method: 'get' | 'post' | 'delete';
  /** OpenAPI's form: `{param}` for Express's `:param`. */
  path: string;
  operationId: string;
  tag: (typeof TAGS)[number]['name'];
  summary: string;
  description?: string;
  /** Needs an API token, and then counts against the token's rate limit. */
  authenticated: boolean;
  /** The token permission the operation needs. */
  permission?: string;
  /** Takes an `Idempotency-Key` header. */
  idempotent?: boolean;
  parameters?: JsonSchema[];
  request?: { schema: z.ZodType | JsonSchema; required: boolean; examples?: Record<string, Example> };
  responses: Record<number, ResponseSpec>;
  /** The refusals particular to the operation, by HTTP status. */
  errors: Partial<Record<number, ErrorCode[]>>;
}

const codigoGeneracionParam = {
  name: 'codigoGeneracion',
  in: 'path',
  required: true,
  description: 'The document’s codigoGeneracion (any case)',
  schema: { type: 'string', pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$' },
};

const periodoParam = {
  name: 'periodo',
  in: 'query',
  required: true,
  description: 'The month, YYYY-MM, from 2021-01 to the current one',
  schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A book as a file: a spreadsheet or a PDF. */
const archivosLibro = {
  [XLSX]: { schema: { type: 'string', contentMediaType: XLSX } },
  'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
};
/** A book covers a month (`periodo`) or a date range. */
const periodoLibroParams = [
  { ...periodoParam, required: false, description: 'The month, YYYY-MM; or give `desde` and `hasta` instead' },
  {
    name: 'desde',
    in: 'query',
    required: false,
    description:
      'First day of a date range (YYYY-MM-DD, from 2021-01-01), with `hasta`; at most 366 days. Answered as ' +
      '`periodo` "desde/hasta"',
    schema: { type: 'string', format: 'date' },
  },
  {
    name: 'hasta',
    in: 'query',
    required: false,
    description: 'Last day of the date range (YYYY-MM-DD), inclusive; at most tomorrow in El Salvador',
    schema: { type: 'string', format: 'date' },
  },
];
const formatoLibroParam = {
  name: 'formato',
  in: 'query',
  required: false,
  description:
    'JSON; an XLSX spreadsheet, or a PDF (Letter, landscape, pages numbered), each with the emisor, the period, ' +
    'the lines and a totals row',
  schema: { type: 'string', enum: ['json', 'xlsx', 'pdf'], default: 'json' },
};
const establecimientoParam = {
  name: 'establecimiento',
  in: 'query',
  required: false,
  description: 'One establishment’s documents only (its codEstable); all of them without it',
  schema: { type: 'string', pattern: '^[A-Za-z0-9]{4}$' },
};

/** A list's page: where it starts (the cursor the previous page answered) and its size. */
const paginaParams = [
  { name: 'cursor', in: 'query', required: false, description: 'From the previous page', schema: { type: 'string' } },
  {
    name: 'limit',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  },
];

const endpointIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The endpoint’s id (`whk_…`)',
  schema: { type: 'string' },
};

const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const WEBHOOK_EXAMPLE = {
  id: 'whk_12_1',
  url: 'https://erp.example.com/dte-eventos',
  eventos: ['dte.procesado' as const, 'dte.rechazado' as const, 'dte.invalidado' as const],
  descripcion: 'ERP',
  activo: true,
  deshabilitado: null,
  creado: '2026-11-24T15:04:05.000Z',
};

const json = (schema: z.ZodType, examples?: Record<string, Example>): Record<string, Content> => ({
  'application/json': { schema, examples },
});

const example = (summary: string, value: unknown): Record<string, Example> => ({ default: { summary, value } });

/** What each kind adds to the issuance operation: its description and the refusals of its own rules. */
const ISSUANCE: Record<DteTipo, { summary: string; description: string; errors: Operation['errors'] }> = {
  FACTURA_CONSUMIDOR_FINAL: {
    summary: 'Issue a Factura (DTE 01)',
    description:
      'Sale to a final consumer; `precioUnitario` includes IVA. The receptor may be anonymous below $1095.00 ' +
      '(`tipoDocumento` and `numDocumento` come together or not at all). `testContingencia: true` rehearses a ' +
      'contingency in ambiente TEST (VALIDATION_ERROR in PROD).',
    errors: {},
  },
  CREDITO_FISCAL: {
    summary: 'Issue a Comprobante de Crédito Fiscal (DTE 03)',
    description:
      'Sale to an IVA taxpayer; `precioUnitario` excludes IVA. A receptor missing tipoDocumento, numDocumento, ' +
      'nit or nombre is RECEPTOR_VALIDATION_ERROR. `isRetenIva` withholds 1 % IVA.',
    errors: { 400: ['RECEPTOR_VALIDATION_ERROR'] },
  },
  NOTA_REMISION: {
    summary: 'Issue a Nota de Remisión (DTE 04)',
    description:
      'Goods moved without a sale (on consignment, to a deposit, between establishments), under the title ' +
      '`receptor.bienTitulo` (CAT-025). Valued as a CCF: `precioUnitario` excludes IVA, added on the taxable ' +
      'total. `documentosRelacionados` names the Facturas or CCFs (electronic by codigoGeneracion, paper by ' +
      'number; one type only) the goods move for; an item may name one of them in `numeroDocumento`. No payment.',
    errors: {},
  },
  NOTA_CREDITO: {
    summary: 'Issue a Nota de Crédito (DTE 05)',
    description:
      'Credits a CCF (`codigoGeneracion`) that MH accepted, or several (`documentosRelacionados`: electronic by ' +
      'codigoGeneracion, paper by number and date; each item names its CCF in `numeroDocumento`). Without ' +
      '`receptor` the CCF’s receptor is used. The notes of one CCF never credit more than its montoTotalOperacion.',
    errors: {
      400: ['RECEPTOR_VALIDATION_ERROR', 'INVALID_ORIGIN_TYPE', 'DOCUMENT_NOT_PROCESSED', 'CREDIT_EXCEEDS_ORIGINAL'],
      404: ['DOCUMENT_NOT_FOUND'],
    },
  },
  NOTA_DEBITO: {
    summary: 'Issue a Nota de Débito (DTE 06)',
    description:
      'Adds charges to a CCF (`codigoGeneracion`) that MH accepted, or to several (`documentosRelacionados`, ' +
      'electronic or paper, each item naming its CCF); without `receptor` the CCF’s is used.',
    errors: {
      400: ['RECEPTOR_VALIDATION_ERROR', 'INVALID_ORIGIN_TYPE', 'DOCUMENT_NOT_PROCESSED'],
      404: ['DOCUMENT_NOT_FOUND'],
    },
  },
  COMPROBANTE_RETENCION: {
    summary: 'Issue a Comprobante de Retención (DTE 07)',
    description:
      'IVA withheld on related documents, one `cuerpoDocumento` line each (`numItem` 1, 2, 3…); `ivaRetenido` ' +
      'must be the rate of `codigoRetencionMH` applied to `montoSujetoGrav`.',
    errors: {},
  },
  COMPROBANTE_LIQUIDACION: {
    summary: 'Issue a Comprobante de Liquidación (DTE 08)',
    description:
      'Issued by a comisionista to the taxpayer it sold for (the mandante): one `cuerpoDocumento` line per sale ' +
      'document (tipoDte 01, 03, 05, 06, 11; electronic by codigoGeneracion, paper by number) with its ' +
      'ventaNoSuj, ventaExenta, ventaGravada (without IVA) or exportaciones. IVA is 13 % of each line’s gravada; a ' +
      'credit note, or a line marked `invalidado`, subtracts. `total` = montoTotalOperacion + `ivaPercibido`.',
    errors: { 400: ['RECEPTOR_VALIDATION_ERROR'] },
  },
  DOCUMENTO_CONTABLE_LIQUIDACION: {
    summary: 'Issue a Documento Contable de Liquidación (DTE 09)',
    description:
      'Issued by a card operator (agente perceptor) to an afiliado for a period: `valorOperaciones` (IVA ' +
      'included) less `montoSinPercepcion` is the subTotal, whose IVA is 13/113; the 2 % IVA percibido is taken ' +
      'on the rest, and the `comision` and its 13 % IVA come off what is paid (`liquidoApagar`, the record’s ' +
      'total). `extension` names who delivers the liquidation.',
    errors: { 400: ['RECEPTOR_VALIDATION_ERROR'] },
  },
  FACTURA_EXPORTACION: {
    summary: 'Issue a Factura de Exportación (DTE 11)',
    description:
      'Sale to a buyer abroad (`receptor.codPais`, CAT-020 ISO code; `tipoPersona`), taxed at 0 % (tributo C3). ' +
      '`exportacion` says what is exported (`tipoItemExpor` 1 goods, 2 services, 3 both), its customs office ' +
      '(`recintoFiscal`, CAT-027) and regime (`regimen`, CAT-028; both required for goods, refused for services), ' +
      'the incoterm (`codIncoterms`, CAT-031) and the `flete` and `seguro` that make part of montoTotalOperacion. ' +
      'A `descuento` (percentage or amount) comes off the exported total.',
    errors: {},
  },
  SUJETO_EXCLUIDO: {
    summary: 'Issue a Factura de Sujeto Excluido (DTE 14)',
    description: 'Purchase from a person not registered for IVA; `applyrent: true` withholds 10 % income tax.',
    errors: {},
  },
  COMPROBANTE_DONACION: {
    summary: 'Issue a Comprobante de Donación (DTE 15)',
    description:
      'Issued by the donatario (the emisor) to the `donante`: each line is cash (tipoDonacion 1, cantidad 1, ' +
      'unit 99), goods (2, valued at `valorUnitario` × cantidad − `depreciacion`) or a service (3). ' +
      '`otrosDocumentos` must name the donatario’s qualification (codDocAsociado 1). Payments describe the cash ' +
      'only and must add up to it. Cannot be issued in contingency (MH’s schemas allow normal transmission only).',
    errors: {},
  },
  RETORNO: {
    summary: 'Issue an Evento de Retorno (DTE 18)',
    description:
      'Returns quantities of a DTE 01 or 14 (`documentoOrigen`) that MH accepted; each item’s returns together ' +
      'never exceed its original quantity.',
    errors: {
      400: ['INVALID_ORIGIN_TYPE', 'INVALID_ORIGIN_STATUS', 'ITEM_NOT_FOUND', 'OVER_RETURN_ERROR'],
      404: ['DOCUMENT_NOT_FOUND'],
    },
  },
};

const pascal = (tipo: string) =>
  tipo
    .toLowerCase()
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

const issuance: Operation[] = Object.entries(ENDPOINTS).map(([path, tipo]) => {
  const { summary, description, errors } = ISSUANCE[tipo];
  const requestExample = ISSUANCE_EXAMPLES[tipo];
  return {
    method: 'post',
    path,
    operationId: `issue${pascal(tipo)}`,
    tag: 'Issuance',
    summary,
    description,
    authenticated: true,
    permission: documentKind(tipo).permission,
    idempotent: true,
    request: {
      schema: documentKind(tipo).requestSchema,
      required: true,
      examples: example(requestExample.summary, requestExample.body),
    },
    responses: {
      201: {
        description: 'The document record, accepted (PROCESSED), rejected (REJECTED) or in CONTINGENCIA',
        content: json(issued, recordExamples(tipo)),
      },
      202: {
        description: 'MH’s verdict not known within ISSUANCE_WAIT_SECONDS: the codigoGeneracion and the estado so far',
        content: json(
          issuePending,
          example('Still waiting for MH', {
            status: 'success',
            message:
              'MH aún no responde: el documento sigue su curso. Repita la solicitud con la misma Idempotency-Key ' +
              'para obtener su resultado.',
            data: { codigoGeneracion: EMITIDO, estado: 'PENDIENTE' },
          }),
        ),
      },
    },
    // Any kind, in the 2026 schemas, needs the issuing establishment's distrito.
    errors: { ...errors, 409: [...(errors[409] ?? []), 'EMISOR_DISTRITO_MISSING'] },
  };
});

export const OPERATIONS: Operation[] = [
  ...issuance,
  {
    method: 'post',
    path: '/dte/anulacion',
    operationId: 'invalidateDocument',
    tag: 'Documents',
    summary: 'Invalidate a document',
    description:
      'Checked before MH is asked: the document is the emisor’s, not invalidated, PROCESSED, of a kind that can ' +
      'be invalidated and within MH’s window for its kind; a named replacement (`codigoGeneracionR`, required for ' +
      '`tipoAnulacion` 1 and 3, except for a Nota de Crédito or Comprobante de Liquidación, which are invalidated ' +
      'first and name none) is the emisor’s and PROCESSED; no note or retorno of it is in force. MH rejecting the ' +
      'event is 422 INVALIDATION_REJECTED and leaves the document unchanged.',
    authenticated: true,
    permission: 'ANULACION',
    idempotent: true,
    request: { schema: anulacionRequest, required: true, examples: { default: ANULACION_EXAMPLE } },
    responses: {
      200: {
        description: 'MH accepted: the document is CANCELLED',
        content: json(invalidated, example('Accepted by MH', INVALIDATED_EXAMPLE)),
      },
    },
    errors: {
      400: ['DOCUMENT_NOT_PROCESSED', 'INVALID_ORIGIN_TYPE', 'INVALIDATION_PERIOD_EXPIRED'],
      404: ['DOCUMENT_NOT_FOUND'],
      409: ['DOCUMENT_ALREADY_CANCELLED', 'INVALIDATION_IN_PROGRESS', 'DOCUMENT_HAS_RELATED'],
      422: ['INVALIDATION_REJECTED'],
      503: ['MH_UNAVAILABLE'],
    },
  },
  {
    method: 'get',
    path: '/dte/pdf/{codigoGeneracion}',
    operationId: 'getPdf',
    tag: 'Documents',
    summary: 'Get the PDF of an accepted document',
    description:
      '`view` and `download` answer the PDF (inline or as an attachment), `url` a presigned link, `base64` the ' +
      'file in JSON. A PDF not in storage is rendered again first.',
    authenticated: true,
    parameters: [
      codigoGeneracionParam,
      {
        name: 'format',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['view', 'download', 'url', 'base64'], default: 'view' },
      },
    ],
    responses: {
      200: {
        description: 'The PDF (`view`, `download`) or JSON (`url`, `base64`)',
        headers: {
          'Content-Disposition': {
            description: '`inline` (view) or `attachment` (download), with filename `<codigoGeneracion>.pdf`',
            schema: { type: 'string' },
          },
        },
        content: {
          'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
          'application/json': {
            schema: pdfJson,
            examples: {
              url: { summary: 'format=url', value: PDF_URL_EXAMPLE },
              base64: { summary: 'format=base64', value: PDF_BASE64_EXAMPLE },
            },
          },
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['DOCUMENT_NOT_FOUND'], 409: ['PDF_NOT_AVAILABLE'] },
  },
  {
    method: 'get',
    path: '/dte',
    operationId: 'listDocuments',
    tag: 'Documents',
    summary: 'List the emisor’s documents, newest first',
    description:
      'Filters combine (all must hold). A page holds at most `limit` documents and may hold fewer when the ' +
      'filters are selective: go on while `cursor` is not null. Another emisor’s documents are never listed.',
    authenticated: true,
    parameters: [
      { name: 'tipo', in: 'query', required: false, schema: { type: 'string', enum: [...DTE_TIPOS] } },
      {
        name: 'estado',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['PENDIENTE', 'PROCESSED', 'REJECTED', 'CONTINGENCIA', 'CANCELLED'] },
      },
      {
        name: 'desde',
        in: 'query',
        required: false,
        description: 'First emission date (fecEmi, El Salvador), inclusive; from 2021-01-01',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'hasta',
        in: 'query',
        required: false,
        description: 'Last emission date, inclusive; at most tomorrow in El Salvador',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'receptor',
        in: 'query',
        required: false,
        description: 'The receptor’s NIT, NRC or document number, exactly as issued',
        schema: { type: 'string' },
      },
      { name: 'numeroControl', in: 'query', required: false, schema: { type: 'string' } },
      ...paginaParams,
    ],
    responses: {
      200: {
        description: 'A page of documents',
        content: json(documentList, example('A page', DOCUMENT_LIST_EXAMPLE)),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
  {
    method: 'get',
    path: '/dte/export',
    operationId: 'exportDocuments',
    tag: 'Documents',
    summary: 'Export a period’s documents as CSV or as a ZIP of their files',
    description:
      'The documents emitted from `desde` to `hasta` (fecEmi, inclusive), oldest first, streamed. `csv`: one row ' +
      'per document, any estado, with the columns codigoGeneracion, numeroControl, tipo, fecEmi, estado, total, ' +
      'selloRecibido, receptorNombre, receptorIdentificadores, ambiente (UTF-8, comma-separated, CRLF, RFC 4180 ' +
      'quoting). `zip`: `<fecEmi>/<codigoGeneracion>.json` (the Archivo DTE) and `.pdf` of every document that has ' +
      'them (accepted, invalidated, issued in contingencia). At most 366 days, from 2021-01-01 to tomorrow in El ' +
      'Salvador. A cell a spreadsheet would run as a formula (starting with = + - @, a tab or CR) is written after ' +
      'an apostrophe.',
    authenticated: true,
    parameters: [
      { name: 'desde', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
      { name: 'hasta', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
      {
        name: 'formato',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['csv', 'zip'], default: 'csv' },
      },
    ],
    responses: {
      200: {
        description: 'The file, as an attachment named `dte-<desde>-<hasta>.<formato>`',
        headers: {
          'Content-Disposition': {
            description: '`attachment; filename="dte-<desde>-<hasta>.csv"`',
            schema: { type: 'string' },
          },
        },
        content: {
          'text/csv': { schema: { type: 'string' } },
          'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } },
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
  {
    method: 'get',
    path: '/dte/conciliacion',
    operationId: 'getConciliacion',
    tag: 'Documents',
    summary: 'A day’s reconciliation with MH',
    description:
      'MH is asked (consultadte) for every document of the emisor’s day: those on record with that fecEmi, and ' +
      'the issuances the service started that day that left no record (from Temporal’s history, kept apart ' +
      'from the database). MH cannot list what it holds, so a document issued outside this service cannot be ' +
      'found. A Temporal Schedule reconciles every emisor’s previous day at CONCILIACION_HORA; ' +
      '`npm run admin -- conciliar --emisor <id> --fecha <día>` any day. A report with differences is also ' +
      'sent to the webhooks as `conciliacion.diferencias`.',
    authenticated: true,
    parameters: [
      {
        name: 'fecha',
        in: 'query',
        required: true,
        description: 'The emission date reconciled (El Salvador), from 2021-01-01 to tomorrow',
        schema: { type: 'string', format: 'date' },
      },
    ],
    responses: {
      200: {
        description: 'The latest reconciliation of that day',
        content: json(
          conciliacion,
          example('A document MH does not hold', {
            status: 'success',
            data: {
              fecha: '2026-11-23',
              generado: '2026-11-24T09:00:41.000Z',
              consultados: 214,
              diferencias: [
                {
                  tipo: 'NO_EN_MH',
                  codigoGeneracion: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
                  tipoDte: '01',
                  numeroControl: 'DTE-01-M001P001-000000000000214',
                  local: { estado: 'PROCESSED', selloRecibido: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78' },
                  mh: null,
                },
              ],
              sinRespuesta: [],
            },
          }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['CONCILIACION_NOT_FOUND'] },
  },
  {
    method: 'get',
    path: '/dte/{codigoGeneracion}',
    operationId: 'getDocument',
    tag: 'Documents',
    summary: 'Read a document: its record now and what happened to it',
    description:
      'The record as it stands now (estado after contingencia or anulación, sello, `respuestaMh`, ' +
      '`analisisHacienda`), the accepted anulación, every e-mail attempt (addresses masked) and the notes and ' +
      'retornos issued referring to it. Another emisor’s document is 404, exactly as an unknown one.',
    authenticated: true,
    parameters: [codigoGeneracionParam],
    responses: {
      200: { description: 'The document', content: json(documentDetail, example('A CCF', documentDetailExample())) },
    },
    errors: { 404: ['DOCUMENT_NOT_FOUND'] },
  },
  {
    method: 'get',
    path: '/dte/{codigoGeneracion}/json',
    operationId: 'getArchivoDte',
    tag: 'Documents',
    summary: 'Get the Archivo DTE (the JSON the receptor gets)',
    description:
      'The DTE as signed, with `firmaElectronica` (the JWS) and `selloRecibido` appended: the file MH says the ' +
      'receptor gets, byte for byte the one stored and e-mailed. Documents issued in contingencia have it ' +
      'before their sello (`selloRecibido` null); PENDIENTE and REJECTED ones have none.',
    authenticated: true,
    parameters: [codigoGeneracionParam],
    responses: {
      200: {
        description: 'The Archivo DTE, as an attachment named `<codigoGeneracion>.json`',
        headers: {
          'Content-Disposition': {
            description: '`attachment; filename="<codigoGeneracion>.json"`',
            schema: { type: 'string' },
          },
        },
        content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
      },
    },
    errors: { 404: ['DOCUMENT_NOT_FOUND'], 409: ['DOCUMENT_NOT_PROCESSED'] },
  },
  {
    method: 'post',
    path: '/dte/resend/{codigoGeneracion}',
    operationId: 'resendDocument',
    tag: 'Documents',
    summary: 'E-mail a document again',
    description:
      'Sends the signed JSON and the PDF of a PROCESSED or CANCELLED document to `email`, or to the receptor’s ' +
      'address without it. Any token of the emisor may resend.',
    authenticated: true,
    idempotent: true,
    parameters: [codigoGeneracionParam],
    request: { schema: resendRequest, required: false, examples: { default: RESEND_EXAMPLE } },
    responses: {
      200: { description: 'The SMTP server took the mail', content: json(resent, example('Sent', RESENT_EXAMPLE)) },
    },
    errors: {
      400: ['EMAIL_NOT_AVAILABLE'],
      404: ['DOCUMENT_NOT_FOUND'],
      409: ['DOCUMENT_REJECTED', 'DOCUMENT_NOT_PROCESSED'],
      502: ['EMAIL_NOT_SENT'],
    },
  },
  {
    method: 'get',
    path: '/dte/information',
    operationId: 'getInformation',
    tag: 'Emisor',
    summary: 'The emisor, establishment and permissions of the token',
    description:
      'Also a way to check a token. No secret is ever read for this answer. `normativa` tells which generation ' +
      'of MH’s schemas (2023, or 2026: Normativa DTE 2.0) the emisor issues in now, its cut-over, and the ' +
      'schema version of the next document of each kind the token may issue.',
    authenticated: true,
    responses: {
      200: { description: 'The emisor', content: json(information, example('The demo emisor', INFORMATION_EXAMPLE)) },
    },
    errors: {},
  },
  {
    method: 'post',
    path: '/webhooks',
    operationId: 'createWebhook',
    tag: 'Webhooks',
    summary: 'Add an endpoint that receives the emisor’s events',
    description:
      'Answers the endpoint with its signing secret (`whsec_…`), shown only here. Outside ambiente TEST the ' +
      'URL must be `https:`; unless the deployment allows it (`WEBHOOK_PERMITIR_DESTINOS_PRIVADOS`, for ' +
      'local development) the URL may not be or resolve to a private, loopback, link-local or other ' +
      'non-public address, in any IPv4 or IPv6 form. Control characters are refused. Without `eventos` the ' +
      'endpoint receives every event.',
    authenticated: true,
    permission: 'WEBHOOKS',
    request: {
      schema: webhookRequest,
      required: true,
      examples: example('An ERP’s receiver', {
        url: 'https://erp.example.com/dte-eventos',
        eventos: ['dte.procesado', 'dte.rechazado', 'dte.invalidado'],
        descripcion: 'ERP',
      }),
    },
    responses: {
      201: {
        description: 'The endpoint and its secret',
        content: json(
          webhookCreated,
          example('Created', { status: 'success', data: { ...WEBHOOK_EXAMPLE, secreto: WHSEC } }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 409: ['WEBHOOK_LIMIT_REACHED'], 422: ['WEBHOOK_URL_NOT_ALLOWED'] },
  },
  {
    method: 'get',
    path: '/webhooks',
    operationId: 'listWebhooks',
    tag: 'Webhooks',
    summary: 'List the emisor’s endpoints',
    authenticated: true,
    permission: 'WEBHOOKS',
    responses: {
      200: {
        description: 'The endpoints',
        content: json(webhookList, example('One', { status: 'success', data: [WEBHOOK_EXAMPLE] })),
      },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/webhooks/{id}',
    operationId: 'getWebhook',
    tag: 'Webhooks',
    summary: 'Read an endpoint',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'The endpoint',
        content: json(webhookOne, example('One', { status: 'success', data: WEBHOOK_EXAMPLE })),
      },
    },
    errors: { 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'delete',
    path: '/webhooks/{id}',
    operationId: 'deleteWebhook',
    tag: 'Webhooks',
    summary: 'Delete an endpoint: it gets no more events, and deliveries in progress stop',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'Deleted',
        content: json(
          webhookDeleted,
          example('Deleted', { status: 'success', data: { id: WEBHOOK_EXAMPLE.id, eliminado: true } }),
        ),
      },
    },
    errors: { 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'post',
    path: '/webhooks/{id}/secreto',
    operationId: 'rotateWebhookSecret',
    tag: 'Webhooks',
    summary: 'Rotate an endpoint’s secret',
    description:
      'Answers the new secret, shown only here. The previous one keeps signing for 24 h: meanwhile each ' +
      'delivery carries two signatures, so the receiver can switch secrets without losing an event.',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'The endpoint and its new secret',
        content: json(
          webhookRotated,
          example('Rotated', {
            status: 'success',
            data: { ...WEBHOOK_EXAMPLE, secreto: WHSEC, anteriorVigenteHasta: '2026-11-25T15:04:05.000Z' },
          }),
        ),
      },
    },
    // It takes no body; one that is not JSON is refused like any other.
    errors: { 400: ['VALIDATION_ERROR'], 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'post',
    path: '/webhooks/{id}/habilitar',
    operationId: 'enableWebhook',
    tag: 'Webhooks',
    summary: 'Enable a disabled endpoint again',
    description:
      'An endpoint is disabled when its receiver answers 410 Gone, or answers no attempt 2xx for ' +
      '`WEBHOOK_DESHABILITAR_HORAS` (72 h by default): `activo` false and `deshabilitado` says when and why. ' +
      'Enabled again, it receives the events that happen from then on.',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'The endpoint, active',
        content: json(webhookOne, example('Enabled', { status: 'success', data: WEBHOOK_EXAMPLE })),
      },
    },
    // It takes no body; one that is not JSON is refused like any other.
    errors: { 400: ['VALIDATION_ERROR'], 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'get',
    path: '/webhooks/{id}/entregas',
    operationId: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'An endpoint’s delivery log: every attempt, newest first',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam, ...paginaParams],
    responses: {
      200: {
        description: 'A page of attempts',
        content: json(
          entregaList,
          example('A retried delivery', {
            status: 'success',
            data: [
              {
                eventoId: 'msg_6f1c2b9e0a7d4c3b8e5f1a2d3c4b5a69',
                tipo: 'dte.procesado',
                intento: 2,
                fecha: '2026-11-24T15:05:05.000Z',
                status: 200,
                entregado: true,
                error: null,
                duracionMs: 84,
              },
              {
                eventoId: 'msg_6f1c2b9e0a7d4c3b8e5f1a2d3c4b5a69',
                tipo: 'dte.procesado',
                intento: 1,
                fecha: '2026-11-24T15:04:05.000Z',
                status: 503,
                entregado: false,
                error: null,
                duracionMs: 51,
              },
            ],
            cursor: null,
          }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'post',
    path: '/diagnostics/smoke',
    operationId: 'runSmoke',
    tag: 'Service',
    summary: 'Run the smoke workflow',
    description:
      'One workflow that touches every component (Chromium renders a PDF, storage keeps it, SMTP mails it, the ' +
      'database records it), to prove a deployment before any document is issued.',
    authenticated: true,
    request: { schema: smokeRequest, required: false },
    responses: { 200: { description: 'What the workflow did', content: json(smoke, example('Done', SMOKE_EXAMPLE)) } },
    errors: { 503: ['SERVICE_UNAVAILABLE'] },
  },
  {
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tag: 'Service',
    summary: 'Liveness of Temporal, the database and storage',
    authenticated: false,
    responses: {
      200: { description: 'Every dependency answers', content: json(health, example('Healthy', HEALTH_EXAMPLES.ok)) },
      503: {
        description: 'A dependency fails; `failing` names it',
        content: json(health, example('Storage down', HEALTH_EXAMPLES.failing)),
      },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/metrics',
    operationId: 'getMetrics',
    tag: 'Service',
    summary: 'Prometheus metrics of this API process',
    authenticated: false,
    responses: {
      200: {
        description: 'Prometheus text exposition format',
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApi',
    tag: 'Service',
    summary: 'This reference as an OpenAPI 3.1 document',
    authenticated: false,
    responses: {
      200: { description: 'The OpenAPI document', content: { 'application/json': { schema: { type: 'object' } } } },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/docs',
    operationId: 'getDocs',
    tag: 'Service',
    summary: 'This reference as a web page',
    authenticated: false,
    responses: {
      200: {
        description: 'HTML, rendered from /openapi.json',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/libros/ventas-contribuyentes',
    operationId: 'getLibroVentasContribuyentes',
    tag: 'Books',
    summary: 'Libro de ventas a contribuyentes of a month or date range',
    description:
      'One line per CCF, Nota de Crédito (negative) and Nota de Débito counted in the month, in emission order, ' +
      'and their totals. Written as it is made, a day of documents at a time: a month of any size is answered ' +
      'as JSON or spreadsheet; the PDF is printed up to 5,000 lines.',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [...periodoLibroParams, establecimientoParam, formatoLibroParam],
    responses: {
      200: {
        description: 'The book',
        content: {
          ...archivosLibro,
          ...json(
            libroContribuyentes,
            example('A CCF', {
              status: 'success',
              data: {
                periodo: '2026-11',
                lineas: [
                  {
                    fecha: '2026-11-03',
                    tipoDte: '03',
                    numeroControl: 'DTE-03-M001P001-000000000000001',
                    codigoGeneracion: EMITIDO,
                    selloRecibido: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78',
                    receptor: { nit: '06140101901012', dui: null, nombre: 'SALVADOR CABAL' },
                    montos: {
                      exentas: '0.00',
                      noSujetas: '0.00',
                      gravadas: '100.00',
                      debitoFiscal: '13.00',
                      ivaRetenido: '0.00',
                      total: '113.00',
                    },
                  },
                ],
                totales: {
                  documentos: 1,
                  exentas: '0.00',
                  noSujetas: '0.00',
                  gravadas: '100.00',
                  debitoFiscal: '13.00',
                  ivaRetenido: '0.00',
                  total: '113.00',
                },
                pendientesDeSello: [],
              },
            }),
          ),
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 422: ['BOOK_TOO_LARGE_FOR_PDF'] },
  },
  {
    method: 'get',
    path: '/libros/ventas-consumidor',
    operationId: 'getLibroVentasConsumidor',
    tag: 'Books',
    summary: 'Libro de ventas a consumidor final of a month or date range',
    description:
      'Per day and type (Factura, Factura de Exportación, retorno of a Factura): the first and last document ' +
      'and their totals; a Factura’s gravadas include their IVA, reported apart as débito fiscal; a retorno’s ' +
      'amounts are negative.',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [...periodoLibroParams, establecimientoParam, formatoLibroParam],
    responses: {
      200: {
        description: 'The book',
        content: {
          ...archivosLibro,
          ...json(
            libroConsumidor,
            example('One day of Facturas', {
              status: 'success',
              data: {
                periodo: '2026-11',
                dias: [
                  {
                    fecha: '2026-11-05',
                    tipoDte: '01',
                    documentos: 2,
                    del: { numeroControl: 'DTE-01-M001P001-000000000000003', codigoGeneracion: EMITIDO },
                    al: {
                      numeroControl: 'DTE-01-M001P001-000000000000004',
                      codigoGeneracion: 'B2D4F6A8-2C3E-4F70-9BAC-1D2E3F4A5B6C',
                    },
                    montos: {
                      exentas: '0.00',
                      noSujetas: '0.00',
                      gravadas: '33.90',
                      debitoFiscal: '3.90',
                      exportacionesCentroamerica: '0.00',
                      exportacionesFuera: '0.00',
                      exportacionesServicios: '0.00',
                      total: '33.90',
                    },
                  },
                ],
                totales: {
                  documentos: 2,
                  exentas: '0.00',
                  noSujetas: '0.00',
                  gravadas: '33.90',
                  debitoFiscal: '3.90',
                  exportacionesCentroamerica: '0.00',
                  exportacionesFuera: '0.00',
                  exportacionesServicios: '0.00',
                  total: '33.90',
                },
                pendientesDeSello: [],
              },
            }),
          ),
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
  {
    method: 'get',
    path: '/libros/debito-fiscal',
    operationId: 'getDebitoFiscal',
    tag: 'Books',
    summary: 'The débito fiscal of a month or date range',
    description: 'The IVA of the sales to contribuyentes (notes signed) and to consumidores finales.',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [...periodoLibroParams, establecimientoParam],
    responses: {
      200: {
        description: 'The summary',
        content: json(
          debitoFiscal,
          example('November', {
            status: 'success',
            data: { periodo: '2026-11', contribuyentes: '11.70', consumidorFinal: '3.90', total: '15.60' },
          }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
  {
    method: 'get',
    path: '/anexos/f07/{anexo}',
    operationId: 'getAnexoFormularioIva',
    tag: 'Books',
    summary: 'An annex of the F-07 declaration, as DGII’s portal imports it',
    description:
      '`ventas-contribuyentes` (anexo 1), `ventas-consumidor-final` (anexo 2), `documentos-anulados`, ' +
      '`retenciones` (anexo 10, 1 %) and `retenciones-13` (anexo 12). JSON rows name the documents they report; ' +
      '`formato=csv` is DGII’s file: `;`, no header, CRLF, Windows-1252, dates dd/mm/aaaa, amounts with 2 ' +
      'decimals. From the 2025 periods anexos 1 and 2 need the emisor’s `tipoIngreso` (Renta).',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [
      {
        name: 'anexo',
        in: 'path',
        required: true,
        schema: { type: 'string', enum: [...ANEXOS_F07] },
      },
      periodoParam,
      establecimientoParam,
      {
        name: 'formato',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['json', 'csv'], default: 'json' },
      },
      {
        name: 'tipoIngreso',
        in: 'query',
        required: false,
        description: 'The emisor’s tipo de ingreso (Renta), 1–13 of DGII’s annex manual',
        schema: { type: 'integer', minimum: 1, maximum: 13 },
      },
    ],
    responses: {
      200: {
        description: 'The annex’s rows, or its file',
        content: {
          ...json(
            anexoF07,
            example('The anulados of November', {
              status: 'success',
              data: {
                anexo: 'documentos-anulados',
                periodo: '2026-11',
                filas: [
                  {
                    documentos: ['DTE-01-M001P001-000000000000008'],
                    columnas: [
                      'DTE01M001P001000000000000008',
                      '4',
                      '0',
                      '0',
                      '01',
                      'D',
                      '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78',
                      '0',
                      '0',
                      '3F2504E04F8941D39A0C0305E82C3301',
                    ],
                  },
                ],
              },
            }),
          ),
          'text/csv': { schema: { type: 'string' } },
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
];
