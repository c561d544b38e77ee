import { CCF, FACTURA, REEMPLAZO } from './examples';
import type { JsonSchema, Operation } from './operation';

// The code samples of every operation (`x-codeSamples`, Redocly's convention), generated from the operation's
// documented example so that they change with it: curl, the TypeScript client (@dte/client) and Python with
// the standard library. Each runs as is with the service's address in DTE_API_URL and a token in DTE_TOKEN:
// one on a record the reader has (a document, a webhook endpoint, a customer) finds it first, its newest, and
// says in one line how to have one. test/docs/muestras.test.ts runs every one against the stack.

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
  /** The records the sample finds first, each after the one its list needs. */
  busquedas: Busqueda[];
}

/**
 * A record of the reader's that a sample works on, found first as the newest of a list: where the example
 * names one, the sample holds `{{nombre}}`, written in each language's way (a shell variable, a Python
 * string, a TypeScript entry's field).
 */
interface Busqueda {
  nombre: string;
  lista: { operationId: string; ruta: string; path?: Record<string, string>; query?: Record<string, Valor> };
  /** The entry's field the sample uses. */
  campo: string;
  /** Which entry: 0 the first (of a list newest first), 1 the second, -1 the last (of a list oldest first). */
  posicion?: number;
  /** The record the list's path names, found before. */
  despues?: Busqueda;
  /** The sample's one line: which record, and how a fresh stack comes to have one. */
  como: string;
}

const marca = (b: Busqueda) => `{{${b.nombre}}}`;

const sellado = (nombre: string, tipo: string | undefined, como: string, posicion = 0): Busqueda => ({
  nombre,
  lista: {
    operationId: 'listDocuments',
    ruta: '/dte',
    query: { ...(tipo && { tipo }), estado: 'PROCESSED', limit: posicion + 1 },
  },
  campo: 'codigoGeneracion',
  posicion,
  como,
});
const DOCUMENTO = sellado(
  'documento',
  undefined,
  'The newest document MH sealed (on a fresh stack, issue one first: POST /dte/dte01).',
);
const CCF_SELLADO = sellado(
  'ccf',
  'CREDITO_FISCAL',
  'The CCF it adjusts: the newest one MH sealed (on a fresh stack, issue one first: POST /dte/dte03).',
);
const FACTURA_SELLADA = sellado(
  'factura',
  'FACTURA_CONSUMIDOR_FINAL',
  'The Factura: the newest one MH sealed (on a fresh stack, issue one first: POST /dte/dte01, its example).',
);
/** An invalidation replaces a Factura by another issued after it: the two newest. */
const ANULADA = sellado(
  'anulada',
  'FACTURA_CONSUMIDOR_FINAL',
  'The Factura invalidated: the second newest MH sealed (on a fresh stack, issue two: POST /dte/dte01).',
  1,
);
const REEMPLAZANTE = sellado('reemplazo', 'FACTURA_CONSUMIDOR_FINAL', 'Its replacement: the newest Factura MH sealed.');
const recibida = (query: Record<string, Valor>, como: string): Busqueda => ({
  nombre: 'compra',
  lista: { operationId: 'listCompras', ruta: '/compras', query: { ...query, limit: 1 } },
  campo: 'codigoGeneracion',
  como,
});
const COMPRA = recibida({}, 'The newest document received (on a fresh stack, receive one first: POST /compras).');
const POR_CONFIRMAR = recibida(
  { estado: 'POR_CONFIRMAR' },
  'The newest document received that waits for a person (estado POR_CONFIRMAR).',
);
const ENDPOINT: Busqueda = {
  nombre: 'endpoint',
  lista: { operationId: 'listWebhooks', ruta: '/webhooks' },
  campo: 'id',
  posicion: -1,
  como: 'Your newest webhook endpoint (on a fresh stack, register one first: POST /webhooks).',
};
const ENTREGA: Busqueda = {
  nombre: 'evento',
  lista: {
    operationId: 'listWebhookDeliveries',
    ruta: `/webhooks/${marca(ENDPOINT)}/entregas`,
    path: { id: marca(ENDPOINT) },
    query: { limit: 1 },
  },
  campo: 'eventoId',
  despues: ENDPOINT,
  como: 'Its newest event (send it one first: POST /webhooks/{id}/prueba).',
};
const nuevo = (nombre: string, operationId: string, ruta: string, como: string, paginada = true): Busqueda => ({
  nombre,
  lista: { operationId, ruta, ...(paginada && { query: { limit: 1 } }) },
  campo: 'id',
  como,
});
/** The records an `id` in a path names, by the path's first segment. */
const POR_COLECCION: Record<string, Busqueda> = {
  webhooks: ENDPOINT,
  // The latest hundred, unpaged.
  importaciones: nuevo(
    'importacion',
    'listImportaciones',
    '/importaciones',
    'The newest import (on a fresh stack, start one first: POST /importaciones).',
    false,
  ),
  clientes: nuevo(
    'cliente',
    'listClientes',
    '/clientes',
    'The newest customer of the book (on a fresh stack, add one first: POST /clientes).',
  ),
  productos: nuevo(
    'producto',
    'listProductos',
    '/productos',
    'The newest product of the catalog (on a fresh stack, add one first: POST /productos).',
  ),
};

