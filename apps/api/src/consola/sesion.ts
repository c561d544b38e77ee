import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import { DteError, ErrorCode } from '@dte/domain';
import { activeApiTokenByHash, hashToken, SesionesConsola } from '@dte/store';
import type { ApiContext } from '../context';

/*
 * The console's sessions, kept by the server (`SesionesConsola`): the cookie holds a random id, the
 * database its SHA-256 with the token's hash. Each request reads the token's record again, so a revoked
 * token ends its sessions at once.
 */

export interface Sesion {
  csrf: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    sesionConsola?: Sesion;
  }
}

/** A working day: a person signs in again the next one. */
export const SESION_HORAS = 10;
export const COOKIE = 'dte_consola';
/** The sign-in form's own CSRF token, before there is a session (double submit: cookie and field agree). */
const COOKIE_ENTRADA = 'dte_consola_entrada';

const sesiones = (ctx: ApiContext) => new SesionesConsola(ctx.db.connection);
const aleatorio = () => randomBytes(32).toString('base64url');
const clave = (id: string) => createHash('sha256').update(id, 'utf8').digest('hex');

/**
 * The request's cookies. Another application on the same host may have set any of them: one whose value
 * does not decode is kept as it came, which never matches the console's own (random base64url values).
 */
function cookies(req: Request): Record<string, string | undefined> {
  return parseCookies(req.header('cookie') ?? '');
}

/** HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure over https. */
function ponerCookie(req: Request, res: Response, nombre: string, valor: string, segundos: number): void {
  const atributos = [`${nombre}=${valor}`, 'Path=/consola', 'HttpOnly', 'SameSite=Strict', `Max-Age=${segundos}`];
  if (req.secure) atributos.push('Secure');
  res.append('Set-Cookie', atributos.join('; '));
}

const iguales = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The sign-in form's CSRF token, set in its cookie as the form is shown. */
export function csrfDeEntrada(req: Request, res: Response): string {
  const csrf = cookies(req)[COOKIE_ENTRADA] || aleatorio();
  ponerCookie(req, res, COOKIE_ENTRADA, csrf, 3600);
  return csrf;
}

export function comprobarCsrfDeEntrada(req: Request): void {
  comprobarCsrf(cookies(req)[COOKIE_ENTRADA], req);
}

function comprobarCsrf(esperado: string | undefined, req: Request): void {
  const recibido = (req.body as Record<string, unknown> | undefined)?.csrf;
  if (!esperado || typeof recibido !== 'string' || !iguales(esperado, recibido))
    throw new DteError(
      ErrorCode.CSRF_TOKEN_INVALID,
      403,
      'El formulario no trae el token CSRF de la sesión: recargue la página',
      { field: 'csrf' },
    );
}

/** Signs in with an API token: the same record the API would authenticate (not revoked). */
export async function abrirSesion(ctx: ApiContext, req: Request, res: Response, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  if (!(await activeApiTokenByHash(ctx.db.models, tokenHash)))
    throw new DteError(ErrorCode.AUTH_TOKEN_INVALID, 401, 'El token de API no existe o fue revocado');
  const id = aleatorio();
  const creada = new Date();
  await sesiones(ctx).abrir({
    _id: clave(id),
    tokenHash,
    csrf: aleatorio(),
    creada,
    expira: new Date(creada.getTime() + SESION_HORAS * 3600_000),
  });
  ponerCookie(req, res, COOKIE, id, SESION_HORAS * 3600);
  ponerCookie(req, res, COOKIE_ENTRADA, '', 0);
}

export async function cerrarSesion(ctx: ApiContext, req: Request, res: Response): Promise<void> {
  const id = cookies(req)[COOKIE];
  if (id) await sesiones(ctx).cerrar(clave(id));
  ponerCookie(req, res, COOKIE, '', 0);
}

/**
 * Reads the session of the cookie: a live one gives the request its token (`req.tokenDeSesion`, which the
 * API's `authenticate` then checks as it checks a header's) and, on a POST, requires its CSRF token. No
 * session, an ended one or a revoked token: a page goes to the sign-in form, a form is refused.
 */
export function sesion(ctx: ApiContext): RequestHandler {
  return async (req, res, next) => {
    const id = cookies(req)[COOKIE];
    const registro = id ? await sesiones(ctx).leer(clave(id)) : null;
    const vigente = registro && registro.expira.getTime() > Date.now() ? registro : null;
    if (registro && !vigente) await sesiones(ctx).cerrar(registro._id);
    // A person's session (issue 50) is not served here yet: it has no token.
    const token = vigente?.tokenHash && (await activeApiTokenByHash(ctx.db.models, vigente.tokenHash));
    if (!vigente || !token) {
      if (req.method === 'GET') return res.redirect(303, '/consola/entrar');
      throw new DteError(ErrorCode.AUTH_TOKEN_MISSING, 401, 'La sesión terminó: vuelva a entrar');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') comprobarCsrf(vigente.csrf, req);
    req.tokenDeSesion = token;
    req.sesionConsola = { csrf: vigente.csrf };
    next();
  };
}
