import type { TipoEnlace } from '@dte/domain';
import { html } from '../pdf/template/html';
import type { MailMessage } from './mailer';

export interface EnlaceMail {
  to: string;
  /** The person's name, to greet them. */
  nombre: string;
  tipo: TipoEnlace;
  /** The single-use link, token included. */
  url: string;
  /** How long the link works, in milliseconds (`VIGENCIA_ENLACE_MS`). */
  vigenciaMs: number;
  emisorNombre: string;
  /** An invitation's: who invited the person. */
  invitadoPor?: string;
}

/** "7 días", "1 hora": a link's validity as the person reads it. */
export function vigenciaEnPalabras(ms: number): string {
  const horas = Math.round(ms / 3_600_000);
  const [n, unidad] = horas % 24 === 0 ? [horas / 24, 'día'] : [horas, 'hora'];
  return `${n} ${unidad}${n === 1 ? '' : 's'}`;
}

/**
 * The message that carries an invitation to the console or a password reset: who sent it and why, the
 * link, that it works once and for how long; a reset also tells a person who did not ask for it that
 * nothing changes if they ignore it.
 */
export function enlaceMessage(mail: EnlaceMail): MailMessage {
  const saludo = `Hola, ${mail.nombre}:`;
  // A name such as "EMPRESA, S.A. DE C.V." ends the sentence itself.
  const emisor = mail.emisorNombre.endsWith('.') ? mail.emisorNombre : `${mail.emisorNombre}.`;
  const vigencia = `El enlace es válido por ${vigenciaEnPalabras(mail.vigenciaMs)} y se puede usar una sola vez.`;
  const automatico = 'Este es un mensaje automático; por favor no lo responda.';
  const { subject, parrafos, accion, aviso } =
    mail.tipo === 'INVITACION'
      ? {
          subject: `Invitación a la consola de facturación electrónica de ${mail.emisorNombre}`,
          parrafos: [
            `${mail.invitadoPor ?? 'El administrador'} le invitó a la consola de facturación electrónica de ${emisor}`,
            'Para aceptar la invitación y elegir su contraseña, abra este enlace:',
          ],
          accion: 'Aceptar la invitación',
          aviso: 'Si no esperaba esta invitación, puede ignorar este mensaje.',
        }
      : {
          subject: 'Restablecer su contraseña de la consola de facturación electrónica',
          parrafos: [
            `Recibimos una solicitud para restablecer la contraseña de su cuenta en la consola de facturación electrónica de ${emisor}`,
            'Para elegir una contraseña nueva, abra este enlace:',
          ],
          accion: 'Elegir una contraseña nueva',
          aviso: 'Si usted no lo solicitó, ignore este mensaje: su contraseña no cambia.',
        };
  return {
    to: mail.to,
    subject,
    text: [saludo, '', parrafos[0], '', parrafos[1], mail.url, '', vigencia, aviso, '', automatico].join('\n'),
    html: html`<p>${saludo}</p>
      <p>${parrafos[0]}</p>
      <p>${parrafos[1]}<br /><a href="${mail.url}">${accion}</a></p>
      <p>${vigencia}</p>
      <p>${aviso}</p>
      <p><small>${automatico}</small></p>`.value,
  };
}
