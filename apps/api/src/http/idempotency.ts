import { createHash, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { DteError, ErrorCode } from '@dte/domain';
import { isDuplicateKey } from '@dte/store';
import type { ApiContext } from '../context';

interface IdempotencyRecord {
  /** `<emisorId>:<key>`: keys are scoped to the emisor. */
  _id: string;
  requestHash: string;
  /** The operation's id: a document's or an event's codigoGeneracion, a resend's workflow id suffix. */
  codigoGeneracion: string;
  createdAt: Date;
}

const KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * The id a POST that issues, invalidates or resends runs under (a UUID, used as a codigoGeneracion and
 * in the workflow id). With an `Idempotency-Key` header, the first request with that key (for this
 * emisor) fixes it; a retry with the same request gets the same id — hence the same workflow and its
 * outcome, even while the first is still running — and a retry with another is refused with 422.
 * "The same request" is the same validated request (`parsed`, the route's schema output): it has one key
 * order and none of the fields the schema drops, so neither changes its meaning nor costs a walk of an
 * arbitrarily deep body. The record is kept (at least 24 h; currently never deleted).
 */
export async function idempotentId(ctx: ApiContext, req: Request, parsed: unknown): Promise<string> {
  const key = req.header('idempotency-key');
  if (key === undefined) return randomUUID().toUpperCase();
  if (!KEY.test(key)) {
    throw new DteError(ErrorCode.VALIDATION_ERROR, 400, 'Idempotency-Key: 1–200 letras, dígitos o _ . : -', {
      errors: [{ field: 'Idempotency-Key', message: 'formato no válido' }],
    });
  }
  const keys = ctx.db.connection.collection<IdempotencyRecord>('idempotency_keys');
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.path}\n${JSON.stringify(parsed)}`)
    .digest('hex');
  const _id = `${req.auth.emisorId}:${key}`;
  const candidate: IdempotencyRecord = {
    _id,
    requestHash,
    codigoGeneracion: randomUUID().toUpperCase(),
    createdAt: new Date(),
  };
  try {
    await keys.insertOne(candidate);
    return candidate.codigoGeneracion;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  const existing = (await keys.findOne({ _id }))!;
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
