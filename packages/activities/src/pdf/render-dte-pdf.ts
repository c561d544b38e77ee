import type { BrowserPool } from './browser-pool';
import { dteHtml, type DtePdfInput } from './template';

// Page numbers are the only thing the layouts put in the margin; Chromium fills the two spans per page.
const FOOTER = `<div style="width:100%;font-size:7pt;color:#666;text-align:right;padding:0 10mm;font-family:Arial,sans-serif">
Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>`;

/** The legible version of a DTE as a Letter-size PDF, rendered on a pooled Chromium page. */
export async function renderDtePdf(pool: BrowserPool, input: DtePdfInput): Promise<Buffer> {
  const markup = await dteHtml(input);
  return pool.use(async (page) => {
    await page.setContent(markup, { waitUntil: 'load' });
    const pdf = await page.pdf({
      format: 'Letter',
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: FOOTER,
      margin: { top: '10mm', right: '10mm', bottom: '14mm', left: '10mm' },
    });
    return Buffer.from(pdf);
  });
}
