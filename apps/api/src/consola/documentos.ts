import { Router, type Request } from 'express';
import {
  anulacionRequest,
  type AnulacionRequest,
  catalogValue,
  destinatarioReenvio,
  DTE_TIPOS,
  documentKind,
  DteError,
  ErrorCode,
  idEvento,
  instanteProcesamientoMh,
  listaRequest,
  parseRequest,
  type ListaRequest,
  resendRequest,
  type DteTipo,
  type Papel,
  type TipoEvento,
} from '@dte/domain';
import { once } from 'node:events';
import { WorkflowNotFoundError } from '@temporalio/client';
import { ZipFile } from 'yazl';
import { EntregaWebhook } from '@dte/contract';
import {
  Auditoria,
  comprobarAnulacion,
  documentDetailView,
  EnlacesDocumentos,
  loadIssuer,
  type EntradaAuditoria,
  documentSummaryView,
  type DocumentDetailView,
  type EventoContingenciaRecord,
  SecretBox,
  Tenants,
  Webhooks,
} from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { escribirCursor, leerCursor } from '../http/cursor';
import { findOwnDocument } from '../http/documents';
import { anularDocumento, comprobarAnulada } from '../routes/anulacion';
import { csvDeEntradas } from '../routes/export';
import { reenviarDocumento } from '../routes/resend';
import { ACCIONES, quien } from './auditoria';
import { formularioCompartir } from './compartir';
import { duracion, enlaceWorkflow, estadoEtiqueta, estadoTexto, fechaHora, html, pagina, type Html } from './html';
import { formulariosPermitidos } from './emitir-formularios';
import { campo, campoCsrf, mensajeDelCampo, seleccion, texto, type Errores } from './formulario';
import { datosDePagina, llenos, puedeVerWebhooks } from './pagina';

/** The events told of a document once, whose id its codigoGeneracion makes (`publicar`'s ocurrencia). */
const EVENTOS_DEL_DOCUMENTO: readonly TipoEvento[] = [
  'dte.procesado',
  'dte.rechazado',
  'dte.contingencia',
  'dte.invalidado',
];
/** A delivery's outcome, or its workflow's status while it has none (Temporal's names). */
const ESTADOS_ENTREGA: Record<string, string> = {
  RUNNING: 'en curso',
  FAILED: 'fallido',
  TERMINATED: 'detenido',
  CANCELED: 'cancelado',
  TIMED_OUT: 'sin respuesta a tiempo',
  CONTINUED_AS_NEW: 'en curso',
  ENTREGADO: 'entregado',
  FALLIDO: 'fallido',
  DESHABILITADO: 'endpoint deshabilitado',
  ELIMINADO: 'endpoint eliminado',
};
const AVISOS: Record<string, string> = {
  reenviado: 'Documento reenviado',
  anulado: 'Documento anulado',
  revocados: 'Enlaces para compartir revocados: ninguno de los enviados funciona ya',
};
/** The papers the document's page links its PDF on (GET /dte/pdf's `formato`), each in a new tab. */
const PAPELES_CONSOLA: readonly (readonly [Papel, string])[] = [
  ['carta', 'PDF carta'],
  ['ticket80', 'Ticket 80 mm'],
  ['ticket58', 'Ticket 58 mm'],
];
/** The estados the list filters on, as `GET /dte` takes them. */
const ESTADOS = listaRequest.shape.estado.unwrap().options;
const nombreTipo = (tipo: string) => {
  const tipoDte = DTE_TIPOS.includes(tipo as DteTipo) ? documentKind(tipo as DteTipo).tipoDte : tipo;
  return catalogValue('CAT-002', tipoDte) ?? tipo;
};

/** The documents one action of the list takes at most: a page of the largest size. */
const MAX_SELECCION = 100;

/** A person resends with REENVIO; a machine's console token as its route lets it (`reenviarDocumento`). */
const puedeReenviar = (req: Request) => !req.auth.esDePersona || req.auth.permissions.includes('REENVIO');

/** The list's fields a person sees, and what each needs when it is refused. */
const MENSAJES_LISTA: Record<string, string> = {
  q: 'Escriba al menos 3 letras de una palabra del nombre, o un NIT, DUI, NRC, número de control o código de generación',
  desde: 'Una fecha desde el 1 de enero de 2021 hasta mañana, no después de «Hasta»',
  hasta: 'Una fecha desde el 1 de enero de 2021 hasta mañana',
  tipo: 'Elija un tipo de la lista',
  estado: 'Elija un estado de la lista',
};

/** The list's query as typed (kept in the form), and either what it asks for or what is wrong with it. */
type ConsultaLista = { valores: Record<string, string> } & (
  | {
      pedido: { filtros: Omit<ListaRequest, 'cursor' | 'limit'>; cursor: number | null; limit: number };
      errores?: undefined;
    }
  | { pedido?: undefined; errores: { campos: Errores; otros: string[] } }
);

