import { randomUUID } from 'node:crypto';
import { LIBROS, periodoDe } from '@dte/domain';
import type { RenderLibroInput } from '@dte/contract';
import { documentosLibro } from '@dte/store';
import type { ActivityDependencies } from '../dependencies';
import { libroHtml } from '../pdf/template/libro-template';

/** Printing an emisor's book of a month, with the worker's Chromium pool. */
export function createLibroActivities(deps: ActivityDependencies) {
  return {
    /** Renders the book as it stands now and stores it; answers its storage key (one per rendering). */
    async renderLibroPdf(input: RenderLibroInput): Promise<string> {
      const emisor = await deps.tenants.emisor(input.emisorId);
      const { tabla, calcular } = LIBROS[input.libro] ?? {};
      if (!emisor || !tabla || !calcular) throw new Error(`no book ${input.libro} of emisor ${input.emisorId}`);
      const p = periodoDe(input.periodo);
      const docs = await documentosLibro(deps.documents, input.emisorId, p, input.establecimiento);
      const markup = libroHtml({
        ...tabla(calcular(docs, p)),
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
