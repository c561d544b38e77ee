import { Router, type Request } from 'express';
import {
  ANEXOS_F07_COMPRAS,
  catalogValue,
  clasificarCompraRequest,
  confirmarCompraRequest,
  DteError,
  elSalvadorNow,
  ErrorCode,
  LEER_COMPRAS,
  listaComprasRequest,
  type MotivoCompra,
} from '@dte/domain';
import { Buzones, buzonView, Compras, compraView, SecretBox, type CompraView } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { escribirCursor, leerCursor } from '../http/cursor';
import { leerBuzonAhora } from '../routes/buzon';
import { clasificarCompras, confirmarCompra } from '../routes/compras';
import { campo, campoCsrf, casilla, mensajeClaro, seleccion as lista, texto, type Errores } from './formulario';
import { fechaHora, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';

const ESTADOS: Record<string, [etiqueta: string, tono: string]> = {
  PENDIENTE_MH: ['Esperando a MH', 'pendiente'],
  VERIFICADO: ['Verificado', 'processed'],
  POR_CONFIRMAR: ['Por confirmar', 'pendiente'],
  CONFIRMADO: ['Confirmado', 'processed'],
  INVALIDADO_EN_MH: ['Invalidado en MH', 'rejected'],
  NO_ENCONTRADO: ['No está en MH', 'rejected'],
  NO_ES_PARA_ESTE_EMISOR: ['No es para este emisor', 'rejected'],
  INCONSISTENTE: ['Inconsistente', 'rejected'],
};
const estadoCompra = (estado: string) => {
  const [etiqueta, tono] = ESTADOS[estado] ?? [estado, ''];
  return html`<span class="estado estado-${tono}">${etiqueta}</span>`;
};

/** What MH's consultadte confirmed (`CONFIRMADO_POR_MH`), in words. */
const HECHOS_MH: Record<string, string> = {
  codigoGeneracion: 'el código de generación',
  selloRecibido: 'el sello de recepción',
  emisor: 'el proveedor que lo emitió',
  receptor: 'que el receptor es este emisor',
  ambiente: 'el ambiente',
  vigente: 'que no está invalidado',
};

const nombreTipo = (tipo: string) => catalogValue('CAT-002', tipo) ?? tipo;

/** The list's filters, as GET /compras names them. */
const FILTROS = ['periodo', 'estado', 'proveedor'] as const;
const POR_PAGINA = 50;
/** The mailbox's latest messages it could not take, shown folded. */
const NO_LEIDOS_MOSTRADOS = 10;

const MOTIVOS_BUZON: Record<string, string> = {
  SIN_ARCHIVO_DTE: 'no trae un archivo JSON',
  JSON_INVALIDO: 'el archivo JSON no se puede leer',
  NO_ES_ARCHIVO_DTE: 'el archivo JSON no es un documento tributario electrónico',
};

/**
 * DGII's four Renta columns of a purchase (annex manual v14 §V Q–T, `clasificacionRenta`), each code in
 * words; 8 and 9 go in all four at once.
 */
const CAMPOS_RENTA = [
  [
    'tipoOperacion',
    'Tipo de operación',
    { 1: 'Gravada', 2: 'No gravada o exenta', 3: 'Excluida o no constituye renta', 4: 'Mixta' },
  ],
  ['clasificacion', 'Clasificación', { 1: 'Costo', 2: 'Gasto' }],
  [
    'sector',
    'Sector',
    { 1: 'Industria', 2: 'Comercio', 3: 'Agropecuaria', 4: 'Servicios, profesiones, artes y oficios' },
  ],
  [
    'tipoCostoGasto',
    'Tipo de costo o gasto',
    {
      1: 'Gastos de venta',
      2: 'Gastos de administración',
      3: 'Gastos financieros (sin donación)',
      4: 'Costo de artículos importados o internados',
      5: 'Costo de artículos comprados internamente',
      6: 'Costos indirectos de fabricación',
      7: 'Mano de obra',
    },
  ],
] as const satisfies readonly (readonly [string, string, Record<number, string>])[];
const CODIGOS_COMPLETOS: Record<number, string> = {
  8: 'Operación informada en más de un anexo',
  9: 'Instituciones públicas, municipalidades u operaciones no deducibles',
};

const opcionesRenta = (codigos: Record<number, string>) =>
  [...Object.entries(codigos), ...Object.entries(CODIGOS_COMPLETOS)].map(([c, t]) => [c, `${c} · ${t}`] as const);

/** The four codes' fields (`lista` ties each to its error); `vacio` names the empty choice. */
function camposClasificacion(valores: Record<string, string>, errores: Errores, vacio = 'Elija'): Html {
  return html`${CAMPOS_RENTA.map(([nombre, etiqueta, codigos]) =>
    lista(etiqueta, nombre, [['', vacio], ...opcionesRenta(codigos)], { valor: valores[nombre] ?? '', errores }),
  )}`;
}

/** A classification in words: the purchase's own, else its supplier's default, else none. */
function clasificacionTexto(
  propia: Record<string, unknown> | null,
  delProveedor: Record<string, unknown> | null | undefined,
): Html {
  const c = propia ?? delProveedor;
  if (!c) return html`<span class="estado estado-pendiente">Sin clasificar</span>`;
  const palabras = CAMPOS_RENTA.map(
    ([nombre, , codigos]) =>
      (codigos as Record<number, string>)[Number(c[nombre])] ??
      CODIGOS_COMPLETOS[Number(c[nombre])] ??
      String(c[nombre]),
  );
  return html`${[...new Set(palabras)].join(' · ')} ${propia ? '' : html`<span class="tenue">(la del proveedor)</span>`}`;
}

/** The classification form as the person left it: the documents selected, the codes, and each error. */
interface Seleccion {
  codigos: string[];
  clasificacion: Record<string, string>;
  proveedor: boolean;
  errores: Errores;
}
const SIN_SELECCION: Seleccion = { codigos: [], clasificacion: {}, proveedor: false, errores: {} };

/** The previous month (YYYY-MM, El Salvador): the one an accountant declares. */
function mesAnterior(): string {
  const [y, m] = elSalvadorNow().fecEmi.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const NOMBRES_ANEXOS: Record<keyof typeof ANEXOS_F07_COMPRAS, string> = {
  compras: 'Anexo 3 · Compras',
  'compras-sujetos-excluidos': 'Anexo 5 · Compras a sujetos excluidos',
  'retenciones-recibidas': 'Anexo 7 · Retención de IVA 1 % que le efectuaron',
  'percepciones-recibidas': 'Anexo 8 · Percepción de IVA 1 % que le efectuaron',
};
/** The annexes whose rows carry the Renta classification (docs/anexos-f07.md, "Renta classification"). */
const CON_CLASIFICACION = new Set<string>(['compras', 'compras-sujetos-excluidos']);

/** A list of an annex's form: label-wrapped, without an id, as each annex's form repeats the same names. */
const listaDescarga = (etiqueta: string, nombre: string, opciones: readonly (readonly [string, string])[]) =>
  html`<label
    >${etiqueta}<select name="${nombre}">
      ${opciones.map(([v, t]) => html`<option value="${v}">${t}</option>`)}
    </select></label
  >`;

/**
 * The purchase book and annexes, each a form that downloads it through the API's own routes under
 * `/consola/api` (permission LIBROS), DGII's choices asked in the form: the Renta classification of the
 * purchases without one, which anexos 3 and 5 need from February 2024.
 */
function descargas(): Html {
  const mes = html`<label>Mes<input type="month" name="periodo" value="${mesAnterior()}" required /></label>`;
  return html`<section>
    <h2>Libro de compras y anexos</h2>
    <form class="descarga" method="get" action="/consola/api/libros/compras">
      <h3>Libro de compras</h3>
      ${mes}
      ${listaDescarga('Formato', 'formato', [
        ['xlsx', 'Hoja de cálculo'],
        ['pdf', 'PDF'],
        ['json', 'JSON'],
      ])}
      <button type="submit">Descargar</button>
    </form>
    ${Object.entries(NOMBRES_ANEXOS).map(
      ([anexo, nombre]) =>
        html`<form class="descarga" method="get" action="/consola/api/anexos/f07/${anexo}">
          <h3>${nombre}</h3>
          ${mes}
          ${listaDescarga('Formato', 'formato', [
            ['csv', 'CSV para el portal de la DGII'],
            ['json', 'JSON'],
          ])}
          ${
            CON_CLASIFICACION.has(anexo) &&
            html`<fieldset>
              <legend>
                ${
                  anexo === 'compras'
                    ? 'Clasificación para Renta de las compras que no tienen una (opcional)'
                    : 'Clasificación para Renta de estas compras (requerida desde febrero de 2024)'
                }
              </legend>
              ${CAMPOS_RENTA.map(([campo_, etiqueta, codigos]) =>
                listaDescarga(etiqueta, campo_, [['', '—'], ...opcionesRenta(codigos)]),
              )}
            </fieldset>`
          }
          <button type="submit">Descargar</button>
        </form>`,
    )}
    <p class="tenue">
      Cuentan los documentos verificados ante MH y los confirmados por una persona. Desde febrero de 2024 cada compra
      lleva su clasificación para Renta: la propia, la de su proveedor o la que indique aquí.
    </p>
  </section>`;
}

/** The comparison form as the person left it: their choice, their note, and each field's error. */
interface Formulario {
  coincide?: boolean;
  nota?: string;
  errores?: Record<string, string>;
}

/** The person's choice as the form sends it: `si`, `no`, or nothing chosen. */
function coincideDe(valor: unknown): boolean | undefined {
  return valor === 'si' ? true : valor === 'no' ? false : undefined;
}

/** `1 correo`, `2 correos`. */
const cuenta = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

/**
 * The accountant's purchases. The page: the received documents with their verification (filtered by month,
 * estado, supplier), classified for Renta several at once, optionally as their suppliers' default; the
 * mailbox they come from by e-mail; and the purchase book and annexes to download (LIBROS alone shows only
 * these; COMPRAS_LECTURA, the auditor's, reads the documents and the mailbox and classifies nothing). A
 * document's page, where a person with COMPRAS_CONFIRMAR compares it with MH's consulta pública and records
 * whether it matches (in two steps, the second a confirmation, since a
 * confirmed document counts in the libro de compras), and classifies it. Both run the API's own code
 * (`confirmarCompra`, `clasificarCompras`, the books' routes), so the console refuses what the API refuses.
 */
export function comprasConsola(ctx: ApiContext): Router {
  const router = Router();
  const compras = new Compras(ctx.db, ctx.store, ctx.tenants);
  const buzones = new Buzones(ctx.db.connection, new SecretBox(ctx.config.SECRET_KEY));

  async function propia(req: Request): Promise<CompraView> {
    requirePermission(req.auth, ...LEER_COMPRAS);
    const codigoGeneracion = String(req.params.codigoGeneracion).trim().toUpperCase();
    const compra = await compras.leer(req.auth.emisorId, codigoGeneracion);
    if (!compra)
      throw new DteError(ErrorCode.COMPRA_NOT_FOUND, 404, `No se recibió el documento ${codigoGeneracion}`, {
        codigoGeneracion,
      });
    return compraView(compra, true);
  }

  /**
   * The filters of the list as the person typed them, checked by the API's `listaComprasRequest`: a filter it
   * refuses is told beside its field, with what was typed kept, and lists nothing.
   */
  function filtrosDe(req: Request) {
    const valores = Object.fromEntries(
      FILTROS.map((f) => [f, typeof req.query[f] === 'string' ? String(req.query[f]).trim() : '']),
    );
    const escritos = Object.fromEntries(Object.entries(valores).filter(([, v]) => v !== ''));
    const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : undefined;
    const leidos = listaComprasRequest.safeParse({ ...escritos, ...(cursor ? { cursor } : {}), limit: POR_PAGINA });
    const errores: Errores = leidos.success
      ? {}
      : Object.fromEntries(leidos.error.issues.map((i) => [String(i.path[0]), mensajeClaro(i.message)]));
    return { valores, filtros: leidos.success ? leidos.data : null, errores };
  }

  /** The received documents, filtered, with a box each to classify several at once. */
  async function recibidos(req: Request, seleccion: Seleccion): Promise<Html> {
    const { valores, filtros, errores } = filtrosDe(req);
    const formularioFiltros = html`<form class="filtros" method="get" action="/consola/compras">
      ${campo('Mes de emisión', 'periodo', { tipo: 'month', valor: valores.periodo, errores })}
      ${lista('Estado', 'estado', [['', 'Todos'], ...Object.entries(ESTADOS).map(([e, [t]]) => [e, t] as const)], {
        valor: valores.estado,
        errores,
      })}
      ${campo('NIT del proveedor', 'proveedor', { valor: valores.proveedor, errores, extra: html`inputmode="numeric"` })}
      <button type="submit" class="secundario">Filtrar</button>
    </form>`;
    if (!filtros)
      return html`${formularioFiltros}
        <p class="vacio">Corrija el filtro para ver los documentos.</p>`;
    const { cursor, limit, ...resto } = filtros;
    const pagina_ = await compras.pagina(req.auth.emisorId, resto, cursor ? leerCursor(cursor) : null, limit);
    const vistas = pagina_.compras.map((c) => compraView(c));
    const defectos = new Map<string, Record<string, unknown> | null>();
    for (const nit of new Set(vistas.map((v) => v.proveedor.nit).filter((n): n is string => !!n)))
      defectos.set(nit, await compras.defectoProveedor(req.auth.emisorId, nit));
    const siguiente =
      pagina_.siguiente !== null &&
      html`<p>
        <a
          class="boton secundario"
          href="/consola/compras?${new URLSearchParams({
            ...Object.fromEntries(Object.entries(valores).filter(([, v]) => v)),
            cursor: escribirCursor(pagina_.siguiente),
          }).toString()}"
          >Ver los anteriores</a
        >
      </p>`;
    if (!vistas.length)
      return html`${formularioFiltros}
        <p class="vacio">Ningún documento recibido con estos filtros.</p>`;
    const clasifica = req.auth.permissions.includes('COMPRAS');
    const tabla = html`<table class="recibidos">
      <thead>
        <tr>
          ${clasifica && html`<th><span class="oculto">Seleccionar</span></th>`}
          <th>Número de control</th>
          <th>Fecha</th>
          <th>Proveedor</th>
          <th class="num">Monto</th>
          <th>Estado</th>
          <th>Clasificación (Renta)</th>
        </tr>
      </thead>
      <tbody>
        ${vistas.map(
          (v) =>
            html`<tr>
              ${
                clasifica &&
                html`<td>
                  <input
                    type="checkbox"
                    name="cg"
                    value="${v.codigoGeneracion}"
                    aria-label="Seleccionar ${v.numeroControl ?? v.codigoGeneracion}"
                    ${seleccion.codigos.includes(v.codigoGeneracion) ? html`checked` : ''}
                  />
                </td>`
              }
              <td>
                <a href="/consola/compras/${v.codigoGeneracion}">${v.numeroControl ?? v.codigoGeneracion}</a>
                <span class="tenue">${nombreTipo(v.tipoDte)}</span>
              </td>
              <td>${v.fecEmi}</td>
              <td>${v.proveedor.nombre ?? ''} <span class="tenue">${v.proveedor.nit ?? ''}</span></td>
              <td class="num">${v.verificacion?.monto ? `$${v.verificacion.monto}` : '—'}</td>
              <td>${estadoCompra(v.estado)} ${v.motivos.length ? motivos(v.motivos) : ''}</td>
              <td>${clasificacionTexto(v.clasificacion, v.proveedor.nit ? defectos.get(v.proveedor.nit) : null)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
    if (!clasifica) return html`${formularioFiltros}${tabla}${siguiente}`;
    const errorSeleccion =
      seleccion.errores.cg && html`<p class="error-campo" id="error-cg" role="alert">${seleccion.errores.cg}</p>`;
    return html`${formularioFiltros}
      <form method="post" action="/consola/compras/clasificacion" class="clasificar" novalidate>
        ${tabla} ${errorSeleccion}
        <fieldset class="accion">
          <legend>Clasificar para Renta los documentos seleccionados</legend>
          ${camposClasificacion(seleccion.clasificacion, seleccion.errores)}
          ${casilla('Aplicar también a los demás documentos de sus proveedores que no tengan una propia', 'proveedor', {
            marcada: seleccion.proveedor,
          })}
          ${campoCsrf(req)}
          <button type="submit">Clasificar seleccionados</button>
        </fieldset>
      </form>
      ${siguiente}`;
  }

  /** The mailbox suppliers' e-mails are read from: where, its last reading, and what it could not take. */
  async function buzon(req: Request): Promise<Html> {
    const b = await buzones.leer(req.auth.emisorId);
    if (!b)
      return html`<p class="vacio">
        No hay buzón configurado: los documentos llegan solo por la API. Lo configura el administrador.
      </p>`;
    const v = buzonView(b, await buzones.informes(req.auth.emisorId, NO_LEIDOS_MOSTRADOS));
    return html`<dl class="ficha">
        <div>
          <dt>Buzón</dt>
          <dd>${v.usuario} · ${v.host} · carpeta ${v.carpeta}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>
            ${
              v.ultimoError
                ? html`<span class="estado estado-rejected">No se pudo leer</span>`
                : v.ultimaLectura
                  ? html`<span class="estado estado-processed">Funcionando</span>`
                  : html`<span class="estado estado-pendiente">Aún no leído</span>`
            }
          </dd>
        </div>
        <div>
          <dt>Última lectura</dt>
          <dd>
            ${
              v.ultimaLectura
                ? `${fechaHora(v.ultimaLectura.en)}: ${cuenta(v.ultimaLectura.mensajes, 'correo', 'correos')}, ${cuenta(v.ultimaLectura.tomados, 'documento tomado', 'documentos tomados')}`
                : '—'
            }
          </dd>
        </div>
      </dl>
      ${
        req.auth.permissions.includes('COMPRAS') &&
        html`<form method="post" action="/consola/compras/buzon/lectura" class="accion">
          ${campoCsrf(req)}
          <button type="submit" class="secundario">Leer el buzón ahora</button>
          <p class="tenue">Se lee solo cada pocos minutos; esto lo lee en este momento.</p>
        </form>`
      }
      ${
        v.ultimoError &&
        html`<div class="aviso error">
          <p>
            <strong>El ${fechaHora(v.ultimoError.en)} no se pudo leer el buzón.</strong> Los correos esperan en él hasta
            la próxima lectura.
          </p>
          <details>
            <summary>Detalle técnico</summary>
            <p><code>${v.ultimoError.mensaje}</code></p>
          </details>
        </div>`
      }
      ${
        v.noLeidos.length
          ? html`<details>
              <summary>${v.noLeidos.length} correos o adjuntos sin un documento que tomar</summary>
              <ul>
                ${v.noLeidos.map(
                  (i) =>
                    html`<li>
                      ${fechaHora(i.en)} · ${i.remitente ?? 'remitente desconocido'} · ${i.asunto ?? 'sin asunto'}
                      ${i.adjunto ? `(${i.adjunto})` : ''}: ${MOTIVOS_BUZON[i.motivo] ?? i.motivo}
                    </li>`,
                )}
              </ul>
            </details>`
          : ''
      }`;
  }

  /** What "Leer el buzón ahora" did, said on the page it comes back to. */
  function leidoAhora(req: Request): Html {
    if (req.query.lectura === 'error')
      return html`<p class="aviso error" role="alert">
        No se pudo leer el buzón ahora. El motivo está en «Buzón de correo de compras».
      </p>`;
    const [correos, tomados] = [Number(req.query.correos), Number(req.query.tomados)];
    if (req.query.lectura !== 'hecha' || !Number.isInteger(correos) || !Number.isInteger(tomados)) return html``;
    return html`<p class="aviso ok" role="status">
      Buzón leído: ${cuenta(correos, 'correo nuevo', 'correos nuevos')},
      ${cuenta(tomados, 'documento tomado', 'documentos tomados')}.
    </p>`;
  }

  async function paginaCompras(req: Request, seleccion: Seleccion = SIN_SELECCION): Promise<string> {
    const permisos = req.auth.permissions;
    const leeCompras = LEER_COMPRAS.some((p) => permisos.includes(p));
    if (!permisos.includes('LIBROS')) requirePermission(req.auth, ...LEER_COMPRAS);
    const clasificados = Number(req.query.clasificados);
    const partes: Html[] = [leidoAhora(req)];
    if (Number.isInteger(clasificados) && clasificados > 0)
      partes.push(
        html`<p class="aviso ok" role="status">
          ${clasificados === 1 ? 'Documento clasificado' : `${clasificados} documentos clasificados`}
        </p>`,
      );
    if (leeCompras)
      partes.push(
        html`<section>
            <h2>Documentos recibidos</h2>
            <p class="tenue">
              Cada documento que un proveedor le emitió, con lo que su verificación ante MH concluyó. Solo los
              verificados y los confirmados por una persona cuentan en el libro de compras y los anexos.
            </p>
            ${await recibidos(req, seleccion)}
          </section>
          <section>
            <h2>Buzón de correo de compras</h2>
            ${await buzon(req)}
          </section>`,
      );
    else
      partes.push(
        html`<p class="vacio">
          Ver los documentos recibidos requiere el permiso COMPRAS_LECTURA; el libro y los anexos, sí.
        </p>`,
      );
    if (permisos.includes('LIBROS')) partes.push(descargas());
    return pagina({
      ...(await datosDePagina(ctx, req)),
      titulo: 'Compras',
      seccion: 'compras',
      cuerpo: html`${partes}`,
    });
  }

  router.get('/compras', authenticate(ctx), async (req, res) => {
    res.send(await paginaCompras(req));
  });

  /** "Leer el buzón ahora": the API's own reading, then the page again with what it did. */
  router.post('/compras/buzon/lectura', authenticate(ctx), async (req, res) => {
    try {
      const { mensajes, tomados } = await leerBuzonAhora(ctx, req);
      res.redirect(303, `/consola/compras?lectura=hecha&correos=${mensajes}&tomados=${tomados}`);
    } catch (err) {
      // The reading's failure is kept on the mailbox (its ultimoError), which the page shows.
      if (!(err instanceof DteError && err.code === ErrorCode.BUZON_INACCESIBLE)) throw err;
      res.redirect(303, '/consola/compras?lectura=error');
    }
  });

  /**
   * The Renta classification of the selected documents (one, from its page, or several, from the list), by
   * the API's own `clasificarCompras`. A choice refused is told beside its field with the selection kept.
   */
  router.post('/compras/clasificacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'COMPRAS');
    const cuerpo = req.body as Record<string, unknown>;
    const codigos = [cuerpo.cg]
      .flat()
      .filter((c): c is string => typeof c === 'string')
      .map((c) => c.trim().toUpperCase());
    const clasificacion = Object.fromEntries(CAMPOS_RENTA.map(([c]) => [c, texto(req, c)]));
    const proveedor = texto(req, 'proveedor') === 'si';
    const leida = clasificarCompraRequest.safeParse({
      clasificacion: Object.fromEntries(Object.entries(clasificacion).map(([c, v]) => [c, Number(v)])),
      proveedor,
    });
    const errores: Errores = {};
    if (!codigos.length) errores.cg = 'Seleccione al menos un documento';
    for (const [c, v] of Object.entries(clasificacion)) if (v === '') errores[c] = 'Elija una opción';
    if (!leida.success) for (const i of leida.error.issues) errores[String(i.path.at(-1))] ??= i.message;
    const seleccion: Seleccion = { codigos, clasificacion, proveedor, errores };
    if (Object.keys(errores).length || !leida.success) {
      res.status(400);
      if (texto(req, 'desde') === 'ficha' && codigos.length === 1) {
        req.params.codigoGeneracion = codigos[0]!;
        res.send(await ficha(req, {}, seleccion));
      } else res.send(await paginaCompras(req, seleccion));
      return;
    }
    await clasificarCompras(ctx, req, codigos, leida.data);
    res.redirect(
      303,
      texto(req, 'desde') === 'ficha'
        ? `/consola/compras/${codigos[0]}?hecho=clasificado`
        : `/consola/compras?clasificados=${codigos.length}`,
    );
  });

  /** The document's page, with the comparison form (its values and errors kept when it is shown again). */
  async function ficha(req: Request, formulario: Formulario = {}, seleccion: Seleccion = SIN_SELECCION) {
    const v = await propia(req);
    const hecho =
      req.query.hecho === 'confirmado'
        ? html`<p class="aviso ok">Decisión registrada</p>`
        : req.query.hecho === 'clasificado'
          ? html`<p class="aviso ok">Clasificación guardada</p>`
          : '';
    const cuerpo = html`${hecho}
      <dl class="ficha">
        <div>
          <dt>Estado</dt>
          <dd>${estadoCompra(v.estado)}</dd>
        </div>
        <div>
          <dt>Tipo</dt>
          <dd>${nombreTipo(v.tipoDte)}</dd>
        </div>
        <div>
          <dt>Proveedor</dt>
          <dd>${v.proveedor.nombre ?? '—'} <span class="tenue">NIT ${v.proveedor.nit ?? '—'}</span></dd>
        </div>
        <div>
          <dt>Fecha de emisión</dt>
          <dd>${v.fecEmi}</dd>
        </div>
        <div>
          <dt>Código de generación</dt>
          <dd><code>${v.codigoGeneracion}</code></dd>
        </div>
        <div>
          <dt>Sello de recepción</dt>
          <dd><code>${v.selloMh ?? v.selloRecibido ?? '—'}</code></dd>
        </div>
        <div>
          <dt>Monto del documento</dt>
          <dd>$${v.verificacion?.monto ?? '—'}</dd>
        </div>
        <div>
          <dt>Recibido</dt>
          <dd>${fechaHora(v.recibidoEn)} · ${v.origen === 'CORREO' ? 'por correo' : 'por la API'}</dd>
        </div>
      </dl>
      <div class="columnas">
        <section>
          <h2>Qué está probado</h2>
          ${pruebas(v)}
        </section>
        <section>
          <h2>Comparar con MH</h2>
          ${comparacion(req, v, formulario)}
        </section>
      </div>
      <section>
        <h2>Clasificación para Renta</h2>
        <p>
          ${clasificacionTexto(
            v.clasificacion,
            v.proveedor.nit ? await compras.defectoProveedor(req.auth.emisorId, v.proveedor.nit) : null,
          )}
        </p>
        ${
          req.auth.permissions.includes('COMPRAS')
            ? html`<form method="post" action="/consola/compras/clasificacion" class="accion" novalidate>
                ${camposClasificacion(
                  seleccion.codigos.length ? seleccion.clasificacion : textosDe(v.clasificacion),
                  seleccion.errores,
                )}
                ${casilla(
                  'Aplicar también a los demás documentos de este proveedor que no tengan una propia',
                  'proveedor',
                  {
                    marcada: seleccion.proveedor,
                  },
                )}
                <input type="hidden" name="cg" value="${v.codigoGeneracion}" />
                <input type="hidden" name="desde" value="ficha" />
                ${campoCsrf(req)}
                <button type="submit">Guardar la clasificación</button>
              </form>`
            : html`<p class="vacio">Clasificarlo requiere el permiso COMPRAS.</p>`
        }
      </section>`;
    return pagina({
      ...(await datosDePagina(ctx, req)),
      titulo: v.numeroControl ?? v.codigoGeneracion,
      seccion: 'compras',
      cuerpo,
    });
  }

  router.get('/compras/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    res.send(await ficha(req));
  });

  /**
   * The comparison, in two steps: the person's choice is checked and shown back for a confirmation
   * (`paso` absent), then recorded (`paso=registrar`). A choice missing is shown beside its field, with what
   * was typed kept.
   */
  router.post('/compras/:codigoGeneracion/confirmacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'COMPRAS_CONFIRMAR');
    const f = req.body as Record<string, unknown>;
    const coincide = coincideDe(f.coincide);
    const nota = typeof f.nota === 'string' ? f.nota : '';
    const leida = confirmarCompraRequest.safeParse({ coincide, nota: nota || undefined });
    if (!leida.success) {
      const errores = Object.fromEntries(
        leida.error.issues.map((i) => [
          String(i.path[0]),
          i.path[0] === 'coincide' ? 'Elija si el documento coincide o no con la consulta pública de MH' : i.message,
        ]),
      );
      res.status(400).send(await ficha(req, { coincide, nota, errores }));
      return;
    }
    const v = await propia(req);
    if (f.paso !== 'registrar') {
      res.send(
        pagina({
          ...(await datosDePagina(ctx, req)),
          titulo: '¿Registrar la decisión?',
          seccion: 'compras',
          cuerpo: html`<div class="aviso alerta">
              <p>
                <strong>${v.numeroControl ?? v.codigoGeneracion}</strong> de ${v.proveedor.nombre ?? v.proveedor.nit},
                por $${v.verificacion?.monto ?? ''}:
                ${
                  leida.data.coincide
                    ? 'usted indica que coincide con la consulta pública de MH. Pasará a Confirmado y contará en el libro de compras y los anexos.'
                    : 'usted indica que no coincide con la consulta pública de MH. Pasará a Inconsistente y no contará.'
                }
              </p>
              ${nota && html`<p>Nota: ${nota}</p>`}
              <p>La decisión queda registrada con su nombre y no se puede cambiar desde la consola.</p>
            </div>
            <form method="post" action="/consola/compras/${v.codigoGeneracion}/confirmacion" class="accion">
              <input type="hidden" name="coincide" value="${leida.data.coincide ? 'si' : 'no'}" />
              <input type="hidden" name="nota" value="${nota}" />
              <input type="hidden" name="paso" value="registrar" />
              <input type="hidden" name="csrf" value="${req.sesionConsola!.csrf}" />
              <button type="submit" class="${leida.data.coincide ? '' : 'peligro'}">Sí, registrar</button>
              <a class="boton secundario" href="/consola/compras/${v.codigoGeneracion}">Volver sin registrar</a>
            </form>`,
        }),
      );
      return;
    }
    await confirmarCompra(ctx, req, v.codigoGeneracion, leida.data);
    res.redirect(303, `/consola/compras/${v.codigoGeneracion}?hecho=confirmado`);
  });

  return router;
}

