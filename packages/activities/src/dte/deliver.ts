import { Context } from '@temporalio/activity';
import { urlPublica } from '@dte/config';
import {
  catalogValue,
  destinatarioReenvio,
  rutaEnlaceDocumento,
  esPapel,
  parseRequest,
  resendRequest,
  type Papel,
  type TipoDte,
  validationError,
} from '@dte/domain';
import { activityLog } from '../activity-log';
import {
  archivoDte,
  documentoNoEncontrado,
  EnlacesDocumentos,
  jsonGuardado,
  maskEmail,
  pdfDelDocumento,
  remitenteDe,
  type DocumentRecord,
  type StoredDocumentRecord,
} from '@dte/store';
import { datosDocumento, publicar } from '../webhooks/publicar';
import type { ActivityDependencies } from '../dependencies';
import { adjuntosQueCaben, DIAS_ENLACE, dteMessage } from '../mail';
import type { EstadoDte } from '../pdf';

/** A kind titled by its CAT-002 name. */
const DEL_CATALOGO = null;
/**
 * The name printed on the PDF and the e-mail: MH's CAT-002 name (its 2026 edition also names the retorno,
 * 18), except where the catalog names the kind in the plural ("Facturas de exportación") and MH's legible
 * layout titles one document (Manual Funcional §XXII.9).
 */
const TITULO_PROPIO = {
  '01': DEL_CATALOGO,
  '03': DEL_CATALOGO,
  '04': DEL_CATALOGO,
  '05': DEL_CATALOGO,
  '06': DEL_CATALOGO,
  '07': DEL_CATALOGO,
  '08': DEL_CATALOGO,
  '09': DEL_CATALOGO,
  '11': 'Factura de exportación',
  '14': DEL_CATALOGO,
  '15': DEL_CATALOGO,
  '18': DEL_CATALOGO,
} satisfies Record<TipoDte, string | typeof DEL_CATALOGO>;
function tipoNombre(tipoDte: string): string {
  const propio = (TITULO_PROPIO as Readonly<Record<string, string | typeof DEL_CATALOGO>>)[tipoDte];
  return (propio ?? catalogValue('CAT-002', tipoDte, '2026') ?? `DTE ${tipoDte}`).toUpperCase();
}

type ReceptorJsonSource = Parameters<typeof archivoDte>[0] & Pick<DocumentRecord, 'dteJsonUrl'>;

/**
 * Stores the receptor's JSON where the record says (accepted and contingency documents have a
 * dteJsonUrl), by the step that gave the record its new estado: it is part of that estado.
 */
export async function storeReceptorJson(deps: ActivityDependencies, doc: ReceptorJsonSource): Promise<void> {
  if (doc.dteJsonUrl) await deps.store.put(doc.dteJsonUrl, archivoDte(doc), 'application/json');
}

