import type { Request, Response } from 'express';

/**
 * Names the document a request works on, or the workflow it started, on the request's log lines: those
 * logged through req.log from now on and pino-http's closing line (which reads res.locals).
 */
export function logDocument(req: Request, res: Response, fields: { codigoGeneracion?: string; workflowId?: string }) {
  Object.assign(res.locals, fields);
  req.log = req.log.child(fields);
}
