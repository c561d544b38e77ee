import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import multer from 'multer';
import { MAX_IMPORTACION } from '../routes/importaciones';
import type { Request, RequestHandler, Response } from 'express';
import { DteError, ErrorCode } from '@dte/domain';
import {
  activeApiTokenByHash,
  hashToken,
  Personas,
  rolEn,
  SecretBox,
  SesionesConsola,
  Tenants,
  type ApiTokenRecord,
  type SesionRecord,
  type UsuarioRecord,
} from '@dte/store';
import type { ApiContext } from '../context';
import { actorDeUsuario } from '../http/auditoria';

/*
 * The console's sessions, kept by the server (`SesionesConsola`): the cookie holds a random id, the
 * database its SHA-256 with who signed in — an API token's hash, or a person. Each request reads the token
 * again, and a person's membership and its token (`Personas`), so a revoked token or a disabled person
 * ends its sessions at once.
 */

/**
 * Where a person's session stands: it gave the password and owes the second factor, it has not picked an
 * emisor, its emisor requires a second factor the person has not enrolled, or it works (`LISTA`).
 */
export type PasoDeSesion = 'SEGUNDO_FACTOR' | 'EMISOR' | 'ENROLAR' | 'LISTA';

export interface Sesion {
  /** SHA-256 of the cookie's id: the session's `_id`. */
  id: string;
  csrf: string;
  /** The person of the session; absent when an API token signed in. */
  usuario?: UsuarioRecord;
  paso: PasoDeSesion;
}

/** The pages each step of a person's session may reach, its own first; `LISTA` reaches every page. */
const PAGINAS_DEL_PASO: Record<Exclude<PasoDeSesion, 'LISTA'>, string[]> = {
  SEGUNDO_FACTOR: ['/segundo-factor', '/salir'],
  EMISOR: ['/emisor', '/salir'],
  ENROLAR: ['/cuenta/segundo-factor', '/emisor', '/salir'],
};

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
export const personas = (ctx: ApiContext) => new Personas(ctx.db, new SecretBox(ctx.config.SECRET_KEY));
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
export async function abrirSesion(
  ctx: ApiContext,
  req: Request,
  res: Response,
  token: string,
): Promise<ApiTokenRecord> {
  const tokenHash = hashToken(token);
  const registro = await activeApiTokenByHash(ctx.db.models, tokenHash);
  if (!registro) throw new DteError(ErrorCode.AUTH_TOKEN_INVALID, 401, 'El token de API no existe o fue revocado');
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
  return registro;
}

/**
 * Signs a person in after their password: the session owes the second factor if they enrolled one. Which
 * emisor they work in is picked next (`elegirEmisor`).
 */
export async function abrirSesionDeUsuario(
  ctx: ApiContext,
  req: Request,
  res: Response,
  usuario: UsuarioRecord,
): Promise<void> {
  const id = aleatorio();
  const creada = new Date();
  await sesiones(ctx).abrir({
    _id: clave(id),
    usuario: {
      id: usuario._id,
      emisorId: null,
      segundoFactor: !usuario.totp?.activo,
      direccion: req.ip ?? '',
      agente: (req.header('user-agent') ?? '').slice(0, 200),
    },
    csrf: aleatorio(),
    creada,
    expira: new Date(creada.getTime() + SESION_HORAS * 3600_000),
  });
  ponerCookie(req, res, COOKIE, id, SESION_HORAS * 3600);
  ponerCookie(req, res, COOKIE_ENTRADA, '', 0);
}

/** The person of the session gave their second factor, or picked the emisor they work in now. */
export async function avanzarSesion(
  ctx: ApiContext,
  req: Request,
  cambio: { segundoFactor: true } | { emisorId: number },
): Promise<void> {
  await sesiones(ctx).cambiarUsuario(req.sesionConsola!.id, cambio);
}

export async function cerrarSesion(ctx: ApiContext, req: Request, res: Response): Promise<void> {
  const id = cookies(req)[COOKIE];
  if (id) await sesiones(ctx).cerrar(clave(id));
  ponerCookie(req, res, COOKIE, '', 0);
}

/**
 * Reads the session of the cookie. A token's live session gives the request its token
 * (`req.tokenDeSesion`, which the API's `authenticate` then checks as it checks a header's). A person's
 * session gives, once it is `LISTA`, the token of their membership in the emisor they picked, with their
 * role's permissions, and names them as the actor (`req.actorDeSesion`); before that it reaches only its
 * step's pages. On a POST the session's CSRF token is required. No session, an ended one, a revoked token,
 * or a person no longer a member there: a page goes to the sign-in form, a form is refused.
 */
