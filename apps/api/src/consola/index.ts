import { createHash } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import { DteError, ErrorCode } from '@dte/domain';
import type { ApiContext } from '../context';
import { documentosRoutes } from '../routes/documentos';
import { librosRoutes } from '../routes/libros';
import { certificacionRoutes } from '../routes/certificacion';
import { clientesRoutes } from '../routes/clientes';
import { productosRoutes } from '../routes/productos';
import { pdfRoutes } from '../routes/pdf';
import { auditoriaConsola } from './auditoria';
import { certificacionConsola } from './certificacion';
import { clientesConsola } from './clientes';
import { comprasConsola } from './compras';
import { compartirConsola } from './compartir';
import { configuracionConsola } from './configuracion';
import { documentosConsola } from './documentos';
import { emitidoConsola } from './emitido';
import { emitirConsola } from './emitir';
import { SCRIPT } from './emitir-script';
import { ESTILOS } from './estilos';
import { librosConsola } from './libros';
import { operacionesConsola } from './operaciones';
import { productosConsola } from './productos';
import { tableroConsola } from './tablero';
import { paginaDeError } from './pagina';
import { cuentaConsola } from './cuenta';
import { entradaConsola } from './entrada';
import { cerrarSesion, sesion } from './sesion';
import { usuariosConsola } from './usuarios';
import { importacionesConsola } from './importaciones';

/**
 * Only what the API serves itself: its one script (the issuing forms' typeahead and live totals, which
 * call the console's own routes) and no inline one, no other site's files, no page framing the console.
 */
const CSP_PAGINAS =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
/**
 * The API's files (PDF, JSON, books, annexes; never HTML, and helmet's nosniff keeps them so) may be framed by
 * the console's own pages, nothing else: any other directive on a PDF applies to Chromium's viewer of it too,
 * which then shows no toolbar.
 */
const CSP_DESCARGAS = "frame-ancestors 'self'";

const cabeceras: RequestHandler = (req, res, next) => {
  const descarga = req.path.startsWith('/api/');
  res.setHeader('Content-Security-Policy', descarga ? CSP_DESCARGAS : CSP_PAGINAS);
  res.setHeader('X-Frame-Options', descarga ? 'SAMEORIGIN' : 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** A form's empty field is no choice: dropped before the API's strict query schemas read it. */
const sinCamposVacios: RequestHandler = (req, _res, next) => {
  const i = req.url.indexOf('?');
  if (i >= 0) {
    const query = new URLSearchParams(req.url.slice(i + 1));
    for (const [k, v] of [...query]) if (v.trim() === '') query.delete(k);
    req.url = `${req.url.slice(0, i)}${query.size ? `?${query}` : ''}`;
  }
  next();
};

const etag = (texto: string) => `"${createHash('sha256').update(texto).digest('base64url').slice(0, 16)}"`;
/** The console's own files, the same for everyone: revalidated by their ETag. */
const ARCHIVOS: Record<string, [tipo: string, texto: string, etag: string]> = {
  '/estilos.css': ['text/css', ESTILOS, etag(ESTILOS)],
  '/emitir.js': ['text/javascript', SCRIPT, etag(SCRIPT)],
};

/**
 * The web console (`/consola`, in Spanish) for the emisor's staff: server-rendered pages and plain forms,
 * signed in by a person (entrada.ts) or with an API token (sesion.ts). Every page and action runs the API's own code as the session's
 * token — `authenticate`, the routes' functions and, for the PDF, the Archivo DTE, books and annexes and the
 * files of the customer book and product catalog, the API's routers themselves under `/consola/api` — so its guards, tenant isolation and error codes are the
 * API's.
 */
export function consolaRoutes(ctx: ApiContext): Router {
  const consola = Router();
  consola.use(cabeceras, express.urlencoded({ extended: false, limit: '64kb' }));

  for (const [ruta, [tipo, texto, etiqueta]] of Object.entries(ARCHIVOS))
    consola.get(ruta, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('ETag', etiqueta);
      res.type(tipo).send(texto);
    });

  const entrada = entradaConsola(ctx);
  consola.use(entrada.antes);
  consola.use(sesion(ctx), entrada.despues, cuentaConsola(ctx));
  consola.get('/', (_req, res) => res.redirect(303, '/consola/documentos'));
  consola.post('/salir', async (req, res) => {
    await cerrarSesion(ctx, req, res);
    res.redirect(303, '/consola/entrar');
  });
  consola.use(
    documentosConsola(ctx),
    compartirConsola(ctx),
    emitirConsola(ctx),
    emitidoConsola(ctx),
    clientesConsola(ctx),
    productosConsola(ctx),
    comprasConsola(ctx),
    certificacionConsola(ctx),
    operacionesConsola(ctx),
    librosConsola(ctx),
    tableroConsola(ctx),
    auditoriaConsola(ctx),
    usuariosConsola(ctx),
    importacionesConsola(ctx),
    configuracionConsola(ctx),
  );
  consola.use(
    '/api',
    sinCamposVacios,
    pdfRoutes(ctx),
    documentosRoutes(ctx),
    librosRoutes(ctx),
    certificacionRoutes(ctx),
    clientesRoutes(ctx),
    productosRoutes(ctx),
  );
  consola.use((req, _res, next) =>
    next(new DteError(ErrorCode.NOT_FOUND, 404, `La consola no tiene ${req.method} ${req.originalUrl}`)),
  );
  consola.use(paginaDeError(ctx));

  const router = Router();
  router.use('/consola', consola);
  return router;
}
