import { consultaPublicaUrl, type Remitente } from '@dte/domain';
import { receptorDe, totalLiquidado } from '../pdf/template/fields';
import { asObj, fecha, formatValue, text, type Obj } from '../pdf/template/format';
import { html } from '../pdf/template/html';
import type { MailMessage } from './mailer';

export interface DteMail {
  to: string;
  /** Defaults to "<emisor>: <tipoNombre> <numeroControl>" (the Evento de Retorno has no numeroControl). */
  subject?: string;
  /** The DTE JSON as transmitted; the mail names the document from it. */
  dte: Obj;
  tipoNombre: string;
  selloRecibido: string | null;
  /** The PDF to attach; a link instead when it would not fit in the message (see `adjuntosQueCaben`). */
  pdf: Buffer | { enlace: string };
  /** The file MH prescribes for the receptor: the DTE plus firmaElectronica and selloRecibido; or its link. */
  json: Buffer | { enlace: string };
  emisorNombre: string;
  /** The document's public page (its share link, issue 53): "Ver su documento en línea". */
  enLinea?: string;
  /** The document was invalidated (CANCELLED): the mail says so first, as the PDF does. */
  invalidado?: boolean;
  /** Its Message-ID's key, when a retry must send the same message (see `MailMessage.clave`). */
  clave?: string;
  /** The emisor's own sender (see `MailMessage.remitente`): with a Reply-To, the receptor may answer. */
  remitente?: Remitente;
}

const AVISO_INVALIDADO =
  'DOCUMENTO INVALIDADO: este documento fue invalidado ante el Ministerio de Hacienda y ya no tiene validez tributaria.';

