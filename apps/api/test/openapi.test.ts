import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import pino from 'pino';
import { z } from 'zod';
import { loadConfig } from '@dte/config';
import { documentView, Documents, TenantCache, type Database, type StoredDocument } from '@dte/store';
import {
  anulacionRequest,
  archivoDteRecibido,
  buzonRequest,
  clasificarCompraRequest,
  clienteRequest,
  confirmarCompraRequest,
  documentKind,
  ErrorCode,
  productoRequest,
  resendRequest,
  TIPOS_EVENTO_ENTREGA,
  webhookRequest,
} from '@dte/domain';
import { certificacionRequest } from '../src/routes/certificacion';
import { sondeoRequest } from '../src/routes/operaciones';
import { createApp } from '../src/app';
import type { ApiContext } from '../src/context';
import { createApiMetrics } from '../src/metrics';
import { openApiDocument } from '../src/openapi/document';
import { renderReference } from '../src/openapi/html';
import { documentRecord } from '../src/openapi/schemas';
import { ENDPOINTS } from '../src/routes/issue';
import { VISTAS_PREVIAS } from '../src/routes/vista-previa';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Validator {
  (value: unknown): boolean;
  errors?: unknown[] | null;
}

/**
 * A JSON Schema 2020-12 validator: the domain's Ajv (v8), loaded from the domain package because the one
 * the workspace root resolves is another major version.
 */
function jsonSchemaValidator(): { compile(schema: object): Validator } {
  const fromDomain = createRequire(require.resolve('@dte/domain'));
  const Ajv2020 = fromDomain('ajv/dist/2020').default;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  fromDomain('ajv-formats').default(ajv);
  return ajv;
}

const TOKEN = 'unit-test-token';
const CODIGO = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';

/**
 * The app on a context without connections: route factories only keep the context for their handlers. The
 * database answers the lookups these tests reach past authentication (a token and its issuer, then no
 * document); the rest is left out, so a handler that needs it fails loudly.
 */
const models = {
  ApiToken: {
    findById: () => ({
      lean: async () => ({ id: 1, emisorId: 1, establecimientoId: 1, puntoVentaId: 1, permissions: [] }),
    }),
  },
  Document: { findById: () => ({ lean: async () => null }) },
  // The token's issuer, provisioned: emisor 1, its establishment 1 and point of sale 1.
  Emisor: { findOne: () => ({ lean: async () => ({ id: 1 }) }) },
  Establecimiento: { findOne: () => ({ lean: async () => ({ id: 1, emisorId: 1 }) }) },
  PuntoVenta: { findOne: () => ({ lean: async () => ({ id: 1, emisorId: 1, establecimientoId: 1 }) }) },
};
const db = { models } as unknown as Database;
const tenants = new TenantCache(db.models, 0);
const ctx = {
  config: loadConfig({}),
  log: pino({ level: 'silent' }),
  metrics: createApiMetrics(),
  db,
  tenants,
  documents: new Documents(db, tenants),
  store: {},
  temporal: {},
} as unknown as ApiContext;

const app = createApp(ctx);
const doc = openApiDocument() as unknown as Json;

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  slash: boolean;
  rawPath: string;
}

/** `METHOD /path` of every route of an Express 5 app, mounted routers included, in OpenAPI's `{param}` form. */
function routesOf(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route)
      return Object.keys(layer.route.methods)
        .filter((m) => m !== '_all')
        .map((m) => `${m.toUpperCase()} ${prefix}${layer.route!.path}`.replace(/:(\w+)/g, '{$1}'));
    if (layer.handle.stack) return routesOf(layer.handle.stack, layer.slash ? prefix : `${prefix}${layer.rawPath}`);
    return [];
  });
}

const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })),
);

/** The object a local `$ref` points at, or undefined. */
function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], doc);
}

function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => (k === '$ref' ? [v as string] : refsIn(v)));
}

/** What the JSON request bodies of the routes are validated with. */
const requestSchemas: Record<string, z.ZodType> = {
  ...Object.fromEntries(Object.entries(ENDPOINTS).map(([path, tipo]) => [path, documentKind(tipo).requestSchema])),
  ...Object.fromEntries(Object.entries(VISTAS_PREVIAS).map(([path, tipo]) => [path, documentKind(tipo).requestSchema])),
  '/dte/anulacion': anulacionRequest,
  '/dte/resend/{codigoGeneracion}': resendRequest,
  '/webhooks': webhookRequest,
  '/certificacion': certificacionRequest,
  '/buzon': buzonRequest,
  '/compras': archivoDteRecibido,
  '/compras/{codigoGeneracion}': clasificarCompraRequest,
  '/compras/{codigoGeneracion}/confirmacion': confirmarCompraRequest,
  '/clientes': clienteRequest,
  '/clientes/{id}': clienteRequest,
  '/productos': productoRequest,
  '/productos/{id}': productoRequest,
  '/operaciones/sondeo': sondeoRequest,
};

