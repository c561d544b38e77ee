import { catalogValue } from '@dte/domain';
import { activityLog } from '../activity-log';
import type { ActivityDependencies } from '../dependencies';
import { renderDtePdf, type EstadoDte } from '../pdf';

/** The name printed on the PDF and the e-mail: MH's CAT-002 name (the retorno is a 2026 event outside it). */
function tipoNombre(tipoDte: string): string {
  return (
    catalogValue('CAT-002', tipoDte) ?? (tipoDte === '18' ? 'Evento de Retorno' : `DTE ${tipoDte}`)
  ).toUpperCase();
}

/** Making the JSON and PDF of a document and getting them to the receptor. */
export function createDeliveryActivities(deps: ActivityDependencies) {
  const { Document, Emisor } = deps.db.models;

  async function load(codigoGeneracion: string) {
    const doc = await Document.findById(codigoGeneracion).lean();
    if (!doc) throw new Error(`document ${codigoGeneracion} is not on record`);
    return doc;
  }

  /** MH's file for the receptor: the DTE with `firmaElectronica` and `selloRecibido` appended (Manual Funcional §XXIII). */
  function receptorJson(doc: Awaited<ReturnType<typeof load>>): Buffer {
    return Buffer.from(
      JSON.stringify(
        { ...(doc.dteJson as object), firmaElectronica: doc.dteFirmado, selloRecibido: doc.selloRecibido ?? null },
        null,
        2,
      ),
    );
  }

  async function renderPdf(doc: Awaited<ReturnType<typeof load>>): Promise<Buffer> {
    const emisor = await Emisor.findOne({ id: doc.emisorId }, { branding: 1 }).lean();
    const branding = emisor?.branding;
    // A logo that cannot be read never blocks a PDF.
    const logo = branding?.logoKey ? await deps.store.get(branding.logoKey).catch(() => null) : null;
    const timer = deps.metrics.pdfRenderSeconds.startTimer();
    try {
      const pdf = await renderDtePdf(deps.browser, {
        dte: doc.dteJson as Record<string, unknown>,
        selloRecibido: doc.selloRecibido ?? null,
        estado: doc.estado as EstadoDte,
        tipoNombre: tipoNombre(doc.tipoDte),
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

  return {
    async storeDocumentJson(codigoGeneracion: string): Promise<void> {
      const doc = await load(codigoGeneracion);
      if (doc.dteJsonUrl) await deps.store.put(doc.dteJsonUrl, receptorJson(doc), 'application/json');
    },

    async storeDocumentPdf(codigoGeneracion: string): Promise<void> {
      const doc = await load(codigoGeneracion);
      if (!doc.dtePdfUrl) return;
      const pdf = await renderPdf(doc);
      await deps.store.put(doc.dtePdfUrl, pdf, 'application/pdf');
      activityLog(deps.log, { emisorId: doc.emisorId, codigoGeneracion }).info(
        { key: doc.dtePdfUrl, bytes: pdf.length },
        'PDF stored',
      );
    },

    /**
     * E-mails the JSON and PDF to `to` (default: the receptor's address). Returns the address used, or
     * null when there is nobody to send to. Each attempt is recorded on the document.
     */
    async emailDocument(codigoGeneracion: string, to?: string | null): Promise<string | null> {
      const doc = await load(codigoGeneracion);
      const address = to ?? doc.receptorCorreo ?? null;
      if (!address) return null;
      const log = activityLog(deps.log, { emisorId: doc.emisorId, codigoGeneracion });
      const pdf = (doc.dtePdfUrl && (await deps.store.get(doc.dtePdfUrl))) || (await renderPdf(doc));
      const emisor = await Emisor.findOne({ id: doc.emisorId }, { nombre: 1 }).lean();
      try {
        const sent = await deps.mailer.sendDte({
          to: address,
          dte: doc.dteJson as Record<string, unknown>,
          tipoNombre: tipoNombre(doc.tipoDte),
          selloRecibido: doc.selloRecibido ?? null,
          pdf,
          json: receptorJson(doc),
          emisorNombre: emisor?.nombre ?? '',
        });
        await Document.updateOne(
          { _id: codigoGeneracion },
          { $push: { emails: { to: address, at: new Date(), ok: true, messageId: sent.messageId } } },
        );
        deps.metrics.emailsSent.inc();
        log.info({ messageId: sent.messageId }, 'e-mail sent');
        return address;
      } catch (err) {
        deps.metrics.emailFailures.inc();
        log.warn({ err }, 'e-mail failed');
        await Document.updateOne(
          { _id: codigoGeneracion },
          { $push: { emails: { to: address, at: new Date(), ok: false, error: (err as Error).message } } },
        );
        throw err;
      }
    },
  };
}
