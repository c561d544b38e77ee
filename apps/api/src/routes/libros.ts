import { Router, type Request } from 'express';
import {
  anexoRequest,
  csvDgii,
  delEstablecimiento,
  filasAnexo,
  libroRequest,
  libroVentasConsumidor,
  libroVentasContribuyentes,
  parseRequest,
  periodoDe,
  resumenDebitoFiscal,
  type DocumentoLibro,
  type Periodo,
} from '@dte/domain';
import { documentosDelPeriodo } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';

/** The permission of the books and annexes: an accountant's token needs no other. */
export const PERMISO_LIBROS = 'LIBROS';

/**
 * The emisor's books of a month and DGII's F-07 annexes, from the documents it issued, as MH left them
 * (docs/anexos-f07.md): `GET /libros/ventas-contribuyentes`, `/libros/ventas-consumidor`,
 * `/libros/debito-fiscal` and `/anexos/f07/:anexo`, each for `periodo=YYYY-MM`.
 */
export function librosRoutes(ctx: ApiContext): Router {
  const router = Router();

  async function documentos(req: Request, p: Periodo, establecimiento?: string): Promise<DocumentoLibro[]> {
    requirePermission(req.auth, PERMISO_LIBROS);
    const docs: DocumentoLibro[] = [];
    for await (const d of documentosDelPeriodo(ctx.documents, req.auth.emisorId, p))
      if (!establecimiento || delEstablecimiento(d, establecimiento)) docs.push(d);
    return docs;
  }

  const libros = {
    '/libros/ventas-contribuyentes': libroVentasContribuyentes,
    '/libros/ventas-consumidor': libroVentasConsumidor,
    '/libros/debito-fiscal': resumenDebitoFiscal,
  };
  for (const [ruta, libro] of Object.entries(libros))
    router.get(ruta, authenticate(ctx), async (req, res) => {
      const { periodo, establecimiento } = parseRequest(libroRequest, req.query);
      const p = periodoDe(periodo);
      res.json({ status: 'success', data: libro(await documentos(req, p, establecimiento), p) });
    });

  router.get('/anexos/f07/:anexo', authenticate(ctx), async (req, res) => {
    const { anexo, periodo, establecimiento, formato, tipoIngreso } = parseRequest(anexoRequest, {
      ...req.query,
      ...req.params,
    });
    const p = periodoDe(periodo);
    const filas = filasAnexo(anexo, await documentos(req, p, establecimiento), p, { tipoIngreso });
    if (formato === 'json') {
      res.json({ status: 'success', data: { anexo, periodo, filas } });
      return;
    }
    res
      .status(200)
      .type('text/csv; charset=windows-1252')
      .setHeader('Content-Disposition', `attachment; filename="f07-${anexo}-${periodo}.csv"`)
      .send(csvDgii(filas));
  });
  return router;
}
