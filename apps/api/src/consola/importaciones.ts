import { Router } from 'express';
import { z } from 'zod';
import { parseRequest } from '@dte/domain';
import { Importaciones, type Importacion } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { importacionPropia, importarSubida } from '../routes/importaciones';
import { campoCsrf } from './formulario';
import { fechaHora, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';

/** Refused files a page of the import's report shows. */
const POR_PAGINA = 50;
/** While an import runs, its page reloads every this many seconds. */
const REFRESCO_S = 2;

const numero = (n: number) => n.toLocaleString('es-SV');
const contados = (n: number, uno: string, varios: string) => `${numero(n)} ${n === 1 ? uno : varios}`;

/** An import's progress as a person reads it: a bar, and its counts in words. */
function progreso(i: Importacion): Html {
  const total = i.total ?? 0;
  const enCurso = i.estado === 'EN_CURSO';
  return html`<div class="progreso">
    <progress
      value="${i.procesados}"
      max="${Math.max(total, 1)}"
      aria-label="Archivos revisados de ${i.nombre}"
    ></progress>
    <span
      >${
        i.total === null
          ? 'Leyendo el archivo…'
          : `${numero(i.procesados)} de ${contados(total, 'archivo revisado', 'archivos revisados')}: ${contados(i.importados, 'importado', 'importados')}, ${contados(i.rechazados, 'no importado', 'no importados')}${enCurso ? '' : '.'}`
      }</span
    >
  </div>`;
}

const ESTADO: Record<Importacion['estado'], string> = { EN_CURSO: 'En curso', TERMINADA: 'Terminada' };

/**
 * The console's "Importar" (permission IMPORTACION): the documents the emisor issued with its previous provider
 * brought in by uploading their Archivos DTE (one JSON or a ZIP), as POST /importaciones does, each import with
 * its progress (the page reloads itself while one runs) and the files it did not import, with why.
 */
export function importacionesConsola(ctx: ApiContext): Router {
  const router = Router();
  const importaciones = new Importaciones(ctx.db.connection);

  router.get('/importaciones', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'IMPORTACION');
    const lista = await importaciones.listar(req.auth.emisorId);
    const cuerpo = html`<p>
        Si el emisor emitía sus documentos con otro proveedor, traiga aquí los que ya emitió este año: cuentan en los
        libros, los anexos del F-07, el tablero y la búsqueda. Cada documento se verifica en Hacienda antes de
        importarse; no se vuelve a numerar, ni a enviar a Hacienda, ni a su receptor.
      </p>
      <form class="accion" method="post" action="/consola/importaciones" enctype="multipart/form-data">
        <h2>Subir los documentos</h2>
        <p class="tenue">
          Un Archivo DTE (JSON, con su firma electrónica y su sello) o un ZIP con muchos, cada uno con su PDF del mismo
          nombre si lo tiene. Los documentos de otro NIT, los que ya están aquí y los que Hacienda no tiene se informan
          sin importarse.
        </p>
        <label
          >Archivo (ZIP o JSON)<input
            type="file"
            name="archivo"
            accept=".zip,.json,application/zip,application/json"
            required
        /></label>
        ${campoCsrf(req)}
        <button type="submit">Importar</button>
      </form>
      <h2>Importaciones</h2>
      ${
        lista.length
          ? html`<table>
              <thead>
                <tr>
                  <th>Archivo</th>
                  <th>Subido</th>
                  <th>Estado</th>
                  <th>Avance</th>
                </tr>
              </thead>
              <tbody>
                ${lista.map(
                  (i) =>
                    html`<tr>
                      <td><a href="/consola/importaciones/${i._id}">${i.nombre}</a></td>
                      <td>${fechaHora(i.creadaEn)}</td>
                      <td>${ESTADO[i.estado]}</td>
                      <td>${progreso(i)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p class="vacio">Aún no se importó nada.</p>`
      }`;
    const enCurso = lista.some((i) => i.estado === 'EN_CURSO');
    res.send(
      pagina({
        ...(await datosDePagina(ctx, req)),
        titulo: 'Importar documentos de otro proveedor',
        seccion: 'importaciones',
        cuerpo,
        ...(enCurso ? { refrescar: REFRESCO_S } : {}),
      }),
    );
  });

  router.post('/importaciones', authenticate(ctx), async (req, res) => {
    const importacion = await importarSubida(ctx, req);
    res.redirect(303, `/consola/importaciones/${importacion._id}`);
  });

  router.get('/importaciones/:id', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'IMPORTACION');
    const { desde } = parseRequest(z.object({ desde: z.coerce.number().int().min(0).default(0) }), req.query);
    const i = await importacionPropia(ctx, req.auth.emisorId, String(req.params.id));
    const { rechazados, siguiente } = await importaciones.rechazados(i, desde, POR_PAGINA);
    const cuerpo = html`<p><a href="/consola/importaciones">← Importaciones</a></p>
      <p>Subido ${fechaHora(i.creadaEn)}. ${ESTADO[i.estado]}${i.terminadaEn ? ` ${fechaHora(i.terminadaEn)}` : ''}.</p>
      ${progreso(i)}
      <h2>No importados</h2>
      ${
        rechazados.length
          ? html`<table>
              <thead>
                <tr>
                  <th>Archivo</th>
                  <th>Documento</th>
                  <th>Por qué</th>
                </tr>
              </thead>
              <tbody>
                ${rechazados.map(
                  (r) =>
                    html`<tr>
                      <td>${r.archivo}</td>
                      <td>${r.numeroControl ?? r.codigoGeneracion ?? ''}</td>
                      <td>
                        <ul>
                          ${r.motivos.map((m) => html`<li>${m.mensaje}</li>`)}
                        </ul>
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p class="vacio">${desde ? 'No hay más.' : 'Ninguno, por ahora.'}</p>`
      }
      ${
        siguiente !== null &&
        html`<p><a class="boton secundario" href="/consola/importaciones/${i._id}?desde=${siguiente}">Más →</a></p>`
      }`;
    res.send(
      pagina({
        ...(await datosDePagina(ctx, req)),
        titulo: `Importación de ${i.nombre}`,
        seccion: 'importaciones',
        cuerpo,
        ...(i.estado === 'EN_CURSO' ? { refrescar: REFRESCO_S } : {}),
      }),
    );
  });

  return router;
}
