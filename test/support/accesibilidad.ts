import fs from 'node:fs';
import type { Page } from 'puppeteer-core';

/** axe-core, the accessibility engine, as the page runs it (through DevTools: the console's CSP allows no script). */
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** An accessibility rule the page breaks, and the elements that break it. */
export interface Infraccion {
  id: string;
  ayuda: string;
  elementos: string[];
}

/** What the page as shown now breaks of WCAG 2.1 A and AA, by axe-core: none on a page a person uses. */
export async function infraccionesDeAccesibilidad(page: Page): Promise<Infraccion[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    }
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations.map((v) => ({ id: v.id, ayuda: v.help, elementos: v.nodes.map((n) => n.target.join(' ')) }));
  });
}
