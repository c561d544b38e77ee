import { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import {
  clasificarCompraRequest,
  confirmarCompraRequest,
  DteError,
  ErrorCode,
  exigirEstructura,
  listaComprasRequest,
  parseRequest,
  validationError,
  type ClasificarCompraRequest,
  type ConfirmarCompraRequest,
  LEER_COMPRAS,
} from '@dte/domain';
import { ConfirmarCompra, RecibirCompra, type CompraOutcome } from '@dte/contract';
import { Compras, compraView, type CompraRecord } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { responderLista } from '../http/cursor';
import { logDocument } from '../http/document-log';
import { unwrapWorkflowError } from '../http/workflow-errors';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/** Largest file of an upload: MH's largest document (API_BODY_LIMIT's default, 5 MB) and a PDF of it. */
const MAX_ARCHIVO = 10 * 1024 * 1024;

/** `multipart/form-data` with the Archivo DTE in `json` and optionally its PDF in `pdf`, held in memory. */
const subida = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_ARCHIVO, files: 2, fields: 0 },
}).fields([
  { name: 'json', maxCount: 1 },
  { name: 'pdf', maxCount: 1 },
]);

/** The upload parsed, its refusals as the API's: too large is 413, anything else malformed 400. */
const recibirSubida: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  subida(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE')
        return next(
          new DteError(ErrorCode.PAYLOAD_TOO_LARGE, 413, 'The file is too large', {
            limit: MAX_ARCHIVO,
            field: err.field,
          }),
        );
      return next(
        validationError('The upload takes a file `json` and optionally a file `pdf`', [
          { field: err.field ?? 'body', message: err.message },
        ]),
      );
    }
    next(err);
  });
};

type Archivos = Record<string, Express.Multer.File[]> | undefined;

/** The received Archivo DTE (and PDF), from an upload or from the JSON body. */
function archivosRecibidos(req: Parameters<RequestHandler>[0]): { json: Buffer; pdf: Buffer | null } {
  const archivos = req.files as Archivos;
  if (req.is('multipart/form-data')) {
    const json = archivos?.json?.[0];
    if (!json) throw validationError('The upload has no file `json`', [{ field: 'json', message: 'Requerido' }]);
    const pdf = archivos?.pdf?.[0] ?? null;
    if (pdf && !pdf.buffer.subarray(0, 5).equals(Buffer.from('%PDF-')))
      throw validationError('The file `pdf` is not a PDF', [{ field: 'pdf', message: 'No es un PDF' }]);
    return { json: json.buffer, pdf: pdf?.buffer ?? null };
  }
  // Checked before it is serialised again: a body nested deep enough exhausts JSON.stringify's stack.
  exigirEstructura(req.body);
  return { json: Buffer.from(JSON.stringify(req.body ?? null)), pdf: null };
}

/** Waits for the verification's outcome, at most ISSUANCE_WAIT_SECONDS; null when it is not known by then. */
async function esperar(ctx: ApiContext, resultado: Promise<CompraOutcome>): Promise<CompraOutcome | null> {
  let plazo: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      resultado.catch((err: unknown) => {
        throw unwrapWorkflowError(err);
      }),
      new Promise<null>((resolve) => {
        plazo = setTimeout(() => resolve(null), ctx.config.ISSUANCE_WAIT_SECONDS * 1000);
      }),
    ]);
  } finally {
    clearTimeout(plazo);
  }
}

/**
 * Documents received from suppliers (issue 36): `POST /compras` takes one Archivo DTE and answers its
 * verification, `GET /compras` lists them, `GET /compras/:codigoGeneracion` (with `/json` and `/pdf`) reads
 * one, `PATCH` classifies it, `POST …/confirmacion` records a person's comparison with MH's consulta pública
 * (permission COMPRAS_CONFIRMAR). Every route needs COMPRAS and reads the token's emisor's documents only.
 */
