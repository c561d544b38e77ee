import { EMITIDO } from './examples';
import type { JsonSchema, Operation } from './operation';

// The code samples of every operation (`x-codeSamples`, Redocly's convention), generated from the operation's
// documented example so that they change with it: curl, the TypeScript client (@dte/client) and Python with
// the standard library. Each runs as is with the service's address in DTE_API_URL and a token in DTE_TOKEN;
// test/docs/muestras.test.ts runs every one against the stack.

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/**
 * The value a sample gives a parameter whose route documents no `example`: the example documents' own ids and
 * dates, so that a sample reads like the examples beside it. A parameter without one here shows its name.
 */
export const VALOR_DE_EJEMPLO: Record<string, string> = {
  codigoGeneracion: EMITIDO,
  id: 'whk_12_1',
  entrega: 'msg_6f1c2b9e0a7d4c3b8e5f1a2d3c4b5a69',
  periodo: '2026-11',
  desde: '2026-11-01',
  // Not after tomorrow: the API refuses a range that ends in the future.
  hasta: '2026-11-20',
  fecha: '2026-11-20',
  tipoIngreso: '3',
};

/**
 * Optional query parameters a sample still shows: the books are read by `periodo` or by `desde` and `hasta`,
 * and a sample is clearer naming the month; the sales annexes need the emisor's `tipoIngreso` until it has
 * been given once.
 */
const OPCIONALES_EN_MUESTRA = new Set(['periodo', 'tipoIngreso']);

/** Where an answer that is not JSON goes: the file a sample writes (binary) or standard output (text). */
const EXTENSIONES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** A parameter's value: a number when its schema says so (the TypeScript client takes it so), else text. */
type Valor = string | number;

interface Llamada {
  op: Operation;
  ruta: Record<string, Valor>;
  consulta: [string, Valor][];
  body?: unknown;
  /** The body's media type: JSON, or a file's (`text/csv`) whose example is its text. */
  tipoCuerpo: string;
  /** The answer's media type when the request asks for nothing else (the first of its first 2xx answer). */
  tipo: string;
  /** The answer may also be JSON (a PDF's `url` and `base64` formats): the TypeScript sample narrows it. */
  tambienJson: boolean;
  /** The operation is on one issued document: the sample first finds the newest one MH sealed. */
  deUnDocumento: boolean;
}

/**
 * Where a sample on one document puts the codigoGeneracion it found, written in its language's way (a shell
 * variable, a Python string joined to the path, a TypeScript property).
 */
const DOCUMENTO_HALLADO = '{{codigoGeneracion}}';
const LISTA_DE_UNO = '/dte?estado=PROCESSED&limit=1';
const COMO_HAY_UNO = 'The newest document MH sealed (on a fresh stack, issue one first: POST /dte/dte01).';

function valor(p: JsonSchema): Valor {
  const schema = (p.schema ?? {}) as JsonSchema;
  const enumerado = schema.enum as unknown[] | undefined;
  const v = p.example ?? schema.example ?? VALOR_DE_EJEMPLO[p.name as string] ?? enumerado?.[0] ?? p.name;
  return schema.type === 'integer' || schema.type === 'number' ? Number(v) : String(v);
}

function llamada(op: Operation): Llamada {
  const parametros = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const ruta = Object.fromEntries(parametros.filter((p) => p.in === 'path').map((p) => [p.name as string, valor(p)]));
  const consulta = parametros
    .filter((p) => p.in === 'query' && (p.required || OPCIONALES_EN_MUESTRA.has(p.name as string)))
    .map((p): [string, Valor] => [p.name as string, valor(p)]);
  const ejemplos = op.request?.examples;
  const body = ejemplos ? (ejemplos.default ?? Object.values(ejemplos)[0])?.value : undefined;
  const [exito] = Object.entries(op.responses).sort(([a], [b]) => Number(a) - Number(b));
  const tipos = Object.keys(exito?.[1].content ?? {});
  // An operation answering in several formats answers its `formato` parameter's default when given none.
  const formato = (parametros.find((p) => p.name === 'formato')?.schema as JsonSchema | undefined)?.default;
  const tipo =
    tipos.find((t) => formato !== undefined && (EXTENSIONES[t] === formato || t === `application/${formato}`)) ??
    tipos[0] ??
    'application/json';
  const tambienJson = tipo !== 'application/json' && tipos.includes('application/json');
  // An issued document's id in a sample would answer 404 anywhere but in the reference's own example.
  const deUnDocumento = op.path.startsWith('/dte/') && 'codigoGeneracion' in ruta;
  if (deUnDocumento) ruta.codigoGeneracion = DOCUMENTO_HALLADO;
  return {
    op,
    ruta,
    consulta,
    body,
    tipoCuerpo: op.request?.tipo ?? 'application/json',
    tipo,
    tambienJson,
    deUnDocumento,
  };
}

