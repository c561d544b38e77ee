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
import { escribirLibroXlsx, type HojaLibro } from '../libros/xlsx';
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

  /** Each book, and how it is laid out as a sheet (`formato=xlsx`). */
  const libros: Record<
    string,
    { libro: (docs: DocumentoLibro[], p: Periodo) => object; hoja?: (libro: never) => Hoja }
  > = {
    '/libros/ventas-contribuyentes': { libro: libroVentasContribuyentes, hoja: hojaContribuyentes },
    '/libros/ventas-consumidor': { libro: libroVentasConsumidor, hoja: hojaConsumidor },
    '/libros/debito-fiscal': { libro: resumenDebitoFiscal },
  };
  for (const [ruta, { libro, hoja }] of Object.entries(libros))
    router.get(ruta, authenticate(ctx), async (req, res) => {
      const { periodo, establecimiento, formato } = parseRequest(libroRequest, req.query);
      const p = periodoDe(periodo);
      const datos = libro(await documentos(req, p, establecimiento), p);
      if (formato !== 'xlsx' || !hoja) {
        res.json({ status: 'success', data: datos });
        return;
      }
      const emisor = await ctx.tenants.emisor(req.auth.emisorId);
      res
        .status(200)
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .setHeader('Content-Disposition', `attachment; filename="${ruta.slice(8)}-${periodo}.xlsx"`);
      await escribirLibroXlsx(
        { ...hoja(datos as never), emisor: { nombre: emisor!.nombre, nit: emisor!.nit }, periodo },
        res,
      );
      res.end();
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

type Hoja = Omit<HojaLibro, 'emisor' | 'periodo'>;

function hojaContribuyentes(libro: ReturnType<typeof libroVentasContribuyentes>): Hoja {
  return {
    titulo: 'Libro de ventas a contribuyentes',
    columnas: [
      { titulo: 'Fecha', ancho: 12 },
      { titulo: 'Tipo', ancho: 6 },
      { titulo: 'Número de control', ancho: 34 },
      { titulo: 'NIT / DUI', ancho: 16 },
      { titulo: 'Cliente', ancho: 30 },
      { titulo: 'Exentas', monto: true },
      { titulo: 'No sujetas', monto: true },
      { titulo: 'Gravadas', monto: true },
      { titulo: 'Débito fiscal', monto: true },
      { titulo: 'IVA retenido', monto: true },
      { titulo: 'Total', monto: true },
    ],
    filas: libro.lineas.map((l) => [
      l.fecha,
      l.tipoDte,
      l.numeroControl,
      l.receptor.nit ?? l.receptor.dui,
      l.receptor.nombre,
      l.montos.exentas,
      l.montos.noSujetas,
      l.montos.gravadas,
      l.montos.debitoFiscal,
      l.montos.ivaRetenido,
      l.montos.total,
    ]),
  };
}

function hojaConsumidor(libro: ReturnType<typeof libroVentasConsumidor>): Hoja {
  return {
    titulo: 'Libro de ventas a consumidor final',
    columnas: [
      { titulo: 'Fecha', ancho: 12 },
      { titulo: 'Tipo', ancho: 6 },
      { titulo: 'Del', ancho: 34 },
      { titulo: 'Al', ancho: 34 },
      { titulo: 'Documentos', ancho: 11 },
      { titulo: 'Exentas', monto: true },
      { titulo: 'No sujetas', monto: true },
      { titulo: 'Gravadas (IVA incluido)', monto: true, ancho: 22 },
      { titulo: 'Débito fiscal', monto: true },
      { titulo: 'Export. Centroamérica', monto: true, ancho: 20 },
      { titulo: 'Export. fuera de CA', monto: true, ancho: 18 },
      { titulo: 'Export. servicios', monto: true, ancho: 16 },
      { titulo: 'Total', monto: true },
    ],
    filas: libro.dias.map((d) => [
      d.fecha,
      d.tipoDte,
      d.del.numeroControl,
      d.al.numeroControl,
      d.documentos,
      d.montos.exentas,
      d.montos.noSujetas,
      d.montos.gravadas,
      d.montos.debitoFiscal,
      d.montos.exportacionesCentroamerica,
      d.montos.exportacionesFuera,
      d.montos.exportacionesServicios,
      d.montos.total,
    ]),
  };
}