export function comprasRoutes(ctx: ApiContext): Router {
  const router = Router();
  const compras = new Compras(ctx.db, ctx.store, ctx.tenants);
  const soloCodigos: RequestHandler = (req, _res, next) =>
    next(UUID.test(String(req.params.codigoGeneracion).toUpperCase()) ? undefined : 'route');

  async function propia(emisorId: number, codigoGeneracion: string) {
    const compra = await compras.leer(emisorId, codigoGeneracion);
    if (!compra)
      throw new DteError(ErrorCode.COMPRA_NOT_FOUND, 404, `No se recibió el documento ${codigoGeneracion}`, {
        codigoGeneracion,
      });
    return compra;
  }

  /**
   * Stores the file, then starts the document's verification (its id is the emisor's and the
   * codigoGeneracion's, so a second copy joins nothing and is answered as a duplicate) and waits for it:
   * 201 with the record once verified or refused, 200 with the record already on file for a duplicate,
   * 202 while MH has not answered (the verification goes on; GET /compras/:codigoGeneracion follows it).
   */
  router.post('/compras', authenticate(ctx), recibirSubida, async (req, res) => {
    requirePermission(req.auth, 'COMPRAS');
    const { emisorId } = req.auth;
    const { json, pdf } = archivosRecibidos(req);
    const { identidad, jsonKey, pdfKey } = await compras.guardarEntrante(emisorId, json, pdf);
    const { codigoGeneracion } = identidad;
    const workflowId = RecibirCompra.workflowId(emisorId, codigoGeneracion);
    logDocument(req, res, { codigoGeneracion, workflowId });
    let duplicado = false;
    let resultado: Promise<CompraOutcome>;
    try {
      const handle = await ctx.workflows.start(RecibirCompra, {
        workflowId,
        taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
        args: [{ emisorId, codigoGeneracion, jsonKey, pdfKey, origen: 'API' }],
      });
      resultado = handle.result();
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      // The same document is being verified (another request, the mailbox): this copy is the duplicate.
      duplicado = true;
      resultado = ctx.workflows.handle(RecibirCompra, workflowId).result();
    }
    const outcome = await esperar(ctx, resultado);
    duplicado ||= outcome?.duplicado ?? false;
    const compra = await compras.leer(emisorId, codigoGeneracion);
    if (!compra) {
      res.status(202).json({
        status: 'success',
        message: 'El documento se está registrando: consulte GET /compras/{codigoGeneracion}',
        data: { codigoGeneracion, estado: 'PENDIENTE_MH', duplicado },
      });
      return;
    }
    const status = duplicado ? 200 : compra.estado === 'PENDIENTE_MH' ? 202 : 201;
    res.status(status).json({ status: 'success', data: { ...compraView(compra), duplicado } });
  });

  router.get('/compras', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, ...LEER_COMPRAS);
    await responderLista(
      req,
      res,
      listaComprasRequest,
      async (f, c, l) => {
        const pagina = await compras.pagina(req.auth.emisorId, f, c, l);
        return { entradas: pagina.compras, siguiente: pagina.siguiente };
      },
      (c) => compraView(c),
    );
  });

  router.get('/compras/:codigoGeneracion', soloCodigos, authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, ...LEER_COMPRAS);
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    logDocument(req, res, { codigoGeneracion });
    res.json({ status: 'success', data: compraView(await propia(req.auth.emisorId, codigoGeneracion), true) });
  });

  router.get('/compras/:codigoGeneracion/json', soloCodigos, authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, ...LEER_COMPRAS);
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    const compra = await propia(req.auth.emisorId, codigoGeneracion);
    const archivo = await compras.archivo(compra.jsonKey);
    if (!archivo) throw new Error(`received document ${compra.jsonKey} missing from the object store`);
    res
      .status(200)
      .type('application/json')
      .setHeader('Content-Disposition', `attachment; filename="${codigoGeneracion}.json"`)
      .send(archivo);
  });

  router.get('/compras/:codigoGeneracion/pdf', soloCodigos, authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, ...LEER_COMPRAS);
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    const compra = await propia(req.auth.emisorId, codigoGeneracion);
    const pdf = compra.pdfKey ? await compras.archivo(compra.pdfKey) : null;
    if (!pdf)
      throw new DteError(ErrorCode.PDF_NOT_AVAILABLE, 404, `El documento ${codigoGeneracion} se recibió sin PDF`, {
        codigoGeneracion,
      });
    res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${codigoGeneracion}.pdf"`)
      .send(pdf);
  });

  /** The accountant's classification of the document, and with `proveedor` the supplier's default. */
  router.patch('/compras/:codigoGeneracion', soloCodigos, authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'COMPRAS');
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    const solicitud = parseRequest(clasificarCompraRequest, req.body ?? {});
    const [clasificada] = await clasificarCompras(ctx, req, [codigoGeneracion], solicitud);
    res.json({ status: 'success', data: compraView(clasificada!) });
  });

  /** A person's comparison of a POR_CONFIRMAR document with MH's consulta pública (`confirmarCompra`). */
  router.post('/compras/:codigoGeneracion/confirmacion', soloCodigos, authenticate(ctx), async (req, res) => {
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
    logDocument(req, res, { codigoGeneracion });
    const solicitud = parseRequest(confirmarCompraRequest, req.body ?? {});
    res.json({
      status: 'success',
      data: compraView(await confirmarCompra(ctx, req, codigoGeneracion, solicitud), true),
    });
  });

  return router;
}

