import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
  }
}

/** Every answer carries `X-Request-Id` (the caller's, when sane) so a support ticket finds its log lines. */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.header('x-request-id');
  req.id = given && /^[\w.-]{8,100}$/.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  next();
};
