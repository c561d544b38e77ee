import { once } from 'node:events';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import {
  campoCsv,
  celdaLeida,
  encabezadoDe,
  exportarLibretaRequest,
  filaDe,
  leerCsv,
  leerFilas,
  libretaRequest,
  parseRequest,
  textoDeCsv,
  validationError,
  type AccionAuditoria,
  type Tabla,
} from '@dte/domain';
import { registroView, type Libreta, type RegistroLibreta } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { responderLista } from '../http/cursor';
import { escribirXlsx, filasDeXlsx, XLSX } from './xlsx';

/** The permission of the book and the catalog, reading them included. */
export const PERMISO_LIBRETA = 'CATALOGOS';

export interface DefinicionLibreta<T extends object> {
  /** `/clientes`, `/productos`. */
  ruta: string;
  /** The file's name without extension, and the spreadsheet's sheet. */
  archivo: string;
  libreta: Libreta<T>;
  tabla: Tabla<T>;
  acciones: {
    creado: AccionAuditoria;
    modificado: AccionAuditoria;
    eliminado: AccionAuditoria;
    importados: AccionAuditoria;
  };
  /** What the audit log keeps of an entry besides its id: what it is known by. */
  detalles: (r: RegistroLibreta<T>) => Record<string, string>;
}

async function escribir(res: Response, texto: string): Promise<void> {
  if (!res.write(texto)) await once(res, 'drain');
}

/** The file of an import, as the body: a CSV or an xlsx, by its content type, read whole. */
const archivoImportado = (limit: string) => express.raw({ type: ['text/csv', XLSX], limit });

async function filasDelArchivo(req: Request): Promise<string[][]> {
  if (!Buffer.isBuffer(req.body) || req.body.length === 0)
    throw validationError('Envíe el archivo como el cuerpo, con Content-Type text/csv o de xlsx', [
      { field: 'body', message: `Un archivo text/csv o ${XLSX}` },
    ]);
  return filasDeArchivo(req.body, !!req.is(XLSX));
}

/** A CSV's or an xlsx's rows, each cell as read (the console's upload reads them so too). */
export async function filasDeArchivo(archivo: Buffer, xlsx: boolean): Promise<string[][]> {
  if (xlsx) return filasDeXlsx(archivo);
  return leerCsv(textoDeCsv(archivo)).map((fila) => fila.map(celdaLeida));
}

/**
 * What changes a book, as its routes and the web console (apps/api/src/consola) do it: the body validated
 * by the book's schema, the entry written, the change recorded in the audit log.
 */
export function operacionesDeLibreta<T extends object>(ctx: ApiContext, d: DefinicionLibreta<T>) {
  const { libreta, tabla, acciones } = d;
  const auditarEntrada = (req: Request, accion: AccionAuditoria, r: RegistroLibreta<T>) =>
    auditar(ctx, req, accion, { detalles: { id: r._id, ...d.detalles(r) } });
  return {
    async crear(req: Request, cuerpo: unknown): Promise<RegistroLibreta<T>> {
      const registro = await libreta.crear(req.auth.emisorId, parseRequest(tabla.schema, cuerpo));
      await auditarEntrada(req, acciones.creado, registro);
      return registro;
    },
    async reemplazar(req: Request, id: string, cuerpo: unknown): Promise<RegistroLibreta<T>> {
      const datos = parseRequest(tabla.schema, cuerpo);
      const registro = await libreta.reemplazar(req.auth.emisorId, id, datos);
      await auditarEntrada(req, acciones.modificado, registro);
      return registro;
    },
    async eliminar(req: Request, id: string): Promise<RegistroLibreta<T>> {
      const registro = await libreta.eliminar(req.auth.emisorId, id);
      await auditarEntrada(req, acciones.eliminado, registro);
      return registro;
    },
    /** A file's rows (its header first) as new entries, all or none: how many were created. */
    async importar(req: Request, filas: string[][], formato: 'csv' | 'xlsx'): Promise<number> {
      const { validas, errores } = leerFilas(tabla, filas);
      if (validas.length === 0 && errores.length === 0)
        throw validationError('El archivo no tiene filas que importar', [{ field: 'body', message: 'Sin filas' }]);
      const creados = await libreta.importar(req.auth.emisorId, validas, errores);
      await auditar(ctx, req, acciones.importados, { detalles: { creados: creados.length, formato } });
      return creados.length;
    },
  };
}

