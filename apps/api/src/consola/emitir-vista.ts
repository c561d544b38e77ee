import { html, type Html } from './html';

/**
 * A preview's document as a person checks it before issuing: each line as built, the resumen's amounts,
 * the total in letters and the schema version. Every number is the document's own (the API's vista-previa),
 * shown as it is: the console computes none.
 */

/** What the vista-previa answers and this panel reads of it. */
export interface DocumentoPrevisto {
  version: number;
  generacion: string;
  ambiente: string;
  dte: object;
}

/**
 * The resumen's amounts a person reads, in MH's words said plainly, in the order its arithmetic reads: the
 * sales, their discounts, the taxes added (`tributos`, each by MH's description, in their place), the
 * operation's amount, what is withheld, what is paid.
 */
const RESUMEN: Record<string, string> = {
  totalNoSuj: 'Ventas no sujetas',
  totalExenta: 'Ventas exentas',
  totalGravada: 'Ventas gravadas',
  totalCompra: 'Total de compras',
  subTotalVentas: 'Suma de ventas',
  descuNoSuj: 'Descuento a no sujetas',
  descuExenta: 'Descuento a exentas',
  descuGravada: 'Descuento a gravadas',
  descu: 'Descuento',
  porcentajeDescuento: 'Porcentaje de descuento',
  totalDescu: 'Total de descuentos',
  subTotal: 'Subtotal',
  seguro: 'Seguro',
  flete: 'Flete',
  tributos: '',
  ivaPerci1: 'IVA percibido',
  ivaPerci: 'IVA percibido',
  montoTotalOperacion: 'Monto total de la operación',
  totalNoOnerosas: 'Operaciones no onerosas',
  ivaRete1: 'IVA retenido',
  ivaRete: 'IVA retenido',
  reteRenta: 'Renta retenida',
  totalNoGravado: 'Cargos no gravados',
  totalIva: 'IVA incluido',
  saldoFavor: 'Saldo a favor',
  valorTotal: 'Valor total donado',
  totalPagar: 'Total a pagar',
};
/** The amount the document comes to, shown even when it is zero. */
const TOTALES = ['totalPagar', 'valorTotal'];

/** A line's amounts, by MH's name, in the order they are shown. */
const LINEA: Record<string, string> = {
  ventaNoSuj: 'No sujeto',
  ventaExenta: 'Exento',
  ventaGravada: 'Gravado',
  compra: 'Compra',
  valor: 'Valor',
  noGravado: 'No gravado',
  ivaItem: 'IVA incluido',
};
/** The line's amount shown even when zero: its kind's main column. */
const PRINCIPALES = ['ventaGravada', 'compra', 'valor'];

/** An amount as the document has it, with at least its cents and the thousands apart: `1,234.5` → `1,234.50`. */
export const enCifras = (valor: unknown) => {
  const [entero = '0', decimales = ''] = String(valor).split('.');
  return `${entero.replace(/\B(?=(\d{3})+$)/g, ',')}.${decimales.padEnd(2, '0')}`;
};
const esNumero = (v: unknown): v is number => typeof v === 'number';

/** The preview panel: its id is where the script puts the live totals. */
export function panelVistaPrevia(d: DocumentoPrevisto | null, aviso?: Html | string): Html {
  if (!d)
    return html`<section class="vista-previa" id="vista-previa" aria-live="polite">
      <h2>Vista previa</h2>
      ${aviso || html`<p class="tenue">Pulse «Vista previa» para ver el documento y sus totales, calculados como se emitirán.</p>`}
    </section>`;
  const dte = d.dte as { resumen?: Record<string, unknown>; cuerpoDocumento?: Record<string, unknown>[] | null };
  const resumen = dte.resumen ?? {};
  const lineas = dte.cuerpoDocumento ?? [];
  const columnas = Object.keys(LINEA).filter((k) =>
    lineas.some((l) => esNumero(l[k]) && (l[k] !== 0 || PRINCIPALES.includes(k))),
  );
  const precio = lineas.some((l) => esNumero(l.valorUni)) ? 'valorUni' : 'precioUni';
  // A donation's lines have no discount.
  const conDescuento = lineas.some((l) => esNumero(l.montoDescu));
  const tributos = (resumen.tributos as { codigo: string; descripcion: string; valor: number }[] | null) ?? [];
  const dato = (campo: string, etiqueta: string, valor: unknown, porcentaje = false) =>
    html`<div data-campo="${campo}" class="${TOTALES.includes(campo) ? 'total' : ''}">
      <dt>${etiqueta}</dt>
      <dd data-valor="${String(valor)}">${porcentaje ? `${String(valor)} %` : `$${enCifras(valor)}`}</dd>
    </div>`;
  return html`<section class="vista-previa" id="vista-previa" aria-live="polite">
    <h2>Vista previa</h2>
    ${aviso}
    <p class="tenue">
      Como se enviará a MH: esquema versión ${d.version} (normativa ${d.generacion}),
      ${d.ambiente === '01' ? 'ambiente de producción' : 'ambiente de pruebas'}. El número de control y el código de
      generación se asignan al emitir.
    </p>
    <table class="lineas-vista">
      <thead>
        <tr>
          <th>N.º</th>
          <th>Descripción</th>
          <th class="num">Cantidad</th>
          <th class="num">Precio unitario</th>
          ${conDescuento && html`<th class="num">Descuento</th>`}
          ${columnas.map((k) => html`<th class="num">${LINEA[k]}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${lineas.map(
          (l) =>
            html`<tr>
              <td data-etiqueta="N.º">${String(l.numItem ?? '')}</td>
              <td data-etiqueta="Descripción">${String(l.descripcion ?? '')}</td>
              <td data-etiqueta="Cantidad" class="num">${String(l.cantidad ?? '')}</td>
              <td data-etiqueta="Precio unitario" class="num">$${enCifras(l[precio] ?? 0)}</td>
              ${conDescuento && html`<td data-etiqueta="Descuento" class="num">$${enCifras(l.montoDescu ?? 0)}</td>`}
              ${columnas.map(
                (k) => html`<td data-etiqueta="${LINEA[k]}" data-campo="${k}" class="num">$${enCifras(l[k] ?? 0)}</td>`,
              )}
            </tr>`,
        )}
      </tbody>
    </table>
    <dl class="totales">
      ${Object.entries(RESUMEN).map(([k, etiqueta]) => {
        if (k === 'tributos') return tributos.map((t) => dato(`tributo-${t.codigo}`, t.descripcion, t.valor));
        const v = resumen[k];
        return esNumero(v) && (v !== 0 || TOTALES.includes(k)) ? dato(k, etiqueta, v, k === 'porcentajeDescuento') : '';
      })}
    </dl>
    ${resumen.totalLetras ? html`<p class="letras">${String(resumen.totalLetras)}</p>` : ''}
  </section>`;
}
