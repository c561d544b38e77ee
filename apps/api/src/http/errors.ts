import type { ErrorRequestHandler } from 'express';
import { DteError, ErrorCode } from '@dte/domain';

/** The one place where errors become HTTP answers: `{"status":"error","code","message",...details}`. */
export function errorHandler(): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      // A streamed answer (a book, an annex) cut short cannot become an error answer: the reader sees
      // it end unfinished rather than a complete-looking file.
      req.log.error({ err }, 'error after the answer started');
      res.destroy();
      return;
    }
    // A file route names its file before it is made; a refusal is no file, whatever `formato` asked for.
    res.removeHeader('Content-Disposition');
    res.removeHeader('Content-Type');
    if (err instanceof DteError) {
      // A refusal that says when to come back says it in the standard header too.
      if (typeof err.details.retryAfter === 'number' && !res.getHeader('Retry-After'))
        res.setHeader('Retry-After', String(err.details.retryAfter));
      res.status(err.httpStatus).json({ status: 'error', code: err.code, message: err.message, ...err.details });
      return;
    }
    const bodyError = err as { type?: string; status?: number };
    if (bodyError.type === 'entity.parse.failed') {
      res.status(400).json({
        status: 'error',
        code: ErrorCode.VALIDATION_ERROR,
        message: 'The body is not valid JSON',
        errors: [{ field: 'body', message: 'JSON no válido' }],
      });
      return;
    }
    if (bodyError.type === 'entity.too.large') {
      res.status(413).json({
        status: 'error',
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        message: 'The body is too large',
        limit: (err as { limit?: number }).limit,
      });
      return;
    }
    req.log.error({ err }, 'unhandled error');
    res
      .status(500)
      .json({ status: 'error', code: ErrorCode.INTERNAL_ERROR, message: 'Internal error', requestId: req.id });
  };
}
