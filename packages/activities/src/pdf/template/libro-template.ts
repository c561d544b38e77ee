import { sumaDeColumnas, type ColumnaLibro, type TablaLibro } from '@dte/domain';
import { html, SafeHtml } from './html';

export interface LibroPdfInput extends TablaLibro {
  emisor: { nombre: string; nit: string; nrc: string | null };
  periodo: string;
  establecimiento: string | null;
}

const clase = (c: ColumnaLibro) => (c.monto ? 'monto' : c.ajustable ? 'ajustable' : '');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A book as a page an accountant files: the title, the emisor and the period on every page's top, one row
 * per line, and the totals (the sum of the lines' amounts) at the end, if it has amounts; pages numbered
 * "Página n de m". A certification campaign's record is printed so too.
 */
export function libroHtml(input: LibroPdfInput): string {
  const suma = sumaDeColumnas(input.columnas);
  for (const f of input.filas) suma.agregar(f);
  const totales = suma.valores();
  const celda = (v: string | number | null, monto: boolean | undefined) =>
    monto && v !== null ? money.format(Number(v)) : v === null ? '' : String(v);
  const page = html`<!DOCTYPE html>
    <html lang="es">
      <head>
        <meta charset="utf-8" />
        <title>${input.titulo} ${input.periodo}</title>
        <style>
          ${new SafeHtml(CSS)}
        </style>
      </head>
      <body>
        <header>
          <h1>${input.titulo}</h1>
          <div>
            ${input.emisor.nombre} — NIT ${input.emisor.nit}${input.emisor.nrc ? ` — NRC ${input.emisor.nrc}` : ''}
          </div>
          <div>
            Período: ${input.periodo}${input.establecimiento ? ` — Establecimiento ${input.establecimiento}` : ''}
          </div>
        </header>
        <table>
          <thead>
            <tr>
              ${input.columnas.map((c) => html`<th class="${clase(c)}">${c.titulo}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${input.filas.map(
              (f) =>
                html`<tr>
                  ${f.map((v, i) => html`<td class="${clase(input.columnas[i]!)}">${celda(v, input.columnas[i]!.monto)}</td>`)}
                </tr>`,
            )}
          </tbody>
          ${
            input.columnas.some((c) => c.monto)
              ? html`<tfoot>
                  <tr>
                    ${input.columnas.map(
                      (c, i) =>
                        html`<td class="${clase(c)}">${i === 0 ? 'Totales' : celda(totales[i] ?? null, c.monto)}</td>`,
                    )}
                  </tr>
                </tfoot>`
              : ''
          }
        </table>
      </body>
    </html>`;
  return page.value;
}

const CSS = `
@page {
  size: Letter landscape;
  margin: 10mm 10mm 14mm 10mm;
  @bottom-right { content: 'Página ' counter(page) ' de ' counter(pages); font-family: Arial, 'Liberation Sans', sans-serif; font-size: 7pt; color: #666; }
}
* { box-sizing: border-box; }
body { margin: 0; font-family: Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif; font-size: 7.5pt; color: #1a1a1a; }
header { border-bottom: 2px solid #1f3a5f; padding-bottom: 4px; margin-bottom: 6px; }
h1 { margin: 0 0 2px; font-size: 13pt; color: #1f3a5f; }
table { width: 100%; border-collapse: collapse; table-layout: auto; }
thead { display: table-header-group; }
th { background: #5b7a99; color: #fff; text-align: left; padding: 3px; font-size: 7pt; }
td { border-bottom: 1px solid #ddd; padding: 2px 3px; vertical-align: top; white-space: nowrap; }
td.ajustable { white-space: normal; }
tr { page-break-inside: avoid; }
.monto { text-align: right; white-space: nowrap; }
tfoot td { font-weight: bold; border-top: 1px solid #1f3a5f; border-bottom: none; }
`;
