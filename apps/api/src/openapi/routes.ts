import { Router } from 'express';
import { openApiDocument } from './document';
import { renderReference } from './html';

/**
 * `GET /openapi.json` and `GET /docs`: the API reference, public like the contract it describes. Both are
 * built once, when the app is, so a schema that cannot be documented stops the API at start-up.
 */
export function openapiRoutes(): Router {
  const router = Router();
  const document = openApiDocument();
  const page = renderReference(document);
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(page);
  });
  return router;
}
