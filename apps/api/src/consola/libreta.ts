import { Router, type Request, type Response } from 'express';
import {
  DteError,
  encabezadoDe,
  libretaRequest,
  parseRequest,
  validationError,
  type ErrorDeFila,
  type FieldError,
} from '@dte/domain';
import type { RegistroLibreta } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { escribirCursor, leerCursor } from '../http/cursor';
import { filasDeArchivo, operacionesDeLibreta, PERMISO_LIBRETA, type DefinicionLibreta } from '../libreta/rutas';
import {
  control,
  cuerpoDeCampos,
  listaDeActividades,
  nombreDelCampo,
  valoresDe,
  type Campo,
  type Valores,
} from './campos';
import { campoCsrf, mensajeClaro, mensajeDelCampo, texto, type Errores } from './formulario';
import { html, pagina, type Html } from './html';
import { datosDePagina, llenos } from './pagina';

/** A book's console pages: how they name it, its form's fields, what its list shows of each entry. */
export interface LibretaDeConsola<T extends object> {
  seccion: 'clientes' | 'productos';
  titulo: string;
  /** One entry: "cliente". */
  singular: string;
  nuevo: string;
  /** What the search field searches by. */
  busqueda: string;
  /** The list's first column: the entry's name, a link to its form. */
  cabecera: string;
  campos: Campo[];
  /** The list's columns after the entry's name, each with what it shows of an entry. */
  columnas: [titulo: string, valor: (datos: T) => string][];
  nombre: (datos: T) => string;
  definicion: (ctx: ApiContext) => DefinicionLibreta<T>;
}

const AVISOS: Record<string, string> = {
  creado: 'Guardado en la libreta.',
  modificado: 'Cambios guardados.',
  eliminado: 'Eliminado de la libreta.',
};

/** A form's refusal: each field's error beside it, what names no field above the form. */
function rechazo(campos: readonly Campo[], err: DteError, errores: Errores = {}) {
  const generales: string[] = [];
  const lista = (err.details.errors as FieldError[] | undefined) ?? [];
  for (const e of lista) {
    const nombre = nombreDelCampo(e.field);
    if (campos.some((c) => c.ruta === nombre)) errores[nombre] ??= mensajeClaro(e.message);
    else generales.push(mensajeDelCampo(e.field, e.message));
  }
  if (!lista.length) generales.push(`${err.message} (${err.code})`);
  return { errores, generales };
}

/**
 * A book's pages in the console (`/consola/clientes`, `/consola/productos`, permission CATALOGOS): the list
 * with its search, an entry's form to create or change it, its removal after a confirmation, the import of
 * a CSV or xlsx file with the API's report by row, and the file of the whole book through the API's own
 * route (`/consola/api/<libro>/exportar`). Every change is the API's (`operacionesDeLibreta`): the same
 * validation, the same codes, the same audit entries.
 */
