import type { z } from 'zod';
import { EVENTOS_WEBHOOK, type ErrorCode } from '@dte/domain';
import type { Example } from './examples';

// What an operation of the reference is. Each route's operations, with their examples and refusals, are
// beside the route in `<route>.openapi.ts`; document.ts assembles them.

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
      'and `url`; webhook.deshabilitado carries the endpoint’s `id`, `url`, `motivo` and `fecha`; compra.recibida (a received ' +
      'document VERIFICADO) and compra.rechazada (any other outcome, or a later INVALIDADO_EN_MH) carry its ' +
      'codigoGeneracion, tipoDte, numeroControl, fecEmi, proveedor, estado, motivos, origen and `url`. Issuance ' +
      'never waits for a delivery.',
  },
  {
    name: 'Purchases',
    description:
      'Documents received from suppliers (their Archivo DTE), each verified: its shape against MH’s schema of ' +
      'its kind and version, that its receptor is the emisor, its arithmetic, that it is what its supplier ' +
      'signed, and that MH holds it sealed and not invalidated (consultadte). Token permission `COMPRAS`; ' +
      '`COMPRAS_LECTURA` reads them without taking any in or classifying them.',
  },
  {
    name: 'Catalogs',
    description:
      'The emisor’s customer book (`/clientes`) and product catalog (`/productos`), from which a person picks ' +
      'whom and what a document is issued to and for: each field validated as the issuance bodies validate it ' +
      '(a DUI’s and a NIT’s check digit, CAT-012/013 addresses with their 2026 distrito, CAT-019 activities, ' +
      'CAT-014 units), each customer once per identity document and each product once per código, imported and ' +
      'exported as CSV or xlsx. Token permission `CATALOGOS`.',
  },
  { name: 'Service', description: 'Health, metrics, diagnostics and this reference. No token except the smoke run.' },
] as const;

/**
 * One operation of the API as the reference describes it. The document adds what follows from the flags:
 * the security, the `Idempotency-Key` parameter and the refusals of authentication, rate limiting,
 * permissions, bodies and keys.
 */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI's form: `{param}` for Express's `:param`. */
  path: string;
  operationId: string;
  tag: (typeof TAGS)[number]['name'];
  summary: string;
  description?: string;
  /** Needs an API token, and then counts against the token's rate limit. */
  authenticated: boolean;
  /** The token permission the operation needs (or, a list, any one of them). */
  permission?: string | readonly string[];
  /** Takes an `Idempotency-Key` header. */
  idempotent?: boolean;
  parameters?: JsonSchema[];
  request?: {
    schema: z.ZodType | JsonSchema;
    required: boolean;
    examples?: Record<string, Example>;
    /** The body's media type: JSON unless it is a file (`text/csv`), whose example is its text. */
    tipo?: string;
    /** Other media types the body may have, a file's (an xlsx), without examples. */
    otrosTipos?: Record<string, JsonSchema>;
  };
  responses: Record<number, ResponseSpec>;
  /** The refusals particular to the operation, by HTTP status. */
  errors: Partial<Record<number, ErrorCode[]>>;
}

export const codigoGeneracionParam = {
  name: 'codigoGeneracion',
  in: 'path',
  required: true,
  description: 'The document’s codigoGeneracion (any case)',
  schema: { type: 'string', pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$' },
};

/** A list's page: where it starts (the cursor the previous page answered) and its size. */
export const paginaParams = [
  { name: 'cursor', in: 'query', required: false, description: 'From the previous page', schema: { type: 'string' } },
  {
    name: 'limit',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  },
];

export const json = (schema: z.ZodType, examples?: Record<string, Example>): Record<string, Content> => ({
  'application/json': { schema, examples },
});

export const example = (summary: string, value: unknown): Record<string, Example> => ({ default: { summary, value } });