/** A body sent as the file it is (its example's text), not as JSON. */
const esArchivo = (l: Llamada): l is Llamada & { body: string } =>
  l.body !== undefined && l.tipoCuerpo !== 'application/json';

/**
 * A form's file field (an import's `archivo`): the file has no example to write into the sample, so the sample
 * reads it from the working directory under the field's name, and says in one line what it must hold.
 */
function campoDeArchivo({ op, tipoCuerpo }: Llamada): string | undefined {
  if (tipoCuerpo !== 'multipart/form-data') return undefined;
  return Object.keys(((op.request!.schema as JsonSchema).properties ?? {}) as JsonSchema)[0];
}
const ARCHIVO_DE_FORMULARIO = 'archivo.json';
const QUE_ARCHIVO = `${ARCHIVO_DE_FORMULARIO}: an Archivo DTE (JSON) of a document issued with the previous provider`;

function url({ op, ruta, consulta }: Llamada): string {
  const camino = op.path.replace(/\{(\w+)\}/g, (_, nombre: string) =>
    ruta[nombre] === DOCUMENTO_HALLADO ? DOCUMENTO_HALLADO : encodeURIComponent(ruta[nombre]!),
  );
  const query = new URLSearchParams(consulta.map(([k, v]) => [k, String(v)])).toString();
  return query ? `${camino}?${query}` : camino;
}

const archivo = (l: Llamada) => `${l.op.operationId}.${EXTENSIONES[l.tipo]}`;
const esJson = (l: Llamada) => /[/+]json$/.test(l.tipo);

/** Code written as it is among a literal's values (a file sent as a Blob). */
class Codigo {
  constructor(readonly texto: string) {}
}

/** A JSON value as a literal of the sample's language, indented as its code is. */
function literal(
  value: unknown,
  lenguaje: { clave: (k: string) => string; nulo: string; verdad: [string, string] },
  sangria = '',
): string {
  if (value instanceof Codigo) return value.texto;
  if (value === null) return lenguaje.nulo;
  if (typeof value === 'boolean') return lenguaje.verdad[value ? 1 : 0];
  if (typeof value !== 'object') return JSON.stringify(value);
  const dentro = `${sangria}  `;
  const entradas = Array.isArray(value)
    ? value.map((v) => literal(v, lenguaje, dentro))
    : Object.entries(value).map(([k, v]) => `${lenguaje.clave(k)}: ${literal(v, lenguaje, dentro)}`);
  const [abre, cierra] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entradas.length === 0) return `${abre}${cierra}`;
  return `${abre}\n${entradas.map((e) => `${dentro}${e},`).join('\n')}\n${sangria}${cierra}`;
}

const TS = {
  clave: (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)),
  nulo: 'null',
  verdad: ['false', 'true'] as [string, string],
};
const PY = { clave: (k: string) => JSON.stringify(k), nulo: 'None', verdad: ['False', 'True'] as [string, string] };

