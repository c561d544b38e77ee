import { DteError, ErrorCode, validationError } from './errors';
import { esCorreo } from './personas/correo';

/**
 * The emisor's own sender (issue 53): the name its receptors' e-mails come from and the address their
 * replies go to. The From address stays the deployment's (MAIL_FROM): a mail system checks the sending
 * server against the From's domain (SPF, DMARC), and the deployment's servers are not the emisor's.
 */
export interface Remitente {
  /** The From's display name; null: MAIL_FROM's. */
  nombre: string | null;
  /** The Reply-To; null: none. */
  responderA: string | null;
}

/** Longer names are cut by mail clients; 100 is what the console's other names take. */
export const MAX_NOMBRE_REMITENTE = 100;

/**
 * The sender as given, trimmed (an empty field is no setting), or a VALIDATION_ERROR naming each field
 * refused: a name on one line (a line break would write a header of its own), an address's syntax.
 */
export function remitenteValido(entrada: { nombre?: string | null; responderA?: string | null }): Remitente {
  const nombre = entrada.nombre?.trim() || null;
  const responderA = entrada.responderA?.trim() || null;
  const errores: { field: string; message: string }[] = [];
  if (nombre !== null && nombre.length > MAX_NOMBRE_REMITENTE)
    errores.push({ field: 'nombre', message: `Use hasta ${MAX_NOMBRE_REMITENTE} caracteres` });
  // eslint-disable-next-line no-control-regex
  else if (nombre !== null && /[\u0000-\u001f\u007f]/.test(nombre))
    errores.push({ field: 'nombre', message: 'Escriba el nombre en una sola línea' });
  if (responderA !== null && !esCorreo(responderA))
    errores.push({ field: 'responderA', message: `«${responderA}» no es una dirección de correo` });
  if (errores.length) throw validationError('El remitente no es válido', errores);
  return { nombre, responderA };
}

/** Image formats by their first bytes: what a file is, whatever its name or declared type says. */
const FIRMAS: { tipo: string; ext: string; es: (bytes: Buffer) => boolean }[] = [
  { tipo: 'image/png', ext: 'png', es: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { tipo: 'image/jpeg', ext: 'jpg', es: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  { tipo: 'image/gif', ext: 'gif', es: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    tipo: 'image/webp',
    ext: 'webp',
    es: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  // An SVG shown through <img> runs no script and, on a pool page, loads nothing.
  {
    tipo: 'image/svg+xml',
    ext: 'svg',
    es: (b) =>
      /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(
        b.subarray(0, 2048).toString('utf8'),
      ),
  },
];

/** The image format of the bytes (its content type and file extension), or null when they are none of them. */
export function formatoDeImagen(bytes: Buffer): { tipo: string; ext: string } | null {
  const firma = bytes.length ? FIRMAS.find((f) => f.es(bytes)) : undefined;
  return firma ? { tipo: firma.tipo, ext: firma.ext } : null;
}

/** A logo goes into every PDF and, as a data: URL, into every page that shows it: kept small. */
export const MAX_BYTES_LOGO = 512 * 1024;
/** What every mail client and PDF viewer shows; an SVG or a WebP is not. */
const FORMATOS_LOGO = ['image/png', 'image/jpeg'];

/** The logo's format, PNG or JPEG by its bytes and at most MAX_BYTES_LOGO, or a 400 with its code. */
export function logoValido(bytes: Buffer): { tipo: string; ext: string } {
  const formato = formatoDeImagen(bytes);
  if (!formato || !FORMATOS_LOGO.includes(formato.tipo))
    throw new DteError(ErrorCode.LOGO_NOT_IMAGE, 400, 'El logo debe ser una imagen PNG o JPEG');
  if (bytes.length > MAX_BYTES_LOGO)
    throw new DteError(
      ErrorCode.LOGO_TOO_LARGE,
      400,
      `El logo pesa ${Math.ceil(bytes.length / 1024)} KB: use uno de ${MAX_BYTES_LOGO / 1024} KB como máximo`,
    );
  return formato;
}
