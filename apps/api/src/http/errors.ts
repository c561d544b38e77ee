import type { ErrorRequestHandler } from 'express';
import { DteError, ErrorCode } from '@dte/domain';
import type { Logger } from 'pino';

/** The one place where errors become HTTP answers: `{"status":"error","code","message",...details}`. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof DteError) {
      res.status(err.httpStatus).json({ status: 'error', code: err.code, message: err.message, ...err.details });
      return;
    }
    const bodyError = err as { type?: string; status?: number };
    if (bodyError.type === 'entity.parse.failed') {
      res
        .status(400)
        .json({ status: 'error', code: ErrorCode.VALIDATION_ERROR, message: 'The body is not valid JSON', errors: [] });
      return;
    }
    if (bodyError.type === 'entity.too.large') {
      res.status(413).json({ status: 'error', code: 'PAYLOAD_TOO_LARGE', message: 'The body is too large' });
      return;
    }
    log.error({ err, requestId: req.id }, 'unhandled error');
    res
      .status(500)
      .json({ status: 'error', code: ErrorCode.INTERNAL_ERROR, message: 'Internal error', requestId: req.id });
  };
}
