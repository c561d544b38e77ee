import { Client, Connection } from '@temporalio/client';
import fc from 'fast-check';
import { openApiDocument } from '../../apps/api/src/openapi/document';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * Property-based probe of every POST endpoint on the real stack: requests generated from the endpoints'
 * JSON schemas (the OpenAPI document, converted from the routes' zod schemas) and from their documented
 * examples, mutated at the edges (extreme numbers, long strings, Unicode classes, nesting, missing and
 * extra fields). Each must be answered within a deadline, with a success or a 4xx code the operation
 * documents, never a 500; afterwards no workflow is left running and no numeroControl sequence has a gap.
 * PROPIEDADES_RUNS sets how many requests (default 80; e.g. 2000 for a long run).
 */

type Json = Record<string, unknown>;
const RUNS = Number(process.env.PROPIEDADES_RUNS ?? 80);

const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Json>>; components: Json };
const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;

/** The POST operations, each with its request schema and the codes each refusal status may carry. */
const operaciones = Object.entries(doc.paths).flatMap(([ruta, ops]) => {
  const op = ops.post;
  if (!op) return [];
  const responses = op.responses as Record<string, { description: string }>;
  const codigos = Object.fromEntries(
    Object.entries(responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, r]) => [status, r.description.split(', ')]),
  );
  const json = (
    op.requestBody as
      { content: Record<string, { schema: Json; examples?: Record<string, { value: unknown }> }> } | undefined
  )?.content['application/json'];
  // The documented example (an issuance's preview documents its kind's), else an empty body.
  const ejemplo = Object.values(json?.examples ?? {})[0]?.value ?? {};
  const exitos = Object.keys(responses).filter((s) => Number(s) < 300);
  return [{ ruta, body: json?.schema, ejemplo, codigos, exitos }];
});

/** Values at MH's and JSON's edges, for any field. */
const bordes = fc.constantFrom<unknown>(
  0,
  -1,
  -0.001,
  0.005,
  1e-9,
  1.13,
  99999999999,
  1e11,
  1e300,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(1501),
  'Ñandú 👩‍💻',
  'Juan\u202EzeréP',
  'a\u0000b',
  '\u200b',
  'مرحبا',
  '1'.repeat(40),
  null,
  true,
  [],
  {},
  { a: { b: { c: { d: [1, { e: 'f' }] } } } },
);

/** A value for a JSON schema (as zod converts it), bounded so a document stays small. */
function valor(schema: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return bordes;
  if (typeof schema.$ref === 'string') return valor(schemas[schema.$ref.split('/').pop()!], depth);
  const opciones = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (opciones) return fc.oneof(...opciones.map((s) => valor(s, depth + 1)));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const tipos = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return fc.oneof(...tipos.map((tipo) => porTipo(tipo, schema, depth)));
}

function porTipo(tipo: string, schema: Json, depth: number): fc.Arbitrary<unknown> {
  switch (tipo) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: (schema.minimum as number) ?? -5,
        max: Math.min((schema.maximum as number) ?? 50, 1e6),
      });
    case 'number':
      return fc.double({ min: (schema.minimum as number) ?? 0, max: 1e6, noNaN: true, noDefaultInfinity: true });
    case 'string':
      if (typeof schema.pattern === 'string')
        return fc.stringMatching(new RegExp(schema.pattern as string)).filter((s) => s.length <= 300);
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ unit: 'grapheme', minLength: (schema.minLength as number) ?? 0, maxLength: 40 });
    case 'array':
      return fc.array(valor(schema.items as Json, depth + 1), {
        minLength: (schema.minItems as number) ?? 0,
        maxLength: 3,
      });
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valor(s, depth + 1)])), {
        requiredKeys: ((schema.required as string[]) ?? []).filter((k) => k in props),
      });
    }
    default:
      return bordes;
  }
}

/** A documented example with one field (at any depth) replaced, removed, or one field added. */
function mutado(ejemplo: unknown): fc.Arbitrary<unknown> {
  const rutas: (string | number)[][] = [];
  const recorrer = (v: unknown, ruta: (string | number)[]) => {
    rutas.push(ruta);
    if (v && typeof v === 'object')
      for (const [k, hijo] of Object.entries(v)) recorrer(hijo, [...ruta, Array.isArray(v) ? Number(k) : k]);
  };
  recorrer(ejemplo, []);
  return fc
    .tuple(fc.constantFrom(...rutas), fc.constantFrom('cambiar', 'quitar', 'agregar', 'igual'), bordes)
    .map(([ruta, accion, nuevo]) => {
      const copia = structuredClone(ejemplo) as Json;
      if (accion === 'igual' || ruta.length === 0) return accion === 'agregar' ? { ...copia, extra: nuevo } : copia;
      const padre = ruta.slice(0, -1).reduce<Json>((o, k) => o[k] as Json, copia);
      const clave = ruta[ruta.length - 1]!;
      if (accion === 'cambiar') padre[clave] = nuevo;
      else if (accion === 'quitar') delete padre[clave];
      else (padre as Json)[`${String(clave)}Extra`] = nuevo;
      return copia;
    });
}

