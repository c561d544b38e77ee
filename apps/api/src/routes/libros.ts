import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { RenderLibro } from '@dte/contract';
import { anexoRequest, LIBROS, libroRequest, parseRequest, validationError } from '@dte/domain';
import { Compras, LibrosEmisor } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { unwrapWorkflowError } from '../http/workflow-errors';
import {
  comprobarPedido,
  escribirAnexo,
  escribirLibroJson,
  escribirLibroXlsx,
  leeLibro,
  type Envoltura,
  type PedidoLibro,
} from '../libros/libros';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The JSON answers' envelope, around data written as it is made. */
const EXITO: Envoltura = ['{"status":"success","data":', '}'];

/**
 * The emisor's books of a month and DGII's F-07 annexes, from the documents it issued and those it received,
 * as MH left them (docs/anexos-f07.md): `GET /libros/<libro>` and `/anexos/f07/:anexo`, for
 * `periodo=YYYY-MM`, with the token permission LIBROS.
 */
export function librosRoutes(ctx: ApiContext): Router {
  const router = Router();

  const compras = new Compras(ctx.db, ctx.store, ctx.tenants);
  const librosEmisor = new LibrosEmisor(ctx.db);
  async function pedido(req: Request, periodo: string, establecimiento?: string): Promise<PedidoLibro> {
    requirePermission(req.auth, 'LIBROS');
    const emisor = (await ctx.tenants.emisor(req.auth.emisorId))!;
    return {
      documents: ctx.documents,
      compras,
      emisor: { id: req.auth.emisorId, nombre: emisor.nombre, nit: emisor.nit },
      periodo,
      establecimiento,
    };
  }

  for (const [nombre, { tabla }] of Object.entries(LIBROS))
    router.get(`/libros/${nombre}`, authenticate(ctx), async (req, res) => {
      const { periodo, establecimiento, formato } = parseRequest(libroRequest, req.query);
      const p = await pedido(req, periodo, establecimiento);
      if (formato !== 'json' && !tabla)
        throw validationError(`El libro ${nombre} solo se entrega como JSON`, [
          { field: 'formato', message: 'Solo json' },
        ]);
      if (formato === 'json') {
        res.status(200).type('application/json');
        await escribirLibroJson(nombre, p, res, EXITO);
        res.end();
        return;
      }
      if (formato === 'pdf') {
        comprobarPedido(leeLibro(nombre), p);
        // Printed by the worker's Chromium pool, as the documents' PDFs are.
        const key = await ctx.workflows
          .execute(RenderLibro, {
            taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
            workflowId: RenderLibro.workflowId(randomUUID()),
            args: [{ emisorId: req.auth.emisorId, libro: nombre, periodo, establecimiento }],
          })
          .catch((err: unknown) => {
            throw unwrapWorkflowError(err);
          });
        const pdf = await ctx.store.get(key);
        if (!pdf) throw new Error(`book PDF ${key} missing after rendering`);
        res
          .status(200)
          .type('application/pdf')
          .setHeader('Content-Disposition', `attachment; filename="${nombre}-${periodo.replace('/', '_')}.pdf"`)
          .send(pdf);
        return;
      }
      res
        .status(200)
        .type(XLSX)
        .setHeader('Content-Disposition', `attachment; filename="${nombre}-${periodo.replace('/', '_')}.xlsx"`);
      // The spreadsheet writer ends the answer.
      await escribirLibroXlsx(nombre, p, res);
    });

  router.get('/anexos/f07/:anexo', authenticate(ctx), async (req, res) => {
    const { anexo, periodo, establecimiento, formato, tipoIngreso, clasificacion } = parseRequest(anexoRequest, {
      ...req.query,
      ...req.params,
    });
    const p = await pedido(req, periodo, establecimiento);
    const opciones = { tipoIngreso: await librosEmisor.tipoIngreso(req.auth.emisorId, tipoIngreso), clasificacion };
    if (formato === 'json') res.status(200).type('application/json');
    else
      res
        .status(200)
        .type('text/csv; charset=windows-1252')
        .setHeader('Content-Disposition', `attachment; filename="f07-${anexo}-${periodo}.csv"`);
    await escribirAnexo(anexo, p, opciones, formato, res, EXITO);
    res.end();
  });
  return router;
}