/** What MH confirmed, what backs the amounts, and why the document waits or what decided it. */
function pruebas(v: CompraView): Html {
  const verificacion = v.verificacion;
  const confirmadoPorMh = verificacion?.confirmadoPorMh ?? [];
  return html`<ul>
      <li>
        MH confirmó:
        ${confirmadoPorMh.length ? confirmadoPorMh.map((h) => HECHOS_MH[h] ?? h).join(', ') : 'nada todavía'}.
      </li>
      <li>
        ${
          verificacion?.contenido === 'FIRMA_DEL_PROVEEDOR'
            ? 'Las líneas y los montos son los que el proveedor firmó (MH no los informa en su consulta).'
            : 'El archivo no trae la firma del proveedor: nada respalda sus líneas y montos.'
        }
      </li>
      ${
        v.confirmacion &&
        html`<li>
          ${v.confirmacion.por.nombre} lo comparó con la consulta pública de MH el ${fechaHora(v.confirmacion.en)}:
          ${v.confirmacion.coincide ? 'coincide' : 'no coincide'}${v.confirmacion.nota ? `. ${v.confirmacion.nota}` : ''}
        </li>`
      }
    </ul>
    ${
      v.motivos.length
        ? html`<h3>${TITULO_MOTIVOS[v.estado] ?? 'Motivos'}</h3>
            ${motivos(v.motivos)}`
        : ''
    }`;
}