describe('hardening: property-based probe of every POST endpoint', () => {
  let tenant: TestTenant;
  let connection: Connection;
  /** codigoGeneracion of documents the tenant issued, by DTE type: what NC/ND, retornos and the rest refer to. */
  const emitidos: Record<string, string[]> = {};

  beforeAll(async () => {
    tenant = await createTestTenant();
    connection = await Connection.connect({ address: stack().temporalGrpc });
  });
  afterAll(async () => {
    await connection?.close();
    await closeTestDatabase();
  });

  const referencia = (): string | undefined => {
    const todos = Object.values(emitidos).flat();
    return todos[todos.length - 1];
  };
  /** Points uuid-shaped values at the tenant's own documents (else each would be a 404 and nothing more). */
  const conReferencias = (body: unknown, operacion: string): unknown => {
    if (!body || typeof body !== 'object') return body;
    // A preview refers to what its issuance refers to.
    const ruta = operacion.replace(/\/vista-previa$/, '');
    const copia = structuredClone(body) as Json;
    const ccf = emitidos['03']?.at(-1);
    const fe = emitidos['01']?.at(-1);
    if ((ruta === '/dte/dte05' || ruta === '/dte/dte06') && ccf && typeof copia.codigoGeneracion === 'string')
      copia.codigoGeneracion = ccf;
    if (ruta === '/dte/retorno' && fe && typeof copia.documentoOrigen === 'string') copia.documentoOrigen = fe;
    if (ruta === '/dte/anulacion' && typeof copia.codigoGeneracion === 'string') {
      const propio = emitidos['14']?.at(-1) ?? referencia();
      if (propio) copia.codigoGeneracion = propio;
      delete copia.codigoGeneracionR;
    }
    return copia;
  };

  const solicitud = fc
    .constantFrom(...operaciones)
    .chain((op) =>
      fc
        .oneof({ weight: 3, arbitrary: mutado(op.ejemplo) }, { weight: 1, arbitrary: valor(op.body) })
        .map((body) => ({ op, body })),
    );

  it('answers every request, with success or a documented 4xx, and leaves nothing running or unnumbered', async () => {
    const vistos: { ruta: string; status: number; code?: string }[] = [];
    await fc.assert(
      fc.asyncProperty(solicitud, async ({ op, body }) => {
        const ruta = op.ruta.replace('{codigoGeneracion}', referencia() ?? '3F2504E0-4F89-41D3-9A0C-0305E82C3301');
        const cuerpo = conReferencias(body, op.ruta);
        const res = await fetch(`${stack().api}${ruta}`, {
          method: 'POST',
          headers: tenant.headers,
          // No deadline of the test's own: the API's (ISSUANCE_WAIT_SECONDS) answers a request MH keeps, and
          // one that never came would end the test at its timeout, however slow the machine.
          body: JSON.stringify(cuerpo),
        });
        const json = (await res.json()) as { code?: string; data?: { codigoGeneracion?: string; dteJson?: Json } };
        vistos.push({ ruta: op.ruta, status: res.status, code: json.code });
        if (res.status < 300) {
          expect([op.ruta, op.exitos]).toEqual([op.ruta, expect.arrayContaining([String(res.status)])]);
          const tipoDte = (json.data?.dteJson?.identificacion as Json | undefined)?.tipoDte as string | undefined;
          if (tipoDte && json.data?.codigoGeneracion) (emitidos[tipoDte] ??= []).push(json.data.codigoGeneracion);
          return;
        }
        // A refusal: a 4xx (or MH's documented 502/503) whose code the operation documents for that status.
        expect([op.ruta, res.status, json.code, res.status >= 500 && ![502, 503].includes(res.status)]).toEqual([
          op.ruta,
          res.status,
          json.code,
          false,
        ]);
        expect([op.ruta, res.status, op.codigos[String(res.status)]]).toEqual([
          op.ruta,
          res.status,
          expect.arrayContaining([json.code]),
        ]);
      }),
      { numRuns: RUNS, seed: process.env.PROPIEDADES_SEED ? Number(process.env.PROPIEDADES_SEED) : undefined },
    );
    // Some requests of each kind got through, or the probe proved little.
    expect(vistos.filter((v) => v.status < 300).length).toBeGreaterThan(RUNS / 10);

    // A certification campaign the probe started (POST /certificacion with an empty body takes MH's whole
    // plan) runs for hours by design: it is cancelled, as its emisor would, before nothing may be running.
    const cancelada = await fetch(`${stack().api}/certificacion/cancelar`, { method: 'POST', headers: tenant.headers });
    expect([202, 404]).toContain(cancelada.status);

    // No workflow of the emisor is left running: MH answered every document (none waits in contingency).
    const client = new Client({ connection });
    const enCurso = async () => {
      const ids: string[] = [];
      for await (const w of client.workflow.list({
        query: `DteEmisor = "${tenant.emisorId}" AND ExecutionStatus = "Running"`,
      }))
        ids.push(w.workflowId);
      return ids;
    };
    await eventually("the emisor's workflows to end", async () => {
      const ids = await enCurso();
      if (ids.length > 0) throw new Error(`still running: ${ids.join(', ')}`);
      return true;
    });

    // Refusals took no correlativo: each sequence of the emisor runs 1, 2, 3… without a gap.
    const { Document } = (await testDatabase()).models;
    const docs = await Document.find({ emisorId: tenant.emisorId }, { sequenceId: 1, sequenceNumber: 1 }).lean();
    const porSecuencia = new Map<number, number[]>();
    for (const d of docs)
      porSecuencia.set(d.sequenceId, [...(porSecuencia.get(d.sequenceId) ?? []), Number(d.sequenceNumber)]);
    for (const [secuencia, numeros] of porSecuencia)
      expect([secuencia, numeros.sort((a, b) => a - b)]).toEqual([secuencia, numeros.map((_, i) => i + 1)]);
  }, 900000);
});
