import { Router, type Request } from 'express';
import { WorkflowNotFoundError } from '@temporalio/client';
import { explicacionDeRechazo } from '@dte/domain';
import { Contingencia, EntregaWebhook, IssueDte, type ContingenciaEstado } from '@dte/contract';
import { intentoView, SecretBox, Webhooks, type EndpointRecord } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { sondearMh } from '../routes/operaciones';
import { campoCsrf } from './formulario';
import { duracion, enlaceWorkflow, fechaHora, html, pagina, type Html } from './html';
import { datosDePagina, puedeVerWebhooks } from './pagina';

/** Rejected documents the page groups: the newest ones, as support looks at what fails now. */
const RECHAZOS = 50;
/** Delivery attempts read per endpoint for its failing ones. */
const INTENTOS = 50;

const campoDe = (textos: readonly string[]) =>
  textos.map((t) => /^\[([^\]]+)\]/.exec(t)?.[1]).find((c): c is string => c !== undefined) ?? null;

/**
 * What an operator watches: documents waiting for MH and for how long, the emisor's contingency in
 * progress with MH's deadlines, the latest rejections grouped by MH's code, and the webhook endpoints with
 * their failing deliveries; each links to its workflow in Temporal's Web UI (TEMPORAL_UI_URL).
 */