function curl(l: Llamada): string {
  const { op } = l;
  const metodo = op.method === 'get' ? '' : ` -X ${op.method.toUpperCase()}`;
  const lineas = [`curl -sS --fail-with-body${metodo} "$DTE_API_URL${url(l).replace(DOCUMENTO_HALLADO, '$CODIGO')}"`];
  if (op.authenticated) lineas.push(`-H "Authorization: Bearer $DTE_TOKEN"`);
  // A key of the caller's: sending the same one again retries safely.
  if (op.idempotent) lineas.push(`-H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')"`);
  const fin = esArchivo(l) ? 'ARCHIVO' : 'JSON';
  const campo = campoDeArchivo(l);
  if (campo) lineas.push(`-F "${campo}=@${ARCHIVO_DE_FORMULARIO}"`);
  if (l.body !== undefined) lineas.push(`-H "Content-Type: ${l.tipoCuerpo}"`, `--data-binary @- <<'${fin}'`);
  else if (!esJson(l) && EXTENSIONES[l.tipo]) lineas.push(`-o ${archivo(l)}`);
  const orden = lineas.join(' \\\n  ');
  if (campo) return `# ${QUE_ARCHIVO}\n${orden}`;
  const hallado = l.deUnDocumento
    ? `# ${COMO_HAY_UNO}\nCODIGO=$(curl -sS --fail-with-body "$DTE_API_URL${LISTA_DE_UNO}" -H "Authorization: Bearer $DTE_TOKEN" \\\n  | grep -o '"codigoGeneracion":"[^"]*"' | head -1 | cut -d'"' -f4)\n`
    : '';
  if (l.body === undefined) return `${hallado}${orden}`;
  return `${hallado}${orden}\n${esArchivo(l) ? l.body.replace(/\n$/, '') : JSON.stringify(l.body, null, 2)}\n${fin}`;
}

/**
 * A form with a file: the client sends JSON or a file as the whole body, not a form, so this sample sends it
 * with fetch.
 */
function typescriptFormulario(l: Llamada, campo: string): string {
  const cabeceras = [`authorization: \`Bearer \${process.env.DTE_TOKEN}\``];
  if (l.op.idempotent) cabeceras.push(`'idempotency-key': crypto.randomUUID()`);
  return [
    `import { openAsBlob } from 'node:fs';`,
    '',
    `// ${QUE_ARCHIVO}.`,
    `const formulario = new FormData();`,
    `formulario.append('${campo}', await openAsBlob('${ARCHIVO_DE_FORMULARIO}'), '${ARCHIVO_DE_FORMULARIO}');`,
    `const res = await fetch(\`\${process.env.DTE_API_URL}${url(l)}\`, {`,
    `  method: '${l.op.method.toUpperCase()}',`,
    `  headers: { ${cabeceras.join(', ')} },`,
    `  body: formulario,`,
    `});`,
    `if (!res.ok) throw new Error(\`\${res.status} \${await res.text()}\`);`,
    `console.log(JSON.stringify(await res.json(), null, 2));`,
  ].join('\n');
}

function typescript(l: Llamada): string {
  const { op } = l;
  const campo = campoDeArchivo(l);
  if (campo) return typescriptFormulario(l, campo);
  const args: Record<string, unknown> = {};
  if (Object.keys(l.ruta).length)
    args.path = Object.fromEntries(
      Object.entries(l.ruta).map(([k, v]) => [
        k,
        v === DOCUMENTO_HALLADO ? new Codigo('documento.codigoGeneracion') : v,
      ]),
    );
  if (l.consulta.length) args.query = Object.fromEntries(l.consulta);
  if (l.body !== undefined)
    args.body = esArchivo(l)
      ? new Codigo(`new Blob([${JSON.stringify(l.body)}], { type: '${l.tipoCuerpo}' })`)
      : l.body;
  const llamado = `await client.operaciones.${op.operationId}(${Object.keys(args).length ? literal(args, TS) : ''})`;
  const binario = !esJson(l) && EXTENSIONES[l.tipo];
  const salida = esJson(l)
    ? `console.log(JSON.stringify(respuesta, null, 2));`
    : binario
      ? `await writeFile('${archivo(l)}', Buffer.from(await respuesta.arrayBuffer()));`
      : `console.log(await respuesta.text());`;
  return [
    ...(binario ? [`import { writeFile } from 'node:fs/promises';`] : []),
    `import { DteClient } from '@dte/client';`,
    '',
    `const client = new DteClient({ baseUrl: process.env.DTE_API_URL!, token: process.env.DTE_TOKEN! });`,
    ...(l.deUnDocumento
      ? [
          `// ${COMO_HAY_UNO}`,
          `const { data: [documento] } = await client.operaciones.listDocuments({ query: { estado: 'PROCESSED', limit: 1 } });`,
          `if (!documento) throw new Error('No document sealed yet');`,
        ]
      : []),
    `const respuesta = ${llamado};`,
    ...(binario && l.tambienJson
      ? [`if (!(respuesta instanceof Blob)) throw new Error('Expected the file, got ' + JSON.stringify(respuesta));`]
      : []),
    salida,
  ].join('\n');
}

