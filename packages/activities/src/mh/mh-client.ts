import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, isAxiosError } from 'axios';
import { cerradoAlReusar, conexionNueva } from '../socket-reusado';

/** A call whose outcome we know (MH answered), or one we cannot know (timeout, reset, 5xx). */
export type MhCall<T> = { answered: true; status: number; body: T } | { answered: false; reason: string };

export interface MhCredentials {
  nit: string;
  password: string;
}

/** One MH call as the metrics see it: the endpoint without ids, MH's `estado` or why there is none, `codigoMsg`. */
export interface MhCallRecord {
  endpoint: string;
  result: string;
  codigo: string;
}

/**
 * MH's reception API. One instance per process: auth tokens are cached per emisor until they expire
 * (24 h in production, 48 h in test) and renewed on a 401, so documents never pay for a login.
 */
export class MhClient {
  private readonly http: AxiosInstance;
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    baseUrl: string,
    timeoutMs: number,
    private readonly observe: (call: MhCallRecord) => void = () => undefined,
  ) {
    this.http = axios.create({
      baseURL: baseUrl,
      timeout: timeoutMs,
      headers: { 'User-Agent': 'dte-service' },
      validateStatus: () => true,
      // MH's API does not redirect. Without follow-redirects, a failed request is Node's own, which tells
      // whether it went on a reused socket (`enviar`).
      maxRedirects: 0,
    });
  }

  /**
   * One exchange with MH. A read (or a login) written on a kept-alive socket that MH had closed is sent
   * once more on a new connection; a write is not, as MH may have taken it: what MH's rules say of an
   * unknown outcome applies to it (consult, then send again).
   */
  private async enviar(request: AxiosRequestConfig): Promise<AxiosResponse> {
    try {
      return await this.http.request(request);
    } catch (err) {
      if (!soloLee(request) || !isAxiosError(err) || !cerradoAlReusar(err, err.request)) throw err;
      return this.http.request({ ...request, httpAgent: conexionNueva.http, httpsAgent: conexionNueva.https });
    }
  }

  private async token(creds: MhCredentials, renew = false): Promise<string> {
    const cached = this.tokens.get(creds.nit);
    if (cached && !renew && cached.expiresAt > Date.now()) return cached.token;
    const res = await this.enviar({
      method: 'POST',
      url: '/seguridad/auth',
      data: new URLSearchParams({ user: creds.nit, pwd: creds.password }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    // An unavailable MH is an unanswered call, not a refused login: the caller's outage policy applies.
    if (res.status >= 500) throw new MhUnavailableError(`MH authentication answered HTTP ${res.status}`);
    const token: unknown = res.data?.body?.token;
    if (res.status !== 200 || res.data?.status !== 'OK' || typeof token !== 'string') {
      throw new MhAuthError(`MH authentication failed for ${creds.nit}: ${res.data?.message ?? res.status}`);
    }
    this.tokens.set(creds.nit, { token, expiresAt: expiryOf(token) });
    return token;
  }

  /** POSTs with the emisor's token; a 401 renews the token once. Transport failures become `answered: false`. */
  post<T>(creds: MhCredentials, path: string, body: unknown): Promise<MhCall<T>> {
    return this.call<T>(creds, { method: 'POST', url: path, data: body });
  }

  /** GETs with the emisor's token, like `post`. */
  get<T>(creds: MhCredentials, path: string): Promise<MhCall<T>> {
    return this.call<T>(creds, { method: 'GET', url: path });
  }

  private async call<T>(creds: MhCredentials, request: AxiosRequestConfig): Promise<MhCall<T>> {
    const endpoint = endpointOf(request.url!);
    const observe = (result: string, codigo = '') => this.observe({ endpoint, result, codigo });
    const unanswered = (reason: string): MhCall<T> => {
      observe('UNANSWERED');
      return { answered: false, reason };
    };
    try {
      const send = async (renew: boolean) =>
        this.enviar({ ...request, headers: { Authorization: await this.token(creds, renew) } });
      let res = await send(false);
      if (res.status === 401) res = await send(true);
      if (res.status >= 500 || typeof res.data !== 'object' || res.data === null) {
        return unanswered(`MH answered HTTP ${res.status}`);
      }
      const { estado, codigoMsg } = res.data as { estado?: unknown; codigoMsg?: unknown };
      observe(
        typeof estado === 'string' ? estado : `HTTP_${res.status}`,
        typeof codigoMsg === 'string' ? codigoMsg : '',
      );
      return { answered: true, status: res.status, body: res.data as T };
    } catch (err) {
      if (err instanceof MhUnavailableError) return unanswered(err.message);
      if (err instanceof MhAuthError) {
        observe('AUTH_REFUSED');
        throw err;
      }
      if (isAxiosError(err)) return unanswered(err.code ? `${err.code}: ${err.message}` : err.message);
      throw err;
    }
  }
}

/** MH's calls that change nothing there: a login and the consultas. */
const LECTURAS = new Set(['/seguridad/auth', '/fesv/recepcion/consultadte']);

function soloLee(request: AxiosRequestConfig): boolean {
  return request.method === 'GET' || LECTURAS.has(endpointOf(request.url!));
}

/** The path as a metric label: no trailing slash, and ids (a lote's code) folded so the label stays bounded. */
function endpointOf(path: string): string {
  return path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (/^[0-9A-Fa-f-]{16,}$/.test(segment) ? ':id' : segment))
    .join('/');
}

export class MhAuthError extends Error {}
class MhUnavailableError extends Error {}

/** MH tokens are JWTs; cache them until a minute before `exp` (24 h when it cannot be read). */
function expiryOf(bearer: string): number {
  try {
    const payload = JSON.parse(Buffer.from(bearer.replace(/^Bearer /, '').split('.')[1]!, 'base64url').toString());
    if (typeof payload.exp === 'number') return payload.exp * 1000 - 60_000;
  } catch {
    /* not a JWT: fall through */
  }
  return Date.now() + 24 * 3600_000 - 60_000;
}
