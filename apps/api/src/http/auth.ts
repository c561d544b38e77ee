import type { RequestHandler } from 'express';
import { hashToken } from '@dte/activities';
import { DteError, ErrorCode } from '@dte/domain';
import type { Issuer } from '@dte/domain/workflow-contract';
import type { ApiContext } from '../context';

export interface Authenticated extends Issuer {
  permissions: string[];
}

declare module 'express-serve-static-core' {
  interface Request {
    auth: Authenticated;
  }
}

/** `x-api-token: <token>` or `Authorization: Bearer <token>`; tokens are looked up by their SHA-256. */
export function authenticate(ctx: ApiContext): RequestHandler {
  return async (req, _res, next) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.header('authorization') ?? '')?.[1];
    const token = req.header('x-api-token') ?? bearer;
    if (!token) {
      throw new DteError(
        ErrorCode.AUTH_TOKEN_MISSING,
        401,
        'Falta el token de API: envíe x-api-token o Authorization: Bearer <token>',
      );
    }
    const record = await ctx.db.models.ApiToken.findOne({ _id: hashToken(token.trim()), revokedAt: null }).lean();
    if (!record) throw new DteError(ErrorCode.AUTH_TOKEN_INVALID, 401, 'El token de API no existe o fue revocado');
    req.auth = {
      tokenId: record.id,
      emisorId: record.emisorId,
      establecimientoId: record.establecimientoId,
      puntoVentaId: record.puntoVentaId,
      permissions: record.permissions,
    };
    next();
  };
}

export function requirePermission(auth: Authenticated, permission: string): void {
  if (!auth.permissions.includes(permission)) {
    throw new DteError(ErrorCode.PERMISSION_DENIED, 403, `El token no tiene el permiso ${permission}`, { permission });
  }
}
