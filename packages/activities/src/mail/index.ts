export {
  createMailer,
  type MailAttachment,
  type Mailer,
  type MailerOptions,
  type MailMessage,
  type SentMail,
} from './mailer';
export { dteMessage, type DteMail } from './dte-message';
