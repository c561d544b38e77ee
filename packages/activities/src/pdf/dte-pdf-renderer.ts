import type { BrowserPool } from './browser-pool';
import { recortar, splitPrint } from './split-print';
import { aspectoDe, HOJAS, paginaDte, parteDte, type DtePdfInput, type ParteDte } from './template';

const PT_POR_MM = 72 / 25.4;
const MM_POR_PX = 25.4 / 96;
/**
 * A ticket's page is at most this long (a PDF page may be 5 m): a longer document goes on to more pages of
 * this length, none cut.
 */
const TICKET_MAX_MM = 2000;
/** Below a ticket's measured content, so rounding between the measured and the printed layout cuts nothing. */
const HOLGURA_MM = 2;

export interface DtePdfRendererOptions {
  /** At most this many documents in one Chromium print (PDF_BATCH_SIZE); 1 prints each alone. */
  batchSize: number;
  /**
   * How long a document may wait for others to share its print when a page is free (PDF_BATCH_WINDOW_MS).
   * 0: never; documents are batched only while a print runs, so a lone one starts at once.
   */
  windowMs: number;
  /** Told the number of documents of each print that succeeded (the worker's metrics). */
  onPrint?: (documents: number) => void;
}

interface Pendiente {
  parte: ParteDte;
  aspecto: string;
  /** Set after its batch failed: it is printed alone, so only a document that fails by itself fails. */
  solo: boolean;
  desde: number;
  resolve(pdf: Buffer): void;
  reject(error: unknown): void;
}

/**
 * The legible version of DTEs as PDFs (Letter, or a ticket's roll: `HOJAS`), several to a Chromium print.
 * Most of a print's cost is fixed (laying out a page, writing a PDF), so documents that arrive while a print
 * runs are printed together, each from a page of its own, and the print is split into one PDF per document
 * (`splitPrint`). Only documents of the same look (`aspectoDe`, which includes the paper) share a print.
 * Each caller still gets its own document's PDF or its own error.
 */
export class DtePdfRenderer {
  private readonly waiting: Pendiente[] = [];
  private printing = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: BrowserPool,
    private readonly options: DtePdfRendererOptions,
  ) {
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) throw new RangeError('batchSize must be >= 1');
  }

  async render(input: DtePdfInput): Promise<Buffer> {
    // A document that cannot be laid out fails here, before it joins anybody's print.
    const parte = await parteDte(input);
    return new Promise((resolve, reject) => {
      this.waiting.push({ parte, aspecto: aspectoDe(parte), solo: false, desde: Date.now(), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.printing < this.pool.size && this.waiting.length > 0) {
      // Beside a running print, another starts only for a full batch: the documents that arrive during a
      // print cost far less printed together after it, and a busy worker's cores are what they share.
      if (this.printing > 0 && this.waiting.length < this.options.batchSize) return;
      const espera = this.waiting[0]!.desde + this.options.windowMs - Date.now();
      if (espera > 0 && this.waiting.length < this.options.batchSize) {
        this.timer ??= setTimeout(() => {
          this.timer = null;
          this.pump();
        }, espera);
        return;
      }
      const batch = this.take();
      this.printing++;
      void this.print(batch).finally(() => {
        this.printing--;
        this.pump();
      });
    }
  }

  /** The first waiting document and those after it of the same look, in arrival order. */
  private take(): Pendiente[] {
    const [primero] = this.waiting.splice(0, 1) as [Pendiente];
    const batch = [primero];
    if (primero.solo) return batch;
    for (let i = 0; i < this.waiting.length && batch.length < this.options.batchSize;) {
      const otro = this.waiting[i]!;
      if (!otro.solo && otro.aspecto === primero.aspecto) batch.push(...this.waiting.splice(i, 1));
      else i++;
    }
    return batch;
  }

  private async print(batch: Pendiente[]): Promise<void> {
    let pdfs: Buffer[];
    try {
      const markup = paginaDte(batch.map((p) => p.parte));
      const hoja = HOJAS[batch[0]!.parte.papel];
      const { impresion, altosMm } = await this.pool.use(async (page) => {
        await page.setContent(markup, { waitUntil: 'load' });
        // Untagged: splitting keeps pages, not the print's structure tree, and tagging took Chromium about
        // a third more CPU per document.
        if (hoja.altoMm !== null) {
          return {
            impresion: await page.pdf({ printBackground: true, preferCSSPageSize: true, tagged: false }),
            altosMm: null,
          };
        }
        // A ticket: each document's length, as laid out at the roll's width (its body is that wide), then
        // one print on pages as long as the longest, each document from a page of its own.
        const m = hoja.margenMm;
        const altos = await page.$$eval('.dte', (dtes) => dtes.map((dte) => dte.getBoundingClientRect().height));
        const altosMm = altos.map((px) => m.superior + px * MM_POR_PX + HOLGURA_MM + m.inferior);
        const altoMm = Math.min(Math.max(...altosMm), TICKET_MAX_MM);
        const impresion = await page.pdf({
          width: `${hoja.anchoMm}mm`,
          height: `${altoMm.toFixed(2)}mm`,
          printBackground: true,
          tagged: false,
        });
        return { impresion, altosMm };
      });
      const titulos = batch.map((p) => p.parte.titulo);
      // A print of one is that document's PDF as Chromium wrote it.
      pdfs =
        batch.length === 1
          ? [Buffer.from(impresion)]
          : await splitPrint(impresion, titulos, { numerar: altosMm === null });
      if (altosMm) {
        const anchoPt = hoja.anchoMm * PT_POR_MM;
        pdfs = await Promise.all(pdfs.map((pdf, i) => recortar(pdf, anchoPt, altosMm[i]! * PT_POR_MM)));
      }
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // Which of them broke the print is unknown: each is printed again on its own, first in the queue.
      else this.waiting.unshift(...batch.map((p) => ({ ...p, solo: true })));
      return;
    }
    this.options.onPrint?.(batch.length);
    batch.forEach((p, i) => p.resolve(pdfs[i]!));
  }
}
