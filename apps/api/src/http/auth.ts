import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { hashToken, issuerNotProvisioned, issuerRecords, type ApiTokenRecord } from '@dte/store';
import { DteError, ErrorCode, type Actor } from '@dte/domain';
import type { Issuer } from '@dte/contract';
import type { ApiContext } from '../context';

export interface Authenticated extends Issuer {
  permissions: string[];
  /** Who acts, as the audit log records them: the token (its name), or the person of a console session. */
  actor: Actor;
  /** A person's token (their membership's, `usuarioId` set), not a machine's: held to the person's permissions alone. */
  esDePersona: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth: Authenticated;
    /**
     * The active token of the console's session (apps/api/src/consola), set only by the console once it has
     * read the session cookie: its requests are authenticated as that token's, by the code below.
     */
    tokenDeSesion?: ApiTokenRecord;
    /** The person of the console's session, who acts with `tokenDeSesion` (their membership's token). */
    actorDeSesion?: Actor;
  }
}

/**
 * `x-api-token: <token>` or `Authorization: Bearer <token>`; tokens are looked up by their SHA-256, through
 * the tenant cache (a revoked token is refused by every API process within TENANT_CACHE_SECONDS). The
 * token's emisor, establishment and point of sale must exist, belong together and be active, so a request
 * is never started for an issuer the worker cannot build documents for. An authenticated request then
 * counts against its token's per-minute budget (see tokenRateLimit).
 */
export function authenticate(ctx: ApiContext): RequestHandler {
  const limit = tokenRateLimit(ctx);
  return async (req, res, next) => {
    await identify(ctx, req);
    await limit(req, res, next);
  };
}

async function identify(ctx: ApiContext, req: Request): Promise<void> {
  const record = req.tokenDeSesion ?? (await ctx.tenants.apiToken(hashToken(presentedToken(req))));
  if (!record) throw new DteError(ErrorCode.AUTH_TOKEN_INVALID, 401, 'El token de API no existe o fue revocado');
  const issuer = {
    tokenId: record.id,
    emisorId: record.emisorId,
    establecimientoId: record.establecimientoId,
    puntoVentaId: record.puntoVentaId,
  };
  // A change (deactivation, deletion) reaches the API within TENANT_CACHE_SECONDS, as it reaches the workers.
  if (!(await issuerRecords(ctx.tenants, issuer))) throw issuerNotProvisioned(issuer);
  const actor: Actor = req.actorDeSesion ?? { tipo: 'TOKEN', id: record.id, nombre: record.name };
  req.auth = { ...issuer, permissions: record.permissions, actor, esDePersona: Boolean(record.usuarioId) };
  req.log = req.log.child({ emisorId: record.emisorId });
}

/** The one token of the request: two headers naming different tokens are refused, not guessed between. */
function presentedToken(req: Request): string {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.header('authorization') ?? '')?.[1]?.trim();
  const apiToken = req.header('x-api-token')?.trim();
  if (apiToken && bearer && apiToken !== bearer)
    throw new DteError(
      ErrorCode.AUTH_TOKEN_AMBIGUOUS,
      400,
      'x-api-token y Authorization traen tokens distintos: envíe uno solo, o el mismo en ambos',
    );
  const token = apiToken || bearer;
  if (!token) {
    throw new DteError(
      ErrorCode.AUTH_TOKEN_MISSING,
      401,
      'Falta el token de API: envíe x-api-token o Authorization: Bearer <token>',
    );
  }
  return token;
}

/** One limiter per API context, so every route of a process draws on the same budget of a token. */
const limiters = new WeakMap<ApiContext, RequestHandler>();

/**
 * RATE_LIMIT_PER_MINUTE requests per token and minute, counted in this process's memory: with several API
 * replicas a token gets that many per replica. The answers carry the IETF `RateLimit` and
 * `RateLimit-Policy` headers; a refusal is 429 RATE_LIMITED with `Retry-After`.
 */
function tokenRateLimit(ctx: ApiContext): RequestHandler {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = rateLimit({
      windowMs: 60_000,
      limit: ctx.config.RATE_LIMIT_PER_MINUTE,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      identifier: 'token',
      keyGenerator: (req) => String(req.auth.tokenId),
      handler: (_req, res, next) => {
        const retryAfter = Number(res.getHeader('Retry-After'));
        next(
          new DteError(
            ErrorCode.RATE_LIMITED,
            429,
            `Demasiadas solicitudes con este token: el límite es ${ctx.config.RATE_LIMIT_PER_MINUTE} por minuto; reintente en ${retryAfter} s`,
            { retryAfter },
          ),
        );
      },
    });
    limiters.set(ctx, limiter);
  }
  return limiter;
}

/**
 * The issuer a workflow is started for, and nothing else of the request's authentication: who acted (a
 * person's e-mail) and the permissions stay out of workflow inputs and their histories.
 */
export const issuerDe = ({ tokenId, emisorId, establecimientoId, puntoVentaId }: Authenticated): Issuer => ({
  tokenId,
  emisorId,
  establecimientoId,
  puntoVentaId,
});

/** Refuses (403) a request whose token holds neither `permission` nor any of `tambien` (each enough too). */
export function requirePermission(auth: Authenticated, permission: string, ...tambien: string[]): void {
  if (![permission, ...tambien].some((p) => auth.permissions.includes(p))) {
    // A person reads it in the console: what stops them is their role, which an administrator changes.
    const quien = auth.actor.tipo === 'USUARIO' ? 'Su rol en este emisor no tiene' : 'El token no tiene';
    throw new DteError(ErrorCode.PERMISSION_DENIED, 403, `${quien} el permiso ${permission}`, { permission });
  }
}
