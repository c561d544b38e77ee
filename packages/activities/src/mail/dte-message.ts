import { consultaPublicaUrl } from '../pdf/template/consulta-publica';
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
  pdf: Buffer;
  /** The file MH prescribes for the receptor: the DTE plus firmaElectronica and selloRecibido. */
  json: Buffer;
  emisorNombre: string;
}

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
  const adjuntos =
    'Se adjuntan el documento en formato JSON (archivo electrónico oficial) y su versión legible en PDF.';
  const automatico = 'Este es un mensaje automático; por favor no lo responda.';

  return {
    to: mail.to,
    subject: mail.subject ?? [`${mail.emisorNombre}: ${mail.tipoNombre}`, numeroControl].filter(Boolean).join(' '),
    text: [
      saludo,
      '',
      presentacion,
      '',
      ...lines.map(([label, value]) => `${label}: ${value}`),
      '',
      adjuntos,
      ...(consulta ? [`Puede verificarlo en el portal de Hacienda: ${consulta}`] : []),
      '',
      automatico,
    ].join('\n'),
    html: html`<p>${saludo}</p>
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
      <p>${adjuntos}</p>
      ${consulta && html`<p>Puede verificarlo en el <a href="${consulta}">portal de Hacienda</a>.</p>`}
      <p><small>${automatico}</small></p>`.value,
    attachments: [
      { filename: `${codigoGeneracion}.json`, content: mail.json, contentType: 'application/json' },
      { filename: `${codigoGeneracion}.pdf`, content: mail.pdf, contentType: 'application/pdf' },
    ],
  };
}