/** The bodies that are a file (CSV or xlsx, the documents to import), not JSON. */
const archivos = ['/clientes/importar', '/productos/importar', '/importaciones'];

const bodyOf = (path: string) =>
  (doc.paths[path].post ?? doc.paths[path].patch ?? doc.paths[path].put).requestBody.content['application/json'];

describe('the OpenAPI document', () => {
  let base: string;
  let server: Server;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('documents exactly the routes the app registers', () => {
    // The web console's pages and forms (`/consola`, HTML) and the documents' public pages (`/d`, HTML for
    // a receptor, no token) are not the JSON API the document describes.
    const routes = routesOf((app.router as unknown as { stack: Layer[] }).stack).filter(
      (r) => !/^\/(consola|d)(\/|$)/.test(r.split(' ')[1]!),
    );
    const documented = operations.map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(documented.sort()).toEqual([...new Set(routes)].sort());
  });

  it('is structurally an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = doc.tags.map((t: Json) => t.name);
    for (const { path, op } of operations) {
      expect(op.operationId).toMatch(/^[a-zA-Z]+$/);
      expect(tags).toEqual(expect.arrayContaining(op.tags));
      expect(path).toMatch(/^\//);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(response.description).toEqual(expect.any(String));
      }
      for (const requirement of op.security)
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      const params = (op.parameters ?? []).map((p: Json) => (p.$ref ? resolve(p.$ref) : p) as Json);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const inPath = params.filter((p: Json) => p.in === 'path');
      expect(inPath.map((p: Json) => p.name).sort()).toEqual(templated.sort());
      for (const p of inPath) expect(p.required).toBe(true);
    }
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect([ref, resolve(ref) !== undefined]).toEqual([ref, true]);
  });

  it('lists and describes every ErrorCode, and each one some operation answers', () => {
    const schema = doc.components.schemas.ErrorCode;
    expect([...schema.enum].sort()).toEqual(Object.values(ErrorCode).sort());
    for (const code of Object.values(ErrorCode)) {
      expect(schema['x-enumDescriptions'][code]).toEqual(expect.any(String));
      expect(schema.description).toContain(`\`${code}\``);
      expect(doc.components.examples[code].value).toMatchObject({ status: 'error', code });
    }
    const answered = new Set(
      operations.flatMap(({ op }) =>
        Object.values(op.responses as Json).flatMap(
          (r: Json) => r.content?.['application/json']?.schema?.allOf?.[1]?.properties.code.enum ?? [],
        ),
      ),
    );
    // NOT_FOUND answers paths that are no operation; CSRF_TOKEN_INVALID only the web console's forms; the
    // logo's and the correlativos' refusals only its forms and the admin CLI.
    const notPerOperation: string[] = [
      ErrorCode.NOT_FOUND,
      ErrorCode.CSRF_TOKEN_INVALID,
      ErrorCode.CORRELATIVO_RETROCEDE,
      ErrorCode.LOGO_NOT_IMAGE,
      ErrorCode.LOGO_TOO_LARGE,
    ];
    expect([...answered].sort()).toEqual(
      Object.values(ErrorCode)
        .filter((c) => !notPerOperation.includes(c))
        .sort(),
    );
  });

  it('describes each request body with the zod schema its route validates with', () => {
    const documented = operations.filter(({ op }) => op.requestBody).map(({ path }) => path);
    expect(documented.sort()).toEqual([...Object.keys(requestSchemas), '/diagnostics/smoke', ...archivos].sort());
    for (const [path, schema] of Object.entries(requestSchemas)) {
      const { $schema: _dialect, ...expected } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
      expect([path, bodyOf(path).schema]).toEqual([path, expected]);
    }
  });

  it('has request examples the routes accept', () => {
    for (const [path, schema] of Object.entries(requestSchemas)) {
      const examples = Object.values(bodyOf(path).examples ?? {}) as Json[];
      expect([path, examples.length]).toEqual([path, 1]);
      for (const { value } of examples) {
        const parsed = schema.safeParse(value);
        expect([path, parsed.error?.issues ?? []]).toEqual([path, []]);
      }
    }
  });

  it('has examples that match their schemas', () => {
    const ajv = jsonSchemaValidator();
    const media = operations.flatMap(({ path, method, op }) => [
      ...Object.entries(op.requestBody?.content ?? {}).map(([type, m]) => [`${method} ${path} body ${type}`, m]),
      ...Object.entries(op.responses as Json).flatMap(([status, r]: [string, Json]) =>
        Object.entries(r.content ?? {}).map(([type, m]) => [`${method} ${path} ${status} ${type}`, m]),
      ),
    ]) as [string, Json][];
    let checked = 0;
    for (const [where, { schema, examples }] of media) {
      // Local refs resolve against the schema's root, so the components go along.
      const validate = ajv.compile({ ...schema, components: doc.components });
      for (const [name, example] of Object.entries((examples ?? {}) as Json)) {
        const { value } = example.$ref ? (resolve(example.$ref) as Json) : example;
        validate(value);
        expect([where, name, validate.errors ?? []]).toEqual([where, name, []]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(operations.length);
  });

  it('documents every webhook event, each with an example its schema and the union of events accept', () => {
    const ajv = jsonSchemaValidator();
    const union = ajv.compile({ $ref: '#/components/schemas/WebhookEvento', components: doc.components });
    expect(Object.keys(doc.webhooks)).toEqual([...TIPOS_EVENTO_ENTREGA]);
    for (const tipo of TIPOS_EVENTO_ENTREGA) {
      const { schema, examples } = doc.webhooks[tipo]!.post.requestBody.content['application/json'];
      const validate = ajv.compile({ ...schema, components: doc.components });
      const { value } = examples[tipo]!;
      expect(value.type).toBe(tipo);
      for (const v of [validate, union]) {
        v(value);
        expect([tipo, v.errors ?? []]).toEqual([tipo, []]);
      }
      // Another event's type is not this one's.
      expect(validate({ ...value, type: tipo === 'dte.procesado' ? 'dte.rechazado' : 'dte.procesado' })).toBe(false);
    }
  });

  it('documents every field of the document record, and no other', () => {
    const stored: StoredDocument = {
      id: 1,
      tipo: 'FACTURA_CONSUMIDOR_FINAL',
      codigoGeneracion: CODIGO,
      numeroControl: 'DTE-01-M001P001-000000000000001',
      estado: 'PROCESSED',
      ambiente: '00',
      total: '1.00',
      dteJson: {},
      dteFirmado: 'a.b.c',
      sequenceNumber: '1',
      sequenceId: 1,
      serie: 'P001',
      emisorId: 1,
      branchId: 1,
      pointOfSaleId: 1,
      tokenId: 1,
    };
    expect(Object.keys(documentRecord.shape).sort()).toEqual(Object.keys(documentView(stored)).sort());
  });

  it('secures the operations it says need a token, and no other', async () => {
    for (const { path, method, op } of operations) {
      const res = await fetch(`${base}${path.replace(/\{\w+\}/g, CODIGO)}`, {
        method: method.toUpperCase(),
        headers: { 'content-type': 'application/json' },
        body: method === 'post' ? '{}' : undefined,
      });
      const body = (await res.text()).slice(0, 200);
      if (op.security.length > 0)
        expect([path, res.status, body]).toEqual([path, 401, expect.stringContaining('AUTH_TOKEN_MISSING')]);
      else expect([path, res.status]).not.toEqual([path, 401]);
    }
  });

  it('lists the PDF formats the route takes', async () => {
    const format = doc.paths['/dte/pdf/{codigoGeneracion}'].get.parameters.find((p: Json) => p.name === 'format');
    const get = async (query: string) => {
      const res = await fetch(`${base}/dte/pdf/${CODIGO}${query}`, { headers: { 'x-api-token': TOKEN } });
      return (await res.json()) as Json;
    };
    // A format the route takes gets as far as looking the document up.
    for (const value of format.schema.enum)
      expect(await get(`?format=${value}`)).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
    expect(await get('')).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
    expect(await get('?format=pdf')).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'format' }] });
  });

  it('serves itself and its reference page', async () => {
    const json = await fetch(`${base}/openapi.json`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toEqual(JSON.parse(JSON.stringify(doc)));
    const page = await fetch(`${base}/docs`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(renderReference(openApiDocument()));
  });
});