/** The message that delivers a DTE to its receptor: a short Spanish note with the JSON and the PDF attached. */
export function dteMessage(mail: DteMail): MailMessage {
  const identificacion = asObj(mail.dte.identificacion);
  const codigoGeneracion = text(identificacion?.codigoGeneracion);
  if (!identificacion || !codigoGeneracion)
    throw new TypeError('DTE without identificacion.codigoGeneracion cannot be mailed');
  const numeroControl = text(identificacion.numeroControl);
  const ambiente = text(identificacion.ambiente);
  const fecEmi = text(identificacion.fecEmi);
  const resumen = asObj(mail.dte.resumen) ?? {};
  const destinatario = text(receptorDe(mail.dte)?.nombre);
  const total = totalLiquidado(resumen);

  const datos: [string, string | null][] = [
    ['Tipo de documento', mail.tipoNombre],
    ['Número de control', numeroControl],
    ['Código de generación', codigoGeneracion],
    ['Sello de recepción', mail.selloRecibido],
    ['Fecha de emisión', fecha(fecEmi)],
    ['Monto total', total ? formatValue(resumen[total], 'money') : null],
  ];
  const lines = datos.filter((d): d is [string, string] => d[1] !== null);
  const consulta = ambiente && fecEmi ? consultaPublicaUrl({ ambiente, codigoGeneracion, fecEmi }) : null;
  const saludo = `Estimado(a) ${destinatario ?? 'cliente'}:`;
  const presentacion = `${mail.emisorNombre} le envía el siguiente Documento Tributario Electrónico:`;
  const aviso = mail.invalidado ? AVISO_INVALIDADO : null;
  const archivos = [
    { nombre: 'el documento en formato JSON (archivo electrónico oficial)', archivo: mail.json, ext: 'json' },
    { nombre: 'su versión legible en PDF', archivo: mail.pdf, ext: 'pdf' },
  ];
  const adjuntos = archivos.filter((a) => Buffer.isBuffer(a.archivo)).map((a) => a.nombre);
  const enlaces = archivos.flatMap((a) =>
    Buffer.isBuffer(a.archivo) ? [] : [{ nombre: a.nombre, url: a.archivo.enlace }],
  );
  const textoAdjuntos = adjuntos.length ? `Se adjunta${adjuntos.length > 1 ? 'n' : ''} ${adjuntos.join(' y ')}.` : null;
  const textoEnlaces = enlaces.length
    ? `Por su tamaño, descargue ${enlaces.map((e) => e.nombre).join(' y ')} con ${enlaces.length > 1 ? 'los enlaces' : 'el enlace'} siguiente${enlaces.length > 1 ? 's' : ''} (válido${enlaces.length > 1 ? 's' : ''} ${DIAS_ENLACE} días):`
    : null;
  const enLinea = mail.enLinea ? `Ver su documento en línea: ${mail.enLinea}` : null;
  const pie = mail.remitente?.responderA
    ? `Si tiene preguntas sobre este documento, responda a este mensaje: su respuesta llegará a ${mail.emisorNombre} (${mail.remitente.responderA}).`
    : 'Este es un mensaje automático; por favor no lo responda.';

  return {
    to: mail.to,
    ...(mail.clave ? { clave: mail.clave } : {}),
    ...(mail.remitente ? { remitente: mail.remitente } : {}),
    subject:
      mail.subject ??
      [mail.invalidado && 'INVALIDADO -', `${mail.emisorNombre}: ${mail.tipoNombre}`, numeroControl]
        .filter(Boolean)
        .join(' '),
    text: [
      saludo,
      '',
      ...(aviso ? [aviso, ''] : []),
      presentacion,
      '',
      ...lines.map(([label, value]) => `${label}: ${value}`),
      '',
      ...(textoAdjuntos ? [textoAdjuntos] : []),
      ...(textoEnlaces ? [textoEnlaces, ...enlaces.map((e) => e.url)] : []),
      ...(enLinea ? [enLinea] : []),
      ...(consulta ? [`Puede verificarlo en el portal de Hacienda: ${consulta}`] : []),
      '',
      pie,
    ].join('\n'),
    html: html`<p>${saludo}</p>
      ${aviso && html`<p><strong>${aviso}</strong></p>`}
      <p>${presentacion}</p>
      <table>
        ${lines.map(
          ([label, value]) =>
            html`<tr>
              <th align="left">${label}:</th>
              <td>${value}</td>
            </tr>`,
        )}
      </table>
      ${textoAdjuntos && html`<p>${textoAdjuntos}</p>`}
      ${
        textoEnlaces &&
        html`<p>${textoEnlaces}</p>
          <ul>
            ${enlaces.map((e) => html`<li><a href="${e.url}">${e.nombre}</a></li>`)}
          </ul>`
      }
      ${mail.enLinea && html`<p><a href="${mail.enLinea}">Ver su documento en línea</a></p>`}
      ${consulta && html`<p>Puede verificarlo en el <a href="${consulta}">portal de Hacienda</a>.</p>`}
      <p><small>${pie}</small></p>`.value,
    attachments: archivos.flatMap((a) =>
      Buffer.isBuffer(a.archivo)
        ? [{ filename: `${codigoGeneracion}.${a.ext}`, content: a.archivo, contentType: `application/${a.ext}` }]
        : [],
    ),
  };
}

/** How long the links of a message too large for its attachments stay valid: S3's longest presigned URL. */
export const DIAS_ENLACE = 7;

/**
 * Which of a DTE's files fit as attachments in a message of at most `maxBytes`, as sent: base64 takes 4
 * bytes for every 3, and the text, the HTML and MIME's headers are given 64 KiB. The PDF goes first (the
 * larger, and the receptor's JSON is MH's official file); what does not fit goes as a link.
 */
export function adjuntosQueCaben(json: Buffer, pdf: Buffer, maxBytes: number): { json: boolean; pdf: boolean } {
  const enviado = (bytes: number) => Math.ceil(bytes / 3) * 4;
  const presupuesto = maxBytes - 64 * 1024;
  if (enviado(json.length) + enviado(pdf.length) <= presupuesto) return { json: true, pdf: true };
  return { json: enviado(json.length) <= presupuesto, pdf: false };
}
