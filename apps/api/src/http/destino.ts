import { lookup } from 'node:dns/promises';
import {
  comprobarUrlWebhook,
  direccionPrivada,
  DteError,
  ErrorCode,
  hostPrivado,
  type AmbienteCode,
} from '@dte/domain';

/**
 * A host a tenant's destination may be now (`hostPrivado`, `direccionPrivada`): no private name or address,
 * and a name that resolves to none. Refused with `rechazo`'s error; the connection checks it again, as its
 * name can resolve to another address later.
 */
export async function comprobarHostPublico(host: string, rechazo: (message: string) => DteError): Promise<void> {
  if (hostPrivado(host)) throw rechazo(`${host} es una dirección privada o local, que este servicio no admite`);
  const direcciones = await lookup(host.replace(/^\[|\]$/g, ''), { all: true }).catch(() => {
    throw rechazo(`No se pudo resolver ${host}`);
  });
  if (direcciones.some((d) => direccionPrivada(d.address)))
    throw rechazo(`${host} resuelve a una dirección privada o local, que este servicio no admite`);
}

/**
 * A webhook endpoint's URL as the deployment and the ambiente admit it, and unless private destinations are
 * allowed (WEBHOOK_PERMITIR_DESTINOS_PRIVADOS) a public host (the delivery checks again at every
 * connection). Answers the URL to store: its normalized form.
 */
export async function comprobarDestino(
  url: string,
  ambiente: AmbienteCode,
  privadosPermitidos: boolean,
): Promise<string> {
  const parsed = comprobarUrlWebhook(url, ambiente, privadosPermitidos);
  if (!privadosPermitidos)
    await comprobarHostPublico(
      parsed.hostname,
      (message) => new DteError(ErrorCode.WEBHOOK_URL_NOT_ALLOWED, 422, message, { field: 'url', url }),
    );
  return parsed.href;
}

/**
 * A mailbox's IMAP host, unless private destinations are allowed (BUZON_PERMITIR_DESTINOS_PRIVADOS): a public
 * one (the reading checks again at every connection).
 */
export async function comprobarHostBuzon(host: string, privadosPermitidos: boolean): Promise<void> {
  if (privadosPermitidos) return;
  await comprobarHostPublico(
    host,
    (message) => new DteError(ErrorCode.BUZON_HOST_NOT_ALLOWED, 422, message, { field: 'host', host }),
  );
}
