import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ErrorCode } from '@dte/domain';
import { ERROR_CODES } from './error-codes';
import { anulacionOperations } from '../routes/anulacion.openapi';
import { auditoriaOperations } from '../routes/auditoria.openapi';
import { buzonOperations } from '../routes/buzon.openapi';
import { importacionesOperations } from '../routes/importaciones.openapi';
import { certificacionOperations } from '../routes/certificacion.openapi';
import { clientesOperations } from '../routes/clientes.openapi';
import { comprasOperations } from '../routes/compras.openapi';
import { conciliacionOperations } from '../routes/conciliacion.openapi';
import { documentListOperations, documentOperations } from '../routes/documentos.openapi';
import { enlaceOperations } from '../routes/enlace.openapi';
import { exportOperations } from '../routes/export.openapi';
import { healthOperations } from '../routes/health.openapi';
import { informationOperations } from '../routes/information.openapi';
import { issueOperations } from '../routes/issue.openapi';
import { librosOperations } from '../routes/libros.openapi';
import { metricsOperations } from '../routes/metrics.openapi';
import { operacionesOperations } from '../routes/operaciones.openapi';
import { pdfOperations } from '../routes/pdf.openapi';
import { productosOperations } from '../routes/productos.openapi';
import { resendOperations } from '../routes/resend.openapi';
import { smokeOperations } from '../routes/smoke.openapi';
import { vistaPreviaOperations } from '../routes/vista-previa.openapi';
import { webhooksOperations } from '../routes/webhooks.openapi';
import { TAGS, type Content, type JsonSchema, type Operation, type ResponseSpec } from './operation';
import { openapiOperations } from './routes.openapi';
import { codeSamples } from './muestras';
import { errorBody } from './schemas';
// Last: the components keep the order their schemas were defined in, and the events' follow the routes'.
import { EVENTOS_WEBHOOK_DOC } from '@dte/contract/eventos-webhook';

/**
 * Every route's operations, in the reference's reading order (the order of `paths`). A route left out here is
 * caught by the unit test that compares the documented operations with the routes the app registers.
 */
const OPERATIONS: Operation[] = [
  ...issueOperations,
  ...vistaPreviaOperations,
  ...anulacionOperations,
  ...pdfOperations,
  ...documentListOperations,
  ...exportOperations,
  ...conciliacionOperations,
  ...documentOperations,
  ...resendOperations,
  ...enlaceOperations,
  ...informationOperations,
  ...webhooksOperations,
  ...smokeOperations,
  ...healthOperations,
  ...metricsOperations,
  ...openapiOperations,
  ...librosOperations,
  ...certificacionOperations,
  ...buzonOperations,
  ...importacionesOperations,
  ...comprasOperations,
  ...auditoriaOperations,
  ...clientesOperations,
  ...productosOperations,
  ...operacionesOperations,
];

/** OpenAPI 3.1's schemas are JSON Schema 2020-12, the dialect zod converts to. */
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The dialect is declared once for the whole document, so converted schemas drop their own `$schema`. */
function withoutDialect({ $schema: _s, $id: _i, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

/** A request body exactly as the route validates it: the input side of its zod schema. */
function requestSchema(schema: z.ZodType | JsonSchema): JsonSchema {
  return schema instanceof z.ZodType
    ? withoutDialect(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }))
    : schema;
}

const ref = (kind: 'schemas' | 'parameters' | 'headers' | 'examples', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

function responseSchema(schema: z.ZodType | JsonSchema): JsonSchema {
  if (!(schema instanceof z.ZodType)) return schema;
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('A response schema must be a component: give it an id with .meta({ id })');
  return ref('schemas', id);
}

const content = (c: Record<string, Content>) =>
  Object.fromEntries(
    Object.entries(c).map(([type, { schema, examples }]) => [type, { schema: responseSchema(schema), examples }]),
  );

const RATE_LIMIT_HEADERS = {
  RateLimit: ref('headers', 'RateLimit'),
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
};

/** The refusals of an operation by status: its own and those that follow from its flags. */
function refusals(op: Operation): [number, ErrorCode[]][] {
  const byStatus = new Map<number, Set<ErrorCode>>();
  const add = (status: number, ...codes: ErrorCode[]) => {
    const set = byStatus.get(status) ?? new Set();
    codes.forEach((c) => set.add(c));
    byStatus.set(status, set);
  };
  if (op.authenticated) {
    add(400, ErrorCode.AUTH_TOKEN_AMBIGUOUS);
    add(401, ErrorCode.AUTH_TOKEN_MISSING, ErrorCode.AUTH_TOKEN_INVALID);
    add(429, ErrorCode.RATE_LIMITED);
  }
  if (op.permission) add(403, ErrorCode.PERMISSION_DENIED);
  // The JSON body parser runs before every route: a POST whose body is not JSON, or too large, is refused
  // whether the operation reads a body or not.
  if (op.request || op.method === 'post') {
    add(400, ErrorCode.VALIDATION_ERROR);
    add(413, ErrorCode.PAYLOAD_TOO_LARGE);
  }
  if (op.idempotent) {
    add(400, ErrorCode.VALIDATION_ERROR);
    add(422, ErrorCode.IDEMPOTENCY_KEY_REUSED);
  }
  for (const [status, codes] of Object.entries(op.errors)) add(Number(status), ...(codes ?? []));
  add(500, ErrorCode.INTERNAL_ERROR);
  return [...byStatus].map(([status, codes]) => [status, [...codes]]);
}

function errorResponse(status: number, codes: ErrorCode[]) {
  return {
    description: codes.join(', '),
    headers: {
      'X-Request-Id': ref('headers', 'XRequestId'),
      ...(status === 429 ? { 'Retry-After': ref('headers', 'RetryAfter'), ...RATE_LIMIT_HEADERS } : {}),
    },
    content: {
      'application/json': {
        // The codes this status can carry here; the rest of the body is the shared Error.
        schema: { allOf: [responseSchema(errorBody), { properties: { code: { enum: codes } } }] },
        examples: Object.fromEntries(codes.map((code) => [code, ref('examples', code)])),
      },
    },
  };
}

function successResponse(op: Operation, { description, headers, content: c }: ResponseSpec) {
  return {
    description,
    headers: {
      'X-Request-Id': ref('headers', 'XRequestId'),
      ...(op.authenticated ? RATE_LIMIT_HEADERS : {}),
      ...headers,
    },
    content: content(c),
  };
}

function operationObject(op: Operation) {
  const responses = {
    ...Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, successResponse(op, r)])),
    ...Object.fromEntries(refusals(op).map(([status, codes]) => [status, errorResponse(status, codes)])),
  };
  const permission = op.permission
    ? `\n\nPermission: ${[op.permission]
        .flat()
        .map((p) => `\`${p}\``)
        .join(' or ')}.`
    : '';
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description || permission ? { description: `${op.description ?? ''}${permission}`.trim() } : {}),
    security: op.authenticated ? [{ apiToken: [] }, { bearerToken: [] }] : [],
    ...(op.parameters || op.idempotent
      ? { parameters: [...(op.idempotent ? [ref('parameters', 'IdempotencyKey')] : []), ...(op.parameters ?? [])] }
      : {}),
    ...(op.request
      ? {
          requestBody: {
            required: op.request.required,
            content: {
              [op.request.tipo ?? 'application/json']: {
                schema: requestSchema(op.request.schema),
                examples: op.request.examples,
              },
              ...Object.fromEntries(Object.entries(op.request.otrosTipos ?? {}).map(([t, schema]) => [t, { schema }])),
            },
          },
        }
      : {}),
    responses,
    'x-codeSamples': codeSamples(op),
  };
}

/** The response components: every zod schema with an `id` (see schemas.ts), referring to each other by name. */
function schemaComponents(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, withoutDialect(s)]));
}

const apiVersion = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;

const DESCRIPTION = `Issues El Salvador's electronic tax documents (DTE) through the Ministerio de Hacienda (MH).