export function paginasDeLibreta<T extends object>(ctx: ApiContext, l: LibretaDeConsola<T>): Router {
  const router = Router();
  const definicion = l.definicion(ctx);
  const operaciones = operacionesDeLibreta(ctx, definicion);
  const base = `/consola/${l.seccion}`;
  router.use(`/${l.seccion}`, authenticate(ctx), (req, _res, next) => {
    requirePermission(req.auth, PERMISO_LIBRETA);
    next();
  });

  const enPagina = async (req: Request, titulo: string, cuerpo: Html) =>
    pagina({ ...(await datosDePagina(ctx, req)), titulo, seccion: l.seccion, cuerpo });

  async function lista(req: Request, importacion?: { mensaje: string; errores: ErrorDeFila[] }): Promise<string> {
    // What was just done (`hecho`, `n`) is told, not searched by.
    const { hecho: _hecho, n: _n, ...filtros } = llenos(req.query);
    const { q, cursor, limit } = parseRequest(libretaRequest, filtros);
    const { entradas, siguiente } = await definicion.libreta.pagina(
      req.auth.emisorId,
      { q },
      cursor === undefined ? null : leerCursor(cursor),
      limit,
    );
    const mas = siguiente === null ? null : new URLSearchParams({ ...filtros, cursor: escribirCursor(siguiente) });
    const hecho =
      req.query.hecho === 'importados' ? `Importados: ${Number(req.query.n) || 0}.` : AVISOS[String(req.query.hecho)];
    const cuerpo = html`${hecho && html`<p class="aviso ok" role="status">${hecho}</p>`}
      ${
        importacion &&
        html`<div class="aviso error" role="alert" id="informe">
          <p><strong>${importacion.mensaje}</strong></p>
          ${
            importacion.errores.length > 0 &&
            html`<table class="informe">
              <thead>
                <tr>
                  <th>Fila</th>
                  <th>Columna</th>
                  <th>Error</th>
                </tr>
              </thead>
              <tbody>
                ${importacion.errores.map(
                  (e) =>
                    html`<tr>
                      <td>${e.fila}</td>
                      <td><code>${e.campo}</code></td>
                      <td>${mensajeClaro(e.mensaje)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          }
        </div>`
      }
      <form class="filtros" method="get" action="${base}" role="search">
        <label>${l.busqueda}<input type="search" name="q" value="${q}" /></label>
        <button type="submit">Buscar</button>
        <a class="boton secundario" href="${base}/nuevo">${l.nuevo}</a>
      </form>
      ${
        entradas.length
          ? html`<table>
              <thead>
                <tr>
                  <th>${l.cabecera}</th>
                  ${l.columnas.map(([t]) => html`<th>${t}</th>`)}
                </tr>
              </thead>
              <tbody>
                ${entradas.map(
                  (r: RegistroLibreta<T>) =>
                    html`<tr>
                      <td><a href="${base}/${r._id}">${l.nombre(r.datos)}</a></td>
                      ${l.columnas.map(([, valor]) => html`<td>${valor(r.datos)}</td>`)}
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p class="vacio">${q ? `Nada coincide con «${q}».` : 'La libreta está vacía.'}</p>`
      }
      ${mas && html`<p><a class="boton secundario" href="${base}?${mas.toString()}">Más antiguos →</a></p>`}
      <section>
        <h2>Importar y exportar</h2>
        <p class="acciones">
          <a class="boton secundario" href="/consola/api/${l.seccion}/exportar?formato=csv">Descargar CSV</a>
          <a class="boton secundario" href="/consola/api/${l.seccion}/exportar?formato=xlsx">Descargar Excel (xlsx)</a>
        </p>
        <form class="accion" method="post" action="${base}/importar" enctype="multipart/form-data">
          <h3>Importar un archivo</h3>
          <p class="tenue">
            CSV o Excel (xlsx) con una fila de encabezado con estas columnas:
            ${encabezadoDe(definicion.tabla).join(', ')}. Se importan todas las filas o ninguna: si alguna tiene
            errores, se indican fila por fila.
          </p>
          <label>Archivo<input type="file" name="archivo" accept=".csv,.xlsx,text/csv" required /></label>
          ${campoCsrf(req)}
          <button type="submit">Importar</button>
        </form>
      </section>`;
    return enPagina(req, l.titulo, cuerpo);
  }

  /** An entry's form: new (`id` absent) or to change, with its removal. */
  async function formulario(
    req: Request,
    id: string | null,
    v: Valores,
    { errores = {}, generales = [] }: { errores?: Errores; generales?: string[] } = {},
  ): Promise<string> {
    const accion = id ? `${base}/${id}` : base;
    const cuerpo = html`${
        (Object.keys(errores).length > 0 || generales.length > 0) &&
        html`<div class="aviso error" role="alert" id="errores">
          <p><strong>Revise estos datos:</strong></p>
          <ul>
            ${generales.map((g) => html`<li>${g}</li>`)}
            ${Object.entries(errores).map(
              ([nombre, mensaje]) =>
                html`<li>
                  <a href="#campo-${nombre}">${l.campos.find((c) => c.ruta === nombre)?.etiqueta ?? nombre}</a>:
                  ${mensaje}
                </li>`,
            )}
          </ul>
        </div>`
      }
      <form class="libreta" method="post" action="${accion}" novalidate>
        <section>
          <div class="campos">${l.campos.map((c) => control(c, c.ruta, v, errores))}</div>
        </section>
        ${campoCsrf(req)}
        <div class="botones">
          <button type="submit" class="guardar">Guardar ${l.singular}</button>
          <a class="boton secundario" href="${base}">Volver a la lista</a>
        </div>
        ${listaDeActividades(l.campos)}
      </form>
      ${
        id &&
        html`<form class="accion peligro" method="post" action="${base}/${id}/eliminar">
          <h3>Eliminar</h3>
          <p class="tenue">Los documentos ya emitidos no cambian.</p>
          ${campoCsrf(req)}
          <button type="submit" class="peligro">Eliminar ${l.singular}…</button>
        </form>`
      }`;
    return enPagina(req, id ? l.nombre((await definicion.libreta.leer(req.auth.emisorId, id)).datos) : l.nuevo, cuerpo);
  }

  const valores = (req: Request): Valores =>
    Object.fromEntries(l.campos.map((c) => [c.ruta, texto(req, c.ruta)]).filter(([, v]) => v !== ''));

  /** The form's body to the API's operation; its refusal back to the form, everything typed kept. */
  async function guardar(req: Request, res: Response, id: string | null): Promise<void> {
    const v = valores(req);
    const { cuerpo, errores } = cuerpoDeCampos(l.campos, v);
    try {
      if (Object.keys(errores).length) return void res.status(400).send(await formulario(req, id, v, { errores }));
      if (id) await operaciones.reemplazar(req, id, cuerpo);
      else await operaciones.crear(req, cuerpo);
    } catch (err) {
      if (!(err instanceof DteError) || err.httpStatus >= 500 || err.httpStatus === 404) throw err;
      return void res.status(err.httpStatus).send(await formulario(req, id, v, rechazo(l.campos, err)));
    }
    res.redirect(303, `${base}?hecho=${id ? 'modificado' : 'creado'}`);
  }

  router.get(`/${l.seccion}`, async (req, res) => {
    res.send(await lista(req));
  });
  router.get(`/${l.seccion}/nuevo`, async (req, res) => {
    res.send(
      await formulario(
        req,
        null,
        Object.fromEntries(l.campos.flatMap((c) => (c.inicial ? [[c.ruta, c.inicial]] : []))),
      ),
    );
  });
  router.post(`/${l.seccion}`, (req, res) => guardar(req, res, null));

  /** The file of the form (sesion.ts reads it), all its rows or none; the report by row otherwise. */
  router.post(`/${l.seccion}/importar`, async (req, res) => {
    const archivo = req.file;
    try {
      if (!archivo?.size)
        throw validationError('Elija el archivo que importa', [{ field: 'archivo', message: 'Sin archivo' }]);
      const xlsx = /\.xlsx$/i.test(archivo.originalname);
      const creados = await operaciones.importar(
        req,
        await filasDeArchivo(archivo.buffer, xlsx),
        xlsx ? 'xlsx' : 'csv',
      );
      res.redirect(303, `${base}?hecho=importados&n=${creados}`);
    } catch (err) {
      if (!(err instanceof DteError) || err.httpStatus >= 500) throw err;
      const errores = (err.details.errores as ErrorDeFila[] | undefined) ?? [];
      res.status(err.httpStatus).send(await lista(req, { mensaje: err.message, errores }));
    }
  });

  router.get(`/${l.seccion}/:id`, async (req, res) => {
    const registro = await definicion.libreta.leer(req.auth.emisorId, String(req.params.id));
    res.send(await formulario(req, registro._id, valoresDe('', registro.datos as Record<string, unknown>)));
  });
  router.post(`/${l.seccion}/:id`, (req, res) => guardar(req, res, String(req.params.id)));

  /** Removal in two steps: what is removed, then its confirmation (`paso=confirmar`). */
  router.post(`/${l.seccion}/:id/eliminar`, async (req, res) => {
    const id = String(req.params.id);
    if (texto(req, 'paso') === 'confirmar') {
      await operaciones.eliminar(req, id);
      return res.redirect(303, `${base}?hecho=eliminado`);
    }
    const registro = await definicion.libreta.leer(req.auth.emisorId, id);
    const cuerpo = html`<div class="aviso alerta">
        <p>
          Se eliminará <strong>${l.nombre(registro.datos)}</strong> de la libreta. Los documentos ya emitidos no
          cambian.
        </p>
      </div>
      <form method="post" action="${base}/${id}/eliminar" class="accion">
        <input type="hidden" name="paso" value="confirmar" /> ${campoCsrf(req)}
        <button type="submit" class="peligro">Sí, eliminar</button>
        <a class="boton secundario" href="${base}/${id}">Volver sin cambiar nada</a>
      </form>`;
    res.send(await enPagina(req, `¿Eliminar ${l.singular}?`, cuerpo));
  });
  return router;
}
