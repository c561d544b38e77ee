import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { DteError, ErrorCode } from '@dte/domain';
import type { ApiContext } from './context';
import { errorHandler } from './http/errors';
import { requestId } from './http/request-id';
import { httpMetrics } from './metrics';
import { healthRoutes } from './routes/health';
import { metricsRoutes } from './routes/metrics';
import { issueRoutes } from './routes/issue';
import { vistaPreviaRoutes } from './routes/vista-previa';
import { pdfRoutes } from './routes/pdf';
import { smokeRoutes } from './routes/smoke';
import { resendRoutes } from './routes/resend';
import { informationRoutes } from './routes/information';
import { anulacionRoutes } from './routes/anulacion';
import { documentosRoutes } from './routes/documentos';
import { exportRoutes } from './routes/export';
import { webhooksRoutes } from './routes/webhooks';
import { conciliacionRoutes } from './routes/conciliacion';
import { librosRoutes } from './routes/libros';
import { certificacionRoutes } from './routes/certificacion';
import { buzonRoutes } from './routes/buzon';
import { importacionesRoutes } from './routes/importaciones';
import { comprasRoutes } from './routes/compras';
import { auditoriaRoutes } from './routes/auditoria';
import { clientesRoutes } from './routes/clientes';
import { productosRoutes } from './routes/productos';
import { openapiRoutes } from './openapi/routes';
import { operacionesRoutes } from './routes/operaciones';
import { consolaRoutes } from './consola';
import { enlaceRoutes } from './routes/enlace';
import { documentoPublicoRoutes } from './publico/documento';

export function createApp(ctx: ApiContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // The API is also served over plain HTTP (locally, or behind a TLS proxy on an internal network), where
  // upgrading the /docs page's links to https would break them.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  app.use(requestId);
  app.use(httpMetrics(ctx.metrics));
  // One line per request with its id (also in the X-Request-Id header) and, once known, the emisor, the
  // document and its workflow (see logDocument); every line a route logs through req.log carries the id.
  app.use(
    pinoHttp({
      logger: ctx.log,
      genReqId: (req) => (req as express.Request).id,
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      customProps: (req, res) => ({
        emisorId: (req as express.Request).auth?.emisorId,
        codigoGeneracion: (res as express.Response).locals.codigoGeneracion,
        workflowId: (res as express.Response).locals.workflowId,
      }),
    }),
  );
  app.use(express.json({ limit: ctx.config.API_BODY_LIMIT }));
  app.use(healthRoutes(ctx));
  app.use(metricsRoutes(ctx));
  app.use(smokeRoutes(ctx));
  app.use(issueRoutes(ctx));
  app.use(vistaPreviaRoutes(ctx));
  app.use(pdfRoutes(ctx));
  app.use(resendRoutes(ctx));
  app.use(informationRoutes(ctx));
  app.use(anulacionRoutes(ctx));
  app.use(exportRoutes(ctx));
  app.use(conciliacionRoutes(ctx));
  app.use(librosRoutes(ctx));
  app.use(certificacionRoutes(ctx));
  app.use(webhooksRoutes(ctx));
  app.use(buzonRoutes(ctx));
  app.use(comprasRoutes(ctx));
  app.use(importacionesRoutes(ctx));
  app.use(auditoriaRoutes(ctx));
  app.use(operacionesRoutes(ctx));
  app.use(clientesRoutes(ctx));
  app.use(productosRoutes(ctx));
  app.use(enlaceRoutes(ctx));
  // Last of the `/dte/…` routes: `/dte/:codigoGeneracion` would otherwise shadow them.
  app.use(documentosRoutes(ctx));
  app.use(openapiRoutes());
  // The web console for the emisor's staff (HTML, its own CSP and sessions): not part of the JSON API.
  app.use(consolaRoutes(ctx));
  // The documents' public pages (share links): no token, their own CSP and rate limit.
  app.use(documentoPublicoRoutes(ctx));
  app.use((req, _res, next) => next(new DteError(ErrorCode.NOT_FOUND, 404, `No route for ${req.method} ${req.path}`)));
  app.use(errorHandler());
  return app;
}