/** The record a path parameter names, when it is one of the reader's. */
function busquedaDeParametro(op: Operation, nombre: string): Busqueda | undefined {
  if (nombre === 'codigoGeneracion') {
    if (!op.path.startsWith('/compras/')) return DOCUMENTO;
    return op.path.endsWith('/confirmacion') ? POR_CONFIRMAR : COMPRA;
  }
  if (nombre === 'entrega') return ENTREGA;
  if (nombre === 'id') return POR_COLECCION[op.path.split('/')[1]!];
  return undefined;
}

/** The records a body's example names by the examples' ids (a note's CCF, a retorno's Factura). */
const busquedasDelCuerpo = (op: Operation): Record<string, Busqueda> =>
  op.operationId === 'invalidateDocument'
    ? { [FACTURA]: ANULADA, [REEMPLAZO]: REEMPLAZANTE }
    : { [CCF]: CCF_SELLADO, [FACTURA]: FACTURA_SELLADA };

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
  const busquedas: Busqueda[] = [];
  const hallar = (b: Busqueda) => {
    if (b.despues) hallar(b.despues);
    if (!busquedas.includes(b)) busquedas.push(b);
    return marca(b);
  };
  for (const nombre of Object.keys(ruta)) {
    const b = busquedaDeParametro(op, nombre);
    if (b) ruta[nombre] = hallar(b);
  }
  const ejemplos = op.request?.examples;
  const ejemplo = ejemplos ? (ejemplos.default ?? Object.values(ejemplos)[0])?.value : undefined;
  const enElCuerpo = busquedasDelCuerpo(op);
  const body =
    ejemplo && typeof ejemplo === 'object' && !Array.isArray(ejemplo)
      ? Object.fromEntries(
          Object.entries(ejemplo).map(([k, v]) => [
            k,
            typeof v === 'string' && enElCuerpo[v] ? hallar(enElCuerpo[v]) : v,
          ]),
        )
      : ejemplo;
  const [exito] = Object.entries(op.responses).sort(([a], [b]) => Number(a) - Number(b));
  const tipos = Object.keys(exito?.[1].content ?? {});
  // An operation answering in several formats answers its `formato` parameter's default when given none.
  const formato = (parametros.find((p) => p.name === 'formato')?.schema as JsonSchema | undefined)?.default;
  const tipo =
    tipos.find((t) => formato !== undefined && (EXTENSIONES[t] === formato || t === `application/${formato}`)) ??
    tipos[0] ??
    'application/json';
  const tambienJson = tipo !== 'application/json' && tipos.includes('application/json');
  return {
    op,
    ruta,
    consulta,
    body,
    tipoCuerpo: op.request?.tipo ?? 'application/json',
    tipo,
    tambienJson,
    busquedas,
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
  const camino = op.path.replace(/\{(\w+)\}/g, (_, nombre: string) => {
    const v = String(ruta[nombre]);
    return /^\{\{\w+\}\}$/.test(v) ? v : encodeURIComponent(v);
  });
  return conConsulta(camino, consulta);
}

function conConsulta(camino: string, consulta: [string, Valor][]): string {
  const query = new URLSearchParams(consulta.map(([k, v]) => [k, String(v)])).toString();
  return query ? `${camino}?${query}` : camino;
}

const urlDeLista = (b: Busqueda) => conConsulta(b.lista.ruta, Object.entries(b.lista.query ?? {}));

/**
 * A sample's text with each record it found written in its language's way: `"{{x}}"`, a whole string, is
 * `entera(b)`; `{{x}}` inside a string is `dentro(b)`.
 */
function hallados(
  texto: string,
  busquedas: Busqueda[],
  entera: (b: Busqueda) => string,
  dentro: (b: Busqueda) => string,
): string {
  return busquedas.reduce((t, b) => t.replaceAll(`"${marca(b)}"`, entera(b)).replaceAll(marca(b), dentro(b)), texto);
}

const variableSh = (b: Busqueda) => b.nombre.toUpperCase();
const enSh = (texto: string, busquedas: Busqueda[]) =>
  hallados(
    texto,
    busquedas,
    (b) => `"$${variableSh(b)}"`,
    (b) => `$${variableSh(b)}`,
  );
const enPy = (texto: string, busquedas: Busqueda[]) =>
  hallados(
    texto,
    busquedas,
    (b) => b.nombre,
    (b) => `" + ${b.nombre} + "`,
  ).replaceAll(' + ""', '');
