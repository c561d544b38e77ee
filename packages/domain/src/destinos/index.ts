import ipaddr from 'ipaddr.js';

/**
 * Where the service connects on a tenant's behalf: a webhook endpoint (WEBHOOK_PERMITIR_DESTINOS_PRIVADOS)
 * and a mailbox's IMAP server (BUZON_PERMITIR_DESTINOS_PRIVADOS). Unless the operator allows private
 * destinations, a tenant could otherwise reach the service's own network (its database, Temporal, the cloud
 * metadata address) and learn from the answers what listens there. One policy for both: a host is refused
 * when it is one of the names or addresses below, when it is set and again when it is connected to (its
 * name resolved as the connection resolves it, since what it resolves to can change).
 */

/**
 * Addresses no tenant's destination may be unless the operator allows private ones (SSRF). An address is
 * allowed only when ipaddr.js classes it as global `unicast`: loopback, RFC 1918 and shared address space,
 * link-local (cloud metadata at 169.254.169.254), "this network", multicast, broadcast,
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

/**
 * A host (a name or an address, IPv6 in brackets or not) that is private before any resolution: `localhost`
 * and its subdomains (RFC 6761), or a private address in any form the system's resolver reads as one.
 */
export function hostPrivado(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || (ipaddr.isValid(h) && direccionPrivada(h));
}