export function operacionesConsola(ctx: ApiContext): Router {
  const router = Router();
  const webhooks = new Webhooks(ctx.db.connection, new SecretBox(ctx.config.SECRET_KEY));
  const workflow = (id: string) => enlaceWorkflow(ctx.config.TEMPORAL_UI_URL, ctx.config.TEMPORAL_NAMESPACE, id);

  async function esperando(req: Request): Promise<Html> {
    const { entradas } = await ctx.documents.list(req.auth.emisorId, { estado: 'PENDIENTE' }, null, 100);
    if (!entradas.length) return html`<p class="vacio">Ningún documento espera la respuesta de MH.</p>`;
    const ahora = Date.now();
    return html`<table id="esperando">
      <thead>
        <tr>
          <th>Número de control</th>
          <th>Solicitado</th>
          <th>Esperando</th>
          <th>Workflow</th>
        </tr>
      </thead>
      <tbody>
        ${entradas.map(
          (e) =>
            html`<tr data-codigo="${e.codigoGeneracion}">
              <td><a href="/consola/documentos/${e.codigoGeneracion}">${e.numeroControl}</a></td>
              <td>${fechaHora(e.createdAt)}</td>
              <td>${duracion(ahora - new Date(e.createdAt).getTime())}</td>
              <td>${workflow(IssueDte.workflowId(e.codigoGeneracion))}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
  }

  async function contingencia(req: Request): Promise<Html> {
    const id = Contingencia.workflowId(req.auth.emisorId);
    // The emisor's ContingencyWorkflow is started with its first contingency: none, no contingency yet.
    const estado = await ctx.workflows
      .handle(Contingencia, id)
      .query(Contingencia.estado)
      .catch((err: unknown) => {
        if (err instanceof WorkflowNotFoundError) return null;
        throw err;
      });
    if (!estado?.pendientes.length)
      return html`<p class="vacio" id="sin-contingencia">No hay una contingencia en curso.</p>`;
    const plazo = (etiqueta: string, fecha: string | null) =>
      html`<div>
        <dt>${etiqueta}</dt>
        <dd>${fecha ? fechaHora(fecha) : '—'}</dd>
      </div>`;
    const FASES = {
      ESPERANDO_MH: 'Esperando que MH responda',
      EVENTO: 'En el Evento de Contingencia',
      LOTE: 'En un lote',
    };
    return html`<div id="contingencia" class="${estado.alerta ? 'aviso error' : 'aviso alerta'}">
        <p>
          <strong>Contingencia en curso</strong>: ${estado.pendientes.length} documento(s) ·
          ${workflow(id)}${estado.alerta ? html` · <strong>un plazo de MH venció o está por vencer</strong>` : ''}
        </p>
        <dl class="ficha">
          ${plazo('MH respondió de nuevo', estado.finCorte)}${plazo('Plazo del evento', estado.plazoEvento)}${plazo(
            'Evento sellado',
            estado.selloEvento,
          )}${plazo('Plazo de los lotes', estado.plazoLotes)}
        </dl>
        ${!estado.finCorte && sondeo(estado)} ${!estado.finCorte && probarAhora(req, estado)}
        ${estado.ultimoError && html`<p>Último error: ${estado.ultimoError}</p>`}
      </div>
      <table>
        <thead>
          <tr>
            <th>Código de generación</th>
            <th>Fase</th>
          </tr>
        </thead>
        <tbody>
          ${estado.pendientes.map(
            (p) =>
              html`<tr>
                <td>
                  <a href="/consola/documentos/${p.codigoGeneracion}"><code>${p.codigoGeneracion}</code></a>
                </td>
                <td>${FASES[p.fase] ?? p.fase}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
  }

  /**
   * MH's state as the workflow last learned it, with the time: its latest probe, and when the next one is. A
   * run from before they were kept says only that MH had not answered.
   */
  function sondeo({ ultimoSondeo: ultimo, proximoSondeo: proximo }: ContingenciaEstado): Html {
    if (!ultimo || ultimo.respondio)
      return html`<p id="sondeo">MH aún no responde: sus plazos corren desde que responda de nuevo.</p>`;
    return html`<p id="sondeo">
      MH no respondió al último sondeo, a las
      ${fechaHora(ultimo.en)}.${proximo && html` Próximo sondeo: ${fechaHora(proximo)}.`} Sus plazos corren desde que
      responda de nuevo.
    </p>`;
  }

  /**
   * "Probar MH ahora", for whoever may (SONDEO_MH) while MH is being waited for: its latest probe went
   * unanswered and the next one is scheduled.
   */
  function probarAhora(req: Request, estado: ContingenciaEstado): Html | '' {
    if (!req.auth.permissions.includes('SONDEO_MH') || !estado.ultimoSondeo || estado.ultimoSondeo.respondio) return '';
    if (!estado.proximoSondeo) return '';
    return html`<form method="post" action="/consola/operaciones/sondeo" class="accion">
      ${campoCsrf(req)}
      <button type="submit">Probar MH ahora</button>
    </form>`;
  }

  /** What the probe a person asked for found (`POST /consola/operaciones/sondeo`'s redirect), in words. */
  function resultadoSondeo(req: Request): Html | '' {
    const { sondeo: respondio, en, proximo } = req.query;
    const hora = (iso: unknown) => fechaHora(typeof iso === 'string' ? iso : null).split(' ')[1] ?? '';
    if (respondio === 'si' && hora(en))
      return html`<p class="aviso ok" role="status" id="resultado-sondeo">
        MH respondió a las ${hora(en)}: la contingencia sigue con el evento y los lotes.
      </p>`;
    if (respondio === 'no' && hora(en))
      return html`<p class="aviso alerta" role="status" id="resultado-sondeo">
        MH sigue sin responder (sondeo de las
        ${hora(en)});${hora(proximo) ? html` próximo intento a las ${hora(proximo)}.` : ' se intentará de nuevo.'}
      </p>`;
    return '';
  }

  async function rechazos(req: Request): Promise<Html> {
    const { entradas } = await ctx.documents.list(req.auth.emisorId, { estado: 'REJECTED' }, null, RECHAZOS);
    const docs = await Promise.all(
      entradas.map((e) =>
        ctx.documents.findOwn(req.auth.emisorId, e.codigoGeneracion, ['numeroControl', 'respuestaMh']),
      ),
    );
    const grupos = new Map<string, { campo: string | null; docs: { cg: string; nc: string; textos: string[] }[] }[]>();
    for (const d of docs) {
      const r = d?.respuestaMh as { codigoMsg?: string; descripcionMsg?: string; observaciones?: string[] } | null;
      if (!d || !r?.codigoMsg) continue;
      const textos = [...new Set([r.descripcionMsg ?? '', ...(r.observaciones ?? [])])].filter(Boolean);
      const campo = campoDe(textos);
      const porCampo = grupos.get(r.codigoMsg) ?? [];
      let grupo = porCampo.find((g) => g.campo === campo);
      if (!grupo) porCampo.push((grupo = { campo, docs: [] }));
      grupo.docs.push({ cg: d._id, nc: d.numeroControl, textos });
      grupos.set(r.codigoMsg, porCampo);
    }
    if (!grupos.size) return html`<p class="vacio">No hay rechazos recientes.</p>`;
    return html`<table id="rechazos">
      <thead>
        <tr>
          <th>Código MH</th>
          <th>Campo</th>
          <th>Qué significa</th>
          <th>Qué hacer</th>
          <th>Documentos</th>
        </tr>
      </thead>
      <tbody>
        ${[...grupos.entries()].flatMap(([codigo, porCampo]) =>
          porCampo.map(
            (g) =>
              html`<tr>
                <td><code>${codigo}</code></td>
                <td>${g.campo ? html`<code>${g.campo}</code>` : '—'}</td>
                <td>
                  ${explicacionDeRechazo(codigo, g.campo).significa}
                  <div class="tenue">${g.docs[0]!.textos.join(' · ')}</div>
                </td>
                <td>${explicacionDeRechazo(codigo, g.campo).solucion}</td>
                <td>
                  ${g.docs.length}:
                  ${g.docs.slice(0, 5).map((d) => html`<a href="/consola/documentos/${d.cg}">${d.nc}</a> `)}
                </td>
              </tr>`,
          ),
        )}
      </tbody>
    </table>`;
  }

  async function entregas(req: Request): Promise<Html> {
    if (!puedeVerWebhooks(req))
      return html`<p class="vacio">Ver los webhooks requiere el permiso WEBHOOKS o CONSOLA.</p>`;
    const endpoints = await webhooks.delEmisor(req.auth.emisorId);
    if (!endpoints.length) return html`<p class="vacio">El emisor no tiene webhooks.</p>`;
    const filas = await Promise.all(endpoints.map((e) => endpoint(e)));
    return html`${filas}`;
  }

  /**
   * An endpoint as the person who reads the page says it: which system does not receive the emisor's notices
   * (avisos) since when, by its description or its URL's host; the attempts that failed, with their workflow
   * ids and answers, folded away for whoever fixes it.
   */
  async function endpoint(e: EndpointRecord): Promise<Html> {
    const { intentos } = await webhooks.intentosDe(e._id, null, INTENTOS);
    const fallidos = intentos.map(intentoView).filter((i) => !i.entregado);
    const sistema = html`<strong>${e.descripcion || new URL(e.url).host}</strong>`;
    const desde = e.deshabilitado?.fecha ?? e.fallandoDesde;
    const estado = e.deshabilitado
      ? html`<p>
          El sistema ${sistema} no recibe avisos desde ${fechaHora(desde)}: se dejaron de enviar (<span
            class="estado estado-rejected"
            >Deshabilitado</span
          >: ${e.deshabilitado.motivo}).
        </p>`
      : desde
        ? html`<p>
            El sistema ${sistema} no recibe avisos desde ${fechaHora(desde)}: se siguen reintentando (<span
              class="estado estado-processed"
              >Activo</span
            >).
          </p>`
        : html`<p>El sistema ${sistema} recibe los avisos (<span class="estado estado-processed">Activo</span>).</p>`;
    return html`<div class="endpoint">
      ${estado}
      ${
        fallidos.length
          ? html`<details>
              <summary>Detalle técnico: ${fallidos.length} entrega(s) fallida(s) a ${e.url}</summary>
              <table>
                <thead>
                  <tr>
                    <th>Fecha</th>
                    <th>Evento</th>
                    <th>Intento</th>
                    <th>Respuesta</th>
                    <th>Workflow</th>
                  </tr>
                </thead>
                <tbody>
                  ${fallidos.map(
                    (i) =>
                      html`<tr>
                        <td>${fechaHora(i.fecha)}</td>
                        <td>${i.tipo}</td>
                        <td>${i.intento}</td>
                        <td>${i.status ?? 'sin respuesta'} ${i.error ?? ''}</td>
                        <td>${workflow(EntregaWebhook.workflowId(e._id, i.eventoId))}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </details>`
          : html`<p class="tenue">Sin entregas fallidas entre las últimas ${INTENTOS} (${e.url}).</p>`
      }
    </div>`;
  }

  router.get('/operaciones', authenticate(ctx), async (req, res) => {
    const [e, c, r, w] = await Promise.all([esperando(req), contingencia(req), rechazos(req), entregas(req)]);
    const cuerpo = html`${resultadoSondeo(req)}
      <section>
        <h2>Esperando a MH</h2>
        ${e}
      </section>
      <section>
        <h2>Contingencia</h2>
        ${c}
      </section>
      <section>
        <h2>Rechazos recientes por código de MH</h2>
        ${r}
      </section>
      <section>
        <h2>Webhooks</h2>
        ${w}
      </section>`;
    res.send(pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Operaciones', seccion: 'operaciones', cuerpo }));
  });

  /** "Probar MH ahora": the API's probe as the session's token, its answer said on the page it returns to. */
  router.post('/operaciones/sondeo', authenticate(ctx), async (req, res) => {
    const { en, respondio, proximoSondeo } = await sondearMh(ctx, req);
    const query = new URLSearchParams({ sondeo: respondio ? 'si' : 'no', en });
    if (proximoSondeo) query.set('proximo', proximoSondeo);
    res.redirect(303, `/consola/operaciones?${query}`);
  });
  return router;
}
