import { lookup } from 'node:dns/promises';
import { comprobarUrlWebhook, direccionPrivada, DteError, ErrorCode, type AmbienteCode } from '@dte/domain';

/**
 * The URL as the deployment and the ambiente admit it, and unless private destinations are allowed
 * (WEBHOOK_PERMITIR_DESTINOS_PRIVADOS) a host that resolves to no private address now (the delivery
 * checks again at every connection).
 */
export async function comprobarDestino(
  url: string,
  ambiente: AmbienteCode,
  privadosPermitidos: boolean,
): Promise<void> {
  const parsed = comprobarUrlWebhook(url, ambiente, privadosPermitidos);
  if (privadosPermitidos) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const direcciones = await lookup(host, { all: true }).catch(() => {
    throw new DteError(ErrorCode.WEBHOOK_URL_NOT_ALLOWED, 422, `No se pudo resolver ${parsed.hostname}`, { url });
  });
  if (direcciones.some((d) => direccionPrivada(d.address)))
    throw new DteError(
      ErrorCode.WEBHOOK_URL_NOT_ALLOWED,
      422,
      `${parsed.hostname} resuelve a una dirección privada o local, que este servicio no admite`,
      { url },
    );
}
