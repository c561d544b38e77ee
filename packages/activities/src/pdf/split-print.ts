import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  ParseSpeeds,
  PDFString,
  PDFHexString,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import { INICIO_DTE, PAGINA } from './template';

const MM = 72 / 25.4;
const MARGEN_DERECHO = PAGINA.margenMm.derecho * MM;
const MARGEN_INFERIOR = PAGINA.margenMm.inferior * MM;
const NUMERO = {
  size: PAGINA.numero.pt,
  color: rgb(PAGINA.numero.gris / 255, PAGINA.numero.gris / 255, PAGINA.numero.gris / 255),
};

/**
 * Splits a print of several documents (`paginaDte`) into one PDF each: the pages from one INICIO_DTE link
 * to the next, without that link, numbered "Página n de m" of their own document and titled `titulos[i]`.
 * Pages are copied with what they draw, so nothing of a neighbour is carried but the glyphs of the
 * font subsets Chromium embeds once per print. `numerar: false` (tickets): no page numbers. Throws when
 * the links do not name the documents in order.
 */
export async function splitPrint(
  impresion: Uint8Array,
  titulos: readonly string[],
  { numerar = true }: { numerar?: boolean } = {},
): Promise<Buffer[]> {
  // Parsed without yielding: a print of ten documents takes a few tens of milliseconds.
  const tanda = await PDFDocument.load(impresion, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const inicios = tanda.getPages().flatMap((page, indice) => iniciosEn(page.node).map((n) => ({ n, indice })));
  if (inicios.length !== titulos.length || inicios.some((inicio, i) => inicio.n !== i) || inicios[0]?.indice !== 0) {
    throw new Error(`print of ${titulos.length} documents has start links ${JSON.stringify(inicios)}`);
  }
  // Before copying: a copied page takes its annotations along, even ones it then drops.
  for (const page of tanda.getPages()) quitarInicio(page.node);
  return Promise.all(
    titulos.map(async (titulo, i) => {
      const desde = inicios[i]!.indice;
      const hasta = inicios[i + 1]?.indice ?? tanda.getPageCount();
      const pdf = await PDFDocument.create();
      const paginas = await pdf.copyPages(
        tanda,
        Array.from({ length: hasta - desde }, (_, k) => desde + k),
      );
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      paginas.forEach((pagina, k) => {
        pdf.addPage(pagina);
        if (!numerar) return;
        const numero = `Página ${k + 1} de ${paginas.length}`;
        pagina.drawText(numero, {
          ...NUMERO,
          font,
          x: pagina.getWidth() - MARGEN_DERECHO - font.widthOfTextAtSize(numero, NUMERO.size),
          // Centred in the bottom margin, as Chromium centres a margin box's line.
          y: MARGEN_INFERIOR / 2 - font.heightAtSize(NUMERO.size, { descender: false }) / 2,
        });
      });
      pdf.setTitle(titulo, { showInWindowTitleBar: true });
      pdf.setLanguage('es');
      pdf.setCreator(tanda.getCreator() ?? '');
      pdf.setProducer(tanda.getProducer() ?? '');
      // Without object streams: saving took a few times longer with them, for a file a few KB smaller.
      return Buffer.from(await pdf.save({ useObjectStreams: false }));
    }),
  );
}

/** The document numbers of the INICIO_DTE links among a page's annotations. */
function iniciosEn(page: PDFDict): number[] {
  const annots = page.lookupMaybe(PDFName.Annots, PDFArray);
  if (!annots) return [];
  return annots
    .asArray()
    .map((ref) => inicioDe(page.context.lookup(ref)))
    .filter((n): n is number => n !== null);
}

function inicioDe(annot: unknown): number | null {
  if (!(annot instanceof PDFDict)) return null;
  const uri = annot.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('URI'));
  if (!(uri instanceof PDFString || uri instanceof PDFHexString)) return null;
  const texto = uri.decodeText();
  return texto.startsWith(INICIO_DTE) ? Number(texto.slice(INICIO_DTE.length)) : null;
}

function quitarInicio(page: PDFDict): void {
  const annots = page.lookupMaybe(PDFName.Annots, PDFArray);
  if (!annots) return;
  const otras = annots.asArray().filter((ref) => inicioDe(page.context.lookup(ref)) === null);
  if (otras.length === 0) page.delete(PDFName.Annots);
  else page.set(PDFName.Annots, page.context.obj(otras));
}

/**
 * A ticket cut at its document's length: its page (Chromium printed it as tall as the print's tallest
 * document) keeps its top `altoPt` points, and is exactly `anchoPt` wide (Chromium rounds a page's width
 * to whole CSS pixels: 58 mm printed 165 pt wide, not 164.41). A document longer than one page keeps its
 * pages' length: they follow one another, none cut.
 */
export async function recortar(pdf: Uint8Array, anchoPt: number, altoPt: number): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const paginas = doc.getPages();
  for (const pagina of paginas) {
    const { x, y, width, height } = pagina.getMediaBox();
    const alto = paginas.length === 1 ? Math.min(altoPt, height) : height;
    const ancho = Math.min(anchoPt, width);
    pagina.setMediaBox(x, y + height - alto, ancho, alto);
    pagina.setCropBox(x, y + height - alto, ancho, alto);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