/**
 * The routes of a book of the token's emisor (permission CATALOGOS): create (201), a page by cursor with a
 * search, the whole book as CSV or xlsx, an import of such a file (all its rows or none), and read, replace
 * and delete an entry by id; another emisor's entry is answered 404, as an unknown one. What changes the
 * book is recorded in the audit log.
 */
export function rutasDeLibreta<T extends object>(ctx: ApiContext, router: Router, d: DefinicionLibreta<T>): void {
  const { ruta, libreta, tabla } = d;
  const operaciones = operacionesDeLibreta(ctx, d);
  // Before an import's body is read: a refused token uploads nothing.
  const autorizado: RequestHandler = (req, _res, next) => {
    requirePermission(req.auth, PERMISO_LIBRETA);
    next();
  };

  router.post(ruta, authenticate(ctx), autorizado, async (req, res) => {
    const registro = await operaciones.crear(req, req.body);
    res.status(201).json({ status: 'success', data: registroView(registro) });
  });

  router.get(ruta, authenticate(ctx), autorizado, async (req, res) => {
    await responderLista(
      req,
      res,
      libretaRequest,
      (f, c, l) => libreta.pagina(req.auth.emisorId, f, c, l),
      registroView,
    );
  });

  router.get(`${ruta}/exportar`, authenticate(ctx), autorizado, async (req, res) => {
    const { formato } = parseRequest(exportarLibretaRequest, req.query);
    const encabezado = encabezadoDe(tabla);
    async function* filas() {
      for await (const r of libreta.todos(req.auth.emisorId)) yield filaDe(tabla, r.datos);
    }
    res.status(200).setHeader('Content-Disposition', `attachment; filename="${d.archivo}.${formato}"`);
    if (formato === 'xlsx') {
      res.type(XLSX);
      await escribirXlsx(res, d.archivo, encabezado, filas());
      return;
    }
    res.type('text/csv; charset=utf-8');
    // The BOM: Excel reads a CSV without it in the system's code page, and mangles "Peña".
    await escribir(res, `\uFEFF${encabezado.join(',')}\r\n`);
    for await (const fila of filas()) await escribir(res, `${fila.map(campoCsv).join(',')}\r\n`);
    res.end();
  });

  router.post(
    `${ruta}/importar`,
    authenticate(ctx),
    autorizado,
    archivoImportado(ctx.config.API_BODY_LIMIT),
    async (req, res) => {
      const creados = await operaciones.importar(req, await filasDelArchivo(req), req.is(XLSX) ? 'xlsx' : 'csv');
      res.status(201).json({ status: 'success', data: { creados } });
    },
  );

  router.get(`${ruta}/:id`, authenticate(ctx), autorizado, async (req, res) => {
    res.json({ status: 'success', data: registroView(await libreta.leer(req.auth.emisorId, String(req.params.id))) });
  });

  router.put(`${ruta}/:id`, authenticate(ctx), autorizado, async (req, res) => {
    const registro = await operaciones.reemplazar(req, String(req.params.id), req.body);
    res.json({ status: 'success', data: registroView(registro) });
  });

  router.delete(`${ruta}/:id`, authenticate(ctx), autorizado, async (req, res) => {
    const registro = await operaciones.eliminar(req, String(req.params.id));
    res.json({ status: 'success', data: { id: registro._id, eliminado: true } });
  });
}
