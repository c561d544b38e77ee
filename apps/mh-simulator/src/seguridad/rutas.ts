import { timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { claveOf } from '@dte/domain';
import type { Controles } from '../control/estado';
import type { Emisor, Store } from '../store';
import { nitDelToken, type Tokens } from './token';

/** What an authenticated request carries to the MH handlers. */
export interface Sesion {
  emisor: Emisor;
  /** MH's clock for this emisor. */
  ahora: Date;
}

export function sesion(res: { locals: Record<string, unknown> }): Sesion {
  return res.locals.sesion as Sesion;
}

/** The API password is kept the way MH keeps certificate passwords: SHA-512 hex, compared in constant time. */
export const pwdClave = claveOf;

/** `POST /seguridad/auth`: form fields user/pwd; errors come back HTTP 200 with status ERROR (Manual Técnico §4.1). */
export function rutasSeguridad(store: Store, tokens: Tokens, controles: Controles): Router {
  const router = Router();
  router.post('/seguridad/auth', async (req, res) => {
    const { user, pwd } = (req.body ?? {}) as { user?: unknown; pwd?: unknown };
    const error = (message: string) => res.status(200).json({ status: 'ERROR', error: 'Unauthorized', message });
    if (typeof user !== 'string' || typeof pwd !== 'string' || !user || !pwd) {
      return error('ERROR EN PARÁMETRO SOLICITADO: user, pwd');
    }
    const emisor = await store.emisores.porNit(user);
    if (!emisor) return error('Usuario no valido');
    if (!timingSafeEqual(Buffer.from(emisor.pwdClave, 'hex'), Buffer.from(pwdClave(pwd), 'hex'))) {
      return error('CREDENCIALES INVÁLIDAS');
    }
    res.json({
      status: 'OK',
      body: {
        user,
        token: await tokens.emitir(user, await controles.ahora(user)),
        rol: {
          nombre: 'Usuario',
          codigo: 'ROLE_USER',
          descripcion: null,
          rolSuperior: null,
          nivel: null,
          activo: null,
          permisos: null,
        },
        roles: ['ROLE_USER'],
        tokenType: 'Bearer',
      },
    });
  });
  return router;
}

/** Every other MH endpoint needs the token in `Authorization`; 401 with MH's auth error shape otherwise. */
export function requiereToken(store: Store, tokens: Tokens, controles: Controles): RequestHandler {
  return async (req, res, next) => {
    const authorization = req.headers.authorization;
    const unauthorized = (message: string) => res.status(401).json({ status: 'ERROR', error: 'Unauthorized', message });
    if (!authorization) return unauthorized('ERROR TOKEN ES REQUERIDO');
    const ahora = await controles.ahora(nitDelToken(authorization));
    const nit = await tokens.verificar(authorization, ahora);
    const emisor = nit ? await store.emisores.porNit(nit) : null;
    if (!emisor) return unauthorized('ERROR TOKEN INVÁLIDO');
    res.locals.sesion = { emisor, ahora } satisfies Sesion;
    next();
  };
}