const TITULO_MOTIVOS: Record<string, string> = { POR_CONFIRMAR: 'Por qué espera', CONFIRMADO: 'Por qué esperó' };

/** Each motivo in words, its code beside for whoever asks the supplier or support. */
const motivos = (lista: MotivoCompra[]) =>
  html`<ul class="motivos">
    ${lista.map((m) => html`<li>${m.mensaje} <code class="tenue">${m.codigo}</code></li>`)}
  </ul>`;

/** A stored classification as the form's values. */
const textosDe = (c: Record<string, unknown> | null): Record<string, string> =>
  Object.fromEntries(Object.entries(c ?? {}).map(([k, v]) => [k, String(v)]));

/** The link to MH's consulta pública, and the form when the document waits and the person may decide. */
function comparacion(req: Request, v: CompraView, formulario: Formulario): Html {
  const enlace = v.verificacion
    ? html`<p>
          <a class="boton secundario" href="${v.verificacion.consultaPublica}" target="_blank" rel="noopener noreferrer"
            >Abrir la consulta pública de MH</a
          >
        </p>
        <p class="tenue">Compare el proveedor, la fecha, las líneas y los montos con los que muestra MH.</p>`
    : '';
  if (v.estado !== 'POR_CONFIRMAR')
    return html`${enlace}
      <p class="vacio">Este documento no espera confirmación.</p>`;
  if (!req.auth.permissions.includes('COMPRAS_CONFIRMAR'))
    return html`${enlace}
      <p class="vacio">Confirmarlo requiere el permiso COMPRAS_CONFIRMAR.</p>`;
  const marcado = (valor: boolean) => (formulario.coincide === valor ? html` checked` : '');
  const errores = formulario.errores ?? {};
  const errorDe = (campo: string) =>
    errores[campo] && html`<p class="error-campo" id="error-${campo}" role="alert">${errores[campo]}</p>`;
  return html`${enlace}
    <form method="post" action="/consola/compras/${v.codigoGeneracion}/confirmacion" class="accion" novalidate>
      <fieldset ${errores.coincide ? html`aria-describedby="error-coincide"` : ''}>
        <legend>¿Coincide con la consulta pública de MH?</legend>
        <label class="opcion"><input type="radio" name="coincide" value="si" ${marcado(true)} /> Sí, coincide</label>
        <label class="opcion"><input type="radio" name="coincide" value="no" ${marcado(false)} /> No coincide</label>
        ${errorDe('coincide')}
      </fieldset>
      <label>Nota (opcional)<textarea name="nota" rows="3" maxlength="500">${formulario.nota ?? ''}</textarea></label>
      ${errorDe('nota')}
      <input type="hidden" name="csrf" value="${req.sesionConsola!.csrf}" />
      <button type="submit">Revisar la decisión</button>
    </form>`;
}
