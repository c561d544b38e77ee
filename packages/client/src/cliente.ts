import { DteApiError } from './errores.js';
import { operaciones } from './generated/operaciones.js';
import type {
  Argumentos,
  ArgumentosDe,
  Elemento,
  OperacionPaginada,
  OperationId,
  Opciones,
  PorFormato,
  Respuesta,
  RespuestaCompleta,
} from './tipos.js';

export interface DteClientOptions {
  /** The API's address, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** The API token (sent as `Authorization: Bearer`). */
  token: string;
  /** Another `fetch` (a proxy's, a test's); the global one by default. */
  fetch?: typeof fetch;
  /** Retries of a 429 or 503 answer before its error is thrown; 2 by default, 0 for none. */
  maxRetries?: number;
  /** The longest wait before a retry; a `Retry-After` beyond it is not waited for (the error is thrown). 60 s by default. */
  maxRetryDelayMs?: number;
}

/** One method per operation; those whose answer's type depends on their arguments, overloaded. */
type Metodos = Omit<{ [K in OperationId]: (...args: ArgumentosDe<K>) => Promise<Respuesta<K>> }, keyof PorFormato> &
  PorFormato;

/** Answers worth the same request again, later: the token's budget spent, the service briefly unavailable. */
const REINTENTABLES = new Set([429, 503]);

/** Without a `Retry-After`, exponential from half a second up to 8 s, with jitter so clients spread out. */
function espera(intento: number): number {
  return Math.min(8000, 500 * 2 ** intento) * (0.5 + Math.random() / 2);
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(valor: string | null, ahora = Date.now()): number | null {
  if (valor === null) return null;
  if (/^\d+$/.test(valor.trim())) return Number(valor.trim()) * 1000;
  // Every HTTP-date form begins with the day's name; Date.parse alone would read '-3' as a year.
  const fecha = /^[A-Za-z]{3}/.test(valor) ? Date.parse(valor) : NaN;
  return Number.isNaN(fecha) ? null : Math.max(0, fecha - ahora);
}

function dormir(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abortar = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abortar);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abortar, { once: true });
  });
}

async function contenido(res: Response): Promise<unknown> {
  const tipo = res.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(tipo)) {
    const texto = await res.text();
    return texto === '' ? undefined : JSON.parse(texto);
  }
  if (res.status === 204) return undefined;
  return res.blob();
}

/** An error's body: the API's JSON, or the text of whatever else answered (a proxy's page). */
async function cuerpoDeError(res: Response): Promise<unknown> {
  const texto = await res.text().catch(() => '');
  try {
    return JSON.parse(texto);
  } catch {
    return texto;
  }
}

/**
 * The DTE service's API: `client.operaciones.<operationId>(args)` for each operation of its OpenAPI
 * document, `client.paginar` over the lists read by cursor. Refusals throw `DteApiError`.
 */
export class DteClient {
  /** One method per operation, named by its operationId, answering the response's body. */
  readonly operaciones: Metodos;
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly fetch: typeof fetch;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;

  constructor(options: DteClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.token = options.token;
    // Browsers refuse a fetch called with another `this`.
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.maxRetries = options.maxRetries ?? 2;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.operaciones = Object.fromEntries(
      (Object.keys(operaciones) as OperationId[]).map((id) => [
        id,
        (args?: Argumentos<typeof id>) => this.request(id, args).then((r) => r.data),
      ]),
    ) as unknown as Metodos;
  }

  /** One operation, with its status and headers. */
  async request<K extends OperationId>(operationId: K, ...[args]: ArgumentosDe<K>): Promise<RespuestaCompleta<K>> {
    const { method, path } = operaciones[operationId];
    const {
      path: enRuta,
      query,
      body,
      idempotencyKey,
      signal,
      headers,
    } = (args ?? {}) as Opciones & {
      path?: Record<string, string | number>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const url = new URL(
      this.baseUrl +
        path.replace(/\{(\w+)\}/g, (_, nombre: string) => {
          const valor = enRuta?.[nombre];
          if (valor === undefined) throw new TypeError(`${operationId}: falta el parámetro de ruta ${nombre}`);
          return encodeURIComponent(String(valor));
        }),
    );
    for (const [nombre, valor] of Object.entries(query ?? {}))
      for (const v of Array.isArray(valor) ? valor : [valor])
        if (v !== undefined && v !== null) url.searchParams.append(nombre, String(v));
    const cabeceras: Record<string, string> = { accept: '*/*', ...headers, authorization: `Bearer ${this.token}` };
    // A file (an import's CSV or xlsx) goes as it is, with its own type; anything else as JSON.
    const archivo = body instanceof Blob;
    if (body !== undefined) cabeceras['content-type'] = archivo ? body.type : 'application/json';
    // Every POST is safe to retry, here or by the caller: the same key on each attempt.
    if (method === 'POST') cabeceras['idempotency-key'] = idempotencyKey ?? crypto.randomUUID();
    const init: RequestInit = {
      method,
      headers: cabeceras,
      body: body === undefined ? undefined : archivo ? body : JSON.stringify(body),
      signal,
    };

    for (let intento = 0; ; intento++) {
      const res = await this.fetch(url, init);
      if (res.ok)
        return { status: res.status, headers: res.headers, data: await contenido(res) } as RespuestaCompleta<K>;
      const error = new DteApiError(res.status, await cuerpoDeError(res), res.headers.get('x-request-id'));
      if (!REINTENTABLES.has(res.status) || intento >= this.maxRetries) throw error;
      const ms = retryAfterMs(res.headers.get('retry-after')) ?? espera(intento);
      if (ms > this.maxRetryDelayMs) throw error;
      await dormir(ms, signal);
    }
  }

  /**
   * Every entry of a list read by cursor, page after page, for as long as the API answers a `cursor` (from
   * `args.query.cursor` if given): `for await (const doc of client.paginar('listDocuments', { query }))`.
   */
  async *paginar<K extends OperacionPaginada>(operationId: K, ...[args]: ArgumentosDe<K>): AsyncGenerator<Elemento<K>> {
    const base = (args ?? {}) as Argumentos<K> & { query?: Record<string, unknown> };
    let cursor = base.query?.cursor as string | undefined;
    for (;;) {
      const pagina = (await this.request(
        operationId,
        ...([{ ...base, query: { ...base.query, cursor } }] as ArgumentosDe<K>),
      )) as unknown as { data: { data: Elemento<K>[]; cursor: string | null } };
      yield* pagina.data.data;
      if (pagina.data.cursor === null) return;
      cursor = pagina.data.cursor;
    }
  }
}
