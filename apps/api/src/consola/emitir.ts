import { createHash, randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { documentKind, DteError, ErrorCode, type FieldError } from '@dte/domain';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { findOwnDocument } from '../http/documents';
import { guardarClienteDelDocumento } from '../routes/clientes';
import { emitirDocumento } from '../routes/issue';
import { vistaPrevia } from '../routes/vista-previa';
import { control, listaDeActividades, valoresDe, type Campo, type Valores } from './campos';
import {
  camposSueltos,
  campoDelError,
  compactar,
  cuerpoDe,
  filasEn,
  FORMULARIOS,
  formulariosPermitidos,
  listasDe,
  valoresIniciales,
  type Filas,
  type FormularioDte,
} from './emitir-formularios';
import { panelVistaPrevia, type DocumentoPrevisto } from './emitir-vista';
import { campoCsrf, casilla, mensajeClaro, mensajeDelCampo, type Errores } from './formulario';
import { estadoEtiqueta, html, pagina, type Html } from './html';
import { buscarClientes, clienteParaEmitir } from './clientes';
import { buscarProductos, productoParaEmitir } from './productos';
import { datosDePagina } from './pagina';

/** The form as shown again: what went wrong, the preview, the book's matches. */
interface Estado {
  errores?: Errores;
  /** Errors of no field of the form, and refusals of the whole request (the API's message and code). */
  generales?: string[];
  vista?: DocumentoPrevisto | null;
  aviso?: Html;
  clientes?: Encontrado[] | null;
  productos?: Encontrado[] | null;
}

/** A match of the book, as the form offers it: its id and how a person recognizes it. */
interface Encontrado {
  id: string;
  texto: string;
}

/** The body as previewed: issuing what was not previewed is refused (its totals were not seen). */
const huellaDe = (f: FormularioDte, cuerpo: unknown) =>
  createHash('sha256')
    .update(`${f.tipoDte}\n${JSON.stringify(cuerpo)}`)
    .digest('base64url');

/** The form's values as sent: its strings, the CSRF token and the button apart. */
function enviados(req: Request): Valores {
  return Object.fromEntries(
    Object.entries((req.body ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'csrf' && e[0] !== 'accion',
    ),
  );
}

/**
 * The console's forms to issue (`/consola/emitir/<tipoDte>`): the person fills the form (the customer and
 * lines picked from the book, `libreta.ts`), previews it with the API's own vista-previa (the totals shown
 * are the document's, computed once, there) and issues it through the API's own issuance
 * (`emitirDocumento`, the code of `POST /dte/<kind>`), under an Idempotency-Key the form carries from its
 * first showing, so a second click issues nothing more. Errors come back beside their fields, everything
 * typed kept. A session without the kind's permission gets the API's 403. The form works without script;
 * `/consola/emitir.js` adds the book's typeahead and live totals.
 */
export function emitirConsola(ctx: ApiContext): Router {
  const router = Router();
  router.use('/emitir', authenticate(ctx));

  function formularioDe(req: Request): FormularioDte {
    const f = FORMULARIOS.find((x) => x.tipoDte === req.params.tipoDte);
    if (!f)
      throw new DteError(ErrorCode.NOT_FOUND, 404, `La consola no emite documentos de tipo ${req.params.tipoDte}`);
    requirePermission(req.auth, documentKind(f.tipo).permission);
    return f;
  }

  router.get('/emitir', async (req, res) => {
    const permitidos = formulariosPermitidos(req.auth.permissions);
    if (!permitidos.length) requirePermission(req.auth, documentKind('FACTURA_CONSUMIDOR_FINAL').permission);
    const cuerpo = html`<ul class="tipos">
        ${permitidos
          .filter((f) => !f.ajustaCcf)
          .map(
            (f) =>
              html`<li>
                <a href="/consola/emitir/${f.tipoDte}">${f.titulo}</a>
                <span class="tenue">${f.uso}</span>
              </li>`,
          )}
      </ul>
      ${
        permitidos.some((f) => f.ajustaCcf) &&
        html`<p class="tenue">
          Las notas de crédito y de débito se emiten desde la página del comprobante de crédito fiscal que ajustan (<a
            href="/consola/documentos?tipo=CREDITO_FISCAL"
            >buscar un CCF</a
          >).
        </p>`
      }`;
    res.send(pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Emitir', seccion: 'emitir', cuerpo }));
  });

  /** The CCF a note adjusts, as the note's form shows it; what the API refuses of it, it refuses on preview. */
  async function ccfAjustado(req: Request, codigoGeneracion: string) {
    const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion.trim(), [
      'codigoGeneracion',
      'numeroControl',
      'tipo',
      'estado',
      'total',
      'dteJson',
    ]);
    const dte = doc.dteJson as {
      identificacion?: { fecEmi?: string };
      receptor?: { nombre?: string; nit?: string; numDocumento?: string };
      resumen?: { ivaRete1?: number; ivaRete?: number };
    };
    return {
      doc,
      fecEmi: dte.identificacion?.fecEmi ?? '',
      receptor: dte.receptor ?? {},
      conRetencion: Number(dte.resumen?.ivaRete1 ?? dte.resumen?.ivaRete ?? 0) > 0,
    };
  }

  router.get('/emitir/:tipoDte', async (req, res) => {
    const f = formularioDe(req);
    const v: Valores = { ...valoresIniciales(f), clave: randomUUID() };
    if (f.ajustaCcf) {
      const original = typeof req.query.original === 'string' ? req.query.original.trim() : '';
      if (!original) return void res.send(await elegirCcf(req, f));
      const ccf = await ccfAjustado(req, original);
      Object.assign(v, { codigoGeneracion: ccf.doc.codigoGeneracion, isRetenIva: ccf.conRetencion ? 'si' : '' });
    }
    res.send(await paginaDe(req, f, v, {}));
  });

  /** A note without its CCF: the person names it (its page links here with it). */
  async function elegirCcf(req: Request, f: FormularioDte): Promise<string> {
    const cuerpo = html`<form class="filtros" method="get" action="/consola/emitir/${f.tipoDte}">
      <label
        >Código de generación del comprobante de crédito fiscal que ajusta<input
          name="original"
          id="campo-original"
          size="38"
          required
      /></label>
      <button type="submit">Continuar</button>
    </form>`;
    return pagina({ ...(await datosDePagina(ctx, req)), titulo: f.titulo, seccion: 'emitir', cuerpo });
  }

  router.post('/emitir/:tipoDte', async (req, res) => {
    const f = formularioDe(req);
    const accion = typeof req.body.accion === 'string' ? req.body.accion : 'actualizar';
    const v = accion.startsWith('agregar:')
      ? enviados(req)
      : compactar(f, enviados(req), accion.startsWith('quitar:') ? accion.slice('quitar:'.length) : undefined);
    v.clave ||= randomUUID();
    const buscar = (v.buscarCliente ?? '').trim() || (v.buscarProducto ?? '').trim();
    if (accion === 'emitir') return emitir(req, res, f, v);
    if (accion.startsWith('cliente:')) {
      const id = accion.slice('cliente:'.length);
      const receptor = await clienteParaEmitir(ctx, req, f.tipo, id);
      for (const k of Object.keys(v)) if (k.startsWith(`${f.contraparte?.seccion}.`)) delete v[k];
      Object.assign(v, valoresDe(f.contraparte!.seccion, receptor), {
        clienteId: id,
        buscarCliente: '',
        guardarCliente: '',
      });
      return void res.send(await paginaDe(req, f, v, {}));
    }
    if (accion.startsWith('producto:')) {
      const item = await productoParaEmitir(ctx, req, f.tipo, accion.slice('producto:'.length));
      Object.assign(v, valoresDe(`${f.lineas.ruta}.${filasEn(f.lineas, v)}`, item), { buscarProducto: '' });
      return void res.send(await paginaDe(req, f, v, {}));
    }
    if (accion === 'buscar-cliente' || accion === 'buscar-producto' || (accion === 'actualizar' && buscar))
      return void res.send(await paginaDe(req, f, v, await busquedas(req, f, v)));
    if (accion === 'vista-previa' || accion === 'actualizar') {
      const estado = await prever(req, f, v);
      return void res.status(estado.vista ? 200 : 400).send(await paginaDe(req, f, v, estado));
    }
    res.send(await paginaDe(req, f, v, {}));
  });

  /** The live totals of the script: the preview panel of the form as it stands, and its fingerprint. */
  router.post('/emitir/:tipoDte/vista-previa', async (req, res) => {
    const f = formularioDe(req);
    const v = compactar(f, enviados(req));
    const estado = await prever(req, f, v);
    res.json({ html: panel(f, estado, true).texto, huella: v.huella ?? '' });
  });

  /** The book's matches for the script's typeahead: each one's button, as the form shows it. */
  for (const [lista, que] of [
    ['clientes', 'cliente'],
    ['productos', 'producto'],
  ] as const)
    router.get(`/emitir/:tipoDte/${lista}`, async (req, res) => {
      formularioDe(req);
      const q = typeof req.query.q === 'string' ? req.query.q.trim() : '';
      const encontrados = !q ? [] : await (que === 'cliente' ? buscarClientes : buscarProductos)(ctx, req, q);
      res.json(encontrados.map((e) => ({ accion: `${que}:${e.id}`, texto: e.texto })));
    });

  async function busquedas(req: Request, f: FormularioDte, v: Valores): Promise<Estado> {
    const q = (campo: string) => (v[campo] ?? '').trim();
    return {
      clientes: f.contraparte && q('buscarCliente') ? await buscarClientes(ctx, req, q('buscarCliente')) : null,
      productos: q('buscarProducto') ? await buscarProductos(ctx, req, q('buscarProducto')) : null,
    };
  }

  /**
   * The form's preview by the API's vista-previa: the document and the fingerprint of its body in `huella`,
   * or the errors beside their fields (what could not be converted, then what the request schema refused).
   */
  async function prever(req: Request, f: FormularioDte, v: Valores): Promise<Estado> {
    const { cuerpo, errores } = cuerpoDe(f, v);
    v.huella = '';
    try {
      const vista = await vistaPrevia(ctx, req.auth, f.tipo, cuerpo);
      if (Object.keys(errores).length) return { errores };
      v.huella = huellaDe(f, cuerpo);
      return { vista };
    } catch (err) {
      if (!(err instanceof DteError) || err.httpStatus >= 500) throw err;
      return rechazo(f, v, err, errores);
    }
  }

  /** A refusal as the form shows it: each field's error beside it, the rest above the form. */
  function rechazo(f: FormularioDte, v: Valores, err: DteError, errores: Errores = {}): Estado {
    const generales: string[] = [];
    const lista = (err.details.errors as FieldError[] | undefined) ?? [];
    for (const e of lista) {
      const nombre = campoDelError(f, v, e.field);
      if (nombre) errores[nombre] ??= mensajeClaro(e.message);
      else generales.push(mensajeDelCampo(parteDe(f, e.field), e.message));
    }
    if (!lista.length) generales.push(`${err.message} (${err.code})`);
    return { errores, generales };
  }

  /**
   * Issues what was previewed, under the form's Idempotency-Key (a double submit joins the first), then
   * saves the customer in the book if asked, and shows the result. A body other than the previewed one is
   * previewed again instead; a refusal comes back to the form with a new key (nothing was numbered, and the
   * corrected request is another one).
   */
  async function emitir(req: Request, res: Response, f: FormularioDte, v: Valores): Promise<void> {
    const { cuerpo, errores } = cuerpoDe(f, v);
    if (Object.keys(errores).length || !v.huella || huellaDe(f, cuerpo) !== v.huella) {
      const estado = await prever(req, f, v);
      const aviso = html`<p class="aviso alerta" role="status">
        Los datos cambiaron desde la última vista previa: revise los totales y pulse «Emitir» otra vez.
      </p>`;
      return void res.status(estado.vista ? 200 : 400).send(await paginaDe(req, f, v, { ...estado, aviso }));
    }
    let documento: { codigoGeneracion: string; estado: string };
    try {
      // The form's key, as an API client sends it in the header.
      req.headers['idempotency-key'] = v.clave;
      documento = (await emitirDocumento(ctx, req, res, f.tipo, cuerpo)).data;
    } catch (err) {
      if (!(err instanceof DteError) || err.httpStatus >= 500) throw err;
      v.clave = randomUUID();
      v.huella = '';
      return void res.status(err.httpStatus).send(await paginaDe(req, f, v, rechazo(f, v, err)));
    }
    const cliente =
      v.guardarCliente === 'si' && documento.estado !== 'REJECTED'
        ? await guardarCliente(req, documento.codigoGeneracion)
        : '';
    res.redirect(303, `/consola/emitido/${documento.codigoGeneracion}${cliente ? `?cliente=${cliente}` : ''}`);
  }

  /**
   * The document's receptor saved in the book, as `POST /clientes/desde-dte` saves it: what became of it, by
   * the name the result page tells it by. The document is issued whatever the book says.
   */
  async function guardarCliente(req: Request, codigoGeneracion: string): Promise<string> {
    try {
      await guardarClienteDelDocumento(ctx, req, codigoGeneracion);
      return 'guardado';
    } catch (err) {
      if (!(err instanceof DteError) || err.httpStatus >= 500) throw err;
      return err.code === ErrorCode.CLIENTE_EXISTS ? 'existente' : 'no-guardado';
    }
  }

  /** The form's page. */
  async function paginaDe(req: Request, f: FormularioDte, v: Valores, estado: Estado): Promise<string> {
    const datos = await datosDePagina(ctx, req);
    const conLibreta = req.auth.permissions.includes('CATALOGOS');
    const errores = estado.errores ?? {};
    const original = f.ajustaCcf && v.codigoGeneracion ? await ccfAjustado(req, v.codigoGeneracion) : null;
    const ctl = (c: Campo, nombre = c.ruta) => control(c, nombre, v, errores);
    const resumenDeErrores =
      Object.keys(errores).length + (estado.generales?.length ?? 0) > 0 &&
      html`<div class="aviso error" role="alert" id="errores">
        <p><strong>Revise estos datos:</strong></p>
        <ul>
          ${estado.generales?.map((g) => html`<li>${g}</li>`)}
          ${Object.entries(errores).map(
            ([nombre, mensaje]) => html`<li><a href="#campo-${nombre}">${etiquetaDe(f, nombre)}</a>: ${mensaje}</li>`,
          )}
        </ul>
      </div>`;
    const cuerpo = html`${estado.aviso} ${resumenDeErrores}
      <form
        class="emision"
        method="post"
        action="/consola/emitir/${f.tipoDte}"
        novalidate
        data-vista-previa="/consola/emitir/${f.tipoDte}/vista-previa"
      >
        <button type="submit" name="accion" value="actualizar" class="oculto" tabindex="-1">Actualizar</button>
        ${campoCsrf(req)}
        <input type="hidden" name="clave" value="${v.clave}" />
        <input type="hidden" name="huella" value="${v.huella}" />
        <input type="hidden" name="clienteId" value="${v.clienteId}" />
        ${camposSueltos(f)
          .filter((c) => c.oculto)
          .map((c) => ctl(c))}
        ${
          original &&
          html`<section>
            <h2>Comprobante que ajusta</h2>
            <p>
              <a href="/consola/documentos/${original.doc.codigoGeneracion}">${original.doc.numeroControl}</a> del
              ${original.fecEmi} a ${original.receptor.nombre ?? '—'}
              (${original.receptor.nit ?? original.receptor.numDocumento ?? ''}), por $${original.doc.total}
              ${estadoEtiqueta(original.doc.estado)}
            </p>
            <p class="tenue">
              ${
                original.conRetencion
                  ? 'El CCF tiene retención de IVA del 1 %: la nota también la lleva.'
                  : 'El CCF no tiene retención de IVA: la nota tampoco.'
              }
              La nota va al mismo cliente.
            </p>
          </section>`
        }
        ${
          f.contraparte &&
          html`<section>
            <h2>${f.contraparte.titulo}</h2>
            ${conLibreta && buscador('cliente', 'Buscar en la libreta de clientes (nombre, NIT, DUI o NRC)', v, estado.clientes)}
            <div class="campos">${f.contraparte.campos.map((c) => ctl(c))}</div>
            ${
              conLibreta &&
              (v.clienteId
                ? html`<p class="tenue">Cliente de la libreta.</p>`
                : casilla('Guardar este cliente en la libreta al emitir', 'guardarCliente', {
                    marcada: v.guardarCliente === 'si',
                  }))
            }
          </section>`
        }
        ${f.secciones.map(
          (s) =>
            html`<section>
              <h2>${s.titulo}</h2>
              <div class="campos">${s.campos.map((c) => ctl(c))}</div>
            </section>`,
        )}
        <section>
          <h2>${f.lineas.titulo}</h2>
          ${conLibreta && buscador('producto', 'Agregar del catálogo (código o descripción)', v, estado.productos)}
          ${filas(f.lineas, v, errores)}
        </section>
        ${f.otrasFilas.map(
          (l) =>
            html`<section>
              <h2>${l.titulo}</h2>
              ${filas(l, v, errores)}
            </section>`,
        )}
        <section>
          <h2>Condiciones</h2>
          <div class="campos">${f.condiciones.filter((c) => !c.oculto).map((c) => ctl(c))}</div>
          ${
            f.pagos &&
            html`<h3>${f.pagos.titulo}</h3>
              ${filas(f.pagos, v, errores)}`
          }
        </section>
        ${panel(f, estado)}
        <div class="botones">
          <button type="submit" name="accion" value="vista-previa" class="secundario">Vista previa</button>
          <button type="submit" name="accion" value="emitir" id="emitir" ${v.huella ? '' : html`disabled`}>
            Emitir ${f.titulo.toLowerCase()}
          </button>
        </div>
        ${listaDeActividades(f.contraparte?.campos ?? [])}
      </form>
      <script src="/consola/emitir.js" defer></script>`;
    return pagina({ ...datos, titulo: f.titulo, seccion: 'emitir', cuerpo });
  }

  return router;
}

/**
 * The preview panel, or what keeps the form from one: on the form's page its fields are marked; live (the
 * script's, `enVivo`), they are not, so the panel lists them.
 */
function panel(f: FormularioDte, estado: Estado, enVivo = false): Html {
  if (estado.vista) return panelVistaPrevia(estado.vista);
  const errores = Object.entries(estado.errores ?? {});
  const pendientes = errores.length + (estado.generales?.length ?? 0);
  if (!pendientes) return panelVistaPrevia(null);
  return panelVistaPrevia(
    null,
    enVivo
      ? html`<div class="aviso alerta">
          <p>Para ver los totales, complete o corrija:</p>
          <ul>
            ${estado.generales?.map((g) => html`<li>${g}</li>`)}
            ${errores.map(([nombre, mensaje]) => html`<li>${etiquetaDe(f, nombre)}: ${mensaje}</li>`)}
          </ul>
        </div>`
      : html`<p class="aviso error">
          Corrija ${pendientes === 1 ? 'el dato marcado' : `los ${pendientes} datos marcados`} para ver los totales.
        </p>`,
  );
}

/** A list's rows, each a fieldset with its fields and its remove button, and one blank row to fill. */
function filas(l: Filas, v: Valores, errores: Errores): Html {
  const llenas = filasEn(l, v);
  const nombre = l.fila.toLowerCase();
  return html`<div class="filas">
    ${Array.from({ length: llenas + 1 }, (_, i) => {
      return html`<fieldset class="fila">
        <legend>${l.fila} ${i + 1}</legend>
        ${l.campos.map((c) => control(c, `${l.ruta}.${i}.${c.ruta}`, v, errores))}
        ${
          i < llenas &&
          html`<div class="control">
            <button type="submit" name="accion" value="quitar:${l.ruta}.${i}" class="secundario">
              Quitar<span class="oculto"> ${nombre} ${i + 1}</span>
            </button>
          </div>`
        }
      </fieldset>`;
    })}
    <p><button type="submit" name="accion" value="agregar:${l.ruta}" class="secundario">Agregar ${nombre}</button></p>
  </div>`;
}

/** The book's search: a field, its button, and its matches as buttons that pick one. */
function buscador(
  que: 'cliente' | 'producto',
  etiqueta: string,
  v: Valores,
  encontrados: Encontrado[] | null | undefined,
): Html {
  const nombre = que === 'cliente' ? 'buscarCliente' : 'buscarProducto';
  const lista = que === 'cliente' ? 'clientes' : 'productos';
  return html`<div class="buscador" data-buscar="${lista}">
    <label
      >${etiqueta}<input
        type="search"
        name="${nombre}"
        id="campo-${nombre}"
        value="${v[nombre]}"
        autocomplete="off"
        aria-controls="resultados-${lista}"
    /></label>
    <button type="submit" name="accion" value="buscar-${que}" class="secundario">Buscar</button>
    <div class="resultados" id="resultados-${lista}" aria-live="polite">
      ${
        encontrados &&
        (encontrados.length
          ? encontrados.map(
              (e) =>
                html`<button type="submit" name="accion" value="${que}:${e.id}" class="secundario">${e.texto}</button>`,
            )
          : html`<p class="tenue">Nada coincide con «${v[nombre]}».</p>`)
      }
    </div>
  </div>`;
}

/** What an error of no field of the form is about, in the form's words: its section, else the API's path. */
function parteDe(f: FormularioDte, field: string): string {
  if (field === 'body') return 'El documento';
  if (field === f.contraparte?.seccion) return f.contraparte.titulo;
  return listasDe(f).find((l) => l.ruta === field)?.titulo ?? field;
}

/** A field's label as the list of errors names it: "Línea 2 · Cantidad". */
function etiquetaDe(f: FormularioDte, nombre: string): string {
  const suelto = camposSueltos(f).find((c) => c.ruta === nombre);
  if (suelto) return suelto.etiqueta;
  const [ruta, i, ...resto] = nombre.split('.');
  const l = listasDe(f).find((x) => x.ruta === ruta);
  const c = l?.campos.find((x) => x.ruta === resto.join('.'));
  return l && c ? `${l.fila} ${Number(i) + 1} · ${c.etiqueta}` : nombre;
}
