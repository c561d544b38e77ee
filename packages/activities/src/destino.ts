import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { DESTINO_NO_PERMITIDO } from '@dte/contract';
import { direccionPrivada } from '@dte/domain';

/**
 * A connection's `lookup` that resolves the host as the connection would and refuses it, with an error of
 * code DESTINO_NO_PERMITIDO and `motivo` as its message, when an address is private (`direccionPrivada`):
 * checked at connection time, so a name that resolved to a public address when the destination was set
 * cannot later reach the service's own network (DNS rebinding). A connection to an address literal does
 * not look it up: its caller checks the host first (`hostPrivado`).
 */
export function lookupPublico(motivo: string): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      if (addresses.some((a) => direccionPrivada(a.address)))
        return callback(Object.assign(new Error(motivo), { code: DESTINO_NO_PERMITIDO }), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
