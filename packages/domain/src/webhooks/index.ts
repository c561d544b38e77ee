import { BlockList, isIP } from 'node:net';
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
] as const;
export type TipoEvento = (typeof EVENTOS_WEBHOOK)[number];

/**
 * Addresses a PROD emisor's endpoint may not resolve to (SSRF): the service would otherwise post, signed,
 * to its own network. Loopback, RFC 1918 and shared address space, link-local (cloud metadata at
 * 169.254.169.254), "this network", multicast and reserved, and their IPv6 counterparts (unique local,
 * link-local, IPv4-mapped).
 */
// Two lists: Node's BlockList also checks an IPv4 address against IPv6 rules, as IPv4-mapped.
const PRIVADAS_V4 = new BlockList();
for (const [red, prefijo] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVADAS_V4.addSubnet(red, prefijo, 'ipv4');
const PRIVADAS_V6 = new BlockList();
for (const [red, prefijo] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVADAS_V6.addSubnet(red, prefijo, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address carries (`::ffff:7f00:1` or `::ffff:127.0.0.1`), or null. */
function ipv4Mapeada(ip: string): string | null {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return null;
  if (m[1]) return m[1];
  const n = (parseInt(m[2]!, 16) << 16) | parseInt(m[3]!, 16);
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}

/** The address is one a PROD emisor's webhook may not reach (see above); what is not an address is refused. */
export function direccionPrivada(ip: string): boolean {
  const familia = isIP(ip);
  if (familia === 4) return PRIVADAS_V4.check(ip, 'ipv4');
  if (familia === 0) return true;
  const v4 = ipv4Mapeada(ip);
  return v4 !== null ? PRIVADAS_V4.check(v4, 'ipv4') : PRIVADAS_V6.check(ip, 'ipv6');
}

/** Private and loopback destinations are refused for PROD emisores only: TEST ones are tried on the local stack. */
export function destinosPrivadosPermitidos(ambiente: AmbienteCode): boolean {
  return ambiente === '00';
}

/**
 * An endpoint's URL as the emisor's ambiente admits it: `https:` outside TEST, no credentials in it, and
 * for PROD no host that is an address (or name) of the service's own network. A host name is resolved
 * again at every delivery (see the delivery activity), since its address can change after this check.
 */
export function comprobarUrlWebhook(url: string, ambiente: AmbienteCode): URL {
  const rechazo = (message: string) => new DteError(ErrorCode.WEBHOOK_URL_NOT_ALLOWED, 422, message, { url });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw rechazo('La URL del webhook no es una URL absoluta válida');
  }
  const test = destinosPrivadosPermitidos(ambiente);
  if (parsed.protocol !== 'https:' && !(test && parsed.protocol === 'http:'))
    throw rechazo(
      test
        ? 'La URL del webhook debe ser http: o https:'
        : 'La URL del webhook debe ser https: fuera del ambiente de pruebas',
    );
  if (parsed.username || parsed.password) throw rechazo('La URL del webhook no puede llevar credenciales');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!test && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && direccionPrivada(host))))
    throw rechazo(
      'La URL del webhook apunta a una dirección privada o local, que un emisor de producción no puede usar',
    );
  return parsed;
}
