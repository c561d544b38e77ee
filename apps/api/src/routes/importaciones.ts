import express, { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import {
  DteError,
  ErrorCode,
  exigirEstructura,
  identificarImportado,
  parseRequest,
  validationError,
} from '@dte/domain';
import { Importaciones, MAX_ARCHIVOS, type Importacion } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { importacionView, iniciarImportacion } from '../importaciones';

/** Largest file an import takes: a year of a large shop's Archivos DTE and PDFs, zipped. */
export const MAX_IMPORTACION = 256 * 1024 * 1024;

const subida = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMPORTACION, files: 1, fields: 0 },
}).single('archivo');

/** The upload parsed, its refusals as the API's: too large is 413, anything else malformed 400. */
export const recibirArchivo: RequestHandler = (req, res, next) =>
  subida(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
      return next(
        new DteError(ErrorCode.PAYLOAD_TOO_LARGE, 413, 'El archivo es demasiado grande', { limit: MAX_IMPORTACION }),
      );
    next(
      validationError('The upload takes one file `archivo`', [
        { field: 'archivo', message: err instanceof Error ? err.message : String(err) },
      ]),
    );
  });

/** A ZIP sent as the body itself (`Content-Type: application/zip`), as large as an upload. */
const zipComoCuerpo = express.raw({ type: 'application/zip', limit: MAX_IMPORTACION });

/**
 * The file to import and its name, as the request brings it: an upload (`archivo`), a ZIP as the body, or one
 * Archivo DTE as the JSON body (refused at once, 400 ARCHIVO_DTE_INVALID, when it is none).
 */
function archivoDe(req: Request): { nombre: string; contenido: Buffer } {
  if (req.is('multipart/form-data')) {
    const archivo = req.file;
    if (!archivo)
      throw validationError('The upload has no file `archivo`', [{ field: 'archivo', message: 'Requerido' }]);
    return { nombre: archivo.originalname, contenido: archivo.buffer };
  }
  if (req.is('application/zip') && Buffer.isBuffer(req.body)) return { nombre: 'importacion.zip', contenido: req.body };
  // Checked before it is serialised again: a body nested deep enough exhausts JSON.stringify's stack.
  exigirEstructura(req.body);
  const { codigoGeneracion } = identificarImportado(req.body);
  return { nombre: `${codigoGeneracion}.json`, contenido: Buffer.from(JSON.stringify(req.body)) };
}

const paginaRechazados = z.strictObject({
  desde: z.coerce.number().int().min(0).max(MAX_ARCHIVOS).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * Starts an import from the request's file (`archivoDe`; permission IMPORTACION) and audits it; the console's
 * form comes through here too.
 */
export async function importarSubida(ctx: ApiContext, req: Request): Promise<Importacion> {
  requirePermission(req.auth, 'IMPORTACION');
  const { nombre, contenido } = archivoDe(req);
  const importacion = await iniciarImportacion(
    {
      connection: ctx.db.connection,
      store: ctx.store,
      workflows: ctx.workflows,
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
    },
    req.auth.emisorId,
    req.auth.actor,
    nombre,
    contenido,
  );
  await auditar(ctx, req, 'IMPORTACION_INICIADA', {
    detalles: { importacionId: importacion._id, nombre: importacion.nombre },
  });
  return importacion;
}

/** The emisor's import, or 404 IMPORTACION_NOT_FOUND. */
export async function importacionPropia(ctx: ApiContext, emisorId: number, id: string): Promise<Importacion> {
  const importacion = await new Importaciones(ctx.db.connection).leer(emisorId, id.toUpperCase());
  if (!importacion)
    throw new DteError(ErrorCode.IMPORTACION_NOT_FOUND, 404, `El emisor no tiene la importación ${id}`, {
      importacionId: id,
    });
  return importacion;
}

/**
 * Imports of the documents an emisor issued with another provider (issue 53), permission IMPORTACION:
 * `POST /importaciones` takes a file and answers 202 with the import, whose workflow goes on; `GET` lists the
 * emisor's imports or reads one with its progress, `GET …/rechazados` pages through the files not imported
 * with their reasons.
 */
export function importacionesRoutes(ctx: ApiContext): Router {
  const router = Router();

  router.post('/importaciones', authenticate(ctx), recibirArchivo, zipComoCuerpo, async (req, res) => {
    const importacion = await importarSubida(ctx, req);
    res
      .status(202)
      .location(`/importaciones/${importacion._id}`)
      .json({ status: 'success', data: importacionView(importacion) });
  });

  router.get('/importaciones', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'IMPORTACION');
    const lista = await new Importaciones(ctx.db.connection).listar(req.auth.emisorId);
    res.json({ status: 'success', data: lista.map(importacionView) });
  });

  router.get('/importaciones/:id', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'IMPORTACION');
    const importacion = await importacionPropia(ctx, req.auth.emisorId, String(req.params.id));
    res.json({ status: 'success', data: importacionView(importacion) });
  });

  router.get('/importaciones/:id/rechazados', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'IMPORTACION');
    const { desde, limit } = parseRequest(paginaRechazados, req.query);
    const importacion = await importacionPropia(ctx, req.auth.emisorId, String(req.params.id));
    const pagina = await new Importaciones(ctx.db.connection).rechazados(importacion, desde, limit);
    res.json({
      status: 'success',
      data: pagina.rechazados.map((r) => ({
        archivo: r.archivo,
        codigoGeneracion: r.codigoGeneracion,
        numeroControl: r.numeroControl,
        motivos: r.motivos,
      })),
      siguiente: pagina.siguiente,
    });
  });

  return router;
}
