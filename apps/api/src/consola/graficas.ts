import { money, type Money } from '@dte/domain';
import { html, type Html } from './html';

/**
 * The tablero's charts, drawn on the server as inline SVG: no script, no file of their own, colors from
 * the stylesheet's classes (the CSP takes no inline style). Each is an image named by its <title> and
 * <desc>, its numbers also in a table beside it; its viewBox lets it shrink to a phone's width.
 */

const ANCHO = 640;
const ZERO = money(0);
/** Where a coordinate goes: SVG takes numbers, the amounts stay decimal until drawn. */
const coord = (v: Money) => Number(v.toFixed(1));

export interface Serie {
  nombre: string;
  /** The stylesheet's class that colors it: `serie-1`, `serie-2`. */
  clase: string;
  valores: readonly Money[];
}

/** The accessible frame of a chart: an image named by its title, described by its desc. */
function marco(id: string, titulo: string, desc: string, alto: number, cuerpo: Html): Html {
  return html`<svg
    class="grafica"
    viewBox="0 0 ${ANCHO} ${alto}"
    role="img"
    aria-labelledby="${id}-titulo ${id}-desc"
    xmlns="http://www.w3.org/2000/svg"
  >
    <title id="${id}-titulo">${titulo}</title>
    <desc id="${id}-desc">${desc}</desc>
    ${cuerpo}
  </svg>`;
}

/**
 * Bars per day of the month, one of each series side by side; the scale from the lowest (at most 0: a
 * Nota de Crédito can leave a day negative) to the highest amount, its ends written on the axis.
 */
export function barrasPorDia(
  id: string,
  titulo: string,
  desc: string,
  dias: readonly string[],
  series: readonly Serie[],
  formato: (v: Money) => string,
): Html {
  const alto = 260;
  const [izq, arriba, abajo] = [112, 14, 30];
  const todos = series.flatMap((s) => s.valores);
  const max = todos.reduce((m, v) => (v.gt(m) ? v : m), ZERO);
  const min = todos.reduce((m, v) => (v.lt(m) ? v : m), ZERO);
  const rango = max.minus(min).isZero() ? ZERO.plus(1) : max.minus(min);
  const altura = alto - arriba - abajo;
  const y = (v: Money) => coord(ZERO.plus(arriba).plus(max.minus(v).div(rango).times(altura)));
  const paso = (ANCHO - izq - 4) / dias.length;
  const ancho = (paso * 0.8) / series.length;
  const cero = y(ZERO);
  const barras = dias.flatMap((dia, i) =>
    series.map((s, j) => {
      const v = s.valores[i]!;
      const x = (izq + i * paso + paso * 0.1 + j * ancho).toFixed(1);
      const [desde, hasta] = v.gte(0) ? [y(v), cero] : [cero, y(v)];
      return v.isZero()
        ? ''
        : html`<rect
            class="${s.clase}"
            x="${x}"
            y="${desde}"
            width="${ancho.toFixed(1)}"
            height="${Math.max(hasta - desde, 0.5).toFixed(1)}"
            ><title>Día ${Number(dia.slice(8))}: ${s.nombre} ${formato(v)}</title></rect
          >`;
    }),
  );
  // Every fifth day named, and the first: readable on a phone.
  const etiquetas = dias.map((dia, i) => {
    const n = Number(dia.slice(8));
    return n === 1 || n % 5 === 0
      ? html`<text class="eje" x="${(izq + i * paso + paso / 2).toFixed(1)}" y="${alto - 8}" text-anchor="middle"
          >${n}</text
        >`
      : '';
  });
  return marco(
    id,
    titulo,
    desc,
    alto,
    html`<line class="eje-linea" x1="${izq}" x2="${ANCHO}" y1="${cero}" y2="${cero}" />
      <text class="eje" x="${izq - 6}" y="${y(max) + 5}" text-anchor="end">${formato(max)}</text>
      ${
        min.isZero()
          ? html`<text class="eje" x="${izq - 6}" y="${cero + 5}" text-anchor="end">0</text>`
          : html`<text class="eje" x="${izq - 6}" y="${y(min)}" text-anchor="end">${formato(min)}</text>`
      }
      ${barras}${etiquetas}`,
  );
}

/** One horizontal bar per row, its label on the left and its value at its end. */
export function barrasHorizontales(
  id: string,
  titulo: string,
  desc: string,
  filas: readonly { etiqueta: string; valor: number; clase: string }[],
): Html {
  const fila = 34;
  const izq = 200;
  const max = Math.max(1, ...filas.map((f) => f.valor));
  const largo = ANCHO - izq - 60;
  return marco(
    id,
    titulo,
    desc,
    filas.length * fila + 8,
    html`${filas.map((f, i) => {
      const w = Math.max((f.valor / max) * largo, f.valor ? 2 : 0);
      const yBarra = 6 + i * fila;
      return html`<text class="eje" x="${izq - 10}" y="${yBarra + 18}" text-anchor="end">${f.etiqueta}</text>
        <rect class="${f.clase}" x="${izq}" y="${yBarra}" width="${w.toFixed(1)}" height="24" />
        <text class="eje" x="${(izq + w + 8).toFixed(1)}" y="${yBarra + 18}">${f.valor}</text>`;
    })}`,
  );
}

/** A whole split into its parts, as one bar (e-mails delivered and failed). */
export function barraDePartes(
  id: string,
  titulo: string,
  desc: string,
  partes: readonly { valor: number; clase: string }[],
): Html {
  const total = partes.reduce((t, p) => t + p.valor, 0);
  let x = 0;
  return marco(
    id,
    titulo,
    desc,
    36,
    html`<rect class="fondo-barra" x="0" y="4" width="${ANCHO}" height="28" rx="6" /> ${partes.map((p) => {
        if (!total || !p.valor) return '';
        const w = (p.valor / total) * ANCHO;
        const r = html`<rect class="${p.clase}" x="${x.toFixed(1)}" y="4" width="${w.toFixed(1)}" height="28" />`;
        x += w;
        return r;
      })}`,
  );
}
