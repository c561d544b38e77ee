import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DteApiError, DteClient, retryAfterMs } from '../src';

/** One request as the server got it, and when. */
interface Llegada {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  en: number;
}

type Respuesta = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A real HTTP server on loopback that answers, in order, what the test queued (then 200 `{}`), and keeps
 * every request: the client's retries are observed on the wire, as the API would see them.
 */
class Servidor {
  readonly llegadas: Llegada[] = [];
  cola: Respuesta[] = [];
  url = '';
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.llegadas.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        en: Date.now(),
      });
      const r = this.cola.shift() ?? { status: 200, body: '{}' };
      res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers }).end(r.body ?? '');
    });
  });

  async iniciar(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  cerrar(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const rechazo = (status: number, code: string, headers: Record<string, string> = {}): Respuesta => ({
  status,
  headers: { 'x-request-id': `req-${status}`, ...headers },
  body: JSON.stringify({ status: 'error', code, message: `refused ${code}` }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FACTURA = {
  receptor: {},
  items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
  condicionOperacion: 1 as const,
};

describe('DteClient against a local HTTP server', () => {
  const servidor = new Servidor();
  let client: DteClient;
  beforeAll(() => servidor.iniciar());
  afterAll(() => servidor.cerrar());
  beforeEach(() => {
    servidor.llegadas.length = 0;
    servidor.cola = [];
    client = new DteClient({ baseUrl: `${servidor.url}/`, token: 'tok_secreto' });
  });

  it('sends the token as a bearer, the path and query parameters, and the JSON body', async () => {
    servidor.cola = [{ status: 200, body: JSON.stringify({ status: 'success', data: [], cursor: null }) }];
    const page = await client.operaciones.listDocuments({ query: { estado: 'PROCESSED', limit: 5, tipo: undefined } });
    expect(page).toEqual({ status: 'success', data: [], cursor: null });
    await client.operaciones.getDocument({ path: { codigoGeneracion: 'A/B' } });
    const [lista, uno] = servidor.llegadas;
    expect(lista).toMatchObject({ method: 'GET', url: '/dte?estado=PROCESSED&limit=5' });
    expect(lista!.headers.authorization).toBe('Bearer tok_secreto');
    expect(lista!.headers['idempotency-key']).toBeUndefined();
    // A path parameter is one segment, whatever it holds.
    expect(uno!.url).toBe('/dte/A%2FB');
  });

  it('gives every POST an Idempotency-Key of its own unless one is given', async () => {
    await client.operaciones.issueFacturaConsumidorFinal({ body: FACTURA });
    await client.operaciones.issueFacturaConsumidorFinal({ body: FACTURA });
    await client.operaciones.issueFacturaConsumidorFinal({ body: FACTURA, idempotencyKey: 'pedido-42' });
    const claves = servidor.llegadas.map((l) => l.headers['idempotency-key']);
    expect(claves[0]).toMatch(UUID);
    expect(claves[1]).toMatch(UUID);
    expect(claves[1]).not.toBe(claves[0]);
    expect(claves[2]).toBe('pedido-42');
    expect(servidor.llegadas[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(servidor.llegadas[0]!.body)).toEqual(FACTURA);
  });

  it('retries a 429 after its Retry-After seconds, with the same Idempotency-Key', async () => {
    servidor.cola = [rechazo(429, 'RATE_LIMITED', { 'retry-after': '1' }), { status: 201, body: '{"ok":1}' }];
    expect(await client.operaciones.issueFacturaConsumidorFinal({ body: FACTURA })).toEqual({ ok: 1 });
    const [primera, segunda] = servidor.llegadas;
    expect(servidor.llegadas).toHaveLength(2);
    expect(segunda!.en - primera!.en).toBeGreaterThanOrEqual(1000 - 5);
    expect(segunda!.headers['idempotency-key']).toBe(primera!.headers['idempotency-key']);
    expect(segunda!.body).toBe(primera!.body);
  });

  it('retries a 503 no earlier than the HTTP date of its Retry-After', async () => {
    const cuando = new Date(Date.now() + 2000).toUTCString();
    servidor.cola = [rechazo(503, 'SERVICE_UNAVAILABLE', { 'retry-after': cuando }), { status: 200, body: '{}' }];
    await client.operaciones.getInformation();
    expect(servidor.llegadas).toHaveLength(2);
    expect(servidor.llegadas[1]!.en).toBeGreaterThanOrEqual(Date.parse(cuando) - 5);
  });

  it('backs off without Retry-After, and gives up after maxRetries with the last error', async () => {
    servidor.cola = [0, 1, 2].map(() => rechazo(503, 'SERVICE_UNAVAILABLE'));
    const error = await client.operaciones.getInformation().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DteApiError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', requestId: 'req-503' });
    // maxRetries 2: three attempts, each after a pause (exponential from 500 ms, jitter down to half).
    const en = servidor.llegadas.map((l) => l.en);
    expect(en).toHaveLength(3);
    expect(en[1]! - en[0]!).toBeGreaterThanOrEqual(250 - 5);
    expect(en[2]! - en[1]!).toBeGreaterThanOrEqual(500 - 5);
  });

  it('does not wait for a Retry-After beyond maxRetryDelayMs, nor retry with maxRetries 0', async () => {
    servidor.cola = [rechazo(429, 'RATE_LIMITED', { 'retry-after': '3600' })];
    await expect(client.operaciones.getInformation()).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    const sinReintentos = new DteClient({ baseUrl: servidor.url, token: 't', maxRetries: 0 });
    servidor.cola = [rechazo(429, 'RATE_LIMITED', { 'retry-after': '1' })];
    await expect(sinReintentos.operaciones.getInformation()).rejects.toMatchObject({ status: 429 });
    expect(servidor.llegadas).toHaveLength(2);
  });

  it('throws other refusals at once, with the API’s code, message and fields', async () => {
    servidor.cola = [
      {
        status: 400,
        body: JSON.stringify({
          status: 'error',
          code: 'VALIDATION_ERROR',
          message: 'Datos inválidos',
          errors: [{ field: 'items[0].cantidad', message: 'debe ser positivo' }],
        }),
      },
    ];
    const error = (await client.operaciones
      .issueFacturaConsumidorFinal({ body: FACTURA })
      .catch((e: unknown) => e)) as DteApiError;
    expect(servidor.llegadas).toHaveLength(1);
    expect(error).toBeInstanceOf(DteApiError);
    expect(error.message).toBe('Datos inválidos');
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors).toEqual([{ field: 'items[0].cantidad', message: 'debe ser positivo' }]);
  });

  it('answers a non-JSON body as a Blob of its content type, and a foreign error without a code', async () => {
    servidor.cola = [
      { status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7' },
      { status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' },
    ];
    const pdf = await client.operaciones.getPdf({ path: { codigoGeneracion: 'X' } });
    expect(pdf).toBeInstanceOf(Blob);
    expect((pdf as Blob).type).toBe('application/pdf');
    expect(await (pdf as Blob).text()).toBe('%PDF-1.7');
    await expect(client.operaciones.getInformation()).rejects.toMatchObject({
      status: 502,
      code: undefined,
      message: '<h1>Bad gateway</h1>',
    });
  });

  it('iterates every entry of a list read by cursor, page after page', async () => {
    const pagina = (data: number[], cursor: string | null) => ({
      status: 200,
      body: JSON.stringify({ status: 'success', data, cursor }),
    });
    servidor.cola = [pagina([1, 2], 'c1'), pagina([3], 'c2'), pagina([], null)];
    const vistos: unknown[] = [];
    for await (const d of client.paginar('listDocuments', { query: { estado: 'PROCESSED' } })) vistos.push(d);
    expect(vistos).toEqual([1, 2, 3]);
    expect(servidor.llegadas.map((l) => l.url)).toEqual([
      '/dte?estado=PROCESSED',
      '/dte?estado=PROCESSED&cursor=c1',
      '/dte?estado=PROCESSED&cursor=c2',
    ]);
  });
});

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    const ahora = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterMs('7', ahora)).toBe(7000);
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:30 GMT', ahora)).toBe(30_000);
    // A date already past: retry now.
    expect(retryAfterMs('Fri, 27 Nov 2026 11:00:00 GMT', ahora)).toBe(0);
    expect(retryAfterMs(null, ahora)).toBeNull();
    expect(retryAfterMs('soon', ahora)).toBeNull();
    expect(retryAfterMs('-3', ahora)).toBeNull();
  });
});
