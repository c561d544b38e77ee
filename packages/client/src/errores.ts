import type { ErrorBody, ErrorCode } from './tipos.js';

/**
 * A refusal or failure the API answered (any status but 2xx), with what its body says: `{"status":"error",
 * code, message, ...details}`. A body that is not the API's (a proxy's HTML page) leaves `code` undefined
 * and its text as the message.
 */
export class DteApiError extends Error {
  override readonly name = 'DteApiError';
  readonly status: number;
  /** The API's stable code (ErrorCode); undefined when the answer was not the API's. */
  readonly code: ErrorCode | undefined;
  /** VALIDATION_ERROR, RECEPTOR_VALIDATION_ERROR: one entry per offending field. */
  readonly errors: ErrorBody['errors'];
  /** The whole error body: the details some codes add next to `message` (retryAfter, estado, permission, …). */
  readonly body: ErrorBody | undefined;
  /** The answer's `X-Request-Id`, which the API's log lines carry too. */
  readonly requestId: string | null;

  constructor(status: number, body: unknown, requestId: string | null) {
    const api = esErrorDeApi(body) ? body : undefined;
    super(api?.message ?? (typeof body === 'string' && body ? body.slice(0, 500) : `HTTP ${status}`));
    this.status = status;
    this.code = api?.code;
    this.errors = api?.errors;
    this.body = api;
    this.requestId = requestId;
  }
}

function esErrorDeApi(body: unknown): body is ErrorBody {
  const b = body as Partial<ErrorBody> | null;
  return typeof b === 'object' && b !== null && b.status === 'error' && typeof b.code === 'string';
}
