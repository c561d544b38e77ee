import { once } from 'node:events';
import type { Response } from 'express';
import { Router } from 'express';
import { ZipFile } from 'yazl';
import { ambienteName, campoCsv, exportRequest, parseRequest, type AmbienteCode } from '@dte/domain';
import { archivoDte, type EntradaLista } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';

/** The CSV's columns, in order (documented in docs/api-rules.md). */
const COLUMNAS: [string, (e: EntradaLista) => string | null][] = [
  ['codigoGeneracion', (e) => e.codigoGeneracion],
  ['numeroControl', (e) => e.numeroControl],
  ['tipo', (e) => e.tipo],
  ['fecEmi', (e) => e.fecEmi],
  ['estado', (e) => e.estado],
  ['total', (e) => e.total],
  ['selloRecibido', (e) => e.selloRecibido],
  ['receptorNombre', (e) => e.receptorNombre],
  ['receptorIdentificadores', (e) => e.receptor.join(' ')],
  ['ambiente', (e) => ambienteName[e.ambiente as AmbienteCode]],
];

const encabezado = () => `${COLUMNAS.map(([nombre]) => nombre).join(',')}\r\n`;
const fila = (e: EntradaLista) => `${COLUMNAS.map(([, de]) => campoCsv(de(e))).join(',')}\r\n`;

/** Documents as the export's CSV (the console's list exports the documents marked on it). */
export const csvDeEntradas = (entradas: readonly EntradaLista[]) => encabezado() + entradas.map(fila).join('');

/** Writes and waits while the client is slower than the export: one batch of documents in memory at most. */
async function escribir(res: Response, chunk: string | Buffer): Promise<void> {
  if (!res.write(chunk)) await once(res, 'drain');
}

/**
 * `GET /dte/export?desde&hasta&formato=csv|zip`: the period's documents, oldest first, streamed. The CSV
 * has one row per document, whatever its estado; the ZIP has each document's Archivo DTE (`<fecEmi>/<codigo>.json`)
 * and its stored PDF (`<fecEmi>/<codigo>.pdf`), for the documents that have them (accepted, invalidated,
 * issued in contingencia).
 */
export function exportRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.get('/dte/export', authenticate(ctx), async (req, res) => {
    const { desde, hasta, formato } = parseRequest(exportRequest, req.query);
    const documentos = ctx.documents.periodo(req.auth.emisorId, desde, hasta);
    const nombre = `dte-${desde}-${hasta}.${formato}`;
    res.status(200).setHeader('Content-Disposition', `attachment; filename="${nombre}"`);
    if (formato === 'csv') {
      res.type('text/csv; charset=utf-8');
      await escribir(res, encabezado());
      for await (const e of documentos) await escribir(res, fila(e));
      res.end();
      return;
    }
    res.type('application/zip');
    const zip = new ZipFile();
    zip.outputStream.pipe(res);
    for await (const e of documentos) {
      const doc = await ctx.documents.find(e.codigoGeneracion, [
        'dteJson',
        'dteFirmado',
        'selloRecibido',
        'dtePdfUrl',
        'dteJsonUrl',
      ]);
      if (!doc?.dteJsonUrl) continue;
      zip.addBuffer(archivoDte(doc), `${e.fecEmi}/${e.codigoGeneracion}.json`);
      const pdf = doc.dtePdfUrl ? await ctx.store.get(doc.dtePdfUrl) : null;
      if (pdf) zip.addBuffer(pdf, `${e.fecEmi}/${e.codigoGeneracion}.pdf`);
      if (res.writableNeedDrain) await once(res, 'drain');
    }
    zip.end();
    await once(res, 'finish');
  });
  return router;
}
