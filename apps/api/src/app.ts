import express from 'express';
import { pinoHttp } from 'pino-http';
import { DteError, ErrorCode } from '@dte/domain';
import type { ApiContext } from './context';
import { errorHandler } from './http/errors';
import { requestId } from './http/request-id';
import { healthRoutes } from './routes/health';
import { issueRoutes } from './routes/issue';
import { pdfRoutes } from './routes/pdf';
import { smokeRoutes } from './routes/smoke';
import { resendRoutes } from './routes/resend';
import { informationRoutes } from './routes/information';
import { anulacionRoutes } from './routes/anulacion';

export function createApp(ctx: ApiContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestId);
  // One line per request with its id (also in the X-Request-Id header) and, once authenticated, the emisor.
  app.use(
    pinoHttp({
      logger: ctx.log,
      genReqId: (req) => (req as express.Request).id,
      customProps: (req) => ({ emisorId: (req as express.Request).auth?.emisorId }),
    }),
  );
  app.use(express.json({ limit: '1mb' }));
  app.use(healthRoutes(ctx));
  app.use(smokeRoutes(ctx));
  app.use(issueRoutes(ctx));
  app.use(pdfRoutes(ctx));
  app.use(resendRoutes(ctx));
  app.use(informationRoutes(ctx));
  app.use(anulacionRoutes(ctx));
  app.use((req, _res, next) => next(new DteError(ErrorCode.NOT_FOUND, 404, `No route for ${req.method} ${req.path}`)));
  app.use(errorHandler(ctx.log));
  return app;
}