function consultaLista(llenos_: Record<string, string>): ConsultaLista {
  const valores = Object.fromEntries(Object.entries(llenos_).map(([k, v]) => [k, v.trim()]));
  // Ticks every box of the page: not a filter.
  const { marcar: _marcar, ...consulta } = valores;
  try {
    const { cursor, limit, ...filtros } = parseRequest(listaRequest, consulta);
    return { valores, pedido: { filtros, cursor: cursor === undefined ? null : leerCursor(cursor), limit } };
  } catch (err) {
    if (!(err instanceof DteError) || err.code !== ErrorCode.VALIDATION_ERROR) throw err;
    const campos: Errores = {};
    const otros: string[] = [];
    for (const { field, message } of err.details.errors as { field: string; message: string }[])
      if (MENSAJES_LISTA[field]) campos[field] ??= MENSAJES_LISTA[field];
      else otros.push(`${field}: ${message}`);
    return { valores, errores: { campos, otros } };
  }
}

/** The search box and the filters, with what was typed and each refusal beside its field. */
function formularioFiltros(c: ConsultaLista): Html {
  const v = c.valores;
  const errores = c.errores?.campos ?? {};
  return html`<form class="filtros" method="get" action="/consola/documentos" role="search">
      ${campo('Buscar: nombre del receptor, NIT, DUI, NRC, número de control o código de generación', 'q', {
        tipo: 'search',
        valor: v.q,
        errores,
        extra: html`size="40" placeholder="ferreteria lopez · 01234567-8 · 000123"`,
      })}
      ${campo('Desde', 'desde', { tipo: 'date', valor: v.desde, errores })}
      ${campo('Hasta', 'hasta', { tipo: 'date', valor: v.hasta, errores })}
      ${seleccion('Tipo', 'tipo', [['', 'Todos'], ...DTE_TIPOS.map((t): [string, string] => [t, nombreTipo(t)])], {
        valor: v.tipo,
        errores,
      })}
      ${seleccion('Estado', 'estado', [['', 'Todos'], ...ESTADOS.map((e): [string, string] => [e, estadoTexto(e)])], {
        valor: v.estado,
        errores,
      })}
      ${(['receptor', 'numeroControl'] as const).map((k) =>
        v[k] ? html`<input type="hidden" name="${k}" value="${v[k]}" />` : '',
      )}
      <button type="submit">Buscar</button>
    </form>
    ${
      c.errores?.otros.length
        ? html`<div class="aviso error" role="alert">${c.errores.otros.map((o) => html`<p>${o}</p>`)}</div>`
        : ''
    }`;
}

/**
 * The documents pages: the search (the API's list filters, `GET /dte`, or one codigoGeneracion) and a
 * document's page, with its resend and invalidation forms. Both actions run the API's own code
 * (`reenviarDocumento`, `anularDocumento`): what the API refuses, the console refuses with the same code.
 */
