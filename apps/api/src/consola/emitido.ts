import { Router } from 'express';
import { documentDetailView, type DocumentDetailView } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { findOwnDocument } from '../http/documents';
import { ficha, formularioReenvio } from './documentos';
import { formulariosPermitidos } from './emitir-formularios';
import { fechaHora, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';

/** What the book did with the customer of the form, by name (a link cannot make the page say anything). */
const CLIENTE: Record<string, [texto: string, tono: 'ok' | 'alerta']> = {
  guardado: ['Cliente guardado en la libreta.', 'ok'],
  existente: ['El cliente ya estaba en la libreta: no se cambió.', 'ok'],
  'no-guardado': ['El cliente no se guardó en la libreta: le faltan datos que la libreta pide.', 'alerta'],
};

/** MH's verdict in words, with what the person does next. */
function veredicto(d: DocumentDetailView): Html {
  const r = d.respuestaMh;
  switch (d.estado) {
    case 'PROCESSED':
      return html`<p class="aviso ok" role="status">
        MH aceptó el documento: es válido desde ahora, con su sello de recepción.
      </p>`;
    case 'REJECTED':
      return html`<div class="aviso error" role="alert">
        <p><strong>MH rechazó el documento: no es válido.</strong> Corrija los datos y emita uno nuevo.</p>
        ${r && html`<p><code>${r.codigoMsg}</code> ${r.descripcionMsg}</p>`}
        ${
          r?.observaciones.length &&
          html`<ul>
            ${r.observaciones.map((o) => html`<li>${o}</li>`)}
          </ul>`
        }
      </div>`;
    case 'CONTINGENCIA':
      return html`<p class="aviso alerta" role="status">
        MH no respondía: el documento se emitió en contingencia y se le enviará en cuanto vuelva. El cliente ya puede
        recibirlo.
      </p>`;
    case 'PENDIENTE':
      return html`<p class="aviso alerta" role="status">
        MH aún no responde: el documento sigue su curso. <a href="">Actualizar esta página</a> para ver su estado.
      </p>`;
    default:
      return html``;
  }
}

/** The e-mails of the document to its customer: sent, failed, or on their way. */
function correos(d: DocumentDetailView, receptorCorreo: string | null | undefined): Html {
  if (d.correos.length)
    return html`<ul class="correos">
      ${d.correos.map(
        (c) =>
          html`<li>
            ${c.enviado ? `Enviado a ${c.para}` : `No se pudo enviar a ${c.para}: ${c.error ?? ''}`}
            <span class="tenue">${fechaHora(c.fecha)}</span>
          </li>`,
      )}
    </ul>`;
  if (d.estado === 'REJECTED') return html`<p class="tenue">Un documento rechazado no se envía.</p>`;
  return html`<p class="tenue">
    ${
      receptorCorreo
        ? 'El correo al cliente se envía en cuanto el documento tiene sello: actualice la página para verlo.'
        : 'El documento no tiene correo del cliente: puede enviarlo a otra dirección.'
    }
  </p>`;
}

/**
 * The page a person lands on after issuing from the console (`emitir.ts`): MH's verdict, the sello and the
 * numbers of the document (the documents page's `ficha`), its PDF and JSON to download, its e-mail to the
 * customer and the documents page's resend form.
 */
export function emitidoConsola(ctx: ApiContext): Router {
  const router = Router();
  router.get('/emitido/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    const doc = await findOwnDocument(ctx, req.auth.emisorId, String(req.params.codigoGeneracion));
    const [relacionados, emails] = await Promise.all([
      ctx.documents.referencias(doc.codigoGeneracion),
      ctx.documents.emails(doc),
    ]);
    const d = documentDetailView(doc, relacionados, emails);
    const cg = d.codigoGeneracion;
    const cliente = CLIENTE[String(req.query.cliente)];
    const otro = formulariosPermitidos(req.auth.permissions).find((f) => f.tipo === d.tipo && !f.ajustaCcf);
    const reenvio = formularioReenvio(req, doc, cg);
    const cuerpo = html`${veredicto(d)}
      ${cliente && html`<p class="aviso ${cliente[1]}" role="status">${cliente[0]}</p>`} ${ficha(d)}
      <section>
        <h2>Compartir</h2>
        <p class="acciones">
          ${
            d.estado !== 'REJECTED' &&
            html`<a class="boton" href="/consola/api/dte/pdf/${cg}?format=download">Descargar PDF</a>`
          }
          ${d.dteJsonUrl && html`<a class="boton secundario" href="/consola/api/dte/${cg}/json">Descargar JSON</a>`}
        </p>
        <h3>Correo al cliente</h3>
        ${correos(d, doc.receptorCorreo)} ${reenvio}
      </section>
      <p class="acciones">
        <a class="boton secundario" href="/consola/documentos/${cg}">Ver el documento y su historia</a>
        ${otro && html`<a class="boton secundario" href="/consola/emitir/${otro.tipoDte}">Emitir otro documento</a>`}
      </p>`;
    res.send(pagina({ ...(await datosDePagina(ctx, req)), titulo: d.numeroControl, seccion: 'emitir', cuerpo }));
  });
  return router;
}
