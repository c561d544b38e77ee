import type { BrowserPool } from './browser-pool';
import { dteHtml, type DtePdfInput } from './template';

/** The legible version of a DTE as a Letter-size PDF, rendered on a pooled Chromium page. */
export async function renderDtePdf(pool: BrowserPool, input: DtePdfInput): Promise<Buffer> {
  const markup = await dteHtml(input);
  return pool.use(async (page) => {
    await page.setContent(markup, { waitUntil: 'load' });
    // Size, margins and page numbers come from the template's @page rule: Chromium draws its margin boxes
    // with the page, cheaper than the separate header and footer documents of displayHeaderFooter.
    const pdf = await page.pdf({ printBackground: true, preferCSSPageSize: true });
    return Buffer.from(pdf);
  });
}
