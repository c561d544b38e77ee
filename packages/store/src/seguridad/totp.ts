import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The second factor: TOTP (RFC 6238) as every authenticator app reads it from an `otpauth://` URI — HMAC-SHA1,
 * 6 digits, a 30-second step (the RFC's and Google Authenticator's defaults; apps ignore other values).
 */
const PARAMETROS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/**
 * Codes of the step before and after now are accepted too (RFC 6238 §5.2 recommends at most one step of
 * network delay): a phone's clock a few seconds off, or a code typed as it changes, still works.
 */
const VENTANA = 1;
/** The issuer shown in the authenticator app, before the person's e-mail. */
const EMISOR_TOTP = 'DTE El Salvador';

/** A new random secret of 160 bits (RFC 4226 §4 recommends the HMAC's output length), in base32. */
export function nuevoSecretoTotp(): string {
  return new Secret({ size: 20 }).base32;
}

const totp = (secreto: string, correo: string) =>
  new TOTP({ ...PARAMETROS, issuer: EMISOR_TOTP, label: correo, secret: Secret.fromBase32(secreto) });

/** The `otpauth://totp/…` URI an authenticator app reads from the enrolment's QR code. */
export function uriTotp(secreto: string, correo: string): string {
  return totp(secreto, correo).toString();
}

/** The URI as a QR code in SVG, which the console puts in its page as it is (no image request to make). */
export function qrTotpSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The number of the 30-second step an instant is in (RFC 6238 §4.2: T = floor(unix time / 30)). */
export const pasoTotp = (instante: Date): number => Math.floor(instante.getTime() / 1000 / PARAMETROS.period);

/**
 * The step whose code this is, if it is a valid code of the secret for `ahora` (within the window) and of a
 * step after `ultimoPaso`, the last one this person used: RFC 6238 §5.2 forbids accepting a code twice, and
 * a code older than one already used is refused with it. The caller claims the step it answers
 * (`Usuarios.usarPasoTotp`) so two requests with one code at once do not both pass. Null otherwise.
 */
export function comprobarCodigoTotp(
  secreto: string,
  codigo: string,
  ultimoPaso: number | null,
  ahora = new Date(),
): number | null {
  if (!/^\d{6}$/.test(codigo)) return null;
  const delta = totp(secreto, '').validate({ token: codigo, timestamp: ahora.getTime(), window: VENTANA });
  if (delta === null) return null;
  const paso = pasoTotp(ahora) + delta;
  return ultimoPaso !== null && paso <= ultimoPaso ? null : paso;
}
