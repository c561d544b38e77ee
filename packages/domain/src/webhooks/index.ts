import { createHash } from 'node:crypto';
import type { AmbienteCode } from '../emisor';
import { hostPrivado } from '../destinos';
import { DteError, ErrorCode } from '../errors';

/**
 * What an emisor's webhook endpoints can be told, each once per occurrence. The names are the API's
 * (documented in OpenAPI): renaming one breaks every receiver that dispatches on it.
 */
export const EVENTOS_WEBHOOK = [
  'dte.procesado',
  'dte.rechazado',
  'dte.contingencia',
  'dte.invalidado',
  'dte.correo_fallido',
  'contingencia.alerta',
  'conciliacion.diferencias',
  'webhook.deshabilitado',
  'certificacion.completa',
  'compra.recibida',
  'compra.por_confirmar',
  'compra.rechazada',
] as const;
export type TipoEvento = (typeof EVENTOS_WEBHOOK)[number];

/**
 * The event `POST /webhooks/:id/prueba` sends to one endpoint, whatever it subscribes to: never published,
 * so no endpoint subscribes to it.
 */
export const EVENTO_PRUEBA = 'webhook.prueba';
/** What a delivery can carry: a published event or the test one. */
export const TIPOS_EVENTO_ENTREGA = [...EVENTOS_WEBHOOK, EVENTO_PRUEBA] as const;
export type TipoEventoEntrega = (typeof TIPOS_EVENTO_ENTREGA)[number];

/**
 * An event's id (`webhook-id`), from what it is and the occurrence it tells of (a document's codigoGeneracion
 * for its once-only transitions): the same occurrence has the same id, so a retried step delivers nothing
 * twice, and a document's deliveries can be found from it (the web console's history).
 */
export const idEvento = (tipo: TipoEventoEntrega, ocurrencia: string) =>
  `msg_${createHash('sha256').update(`${tipo}\n${ocurrencia}`).digest('hex').slice(0, 32)}`;

/** A URL a service would write into a header or a log line as it is: C0 and C1 controls, DEL, CR and LF. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * What RFC 3986 §2 lets a URL carry as it is: unreserved and reserved characters, and `%` with two hex
 * digits. The URL parser would encode a space, `"`, `<`, `>`, a letter with an accent… by itself, or keep
 * them raw (a host's `"`), so what the emisor wrote would not be what is stored and called.
 */
const URL_SIN_CODIFICAR = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/**
 * An endpoint's URL as the deployment and the emisor's ambiente admit it: only the characters a URL carries
 * as they are, `https:` outside TEST, no credentials in it, and unless `privadosPermitidos`
 * (WEBHOOK_PERMITIR_DESTINOS_PRIVADOS, an operator's choice for local development) no host that is an
 * address (or name) of a private network (`hostPrivado`). A host name is resolved again at every connection
 * (see the delivery activity), since its address can change after this check. What is stored is the parsed
 * URL's `href`, its normalized form.
 */
export function comprobarUrlWebhook(url: string, ambiente: AmbienteCode, privadosPermitidos: boolean): URL {
  const rechazo = (message: string) =>
    new DteError(ErrorCode.WEBHOOK_URL_NOT_ALLOWED, 422, message, { field: 'url', url });
  // The URL parser drops CR, LF and tabs silently: what was stored would not be what is called.
  if (CONTROL.test(url)) throw rechazo('La URL del webhook no puede llevar caracteres de control');
  if (!URL_SIN_CODIFICAR.test(url))
    throw rechazo(
      'La URL del webhook lleva caracteres que una URL no admite sin codificar (espacios, comillas, < >, letras ' +
        'con tilde…, o un % sin dos dígitos hexadecimales): codifíquelos con %XX',
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw rechazo('La URL del webhook no es una URL absoluta válida');
  }
  const test = ambiente === '00';
  if (parsed.protocol !== 'https:' && !(test && parsed.protocol === 'http:'))
    throw rechazo(
      test
        ? 'La URL del webhook debe ser http: o https:'
        : 'La URL del webhook debe ser https: fuera del ambiente de pruebas',
    );
  if (parsed.username || parsed.password) throw rechazo('La URL del webhook no puede llevar credenciales');
  if (!privadosPermitidos && hostPrivado(parsed.hostname))
    throw rechazo('La URL del webhook apunta a una dirección privada o local, que este servicio no admite');
  return parsed;
}
