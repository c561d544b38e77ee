import { createHash, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { DteError, ErrorCode } from '@dte/domain';
import { ClavesIdempotencia, type IdempotencyRecord } from '@dte/store';
import type { ApiContext } from '../context';

const KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * Whether a record stored while keys were scoped to the emisor alone (`<emisorId>:<key>`) answers this
 * request: such a record does not say which point of sale made it, so each caller says how to tell.
 */
export type LegacyOwner = (
  ctx: ApiContext,
  req: Request,
  legacy: { codigoGeneracion: string; sameRequest: boolean },
) => Promise<boolean>;

/**
 * Issuance: the document the record's codigoGeneracion names carries the point of sale that issued it. No
 * document means nothing was numbered under it, since it was refused, so a new claim issues the sale once.
 * (A request that had not reached its numbering when the service was upgraded, a matter of seconds, is the
 * one whose retry could issue a second document: no record of its point of sale exists yet to tell.)
 */
export const legacyIssuer: LegacyOwner = async (ctx, req, { codigoGeneracion }) => {
  const doc = await ctx.documents.find(codigoGeneracion, ['emisorId', 'branchId', 'pointOfSaleId']);
  return (
    doc?.emisorId === req.auth.emisorId &&
    doc.branchId === req.auth.establecimientoId &&
    doc.pointOfSaleId === req.auth.puntoVentaId
  );
};

/**
 * Invalidation and resend: their records name an event or a workflow, which keep no point of sale. Their
 * body names the emisor's document they act on, so the same request under the same key is the same
 * operation on the same document whichever point of sale repeats it (a document is invalidated once, and
 * one e-mail of it to one address is what was asked): the record answers it. Another request is not a
 * retry of it and gets a claim of its own.
 */
export const legacySameRequest: LegacyOwner = async (_ctx, _req, { sameRequest }) => sameRequest;

/**
 * The id a POST that issues, invalidates or resends runs under (a UUID, used as a codigoGeneracion and
 * in the workflow id). With an `Idempotency-Key` header, the first request with that key from this point
 * of sale (the token's emisor, establecimiento and punto de venta) fixes it; a retry with the same request
 * gets the same id — hence the same workflow and its outcome, even while the first is still running — and
 * a retry with another is refused with 422. Points of sale number their own sales, so the same key from
 * another one is another operation. "The same request" is the same validated request (`parsed`, the
 * route's schema output): it has one key order and none of the fields the schema drops, so neither changes
 * its meaning nor costs a walk of an arbitrarily deep body. The record is kept (at least 24 h; currently
 * never deleted).
 *
 * A record from before keys were scoped to the point of sale is read first (one `_id` read) and, when
 * `legacyOwner` says it is this request's, answers as it did; otherwise the key is claimed in its new
 * scope. Only instances from before the scope write such records, so once none runs no claim races that
 * read.
 */
export async function idempotentId(
  ctx: ApiContext,
  req: Request,
  parsed: unknown,
  legacyOwner: LegacyOwner,
): Promise<string> {
  const key = req.header('idempotency-key');
  if (key === undefined) return randomUUID().toUpperCase();
  if (!KEY.test(key)) {
    throw new DteError(ErrorCode.VALIDATION_ERROR, 400, 'Idempotency-Key: 1–200 letras, dígitos o _ . : -', {
      errors: [{ field: 'Idempotency-Key', message: 'formato no válido' }],
    });
  }
  const keys = new ClavesIdempotencia(ctx.db.connection);
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.path}\n${JSON.stringify(parsed)}`)
    .digest('hex');
  const { emisorId, establecimientoId, puntoVentaId } = req.auth;
  const legacy = await keys.leer(`${emisorId}:${key}`);
  if (
    legacy &&
    (await legacyOwner(ctx, req, {
      codigoGeneracion: legacy.codigoGeneracion,
      sameRequest: legacy.requestHash === requestHash,
    }))
  )
    return sameRequest(legacy, requestHash);
  const _id = `${emisorId}/${establecimientoId}/${puntoVentaId}:${key}`;
  const candidate: IdempotencyRecord = {
    _id,
    requestHash,
    codigoGeneracion: randomUUID().toUpperCase(),
    createdAt: new Date(),
  };
  if (await keys.reclamar(candidate)) return candidate.codigoGeneracion;
  return sameRequest((await keys.leer(_id))!, requestHash);
}

/** The record's id for a retry of its request; another request under its key is refused. */
function sameRequest(existing: IdempotencyRecord, requestHash: string): string {
  if (existing.requestHash !== requestHash) {
    throw new DteError(
      ErrorCode.IDEMPOTENCY_KEY_REUSED,
      422,
      'Esta Idempotency-Key ya se usó con otra solicitud; use una clave nueva para una operación distinta',
      { codigoGeneracion: existing.codigoGeneracion },
    );
  }
  return existing.codigoGeneracion;
}
