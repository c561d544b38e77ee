import { Router, type RequestHandler } from 'express';
import { DteError, ErrorCode, listaRequest } from '@dte/domain';
import { archivoDte, documentDetailView, documentSummaryView } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { logDocument } from '../http/document-log';
import { responderLista } from '../http/cursor';
import { findOwnDocument } from '../http/documents';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/**
 * Reading documents: `GET /dte` (the emisor's list, newest first, filtered, by cursor), and one
 * document: `GET /dte/:codigoGeneracion` (its record now, its anulación, its e-mails, the
 * notes and retornos that refer to it) and `GET /dte/:codigoGeneracion/json` (the Archivo DTE the receptor
 * gets). Registered after every other `/dte/…` route: a segment that is not a codigoGeneracion is not a
 * document, and falls through to the 404 of an unknown route.
 */
export function documentosRoutes(ctx: ApiContext): Router {
  const router = Router();
  const soloDocumentos: RequestHandler = (req, _res, next) =>
    next(UUID.test(String(req.params.codigoGeneracion).toUpperCase()) ? undefined : 'route');

  router.get('/dte', authenticate(ctx), async (req, res) => {
    await responderLista(
      req,
      res,
      listaRequest,
      (f, c, l) => ctx.documents.list(req.auth.emisorId, f, c, l),
      documentSummaryView,
    );
  });

  router.get('/dte/:codigoGeneracion', soloDocumentos, authenticate(ctx), async (req, res) => {
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    logDocument(req, res, { codigoGeneracion });
    const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion);
    const [relacionados, emails] = await Promise.all([
      ctx.documents.referencias(codigoGeneracion),
      ctx.documents.emails(doc),
    ]);
    res.json({ status: 'success', data: documentDetailView(doc, relacionados, emails) });
  });

  router.get('/dte/:codigoGeneracion/json', soloDocumentos, authenticate(ctx), async (req, res) => {
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    logDocument(req, res, { codigoGeneracion });
    const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion, [
      'estado',
      'dteJson',
      'dteFirmado',
      'selloRecibido',
      'dteJsonUrl',
    ]);
    // Accepted, invalidated and contingencia documents have an Archivo DTE; PENDIENTE and REJECTED ones not.
    if (!doc.dteJsonUrl) {
      throw new DteError(
        ErrorCode.DOCUMENT_NOT_PROCESSED,
        409,
        `El documento está ${doc.estado}: solo los documentos aceptados (o emitidos en contingencia) tienen Archivo DTE`,
        { estado: doc.estado },
      );
    }
    res
      .status(200)
      .type('application/json')
      .setHeader('Content-Disposition', `attachment; filename="${codigoGeneracion}.json"`)
      .send(archivoDte(doc));
  });
  return router;
}