describe('the reference page', () => {
  const html = renderReference(openApiDocument());

  it('shows every operation and every error code', () => {
    for (const { path, op } of operations) {
      expect(html).toContain(`<code>${path}</code>`);
      expect(html).toContain(`id="op-${op.operationId}"`);
    }
    for (const code of Object.values(ErrorCode)) expect(html).toContain(`id="code-${code}"`);
  });

  it('lists the values an array of codes takes (a webhook endpoint’s eventos)', () => {
    // In the field's own row.
    expect(html).toMatch(
      /<code>eventos<\/code><\/td>(?:(?!<\/tr>).)*each one of <code>dte\.procesado<\/code>, <code>dte\.rechazado<\/code>/s,
    );
  });

  it('shows every webhook event with its payload and an example', () => {
    for (const tipo of TIPOS_EVENTO_ENTREGA) {
      const seccion = new RegExp(`<article id="event-${tipo.replace(/\W/g, '-')}">(?:(?!</article>).)*</article>`, 's');
      expect(html).toMatch(seccion);
      expect(html.match(seccion)![0]).toContain(`&quot;type&quot;: &quot;${tipo}&quot;`);
    }
  });

  it('escapes the text it shows and runs no script', () => {
    // AUTH_TOKEN_MISSING's message names `Bearer <token>`.
    expect(html).not.toContain('<token>');
    expect(html).toContain('Bearer &lt;token&gt;');
    expect(html).not.toMatch(/<script|\son\w+=|src=["']?https?:/i);
  });
});
