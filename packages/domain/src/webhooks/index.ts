import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AmbienteCode } from '../emisor';
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

/**
 * Addresses no endpoint may reach unless the operator allows private destinations (SSRF): the service would
 * otherwise post, signed, to its own network, and the delivery log would answer what listens there. An
 * address is allowed only when ipaddr.js classes it as global `unicast`: loopback, RFC 1918 and shared
 * address space, link-local (cloud metadata at 169.254.169.254), "this network", multicast, broadcast,
 * documentation, benchmarking and reserved ranges are not, nor unique local, link-local, Teredo and the
 * other special IPv6 ranges. An IPv6 address that carries an IPv4 one (IPv4-mapped, IPv4-translated,
 * NAT64 64:ff9b::/96, 6to4 2002::/16, IPv4-compatible ::/96) is judged by the IPv4 address it carries.
 * IPv4 is parsed as `inet_aton` would (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, short 127.1).
 */
export function direccionPrivada(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return true;
  const direccion = ipaddr.parse(ip);
  if (direccion.kind() === 'ipv4') return direccion.range() !== 'unicast';
  const v4 = ipv4Incrustada(direccion as ipaddr.IPv6);
  return v4 ? v4.range() !== 'unicast' : direccion.range() !== 'unicast';
}

/** The IPv4 address an IPv6 one carries by a transition mechanism, or null. */
function ipv4Incrustada(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const v4 = (alto: number, bajo: number) => new ipaddr.IPv4([alto >> 8, alto & 255, bajo >> 8, bajo & 255]);
  const rango = ip.range();
  if (rango === 'ipv4Mapped' || rango === 'rfc6145') return v4(p[6]!, p[7]!);
  if (ip.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return v4(p[6]!, p[7]!);
  if (rango === '6to4') return v4(p[1]!, p[2]!);
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291): `::` and `::1` come out as 0.0.0.0 and 0.0.0.1.
  if (ip.match(ipaddr.IPv6.parse('::'), 96)) return v4(p[6]!, p[7]!);
  return null;
}

/** A URL a service would write into a header or a log line as it is: C0 and C1 controls, DEL, CR and LF. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * An endpoint's URL as the deployment and the emisor's ambiente admit it: no control characters, `https:`
 * outside TEST, no credentials in it, and unless `privadosPermitidos` (WEBHOOK_PERMITIR_DESTINOS_PRIVADOS,
 * an operator's choice for local development) no host that is an address (or name) of a private network.
 * A host name is resolved again at every connection (see the delivery activity), since its address can
 * change after this check.
 */
export function comprobarUrlWebhook(url: string, ambiente: AmbienteCode, privadosPermitidos: boolean): URL {
  const rechazo = (message: string) => new DteError(ErrorCode.WEBHOOK_URL_NOT_ALLOWED, 422, message, { url });
  // The URL parser drops CR, LF and tabs silently: what was stored would not be what is called.
  if (CONTROL.test(url)) throw rechazo('La URL del webhook no puede llevar caracteres de control');
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
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (
    !privadosPermitidos &&
    (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && direccionPrivada(host)))
  )
    throw rechazo('La URL del webhook apunta a una dirección privada o local, que este servicio no admite');
  return parsed;
}