/**
 * Records a person's comparison of a POR_CONFIRMAR document with MH's consulta pública by its own workflow
 * (which checks it again, and tells the webhooks), and answers the record, CONFIRMADO or INCONSISTENTE. The
 * API's route and the console's form both call it, and it records the comparison in the audit log. Another
 * person's comparison under way is waited for, then this one is refused (409).
 */
export async function confirmarCompra(
  ctx: ApiContext,
  req: Request,
  codigoGeneracion: string,
  solicitud: ConfirmarCompraRequest,
): Promise<CompraRecord> {
  requirePermission(req.auth, 'COMPRAS');
  requirePermission(req.auth, 'COMPRAS_CONFIRMAR');
  const { emisorId, tokenId } = req.auth;
  const compras = new Compras(ctx.db, ctx.store, ctx.tenants);
  const leer = async () => {
    const compra = await compras.leer(emisorId, codigoGeneracion);
    if (!compra)
      throw new DteError(ErrorCode.COMPRA_NOT_FOUND, 404, `No se recibió el documento ${codigoGeneracion}`, {
        codigoGeneracion,
      });
    return compra;
  };
  await leer();
  const workflowId = ConfirmarCompra.workflowId(emisorId, codigoGeneracion);
  try {
    await ctx.workflows.execute(ConfirmarCompra, {
      workflowId,
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      args: [{ emisorId, codigoGeneracion, solicitud, tokenId }],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw unwrapWorkflowError(err);
    await ctx.workflows
      .handle(ConfirmarCompra, workflowId)
      .result()
      .catch(() => undefined);
    const { estado } = await leer();
    throw new DteError(ErrorCode.COMPRA_NO_POR_CONFIRMAR, 409, `El documento está ${estado}: otra persona lo decidió`, {
      codigoGeneracion,
      estado,
    });
  }
  const compra = await leer();
  await auditar(ctx, req, 'COMPRA_CONFIRMADA', {
    codigoGeneracion,
    detalles: { coincide: solicitud.coincide, estado: compra.estado },
  });
  return compra;
}

/**
 * The accountant's Renta classification of received documents (`PATCH /compras/:codigoGeneracion` one, the
 * console several at once), and with `proveedor` the default of each one's supplier (for its documents
 * without one of their own). Every document is read first, so one that is not the emisor's refuses them all
 * (404) before anything is written; each is recorded in the audit log.
 */
export async function clasificarCompras(
  ctx: ApiContext,
  req: Request,
  codigos: readonly string[],
  { clasificacion, proveedor }: ClasificarCompraRequest,
): Promise<CompraRecord[]> {
  requirePermission(req.auth, 'COMPRAS');
  const { emisorId } = req.auth;
  const compras = new Compras(ctx.db, ctx.store, ctx.tenants);
  const leidas = [];
  for (const codigoGeneracion of codigos) {
    const compra = await compras.leer(emisorId, codigoGeneracion);
    if (!compra)
      throw new DteError(ErrorCode.COMPRA_NOT_FOUND, 404, `No se recibió el documento ${codigoGeneracion}`, {
        codigoGeneracion,
      });
    leidas.push(compra);
  }
  if (proveedor)
    for (const nit of new Set(leidas.map((c) => c.proveedor.nit!)))
      await compras.fijarDefectoProveedor(emisorId, nit, clasificacion);
  const clasificadas = [];
  for (const { codigoGeneracion } of leidas) {
    clasificadas.push((await compras.clasificar(emisorId, codigoGeneracion, clasificacion))!);
    await auditar(ctx, req, 'COMPRA_CLASIFICADA', { codigoGeneracion, detalles: { ...clasificacion, proveedor } });
  }
  return clasificadas;
}
