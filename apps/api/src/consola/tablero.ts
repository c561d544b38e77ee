import { Router } from 'express';
import {
  debitoFiscal,
  elSalvadorNow,
  explicacionDeRechazo,
  libroCompras,
  money,
  parseRequest,
  periodoDe,
  tableroRequest,
  ventasConsumidor,
  ventasContribuyentes,
  type Money,
  type Periodo,
} from '@dte/domain';
import { Compras, lotesDeLibro, type FuentesLibros } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { enCifras } from './emitir-vista';
import { barraDePartes, barrasHorizontales, barrasPorDia } from './graficas';
import { estadoEtiqueta, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';

/** Records read at once: one round of parallel lookups by `_id`, as the books read theirs. */
const LOTE = 100;
const ZERO = money(0);
/** The MH codes the page explains one by one; the rest are counted together. */
const CODIGOS_MOSTRADOS = 10;
/** The estados in the order a month is read: sealed first, then what waits, then what failed or was undone. */
const ORDEN_ESTADOS = ['PROCESSED', 'PENDIENTE', 'CONTINGENCIA', 'REJECTED', 'CANCELLED'];
const CLASE_ESTADO: Record<string, string> = {
  PROCESSED: 'serie-ok',
  REJECTED: 'serie-error',
  CANCELLED: 'serie-tenue',
};

const dolares = (v: Money | string) => `$${enCifras(money(v).toFixed(2))}`;
const porcentaje = (parte: number, todo: number) =>
  todo ? `${money(parte).div(todo).times(100).toDecimalPlaces(1).toFixed(1)} %` : '—';

/** Per day of the month, an amount and its IVA. */
type PorDia = Map<string, [Money, Money]>;
function acumular(porDia: PorDia, fecha: string, monto: string, iva: string): void {
  const [m, i] = porDia.get(fecha) ?? [ZERO, ZERO];
  porDia.set(fecha, [m.plus(monto), i.plus(iva)]);
}

/**
 * The month's sales and purchases as the books have them: the same walks of the same documents, run through
 * the books' own code (`ventasContribuyentes`, `ventasConsumidor`, `debitoFiscal`, `libroCompras`), so the
 * totals are the books' totals, to the cent. The days are the sums of the books' lines of each date.
 */
async function libros(fuentes: FuentesLibros, emisorId: number, p: Periodo) {
  const contribuyentes = ventasContribuyentes(p);
  const consumidor = ventasConsumidor(p);
  const debito = debitoFiscal(p);
  const ventas: PorDia = new Map();
  for await (const dia of lotesDeLibro(fuentes, 'emitidos', emisorId, p)) {
    for (const l of contribuyentes.dia(dia)) acumular(ventas, l.fecha, l.montos.total, l.montos.debitoFiscal);
    for (const l of consumidor.dia(dia)) acumular(ventas, l.fecha, l.montos.total, l.montos.debitoFiscal);
    debito.dia(dia);
  }
  const compras = libroCompras(p);
  const porDiaCompras: PorDia = new Map();
  for await (const lote of lotesDeLibro(fuentes, 'compras', emisorId, p))
    for (const l of compras.dia(lote)) acumular(porDiaCompras, l.fecha, l.montos.totalCompras, l.montos.creditoFiscal);
  return {
    contribuyentes: contribuyentes.cierre(),
    consumidor: consumidor.cierre(),
    debito: debito.cierre() as { contribuyentes: string; consumidorFinal: string; total: string },
    ventas,
    compras: compras.cierre(),
    porDiaCompras,
  };
}

/**
 * The month's documents by estado (every one issued in it, whatever became of it), its rejections by MH's
 * code, and the delivery of its e-mails: a document whose e-mail was attempted counts as delivered once an
 * attempt went through. The attempts are read from `correos` by codigoGeneracion, a small document each;
 * a record saved before `correos` existed (issue 39) kept its attempts on itself, which this walk, reading
 * no record but the rejected ones, does not see.
 */
async function documentosDelMes(ctx: ApiContext, emisorId: number, p: Periodo) {
  const estados = new Map<string, number>();
  const rechazados: string[] = [];
  const correo = { intentados: 0, entregados: 0 };
  let lote: string[] = [];
  const leerCorreos = async (codigos: readonly string[]) => {
    for (const intentos of await Promise.all(codigos.map((c) => ctx.documents.intentosEnCorreos(c)))) {
      if (!intentos.length) continue;
      correo.intentados++;
      if (intentos.some((i) => i.ok)) correo.entregados++;
    }
  };
  for await (const e of ctx.documents.periodo(emisorId, p.desde, p.hasta)) {
    estados.set(e.estado, (estados.get(e.estado) ?? 0) + 1);
    if (e.estado === 'REJECTED') rechazados.push(e.codigoGeneracion);
    else lote.push(e.codigoGeneracion);
    if (lote.length < LOTE) continue;
    await leerCorreos(lote);
    lote = [];
  }
  await leerCorreos(lote);

  const porCodigo = new Map<string, { documentos: { cg: string; nc: string }[]; observacion: string }>();
  for (let i = 0; i < rechazados.length; i += LOTE) {
    const docs = await Promise.all(
      rechazados.slice(i, i + LOTE).map((cg) => ctx.documents.findOwn(emisorId, cg, ['numeroControl', 'respuestaMh'])),
    );
    for (const d of docs) {
      if (!d) continue;
      const r = d.respuestaMh as { codigoMsg?: string; descripcionMsg?: string; observaciones?: string[] } | null;
      const codigo = r?.codigoMsg ?? '—';
      const grupo = porCodigo.get(codigo) ?? {
        documentos: [],
        observacion: [...new Set([r?.descripcionMsg, ...(r?.observaciones ?? [])])].filter(Boolean).join(' · '),
      };
      grupo.documentos.push({ cg: d._id, nc: d.numeroControl });
      porCodigo.set(codigo, grupo);
    }
  }
  const rechazos = [...porCodigo.entries()].sort(
    ([a, x], [b, y]) => y.documentos.length - x.documentos.length || a.localeCompare(b),
  );
  return { estados, rechazos, correo };
}

/** Every day of the period, YYYY-MM-DD. */
function diasDe(p: Periodo): string[] {
  const dias: string[] = [];
  for (
    let d = new Date(`${p.desde}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= p.hasta;
    d.setUTCDate(d.getUTCDate() + 1)
  )
    dias.push(d.toISOString().slice(0, 10));
  return dias;
}

/** A chart of amounts by day and, folded under it, the same numbers: the days that moved and the month's total. */
function porDia(
  id: string,
  titulo: string,
  desc: string,
  dias: readonly string[],
  valores: PorDia,
  nombres: readonly [string, string],
  totales: readonly [string, string],
): Html {
  const de = (i: 0 | 1) => dias.map((d) => valores.get(d)?.[i] ?? ZERO);
  const grafica = barrasPorDia(
    id,
    titulo,
    desc,
    dias,
    [
      { nombre: nombres[0], clase: 'serie-1', valores: de(0) },
      { nombre: nombres[1], clase: 'serie-2', valores: de(1) },
    ],
    dolares,
  );
  const conMovimiento = dias.filter((d) => valores.has(d));
  return html`<figure class="grafica-figura">
      ${grafica}
      <figcaption class="leyenda">
        <span class="muestra serie-1"></span>${nombres[0]} <span class="muestra serie-2"></span>${nombres[1]}
      </figcaption>
    </figure>
    <details>
      <summary>Ver las cifras por día</summary>
      <table id="${id}-cifras">
        <thead>
          <tr>
            <th>Día</th>
            <th class="num">${nombres[0]}</th>
            <th class="num">${nombres[1]}</th>
          </tr>
        </thead>
        <tbody>
          ${conMovimiento.map(
            (d) =>
              html`<tr>
                <td>${d}</td>
                <td class="num">${dolares(valores.get(d)![0])}</td>
                <td class="num">${dolares(valores.get(d)![1])}</td>
              </tr>`,
          )}
          <tr class="total">
            <td>Total del mes</td>
            <td class="num">${dolares(totales[0])}</td>
            <td class="num">${dolares(totales[1])}</td>
          </tr>
        </tbody>
      </table>
    </details>`;
}

/**
 * The month at a glance (`/consola/tablero`, permission LIBROS: whoever reads the books): sales and IVA
 * débito by day, purchases and IVA crédito, the documents by estado, MH's rejections by code with what each
 * means and what to do, and how many e-mails reached their receptor. The money is the books' own figures
 * (`libros`); the charts are SVG drawn here, their numbers also in tables.
 */
export function tableroConsola(ctx: ApiContext): Router {
  const router = Router();
  const compras = new Compras(ctx.db, ctx.store, ctx.tenants);

  router.get('/tablero', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'LIBROS');
    const { mes = elSalvadorNow().fecEmi.slice(0, 7) } = parseRequest(tableroRequest, req.query);
    const p = periodoDe(mes);
    const emisorId = req.auth.emisorId;
    const [l, d] = await Promise.all([
      libros({ documents: ctx.documents, compras }, emisorId, p),
      documentosDelMes(ctx, emisorId, p),
    ]);
    const dias = diasDe(p);
    const ventasTotal = money(l.contribuyentes.totales.total).plus(l.consumidor.totales.total);
    const enEspera = l.contribuyentes.pendientesDeSello.length + l.consumidor.pendientesDeSello.length;
    const comprasEnEspera = l.compras.pendientesDeVerificacion.length + l.compras.pendientesDeConfirmacion.length;
    const emitidos = [...d.estados.values()].reduce((a, b) => a + b, 0);
    const estados = [
      ...ORDEN_ESTADOS.filter((e) => d.estados.has(e)),
      ...[...d.estados.keys()].filter((e) => !ORDEN_ESTADOS.includes(e)).sort(),
    ].map((e) => ({
      estado: e,
      // The console's one Spanish name of each estado, as text: an SVG label holds no HTML.
      etiqueta: estadoEtiqueta(e).texto.replace(/<[^>]+>/g, ''),
      documentos: d.estados.get(e)!,
    }));
    const { intentados, entregados } = d.correo;
    const rechazados = d.estados.get('REJECTED') ?? 0;

    const cuerpo = html`<form class="filtros" method="get" action="/consola/tablero">
        <label>Mes<input type="month" name="mes" value="${mes}" required /></label>
        <button type="submit">Ver el mes</button>
      </form>
      <dl class="ficha" id="resumen">
        <div>
          <dt>Ventas del mes (con IVA)</dt>
          <dd id="ventas">${dolares(ventasTotal)}</dd>
        </div>
        <div>
          <dt>IVA débito fiscal</dt>
          <dd id="debito">${dolares(l.debito.total)}</dd>
        </div>
        <div>
          <dt>Compras del mes (sin IVA)</dt>
          <dd id="compras">${dolares(l.compras.totales.totalCompras)}</dd>
        </div>
        <div>
          <dt>IVA crédito fiscal</dt>
          <dd id="credito">${dolares(l.compras.totales.creditoFiscal)}</dd>
        </div>
        <div>
          <dt>Documentos emitidos</dt>
          <dd>${emitidos}${rechazados ? ` (${rechazados} rechazados por MH)` : ''}</dd>
        </div>
        <div>
          <dt>Correos entregados</dt>
          <dd id="entrega">${porcentaje(entregados, intentados)}</dd>
        </div>
      </dl>

      <section>
        <h2>Ventas e IVA débito por día</h2>
        ${porDia(
          'ventas-dia',
          `Ventas e IVA débito por día, ${mes}`,
          `Barras por día del mes: ventas (total de la operación) e IVA débito fiscal. Total del mes: ventas ${dolares(
            ventasTotal,
          )}, IVA débito ${dolares(l.debito.total)}.`,
          dias,
          l.ventas,
          ['Ventas', 'IVA débito'],
          [ventasTotal.toFixed(2), l.debito.total],
        )}
        <table id="libros-ventas">
          <thead>
            <tr>
              <th>Libro</th>
              <th class="num">Documentos</th>
              <th class="num">Ventas</th>
              <th class="num">IVA débito</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Ventas a contribuyentes</td>
              <td class="num">${l.contribuyentes.totales.documentos}</td>
              <td class="num">${dolares(l.contribuyentes.totales.total)}</td>
              <td class="num">${dolares(l.debito.contribuyentes)}</td>
            </tr>
            <tr>
              <td>Ventas a consumidor final</td>
              <td class="num">${l.consumidor.totales.documentos}</td>
              <td class="num">${dolares(l.consumidor.totales.total)}</td>
              <td class="num">${dolares(l.debito.consumidorFinal)}</td>
            </tr>
          </tbody>
        </table>
        <p class="tenue">
          Las cifras son las de los <a href="/consola/libros">libros de ventas</a> del mes: documentos sellados por MH
          con fecha de emisión en el mes; una nota de crédito resta.
          ${enEspera ? `${enEspera} documento(s) en contingencia contarán cuando MH los selle.` : ''}
        </p>
      </section>

      <section>
        <h2>Compras e IVA crédito por día</h2>
        ${porDia(
          'compras-dia',
          `Compras e IVA crédito por día, ${mes}`,
          `Barras por día de emisión: compras sin IVA e IVA crédito fiscal. Total del mes: compras ${dolares(
            l.compras.totales.totalCompras,
          )}, IVA crédito ${dolares(l.compras.totales.creditoFiscal)}.`,
          dias,
          l.porDiaCompras,
          ['Compras', 'IVA crédito'],
          [l.compras.totales.totalCompras, l.compras.totales.creditoFiscal],
        )}
        <p class="tenue">
          Las cifras son las del <a href="/consola/libros">libro de compras</a>: ${l.compras.totales.documentos}
          documento(s) verificados con MH.
          ${comprasEnEspera ? `${comprasEnEspera} documento(s) recibidos esperan verificación o confirmación.` : ''}
        </p>
      </section>

      <div class="columnas">
        <section>
          <h2>Documentos por estado</h2>
          ${
            emitidos
              ? html`${barrasHorizontales(
                    'estados',
                    `Documentos emitidos en ${mes} por estado`,
                    estados.map((e) => `${e.etiqueta}: ${e.documentos}`).join(', '),
                    estados.map((e) => ({
                      etiqueta: e.etiqueta,
                      valor: e.documentos,
                      clase: CLASE_ESTADO[e.estado] ?? 'serie-alerta',
                    })),
                  )}
                  <table id="estados">
                    <thead>
                      <tr>
                        <th>Estado</th>
                        <th class="num">Documentos</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${estados.map(
                        (e) =>
                          html`<tr>
                            <td>${estadoEtiqueta(e.estado)}</td>
                            <td class="num">${e.documentos}</td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>`
              : html`<p class="vacio">No se emitieron documentos en este mes.</p>`
          }
        </section>
        <section>
          <h2>Entrega de correos</h2>
          ${
            intentados
              ? html`${barraDePartes(
                    'correos',
                    `Correos entregados en ${mes}`,
                    `${entregados} de ${intentados} documentos con correo entregados, ${intentados - entregados} no entregados.`,
                    [
                      { valor: entregados, clase: 'serie-ok' },
                      { valor: intentados - entregados, clase: 'serie-error' },
                    ],
                  )}
                  <p id="correos-cifras">
                    <strong>${porcentaje(entregados, intentados)}</strong> entregados: ${entregados} de ${intentados}
                    documentos que se enviaron por correo; ${intentados - entregados} sin entregar (búsquelos en
                    Documentos para reenviarlos).
                  </p>`
              : html`<p class="vacio">Ningún documento del mes se envió por correo.</p>`
          }
        </section>
      </div>

      <section>
        <h2>Rechazos de MH por código</h2>
        ${
          d.rechazos.length
            ? html`<table id="rechazos">
                <thead>
                  <tr>
                    <th>Código</th>
                    <th class="num">Documentos</th>
                    <th>Qué significa</th>
                    <th>Qué hacer</th>
                  </tr>
                </thead>
                <tbody>
                  ${d.rechazos.slice(0, CODIGOS_MOSTRADOS).map(([codigo, g]) => {
                    const explicacion = explicacionDeRechazo(codigo);
                    return html`<tr>
                      <td><code>${codigo}</code></td>
                      <td class="num">${g.documentos.length}</td>
                      <td>
                        ${explicacion.significa}
                        <div class="tenue">
                          Por ejemplo <a href="/consola/documentos/${g.documentos[0]!.cg}">${g.documentos[0]!.nc}</a>:
                          ${g.observacion}
                        </div>
                      </td>
                      <td>${explicacion.solucion}</td>
                    </tr>`;
                  })}
                  ${
                    d.rechazos.length > CODIGOS_MOSTRADOS &&
                    html`<tr>
                      <td>Otros códigos</td>
                      <td class="num">
                        ${d.rechazos.slice(CODIGOS_MOSTRADOS).reduce((n, [, g]) => n + g.documentos.length, 0)}
                      </td>
                      <td colspan="2">Véalos en Documentos, con el estado Rechazado.</td>
                    </tr>`
                  }
                </tbody>
              </table>`
            : html`<p class="vacio">MH no rechazó documentos en este mes.</p>`
        }
      </section>`;
    res.send(
      pagina({ ...(await datosDePagina(ctx, req)), titulo: `Tablero del mes ${mes}`, seccion: 'tablero', cuerpo }),
    );
  });
  return router;
}
