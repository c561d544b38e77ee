import { Router, type Request } from 'express';
import { comprobarSellado, DteError } from '@dte/domain';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { findOwnDocument } from '../http/documents';
import { crearEnlace, revocarEnlaces } from '../routes/enlace';
import { campoCsrf, texto } from './formulario';
import { fechaHora, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';

/**
 * The document page's "Compartir" (issue 53): a share link made by the API's own code (`crearEnlace`),
 * shown once in a field to copy with a WhatsApp link; and "Revocar enlaces", after a confirmation.
 */
export function compartirConsola(ctx: ApiContext): Router {
  const router = Router();

  router.post('/documentos/:codigoGeneracion/compartir', authenticate(ctx), async (req, res) => {
    const enlace = await crearEnlace(ctx, req, res, String(req.params.codigoGeneracion));
    const { numeroControl } = await findOwnDocument(ctx, req.auth.emisorId, enlace.codigoGeneracion, ['numeroControl']);
    const cuerpo = html`<div class="aviso ok" role="status">
        <p>
          Enlace creado. Cópielo ahora: no se vuelve a mostrar. Funciona sin contraseña hasta el
          ${fechaHora(enlace.expiraEn)} o hasta que revoque los enlaces del documento.
        </p>
      </div>
      <section class="enlace-compartir">
        <label>Enlace para el receptor<input type="url" readonly value="${enlace.url}" /></label>
        <p class="botones">
          <a class="boton" href="${enlace.whatsapp}" target="_blank" rel="noopener noreferrer"
            >Compartir por WhatsApp</a
          >
          <a class="boton secundario" href="${enlace.url}" target="_blank" rel="noopener noreferrer"
            >Abrir la página del documento</a
          >
        </p>
      </section>
      <p><a class="boton secundario" href="/consola/documentos/${enlace.codigoGeneracion}">Volver al documento</a></p>`;
    res.send(
      pagina({
        ...(await datosDePagina(ctx, req)),
        titulo: `Compartir ${numeroControl}`,
        seccion: 'documentos',
        cuerpo,
      }),
    );
  });

  /** Revoking cannot be undone for the links sent: the first post restates it, the confirmation revokes. */
  router.post('/documentos/:codigoGeneracion/revocar-enlaces', authenticate(ctx), async (req, res) => {
    const pedido = String(req.params.codigoGeneracion);
    if (texto(req, 'paso') === 'confirmar') {
      const codigoGeneracion = await revocarEnlaces(ctx, req, res, pedido);
      return res.redirect(303, `/consola/documentos/${codigoGeneracion}?hecho=revocados`);
    }
    const { codigoGeneracion, numeroControl } = await findOwnDocument(ctx, req.auth.emisorId, pedido, [
      'codigoGeneracion',
      'numeroControl',
    ]);
    const cuerpo = html`<div class="aviso alerta">
        <p>
          <strong>Todos los enlaces ya enviados de este documento dejarán de funcionar</strong>, también el del correo
          al receptor. Podrá crear uno nuevo después.
        </p>
      </div>
      <form method="post" action="/consola/documentos/${codigoGeneracion}/revocar-enlaces" class="acciones">
        <input type="hidden" name="paso" value="confirmar" />
        ${campoCsrf(req)}<button type="submit" class="peligro">Sí, revocar los enlaces</button>
        <a class="boton secundario" href="/consola/documentos/${codigoGeneracion}">No, volver</a>
      </form>`;
    res.send(
      pagina({
        ...(await datosDePagina(ctx, req)),
        titulo: `¿Revocar los enlaces de ${numeroControl}?`,
        seccion: 'documentos',
        cuerpo,
      }),
    );
  });
  return router;
}

/**
 * "Compartir" and "Revocar enlaces", when the document has MH's sello (the route's own check says so), with
 * how many times the pages of its links were opened (`vistas`).
 */
export function formularioCompartir(
  req: Request,
  estado: string,
  codigoGeneracion: string,
  vistas: number,
): Html | null {
  try {
    comprobarSellado(estado, 'compartirse');
  } catch (err) {
    if (err instanceof DteError) return null;
    throw err;
  }
  return html`<div class="accion">
    <h3>Compartir</h3>
    <p class="tenue">
      Un enlace a la página pública del documento (PDF, Archivo DTE y verificación en Hacienda), para enviarlo por
      WhatsApp o como quiera. ${vistasTexto(vistas)}
    </p>
    <form method="post" action="/consola/documentos/${codigoGeneracion}/compartir">
      ${campoCsrf(req)}<button type="submit">Crear enlace para compartir</button>
    </form>
    <form method="post" action="/consola/documentos/${codigoGeneracion}/revocar-enlaces">
      ${campoCsrf(req)}<button type="submit" class="secundario">Revocar enlaces</button>
    </form>
  </div>`;
}

const vistasTexto = (vistas: number) =>
  vistas === 0
    ? 'Nadie ha abierto aún la página del documento.'
    : `Su página se abrió ${vistas} ${vistas === 1 ? 'vez' : 'veces'}.`;
