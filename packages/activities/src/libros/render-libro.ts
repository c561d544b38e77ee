import { randomUUID } from 'node:crypto';
import { DteError, ErrorCode, LIBROS, periodoDe, type CeldaLibro } from '@dte/domain';
import type { RenderLibroInput } from '@dte/contract';
import { lotesDeLibro, recorrerLibro } from '@dte/store';
import type { ActivityDependencies } from '../dependencies';
import { libroHtml } from '../pdf/template/libro-template';

/**
 * The most lines a book is printed with: about 110 Letter pages. Chromium lays a document out whole, so a
 * page count without bound would hold the worker's memory; the spreadsheet and the JSON have no such bound.
 */
export const MAX_LINEAS_PDF = 5000;

/** Printing an emisor's book of a month, with the worker's Chromium pool. */
export function createLibroActivities(deps: ActivityDependencies) {
  return {
    /** Renders the book as it stands now and stores it; answers its storage key (one per rendering). */
    async renderLibroPdf(input: RenderLibroInput): Promise<string> {
      const emisor = await deps.tenants.emisor(input.emisorId);
      const { tabla, iniciar, fuente } = LIBROS[input.libro] ?? {};
      if (!emisor || !tabla || !iniciar) throw new Error(`no book ${input.libro} of emisor ${input.emisorId}`);
      const p = periodoDe(input.periodo);
      const filas: CeldaLibro[][] = [];
      const lotes = lotesDeLibro(deps, fuente ?? 'emitidos', input.emisorId, p, input.establecimiento);
      await recorrerLibro(lotes, iniciar(p), (l) => {
        if (filas.length === MAX_LINEAS_PDF)
          throw new DteError(
            ErrorCode.BOOK_TOO_LARGE_FOR_PDF,
            422,
            `El libro tiene más de ${MAX_LINEAS_PDF} líneas: pídalo con formato=xlsx o json`,
            { maxLineas: MAX_LINEAS_PDF },
          );
        filas.push(tabla.fila(l));
      });
      const markup = libroHtml({
        titulo: tabla.titulo,
        columnas: tabla.columnas,
        filas,
        emisor: { nombre: emisor.nombre, nit: emisor.nit, nrc: emisor.nrc ?? null },
        periodo: input.periodo,
        establecimiento: input.establecimiento ?? null,
      });
      const pdf = await deps.browser.use(async (page) => {
        await page.setContent(markup, { waitUntil: 'load' });
        return Buffer.from(await page.pdf({ printBackground: true, preferCSSPageSize: true }));
      });
      const key = `emisores/${emisor.slug}/LIBROS/${input.periodo}/${input.libro}-${randomUUID()}.pdf`;
      await deps.store.put(key, pdf, 'application/pdf');
      return key;
    },
  };
}
