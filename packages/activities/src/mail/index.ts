export {
  createMailer,
  type MailAttachment,
  type Mailer,
  type MailerOptions,
  type MailMessage,
  type SentMail,
} from './mailer';
export { adjuntosQueCaben, DIAS_ENLACE, dteMessage, type DteMail } from './dte-message';
export { enlaceMessage, vigenciaEnPalabras, type EnlaceMail } from './enlace-message';