const enTs = (texto: string, busquedas: Busqueda[]) =>
  hallados(
    texto,
    busquedas,
    (b) => `${b.nombre}.${b.campo}`,
    (b) => `\${${b.nombre}.${b.campo}}`,
  );

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
  const { op, busquedas } = l;
  const metodo = op.method === 'get' ? '' : ` -X ${op.method.toUpperCase()}`;
  const lineas = [`curl -sS --fail-with-body${metodo} "$DTE_API_URL${url(l)}"`];
  if (op.authenticated) lineas.push(`-H "Authorization: Bearer $DTE_TOKEN"`);
  // A key of the caller's: sending the same one again retries safely.
  if (op.idempotent) lineas.push(`-H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')"`);
  const fin = esArchivo(l) ? 'ARCHIVO' : 'JSON';
  const campo = campoDeArchivo(l);
  if (campo) lineas.push(`-F "${campo}=@${ARCHIVO_DE_FORMULARIO}"`);
  const json = l.body !== undefined && !esArchivo(l) ? JSON.stringify(l.body, null, 2) : undefined;
  // A body naming a record found is expanded by the shell, so its own `$`, backquote and backslash are escaped.
  const expande = json !== undefined && busquedas.some((b) => json.includes(marca(b)));
  if (l.body !== undefined)
    lineas.push(`-H "Content-Type: ${l.tipoCuerpo}"`, `--data-binary @- <<${expande ? fin : `'${fin}'`}`);
  else if (!esJson(l) && EXTENSIONES[l.tipo]) lineas.push(`-o ${archivo(l)}`);
  const orden = lineas.join(' \\\n  ');
  if (campo) return `# ${QUE_ARCHIVO}\n${orden}`;
  const halla = busquedas.map(
    (b) =>
      `# ${b.como}\n${variableSh(b)}=$(curl -sS --fail-with-body "$DTE_API_URL${urlDeLista(b)}" -H "Authorization: Bearer $DTE_TOKEN" \\\n` +
      `  | grep -o '"${b.campo}":"[^"]*"' | ${b.posicion === -1 ? 'tail -1' : `sed -n ${(b.posicion ?? 0) + 1}p`} | cut -d'"' -f4)\n`,
  );
  const cuerpo =
    l.body === undefined
      ? ''
      : `\n${esArchivo(l) ? l.body.replace(/\n$/, '') : expande ? json!.replace(/[\\$`]/g, '\\$&') : json}\n${fin}`;
  return enSh(`${halla.join('')}${orden}${cuerpo}`, busquedas);
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
  if (Object.keys(l.ruta).length) args.path = l.ruta;
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
  const lineas = [
    ...(binario ? [`import { writeFile } from 'node:fs/promises';`] : []),
    `import { DteClient } from '@dte/client';`,
    '',
    `const client = new DteClient({ baseUrl: process.env.DTE_API_URL!, token: process.env.DTE_TOKEN! });`,
    ...l.busquedas.flatMap((b) => {
      const { operationId, path, query } = b.lista;
      const argumentos = { ...(path && { path }), ...(query && { query }) };
      const entradas = `(await client.operaciones.${operationId}(${Object.keys(argumentos).length ? literal(argumentos, TS) : ''})).data`;
      return [
        `// ${b.como}`,
        `const ${b.nombre} = ${entradas}.at(${b.posicion ?? 0});`,
        `if (!${b.nombre}) throw new Error(${JSON.stringify(b.como)});`,
      ];
    }),
    `const respuesta = ${llamado};`,
    ...(binario && l.tambienJson
      ? [`if (!(respuesta instanceof Blob)) throw new Error('Expected the file, got ' + JSON.stringify(respuesta));`]
      : []),
    salida,
  ];
  return enTs(lineas.join('\n'), l.busquedas);
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
    `os.environ["DTE_API_URL"] + ${JSON.stringify(url(l))}`,
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
  // The records found first, each the newest entry of a list read by one small function.
  const halla = l.busquedas.length
    ? [
        'def lista(ruta):',
        '    pedido = urllib.request.Request(',
        '        os.environ["DTE_API_URL"] + ruta,',
        '        headers={"Authorization": "Bearer " + os.environ["DTE_TOKEN"]},',
        '    )',
        '    return json.load(urllib.request.urlopen(pedido))["data"]',
        '',
        ...l.busquedas.flatMap((b) => [
          `# ${b.como}`,
          `${b.nombre} = lista(${JSON.stringify(urlDeLista(b))})[${b.posicion ?? 0}][${JSON.stringify(b.campo)}]`,
        ]),
      ]
    : [];
  const lineas = [
    `import json, os, sys, urllib.error, urllib.request${op.idempotent || campo ? ', uuid' : ''}`,
    '',
    ...formulario,
    ...halla,
    `req = urllib.request.Request(\n${argumentos.map((a) => `    ${a},`).join('\n')}\n)`,
    'try:',
    '    with urllib.request.urlopen(req) as res:',
    `        ${salida}`,
    'except urllib.error.HTTPError as e:',
    '    sys.exit(f"{e.code} {e.read().decode()}")',
  ];
  return enPy(lineas.join('\n'), l.busquedas);
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