function python(l: Llamada): string {
  const { op } = l;
  const campo = campoDeArchivo(l);
  const cabeceras: string[] = [];
  if (op.authenticated) cabeceras.push(`"Authorization": "Bearer " + os.environ["DTE_TOKEN"]`);
  if (l.body !== undefined) cabeceras.push(`"Content-Type": "${l.tipoCuerpo}"`);
  if (campo) cabeceras.push(`"Content-Type": "multipart/form-data; boundary=" + limite`);
  // A key of the caller's: sending the same one again retries safely.
  if (op.idempotent) cabeceras.push(`"Idempotency-Key": str(uuid.uuid4())`);
  const argumentos = [
    `os.environ["DTE_API_URL"] + ${JSON.stringify(url(l))
      .replace(DOCUMENTO_HALLADO, '" + codigo + "')
      .replace(/ \+ ""$/, '')}`,
    `method="${op.method.toUpperCase()}"`,
    ...(campo
      ? ['data=formulario']
      : l.body === undefined
        ? []
        : esArchivo(l)
          ? [`data=${JSON.stringify(l.body)}.encode()`]
          : [`data=json.dumps(${literal(l.body, PY, '    ')}).encode()`]),
    `headers={${cabeceras.join(', ')}}`,
  ];
  const salida = esJson(l)
    ? `print(json.dumps(json.load(res), indent=2, ensure_ascii=False))`
    : EXTENSIONES[l.tipo]
      ? `open("${archivo(l)}", "wb").write(res.read())`
      : `print(res.read().decode())`;
  // The standard library has no multipart encoder: the form of one file, written out.
  const formulario = campo
    ? [
        `# ${QUE_ARCHIVO}`,
        'limite = uuid.uuid4().hex',
        'formulario = (',
        `    f'--{limite}\\r\\nContent-Disposition: form-data; name="${campo}"; filename="${ARCHIVO_DE_FORMULARIO}"\\r\\n\\r\\n'.encode()`,
        `    + open("${ARCHIVO_DE_FORMULARIO}", "rb").read()`,
        `    + f'\\r\\n--{limite}--\\r\\n'.encode()`,
        ')',
      ]
    : [];
  return [
    `import json, os, sys, urllib.error, urllib.request${op.idempotent || campo ? ', uuid' : ''}`,
    '',
    ...formulario,
    ...(l.deUnDocumento
      ? [
          `# ${COMO_HAY_UNO}`,
          `lista = urllib.request.Request(`,
          `    os.environ["DTE_API_URL"] + "${LISTA_DE_UNO}",`,
          `    headers={"Authorization": "Bearer " + os.environ["DTE_TOKEN"]},`,
          `)`,
          `codigo = json.load(urllib.request.urlopen(lista))["data"][0]["codigoGeneracion"]`,
        ]
      : []),
    `req = urllib.request.Request(\n${argumentos.map((a) => `    ${a},`).join('\n')}\n)`,
    'try:',
    '    with urllib.request.urlopen(req) as res:',
    `        ${salida}`,
    'except urllib.error.HTTPError as e:',
    '    sys.exit(f"{e.code} {e.read().decode()}")',
  ].join('\n');
}

/** The operation's samples, in the order the reference shows them. */
export function codeSamples(op: Operation): CodeSample[] {
  const l = llamada(op);
  return [
    { lang: 'shell', label: 'curl', source: curl(l) },
    { lang: 'typescript', label: 'TypeScript (@dte/client)', source: typescript(l) },
    { lang: 'python', label: 'Python (standard library)', source: python(l) },
  ];
}