- Authentication: the API token in \`x-api-token\`, or as \`Authorization: Bearer <token>\`. Each token has
  permissions and a budget of requests per minute (429 RATE_LIMITED beyond it).
- Every refusal is \`{"status":"error","code","message",...details}\` with a code of the ErrorCode table;
  MH rejecting a document is not one: the issuance answer is 201 with \`estado\` REJECTED.
- Every answer carries \`X-Request-Id\` (the caller's, when sane), which the API's log lines carry too.
- POSTs that issue, invalidate or resend take an \`Idempotency-Key\`, scoped to the token's point of sale: a
  retry with the same key and body gets the first request's outcome instead of acting twice.
- Normativa DTE 2.0: each document is built in the generation of MH's schemas its emisor is in at its
  emission (2023: FE v1, CCF v3, NC/ND v3, CR v1, FSE v1; 2026: FE v2, CCF v4, NC/ND v4, CR v2, FSE v2; the
  retorno is always fe-eret-v1). The emisor's cut-over between them and the schema of each kind's next
  document are in \`GET /dte/information\` (\`normativa\`). 2026 documents require \`direccion.distrito\`
  (CAT-008, two digits) of every address.`;

/**
 * OpenAPI 3.1's `webhooks`: each event as the request the service makes to an emisor's endpoint, signed with
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
function webhooks() {
  return Object.fromEntries(
    EVENTOS_WEBHOOK_DOC.map(({ tipo, descripcion, schema, example }) => [
      tipo,
      {
        post: {
          summary: tipo,
          description: descripcion,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: responseSchema(schema),
                examples: { [tipo]: { summary: tipo, value: example } },
              },
            },
          },
          responses: {
            '2XX': { description: 'Delivered' },
            410: { description: 'Gone: the endpoint is disabled until the emisor enables it again' },
            default: { description: 'Not delivered: retried with backoff for WEBHOOK_PLAZO_HORAS' },
          },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of the API, generated from the route table and the zod schemas the routes use. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: DIALECT,
    info: { title: 'DTE service API', version: apiVersion, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    webhooks: webhooks(),
    components: {
      schemas: schemaComponents(),
      securitySchemes: {
        apiToken: { type: 'apiKey', in: 'header', name: 'x-api-token', description: 'The API token' },
        bearerToken: { type: 'http', scheme: 'bearer', description: 'The same API token, as a bearer token' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            "Makes a retry safe: the first request with this key from the token's point of sale (emisor, " +
            'establishment and point of sale, as documents are numbered) fixes the outcome; the same key with the ' +
            'same body gets that outcome, with another body 422 IDEMPOTENCY_KEY_REUSED. Another point of sale ' +
            'using the same key makes its own operation.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,200}$' },
        },
      },
      examples: Object.fromEntries(
        Object.entries(ERROR_CODES).map(([code, { description, example }]) => [
          code,
          { summary: code, description, value: { status: 'error', code, ...example } },
        ]),
      ),
      headers: {
        XRequestId: {
          description: 'The request id: the caller’s `X-Request-Id` when it is 8–100 of `[A-Za-z0-9_.-]`, else a UUID',
          schema: { type: 'string' },
        },
        RateLimit: {
          description: 'Requests left in the token’s window and seconds until it resets (IETF draft 8)',
          schema: { type: 'string' },
        },
        RateLimitPolicy: { description: 'The token’s limit and window (IETF draft 8)', schema: { type: 'string' } },
        RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