export function documentosConsola(ctx: ApiContext): Router {
  const router = Router();
  const webhooks = new Webhooks(ctx.db.connection, new SecretBox(ctx.config.SECRET_KEY));
  const auditoria = new Auditoria(ctx.db.connection);

  /**
   * The document's webhook deliveries: its events' ids follow from its codigoGeneracion (`idEvento`), so
   * each endpoint's delivery workflow is read by id, with its outcome once it has one.
   */
  async function entregas(req: Request, codigoGeneracion: string): Promise<Hito[]> {
    if (!puedeVerWebhooks(req)) return [];
    const endpoints = await webhooks.delEmisor(req.auth.emisorId);
    const pares = endpoints.flatMap((e) =>
      EVENTOS_DEL_DOCUMENTO.filter((t) => e.eventos.includes(t)).map((tipo) => ({ e, tipo })),
    );
    const hitos = await Promise.all(
      pares.map(async ({ e, tipo }): Promise<Hito | null> => {
        const id = EntregaWebhook.workflowId(e._id, idEvento(tipo, codigoGeneracion));
        const handle = ctx.workflows.handle(EntregaWebhook, id);
        const descripcion = await handle.describe().catch((err: unknown) => {
          if (err instanceof WorkflowNotFoundError) return null;
          throw err;
        });
        if (!descripcion) return null;
        const resultado = descripcion.status.name === 'COMPLETED' ? await handle.result() : null;
        const estado = resultado?.estado ?? descripcion.status.name;
        return {
          fecha: descripcion.startTime,
          titulo: `Webhook ${tipo} a ${e.url}: ${ESTADOS_ENTREGA[estado] ?? estado}`,
          detalle: html`${resultado?.motivo ?? ''}
          ${enlaceWorkflow(ctx.config.TEMPORAL_UI_URL, ctx.config.TEMPORAL_NAMESPACE, id)}`,
          tono: estado === 'ENTREGADO' ? 'ok' : estado === 'RUNNING' ? 'alerta' : 'error',
        };
      }),
    );
    return hitos.filter((h): h is Hito => h !== null);
  }

  /**
   * Who acted on the document, from the audit log: who issued it ("Emitido por …", told with its request,
   * though the entry is written once MH answered), and who acted since ("Reenviado por …", "Anulado por …").
   * A document issued before the log existed has no issuance entry; its record still names the issuing token.
   */
  async function quienActuo(emisorId: number, doc: Registro): Promise<{ emision: Hito | null; despues: Hito[] }> {
    const hito = (e: EntradaAuditoria, fecha: Date): Hito => {
      const q = quien(e.actor);
      const para = e.accion === 'DTE_REENVIADO' && e.detalles.para ? ` · a ${e.detalles.para}` : '';
      return { fecha, titulo: `${ACCIONES[e.accion]} por ${q.nombre}`, detalle: `${q.tipo}${para}` };
    };
    const entradas = await auditoria.deDocumento(emisorId, doc.codigoGeneracion);
    const esEmision = (e: EntradaAuditoria) => e.accion === 'DTE_EMITIDO' || e.accion === 'RETORNO_EMITIDO';
    const despues = entradas.filter((e) => !esEmision(e)).map((e) => hito(e, e.fecha));
    const emitida = entradas.find(esEmision);
    if (emitida) return { emision: hito(emitida, doc.createdAt), despues };
    const token = await new Tenants(ctx.db, new SecretBox(ctx.config.SECRET_KEY)).token(emisorId, doc.tokenId);
    const emision = token && {
      fecha: doc.createdAt,
      titulo: `${ACCIONES.DTE_EMITIDO} por ${token.name}`,
      detalle: quien({ tipo: 'TOKEN', id: doc.tokenId, nombre: token.name }).tipo,
    };
    return { emision, despues };
  }

  router.get('/documentos', authenticate(ctx), async (req, res) => {
    const { codigoGeneracion, ...valores } = llenos(req.query);
    if (codigoGeneracion) {
      const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion.trim(), ['codigoGeneracion']);
      return res.redirect(303, `/consola/documentos/${doc.codigoGeneracion}`);
    }
    const c = consultaLista(valores);
    const pagina_ = c.pedido
      ? await ctx.documents.list(req.auth.emisorId, c.pedido.filtros, c.pedido.cursor, c.pedido.limit)
      : null;
    const docs = pagina_?.entradas.map(documentSummaryView) ?? [];
    const { marcar, ...filtros } = c.valores;
    const mas =
      pagina_?.siguiente == null
        ? null
        : new URLSearchParams({ ...filtros, cursor: escribirCursor(pagina_.siguiente) });
    const todos = new URLSearchParams({ ...filtros, marcar: 'todos' });
    const cuerpo = html`${formularioFiltros(c)}
    ${
      docs.length
        ? html`<form method="post" action="/consola/documentos/seleccion" class="seleccion">
            ${campoCsrf(req)}
            <p class="acciones-seleccion">
              <span>Con los documentos marcados:</span>
              ${
                puedeReenviar(req)
                  ? html`<button type="submit" name="accion" value="reenviar">Reenviar por correo</button>`
                  : ''
              }
              <button type="submit" name="accion" value="pdf" class="secundario">Descargar PDF (zip)</button>
              <button type="submit" name="accion" value="csv" class="secundario">Exportar CSV</button>
              <a href="/consola/documentos?${todos.toString()}">Marcar todos</a>
            </p>
            <table>
              <thead>
                <tr>
                  <th>Marcar</th>
                  <th>Número de control</th>
                  <th>Tipo</th>
                  <th>Fecha</th>
                  <th>Receptor</th>
                  <th class="num">Total</th>
                  <th>Estado</th>
                </tr>
              </thead>
              <tbody>
                ${docs.map(
                  (d) =>
                    html`<tr>
                      <td>
                        <input
                          type="checkbox"
                          name="codigo"
                          value="${d.codigoGeneracion}"
                          aria-label="Marcar ${d.numeroControl}"
                          ${marcar === 'todos' ? html`checked` : ''}
                        />
                      </td>
                      <td><a href="/consola/documentos/${d.codigoGeneracion}">${d.numeroControl}</a></td>
                      <td>${nombreTipo(d.tipo)}</td>
                      <td>${d.fecEmi}</td>
                      <td>
                        ${d.receptor.nombre ?? ''}
                        <span class="tenue">${d.receptor.identificadores.join(' · ')}</span>
                      </td>
                      <td class="num">$${d.total}</td>
                      <td>${estadoEtiqueta(d.estado)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </form>`
        : c.pedido
          ? html`<p class="vacio">Ningún documento coincide con la búsqueda.</p>`
          : ''
    }
    ${mas && html`<p><a class="boton secundario" href="/consola/documentos?${mas.toString()}">Más antiguos →</a></p>`}`;
    res
      .status(c.errores ? 400 : 200)
      .send(pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Documentos', seccion: 'documentos', cuerpo }));
  });

  /**
   * What is done with the documents marked on the list: each resent by the resend's own code (REENVIO, audited
   * one by one), their PDFs as one zip, or their list entries as the CSV of `GET /dte/export`. Only the
   * session's emisor's documents are read; another's codigoGeneracion is told as not found.
   */
  router.post('/documentos/seleccion', authenticate(ctx), async (req, res) => {
    const cuerpo = req.body as Record<string, unknown>;
    const marcados = ([] as unknown[]).concat(cuerpo.codigo ?? []).filter((c): c is string => typeof c === 'string');
    const codigos = [...new Set(marcados.map((c) => c.trim().toUpperCase()))];
    if (!codigos.length || codigos.length > MAX_SELECCION)
      throw new DteError(ErrorCode.VALIDATION_ERROR, 400, `Marque de 1 a ${MAX_SELECCION} documentos`, {
        errors: [{ field: 'codigo', message: `de 1 a ${MAX_SELECCION} documentos` }],
      });
    const fecha = new Date().toISOString().slice(0, 10);
    if (cuerpo.accion === 'csv') {
      const entradas = await ctx.documents.entradasDe(req.auth.emisorId, codigos);
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .setHeader('Content-Disposition', `attachment; filename="documentos-${fecha}.csv"`)
        .send(csvDeEntradas(entradas));
      return;
    }
    if (cuerpo.accion === 'pdf') {
      const zip = new ZipFile();
      let pdfs = 0;
      for (const codigo of codigos) {
        const doc = await ctx.documents.findOwn(req.auth.emisorId, codigo, ['numeroControl', 'dtePdfUrl']);
        const pdf = doc?.dtePdfUrl ? await ctx.store.get(doc.dtePdfUrl) : null;
        if (!doc || !pdf) continue;
        zip.addBuffer(pdf, `${doc.numeroControl}.pdf`);
        pdfs++;
      }
      if (!pdfs)
        throw new DteError(
          ErrorCode.DOCUMENT_NOT_PROCESSED,
          409,
          'Ninguno de los documentos marcados tiene PDF: solo los aceptados (o emitidos en contingencia) lo tienen',
        );
      res
        .status(200)
        .type('application/zip')
        .setHeader('Content-Disposition', `attachment; filename="documentos-${fecha}.zip"`);
      zip.outputStream.pipe(res);
      zip.end();
      await once(res, 'finish');
      return;
    }
    if (cuerpo.accion !== 'reenviar')
      throw new DteError(ErrorCode.VALIDATION_ERROR, 400, 'Elija reenviar, descargar los PDF o exportar', {
        errors: [{ field: 'accion', message: 'reenviar, pdf o csv' }],
      });
    requirePermission(req.auth, 'REENVIO');
    const resultados: Html[] = [];
    let hechos = 0;
    for (const codigo of codigos) {
      const enlace = html`<a href="/consola/documentos/${codigo}">${codigo}</a>`;
      try {
        const data = await reenviarDocumento(ctx, req, res, codigo, parseRequest(resendRequest, {}));
        resultados.push(html`<li>${enlace}: reenviado a ${data.emailEnviado}</li>`);
        hechos++;
      } catch (err) {
        if (!(err instanceof DteError)) throw err;
        resultados.push(html`<li>${enlace}: no reenviado. ${err.message}</li>`);
      }
    }
    const resumen = html`<p class="aviso ${hechos === codigos.length ? 'ok' : 'error'}">
        ${hechos} de ${codigos.length} documentos reenviados
      </p>
      <ul class="resultados-seleccion">
        ${resultados}
      </ul>
      <p><a class="boton secundario" href="/consola/documentos">Volver a Documentos</a></p>`;
    res.send(pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Reenvío', seccion: 'documentos', cuerpo: resumen }));
  });

  /**
   * The document's page; `anulacion`, when its invalidation form came back refused: what was typed, each
   * field's error beside it.
   */
  async function paginaDocumento(req: Request, codigoGeneracion: string, anulacion?: FormularioAnulacion) {
    const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion);
    const [relacionados, emails, actos, vistas] = await Promise.all([
      ctx.documents.referencias(doc.codigoGeneracion),
      ctx.documents.emails(doc),
      quienActuo(req.auth.emisorId, doc),
      new EnlacesDocumentos(ctx.db.connection).accesosDelDocumento(req.auth.emisorId, doc.codigoGeneracion),
    ]);
    const vista = documentDetailView(doc, relacionados, emails);
    // Who may resend (REENVIO) reads the addresses in full, as they type one; the others read them masked.
    if (req.auth.permissions.includes('REENVIO'))
      vista.correos = vista.correos.map((c, i) => ({ ...c, para: emails[i]?.to ?? c.para }));
    // A fixed message by name, never text from the address: a link cannot make the console say anything.
    const hecho = anulacion ? undefined : AVISOS[String(req.query.hecho)];
    const ultimoCorreo = vista.correos.at(-1);
    const aviso =
      hecho && (req.query.hecho === 'reenviado' && ultimoCorreo ? `${hecho} a ${ultimoCorreo.para}` : hecho);
    const cuerpo = html` ${aviso && html`<p class="aviso ok">${aviso}</p>`} ${ficha(vista)}
      <div class="columnas">
        <section>
          <h2>Historia</h2>
          ${historia(doc, vista, actos.emision, [...actos.despues, ...(await entregas(req, doc.codigoGeneracion))])}
        </section>
        <section>
          <h2>Acciones</h2>
          ${acciones(req, doc, vista, vistas, anulacion)}
        </section>
      </div>
      ${
        vista.dtePdfUrl
          ? html`<section>
              <h2>Representación impresa</h2>
              <p class="papeles">
                ${PAPELES_CONSOLA.map(
                  ([formato, nombre]) =>
                    html`<a
                      class="boton secundario"
                      href="/consola/api/dte/pdf/${vista.codigoGeneracion}?format=view&formato=${formato}"
                      target="_blank"
                      >${nombre}</a
                    >`,
                )}
              </p>
              <iframe
                class="pdf"
                title="PDF del documento"
                src="/consola/api/dte/pdf/${vista.codigoGeneracion}?format=view&formato=carta"
              ></iframe>
            </section>`
          : ''
      }`;
    return pagina({ ...(await datosDePagina(ctx, req)), titulo: vista.numeroControl, seccion: 'documentos', cuerpo });
  }

  router.get('/documentos/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    res.send(await paginaDocumento(req, String(req.params.codigoGeneracion)));
  });

  router.post('/documentos/:codigoGeneracion/reenviar', authenticate(ctx), async (req, res) => {
    const email = typeof req.body.email === 'string' && req.body.email.trim() ? req.body.email.trim() : undefined;
    const request = parseRequest(resendRequest, { email });
    const data = await reenviarDocumento(ctx, req, res, String(req.params.codigoGeneracion), request);
    res.redirect(303, `/consola/documentos/${data.codigoGeneracion}?hecho=reenviado`);
  });

  /**
   * The invalidation, irreversible before MH, in two steps: the form is checked as the API checks it
   * (`comprobarAnulacion`), and what will be invalidated is restated; only its confirmation reaches MH. A
   * refusal of a field comes back to the document's page, beside the field, with everything typed kept.
   */
  router.post('/documentos/:codigoGeneracion/anular', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'ANULACION');
    const codigoGeneracion = String(req.params.codigoGeneracion);
    const valores = Object.fromEntries(CAMPOS_ANULACION.map(([n]) => [n, texto(req, n)])) as ValoresAnulacion;
    let request: AnulacionRequest;
    try {
      request = parseRequest(anulacionRequest, solicitudAnulacion(codigoGeneracion, valores));
      const original = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion, [
        'estado',
        'tipoDte',
        'createdAt',
      ]);
      const { emisor } = await loadIssuer(ctx.tenants, req.auth);
      await comprobarAnulacion(ctx.documents, ctx.config, req.auth.emisorId, emisor, original, request, new Date());
    } catch (err) {
      const errores = err instanceof DteError ? erroresAnulacion(err) : null;
      if (!errores) throw err;
      return res.status(400).send(await paginaDocumento(req, codigoGeneracion, { valores, ...errores }));
    }
    if (texto(req, 'paso') !== 'confirmar') return res.send(await confirmacion(req, codigoGeneracion, valores));
    comprobarAnulada(await anularDocumento(ctx, req, res, request));
    res.redirect(303, `/consola/documentos/${request.codigoGeneracion}?hecho=anulado`);
  });

  /** The confirmation step: the document and the invalidation as they will reach MH, nothing sent yet. */
  async function confirmacion(req: Request, codigoGeneracion: string, v: ValoresAnulacion) {
    const doc = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracion);
    const d = documentDetailView(doc, [], []);
    const receptor = (d.dteJson.receptor ?? d.dteJson.sujetoExcluido) as { nombre?: string } | null;
    const identificacion = d.dteJson.identificacion as { fecEmi?: string; horEmi?: string };
    const reemplazo =
      v.codigoGeneracionR.trim() &&
      (await ctx.documents.findOwn(req.auth.emisorId, v.codigoGeneracionR.trim(), ['tipo', 'numeroControl']));
    const dato = (dt: string, dd: Html | string) =>
      html`<div>
        <dt>${dt}</dt>
        <dd>${dd}</dd>
      </div>`;
    const documento = (tipo: string, nombre: string) => `${tipo} · ${nombre}`;
    const cuerpo = html`<div class="aviso alerta">
        <p><strong>La anulación es definitiva.</strong> MH invalida el documento y no puede deshacerse.</p>
      </div>
      <h2>Documento que se anula</h2>
      <dl class="ficha">
        ${dato('Tipo', nombreTipo(d.tipo))} ${dato('Número de control', d.numeroControl)}
        ${dato('Receptor', receptor?.nombre ?? '—')} ${dato('Total', `$${d.total}`)}
        ${dato('Fecha de emisión', `${identificacion.fecEmi ?? ''} ${identificacion.horEmi ?? ''}`)}
        ${dato('Código de generación', html`<code>${d.codigoGeneracion}</code>`)}
      </dl>
      <h2>Anulación</h2>
      <dl class="ficha">
        ${dato('Tipo de anulación', TIPOS_ANULACION.find(([c]) => c === v.tipoAnulacion)?.[1] ?? v.tipoAnulacion)}
        ${dato('Motivo', v.motivoAnulacion.trim() || '—')}
        ${dato(
          'Documento que lo reemplaza',
          !v.codigoGeneracionR.trim()
            ? 'Ninguno'
            : reemplazo
              ? documento(nombreTipo(reemplazo.tipo), reemplazo.numeroControl)
              : html`<code>${v.codigoGeneracionR.trim()}</code>`,
        )}
        ${dato('Responsable', `${v.nombreResponsable} · ${nombreDocumento(v.tipDocResponsable)} ${v.numDocResponsable}`)}
        ${dato('Quien solicita', `${v.nombreSolicita} · ${nombreDocumento(v.tipDocSolicita)} ${v.numDocSolicita}`)}
      </dl>
      <form method="post" action="/consola/documentos/${codigoGeneracion}/anular" class="acciones">
        ${CAMPOS_ANULACION.map(([n]) => html`<input type="hidden" name="${n}" value="${v[n]}" />`)}
        <input type="hidden" name="paso" value="confirmar" />
        ${campoCsrf(req)}<button type="submit" class="peligro">Sí, anular ante MH</button>
        <a class="boton secundario" href="/consola/documentos/${codigoGeneracion}">No, volver sin anular</a>
      </form>`;
    return pagina({
      ...(await datosDePagina(ctx, req)),
      titulo: `¿Anular ${d.numeroControl}?`,
      seccion: 'documentos',
      cuerpo,
    });
  }
  return router;
}

/** The document at a glance: its state, MH's sello, its receptor and total, its Archivo DTE. */
export function ficha(d: DocumentDetailView): Html {
  const receptor = (d.dteJson.receptor ?? d.dteJson.sujetoExcluido) as { nombre?: string; correo?: string } | null;
  return html`<dl class="ficha">
    <div>
      <dt>Estado</dt>
      <dd>${estadoEtiqueta(d.estado)}</dd>
    </div>
    <div>
      <dt>Tipo</dt>
      <dd>${nombreTipo(d.tipo)}</dd>
    </div>
    <div>
      <dt>Código de generación</dt>
      <dd><code>${d.codigoGeneracion}</code></dd>
    </div>
    <div>
      <dt>Sello de recepción</dt>
      <dd><code>${d.selloRecibido ?? '—'}</code></dd>
    </div>
    <div>
      <dt>Receptor</dt>
      <dd>${receptor?.nombre ?? '—'}</dd>
    </div>
    <div>
      <dt>Total</dt>
      <dd>$${d.total}</dd>
    </div>
    <div>
      <dt>Ambiente</dt>
      <dd>${d.ambiente === 'PROD' ? 'Producción' : 'Pruebas'}</dd>
    </div>
    <div>
      <dt>Archivo DTE</dt>
      <dd>
        ${
          d.dteJsonUrl
            ? html`<a href="/consola/api/dte/${d.codigoGeneracion}/json">Descargar JSON</a>`
            : html`<span class="tenue">sin Archivo DTE</span>`
        }
      </dd>
    </div>
  </dl>`;
}

interface Hito {
  fecha: Date | string | null;
  titulo: string;
  detalle?: Html | string;
  tono?: 'ok' | 'error' | 'alerta';
}

type Registro = Awaited<ReturnType<typeof findOwnDocument>>;

/**
 * What happened to the document, oldest first, from its record; who issued it (`emision`) right after its
 * request, and what else is told of it (`otros`: who acted since, its webhooks) in time order.
 */
function historia(doc: Registro, d: DocumentDetailView, emision: Hito | null, otros: Hito[]): Html {
  const identificacion = d.dteJson.identificacion as { tipoModelo?: number; fecEmi?: string; horEmi?: string };
  const emitido = `Emitido el ${identificacion.fecEmi} ${identificacion.horEmi}`;
  const hitos: Hito[] = [
    d.importacion
      ? {
          fecha: d.createdAt,
          titulo: 'Importado del proveedor anterior',
          detalle: html`${emitido} con el proveedor anterior y verificado en MH al importarlo (<a
              href="/consola/importaciones/${d.importacion.id}"
              >ver la importación</a
            >): no se envía de nuevo`,
        }
      : { fecha: d.createdAt, titulo: 'Solicitado y firmado', detalle: emitido },
  ];
  if (emision) hitos.push(emision);
  if (identificacion.tipoModelo === 2)
    hitos.push({
      fecha: d.createdAt,
      titulo: 'Emitido en contingencia',
      detalle: 'MH no respondía: el receptor recibió el documento sin sello, que se envía cuando MH vuelve',
      tono: 'alerta',
    });
  const evento = doc.eventoContingencia as EventoContingenciaRecord | null;
  if (evento)
    hitos.push({
      fecha: instanteProcesamientoMh(evento.fechaHora),
      titulo: 'Informado en un Evento de Contingencia',
      detalle: html`Evento <code>${evento.codigoGeneracion}</code>`,
    });
  if (doc.loteDesde) hitos.push({ fecha: doc.loteDesde, titulo: 'Enviado a MH en un lote' });
  const r = d.respuestaMh;
  if (r) {
    const aceptado = r.estado === 'PROCESSED';
    // MH often repeats its description among the observaciones.
    const observaciones = r.observaciones.filter((o) => o !== r.descripcionMsg);
    hitos.push({
      fecha: instanteProcesamientoMh(r.fhProcesamiento),
      titulo: aceptado ? 'Aceptado por MH' : 'Rechazado por MH',
      detalle: html`<code>${r.codigoMsg}</code> ${r.descripcionMsg}${
          observaciones.length
            ? html`<ul>
                ${observaciones.map((o) => html`<li>${o}</li>`)}
              </ul>`
            : ''
        }`,
      tono: aceptado ? 'ok' : 'error',
    });
  } else if (d.estado === 'PENDIENTE')
    hitos.push({
      fecha: null,
      titulo: 'Esperando la respuesta de MH',
      detalle: `desde hace ${duracion(Date.now() - Date.parse(d.createdAt))}`,
      tono: 'alerta',
    });
  if (d.errorTecnico && !r) hitos.push({ fecha: null, titulo: 'Error', detalle: d.errorTecnico, tono: 'error' });
  if (d.selloRecibido) hitos.push({ fecha: null, titulo: 'Sellado', detalle: html`<code>${d.selloRecibido}</code>` });
  for (const c of d.correos)
    hitos.push({
      fecha: c.fecha,
      titulo: c.enviado ? `Correo enviado a ${c.para}` : `Correo a ${c.para} no enviado`,
      detalle: c.error ?? undefined,
      tono: c.enviado ? 'ok' : 'error',
    });
  if (d.anulacion)
    hitos.push({
      fecha: instanteProcesamientoMh(d.anulacion.fhProcesamiento),
      titulo: 'Anulado ante MH',
      detalle: html`Evento de invalidación <code>${d.anulacion.codigoGeneracion}</code>`,
      tono: 'alerta',
    });
  for (const rel of d.relacionados)
    hitos.push({
      fecha: null,
      titulo: `${nombreTipo(rel.tipo)} relacionado`,
      detalle: html`<a href="/consola/documentos/${rel.codigoGeneracion}">${rel.numeroControl}</a>
        ${estadoEtiqueta(rel.estado)}`,
    });
  hitos.push(...otros);
  // In time order to the second (MH's times have no more); what the record keeps no time for stays right
  // after what it follows.
  let anterior = 0;
  const ordenados = hitos
    .map((h, i) => ({ h, i, t: (anterior = h.fecha ? Math.floor(new Date(h.fecha).getTime() / 1000) : anterior) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map(({ h }) => h);
  return html`<ol class="historia">
    ${ordenados.map(
      (h) =>
        html`<li class="${h.tono ?? ''}">
          <span class="cuando">${h.fecha ? fechaHora(h.fecha) : ''}</span>
          <strong>${h.titulo}</strong>${h.detalle ? html`<div>${h.detalle}</div>` : ''}
        </li>`,
    )}
  </ol>`;
}

/**
 * The resend form, when the document may be resent: the route's own check (`destinatarioReenvio`) says so;
 * without the receptor's address, the form still sends to another one.
 */
export function formularioReenvio(
  req: Request,
  doc: { estado: string; receptorCorreo?: string | null; importacion?: unknown },
  codigoGeneracion: string,
): Html | null {
  try {
    destinatarioReenvio(doc, undefined);
  } catch (err) {
    if (!(err instanceof DteError)) throw err;
    if (err.code !== ErrorCode.EMAIL_NOT_AVAILABLE) return null;
  }
  return html`<form method="post" action="/consola/documentos/${codigoGeneracion}/reenviar" class="accion">
    <h3>Reenviar por correo</h3>
    <label
      >Correo (vacío: el del receptor)<input
        type="email"
        name="email"
        placeholder="${doc.receptorCorreo ? 'el del receptor' : 'el documento no tiene correo del receptor'}"
    /></label>
    ${campoCsrf(req)}<button type="submit">Reenviar</button>
  </form>`;
}

/**
 * The forms the document's state allows (the server refuses the others with the API's code); `vistas`: how
 * many times the pages of its share links were opened.
 */
function acciones(
  req: Request,
  doc: Registro,
  d: DocumentDetailView,
  vistas: number,
  anulacion?: FormularioAnulacion,
): Html {
  const partes: Html[] = [];
  const reenvio = formularioReenvio(req, doc, d.codigoGeneracion);
  if (reenvio) partes.push(reenvio);
  const compartir = formularioCompartir(req, d.estado, d.codigoGeneracion, vistas);
  if (compartir) partes.push(compartir);
  // A note adjusts an accepted CCF; its form starts from it, with the CCF referenced.
  const notas = formulariosPermitidos(req.auth.permissions).filter((f) => f.ajustaCcf);
  if (d.tipo === 'CREDITO_FISCAL' && d.estado === 'PROCESSED' && notas.length)
    partes.push(
      html`<div class="accion">
        <h3>Ajustar con una nota</h3>
        ${notas.map(
          (f) =>
            html`<a class="boton secundario" href="/consola/emitir/${f.tipoDte}?original=${d.codigoGeneracion}"
              >Emitir ${f.titulo.toLowerCase()}</a
            >`,
        )}
      </div>`,
    );
  if (d.estado === 'PROCESSED' && req.auth.permissions.includes('ANULACION'))
    partes.push(formularioAnulacion(req, d.codigoGeneracion, anulacion));
  if (!partes.length)
    return html`<p class="vacio">
      ${
        d.estado === 'REJECTED'
          ? 'MH rechazó el documento: no es un DTE válido y no puede reenviarse ni anularse.'
          : d.estado === 'PENDIENTE' || d.estado === 'CONTINGENCIA'
            ? 'El documento aún no tiene sello de MH: podrá reenviarse cuando lo tenga.'
            : 'No hay acciones disponibles para este documento.'
      }
    </p>`;
  return html`${partes}`;
}

/** The invalidation form's fields, in its order, each with the label that names it on its own. */
const CAMPOS_ANULACION = [
  ['tipoAnulacion', 'Tipo de anulación'],
  ['codigoGeneracionR', 'Documento que lo reemplaza'],
  ['motivoAnulacion', 'Motivo'],
  ['nombreResponsable', 'Nombre del responsable'],
  ['tipDocResponsable', 'Tipo de documento del responsable'],
  ['numDocResponsable', 'Número de documento del responsable'],
  ['nombreSolicita', 'Nombre de quien solicita'],
  ['tipDocSolicita', 'Tipo de documento de quien solicita'],
  ['numDocSolicita', 'Número de documento de quien solicita'],
] as const;
type ValoresAnulacion = Record<(typeof CAMPOS_ANULACION)[number][0], string>;
/** The form as it came back refused: what was typed, each field's error, what names no field. */
interface FormularioAnulacion {
  valores: ValoresAnulacion;
  errores: Errores;
  generales: string[];
}

/** CAT-024, as the form offers it. */
const TIPOS_ANULACION = [
  ['2', '2 · Rescindir la operación'],
  ['1', '1 · Error en la información (requiere reemplazo)'],
  ['3', '3 · Otro (requiere motivo)'],
] as const;

/** The form's fields as `POST /dte/anulacion` takes them. */
const solicitudAnulacion = (codigoGeneracion: string, f: ValoresAnulacion) => ({
  codigoGeneracion,
  codigoGeneracionR: f.codigoGeneracionR.trim() || null,
  motivo: {
    tipoAnulacion: Number(f.tipoAnulacion),
    motivoAnulacion: f.motivoAnulacion.trim() || null,
    nombreResponsable: f.nombreResponsable,
    tipDocResponsable: f.tipDocResponsable,
    numDocResponsable: f.numDocResponsable,
    nombreSolicita: f.nombreSolicita,
    tipDocSolicita: f.tipDocSolicita,
    numDocSolicita: f.numDocSolicita,
  },
});

/** A refusal of the form's fields (the API's `details.errors`), each beside its field; null for any other. */
function erroresAnulacion(err: DteError): Omit<FormularioAnulacion, 'valores'> | null {
  const lista = err.details.errors as { field: string; message: string }[] | undefined;
  if (err.httpStatus !== 400 || !lista?.length) return null;
  const errores: Errores = {};
  const generales: string[] = [];
  for (const e of lista) {
    const nombre = e.field.replace(/^motivo\./, '');
    const etiqueta = CAMPOS_ANULACION.find(([n]) => n === nombre)?.[1];
    if (etiqueta) errores[nombre] ??= mensajeDelCampo(etiqueta, e.message);
    else generales.push(mensajeDelCampo(e.field, e.message));
  }
  return { errores, generales };
}

/** The invalidation form: empty, or as it came back refused. */
function formularioAnulacion(req: Request, codigoGeneracion: string, f?: FormularioAnulacion): Html {
  const errores = f?.errores ?? {};
  const valor = (n: keyof ValoresAnulacion) => f?.valores[n] ?? '';
  const persona = (quien: 'Responsable' | 'Solicita', leyenda: string) =>
    html`<fieldset>
      <legend>${leyenda}</legend>
      ${campo('Nombre', `nombre${quien}`, { valor: valor(`nombre${quien}`), errores, extra: html`required` })}
      ${seleccion('Tipo de documento', `tipDoc${quien}`, TIPOS_DOCUMENTO, { valor: valor(`tipDoc${quien}`), errores })}
      ${campo('Número', `numDoc${quien}`, { valor: valor(`numDoc${quien}`), errores, extra: html`required` })}
    </fieldset>`;
  return html`<form
    method="post"
    action="/consola/documentos/${codigoGeneracion}/anular"
    class="accion peligro"
    id="anular"
  >
    <h3>Anular (invalidación ante MH)</h3>
    ${
      f &&
      html`<div class="aviso error" role="alert">
        <p>Revise los datos marcados: nada se envió a MH.</p>
        ${f.generales.map((g) => html`<p>${g}</p>`)}
      </div>`
    }
    ${seleccion('Tipo de anulación', 'tipoAnulacion', TIPOS_ANULACION, { valor: valor('tipoAnulacion'), errores })}
    ${campo('Documento que lo reemplaza (código de generación)', 'codigoGeneracionR', {
      valor: valor('codigoGeneracionR'),
      errores,
    })}
    ${campo('Motivo', 'motivoAnulacion', { valor: valor('motivoAnulacion'), errores })}
    ${persona('Responsable', 'Responsable')} ${persona('Solicita', 'Quien solicita')} ${campoCsrf(req)}<button
      type="submit"
      class="peligro"
    >
      Revisar la anulación
    </button>
  </form>`;
}

/** CAT-022, the kinds of identity document a responsable may give. */
const nombreDocumento = (c: string) => catalogValue('CAT-022', c) ?? c;
const TIPOS_DOCUMENTO = ['13', '36', '03', '02', '37'].map((c) => [c, `${c} · ${nombreDocumento(c)}`] as const);