export function sesion(ctx: ApiContext): RequestHandler {
  return async (req, res, next) => {
    const id = cookies(req)[COOKIE];
    const registro = id ? await sesiones(ctx).leer(clave(id)) : null;
    const vigente = registro && registro.expira.getTime() > Date.now() ? registro : null;
    if (registro && !vigente) await sesiones(ctx).cerrar(registro._id);
    const usuario = vigente?.usuario ? await personas(ctx).usuarios.leer(vigente.usuario.id) : null;
    const paso = usuario && vigente?.usuario ? await pasoDe(ctx, usuario, vigente.usuario) : 'LISTA';
    // A person disabled in (or removed from) the emisor they work in: the session ends with its request.
    const token = !vigente
      ? null
      : !vigente.usuario
        ? vigente.tokenHash
          ? await activeApiTokenByHash(ctx.db.models, vigente.tokenHash)
          : null
        : usuario && paso === 'LISTA'
          ? await personas(ctx).tokenEn(usuario, vigente.usuario.emisorId!)
          : null;
    const viva = vigente && (vigente.usuario ? usuario && paso && (paso !== 'LISTA' || token) : token);
    if (!viva) {
      if (vigente) await sesiones(ctx).cerrar(vigente._id);
      if (req.method === 'GET') return res.redirect(303, '/consola/entrar');
      throw new DteError(ErrorCode.AUTH_TOKEN_MISSING, 401, 'La sesión terminó: vuelva a entrar');
    }
    if (req.is('multipart/form-data')) await leerSubida(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') comprobarCsrf(vigente.csrf, req);
    req.sesionConsola = { id: vigente._id, csrf: vigente.csrf, paso: paso!, ...(usuario && { usuario }) };
    if (paso && paso !== 'LISTA') {
      const paginas = PAGINAS_DEL_PASO[paso!];
      if (paginas.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
      if (req.method === 'GET') return res.redirect(303, `/consola${paginas[0]}`);
      throw new DteError(ErrorCode.AUTH_TOKEN_MISSING, 401, 'Termine de entrar antes de seguir');
    }
    req.tokenDeSesion = token!;
    if (usuario) req.actorDeSesion = actorDeUsuario(usuario);
    next();
  };
}

/**
 * The largest file a console form takes: a book's import of MAX_FILAS_IMPORTACION rows fits many times; the
 * documents brought from a previous provider (`/importaciones`) as much as POST /importaciones takes.
 */
const MAX_SUBIDA = 5 * 1024 * 1024;
const subidaDe = (maximo: number) =>
  multer({ storage: multer.memoryStorage(), limits: { fileSize: maximo, files: 1, fields: 10 } }).single('archivo');
const SUBIDAS = { general: subidaDe(MAX_SUBIDA), importacion: subidaDe(MAX_IMPORTACION) };

/**
 * A form with a file (`archivo`: the book's import, the documents' import), read once its session is known to
 * be live, so no request without one uploads anything, and before its CSRF field is checked, which comes with it.
 */
function leerSubida(req: Request, res: Response): Promise<void> {
  const importacion = req.path === '/importaciones';
  const maximo = importacion ? MAX_IMPORTACION : MAX_SUBIDA;
  return new Promise((resolve, reject) =>
    SUBIDAS[importacion ? 'importacion' : 'general'](req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return reject(
          new DteError(
            ErrorCode.PAYLOAD_TOO_LARGE,
            413,
            `El archivo es demasiado grande (${maximo / 1024 / 1024} MB como máximo)`,
          ),
        );
      reject(
        err instanceof multer.MulterError
          ? new DteError(ErrorCode.VALIDATION_ERROR, 400, `El formulario no se pudo leer: ${err.message}`)
          : err,
      );
    }),
  );
}

/**
 * The step of a person's session: the second factor owed, the emisor not yet picked, or the second factor
 * their emisor requires not enrolled. Null when the person no longer works in the emisor they picked.
 */
async function pasoDe(
  ctx: ApiContext,
  usuario: UsuarioRecord,
  sesion: NonNullable<SesionRecord['usuario']>,
): Promise<PasoDeSesion | null> {
  if (!sesion.segundoFactor) return 'SEGUNDO_FACTOR';
  if (sesion.emisorId === null) return 'EMISOR';
  if (!rolEn(usuario, sesion.emisorId)) return null;
  const obligatorio = await new Tenants(ctx.db, new SecretBox(ctx.config.SECRET_KEY)).segundoFactorObligatorio(
    sesion.emisorId,
  );
  if (obligatorio && !usuario.totp?.activo) return 'ENROLAR';
  return 'LISTA';
}