/** Making the PDF of a document and getting it and the JSON to the receptor. */
export function createDeliveryActivities(deps: ActivityDependencies) {
  const load = (codigoGeneracion: string) => deps.documents.load(codigoGeneracion);
  const enlaces = new EnlacesDocumentos(deps.db.connection);

  async function renderPdf(doc: StoredDocumentRecord, papel: Papel = 'carta'): Promise<Buffer> {
    const emisor = await deps.tenants.emisor(doc.emisorId);
    const branding = emisor?.branding;
    // A logo that cannot be read never blocks a PDF.
    const logo = branding?.logoKey ? await deps.store.get(branding.logoKey).catch(() => null) : null;
    const timer = deps.metrics.pdfRenderSeconds.startTimer();
    try {
      const pdf = await deps.pdf.render({
        dte: jsonGuardado(doc),
        selloRecibido: doc.selloRecibido ?? null,
        estado: doc.estado as EstadoDte,
        tipoNombre: tipoNombre(doc.tipoDte),
        papel,
        branding: {
          logo,
          colorPrincipal: branding?.colorPrincipal,
          colorSecundario: branding?.colorSecundario,
          colorFondo: branding?.colorFondo,
        },
      });
      timer({ result: 'ok' });
      return pdf;
    } catch (err) {
      timer({ result: 'error' });
      throw err;
    }
  }

  /** Stores the document's PDF on `papel`, under its key (`pdfDelDocumento`). */
  async function storePdf(doc: StoredDocumentRecord, pdf: Buffer, papel: Papel = 'carta'): Promise<void> {
    const key = pdfDelDocumento(doc, papel);
    await deps.store.put(key, pdf, 'application/pdf');
    activityLog(deps.log, { emisorId: doc.emisorId, codigoGeneracion: doc._id }).info(
      { key, bytes: pdf.length },
      'PDF stored',
    );
  }

  /**
   * The files as attachments, or, for those that would take the message past MAIL_MAX_BYTES (many SMTP
   * servers refuse 10 MB), as links to their stored copies.
   */
  async function archivos(doc: StoredDocumentRecord, pdf: Buffer) {
    const json = archivoDte(doc);
    const caben = adjuntosQueCaben(json, pdf, deps.config.MAIL_MAX_BYTES);
    const enlace = async (key: string | null | undefined, ext: string) => {
      if (!key) throw new Error(`document ${doc._id} has no stored ${ext} to link to`);
      return { enlace: await deps.store.presignedGet(key, DIAS_ENLACE * 86_400, `${doc._id}.${ext}`) };
    };
    return {
      json: caben.json ? json : await enlace(doc.dteJsonUrl, 'json'),
      pdf: caben.pdf ? pdf : await enlace(doc.dtePdfUrl, 'pdf'),
    };
  }

  /**
   * Sends the JSON and PDF to `address` and records the attempt for the document, failed or not. `clave`:
   * the message's identity across retries (see `MailMessage.clave`).
   */
  async function email(doc: StoredDocumentRecord, address: string, pdf: Buffer, clave?: string): Promise<void> {
    const log = activityLog(deps.log, { emisorId: doc.emisorId, codigoGeneracion: doc._id });
    const emisor = await deps.tenants.emisor(doc.emisorId);
    try {
      // Made here, in the activity, so no workflow history holds the token; a retry makes another link,
      // and the one never sent expires unused.
      const { token } = await enlaces.crear(doc.emisorId, doc._id, emisor?.enlaceVigenciaDias ?? null, 'correo');
      const sent = await deps.mailer.send(
        dteMessage({
          to: address,
          dte: jsonGuardado(doc),
          tipoNombre: tipoNombre(doc.tipoDte),
          selloRecibido: doc.selloRecibido ?? null,
          ...(await archivos(doc, pdf)),
          emisorNombre: emisor?.nombre ?? '',
          enLinea: urlPublica(deps.config, rutaEnlaceDocumento(token)),
          invalidado: doc.estado === 'CANCELLED',
          clave,
          ...(emisor ? { remitente: remitenteDe(emisor) } : {}),
        }),
      );
      await deps.documents.appendEmail(doc._id, { to: address, ok: true, messageId: sent.messageId });
      deps.metrics.emailsSent.inc();
      log.info({ messageId: sent.messageId }, 'e-mail sent');
    } catch (err) {
      deps.metrics.emailFailures.inc();
      log.warn({ err }, 'e-mail failed');
      await deps.documents.appendEmail(doc._id, { to: address, ok: false, error: (err as Error).message });
      // Once per activity: its retries fail alike, and a later resend is another occurrence.
      const { workflowExecution, activityId } = Context.current().info;
      await publicar(deps, doc.emisorId, 'dte.correo_fallido', `${workflowExecution?.runId ?? ''}:${activityId}`, {
        ...datosDocumento(deps, doc),
        correo: { para: maskEmail(address), error: (err as Error).message },
      });
      throw err;
    }
  }

  return {
    /**
     * Renders and stores the PDF on `papel` (default Letter; also what GET /dte/pdf asks for when the PDF
     * is missing, and a ticket the first time it is asked for).
     */
    async storeDocumentPdf(codigoGeneracion: string, papel: Papel = 'carta'): Promise<void> {
      const doc = await deps.documents.find(codigoGeneracion);
      // As GET /dte/pdf refuses it: `RenderPdfWorkflow` may be started by hand from the Temporal UI.
      if (!doc) throw documentoNoEncontrado(codigoGeneracion);
      pdfDelDocumento(doc);
      if (!esPapel(papel))
        throw validationError(`papel desconocido: ${String(papel)}`, [
          { field: 'papel', message: 'valor no permitido' },
        ]);
      await storePdf(doc, await renderPdf(doc, papel), papel);
    },

    /**
     * What a document's receptor gets once it is accepted (or issued in contingency): the PDF stored and
     * an e-mail with the JSON and that same PDF, from one read of the record (none when this worker just
     * recorded MH's verdict, `registrados`) and one rendering. A PDF
     * that cannot be stored does not hold the e-mail back (GET /dte/pdf renders a missing one); the
     * attempt then fails so it is retried, and a retry does not e-mail again once this activity's e-mail
     * is on record.
     */
    async deliverDocument(codigoGeneracion: string): Promise<void> {
      const recien = Context.current().info.attempt === 1 ? deps.registrados.leer(codigoGeneracion) : undefined;
      deps.registrados.olvidar(codigoGeneracion);
      const doc = recien ?? (await load(codigoGeneracion));
      if (!doc.dtePdfUrl) return;
      const pdf = await renderPdf(doc);
      const stored = await storePdf(doc, pdf).then(
        () => undefined,
        (err: unknown) => err,
      );
      // Only a retry can find this activity's e-mail on record: the first attempt does not read for it.
      const { attempt, scheduledTimestampMs: since, workflowExecution, activityId } = Context.current().info;
      const mailed =
        attempt > 1 && (await deps.documents.emails(doc)).some((e) => e.ok && e.at && e.at.getTime() >= since);
      // A retry after a worker died between the SMTP server's acceptance and the record finds no e-mail on
      // record and sends it again: as the same message (this activity's key), which the receptor's mail
      // system shows once. The document's later deliveries (its sealed version) are other activities.
      const clave = `${workflowExecution?.workflowId ?? doc._id}.${activityId}`;
      if (doc.receptorCorreo && !mailed) await email(doc, doc.receptorCorreo, pdf, clave);
      if (stored) throw stored;
    },

    /**
     * E-mails the JSON and PDF to `to` (default: the receptor's address), when the API would resend the
     * document (`destinatarioReenvio`, refusals as the API's `DteError`s): a resend started by hand from
     * the Temporal UI comes through here unchecked. Returns the address used. Each attempt is recorded on
     * the document.
     */
    async emailDocument(codigoGeneracion: string, to?: string | null): Promise<string> {
      const doc = await deps.documents.find(codigoGeneracion);
      if (!doc) throw documentoNoEncontrado(codigoGeneracion);
      const pedido = parseRequest(resendRequest, to == null ? {} : { email: to });
      const address = destinatarioReenvio(doc, pedido.email);
      const pdf = (doc.dtePdfUrl && (await deps.store.get(doc.dtePdfUrl))) || (await renderPdf(doc));
      await email(doc, address, pdf);
      return address;
    },
  };
}
