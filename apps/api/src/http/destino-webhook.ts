import { lookup } from 'node:dns/promises';
import {
  comprobarUrlWebhook,
  destinosPrivadosPermitidos,
  direccionPrivada,
  DteError,
  ErrorCode,
  type AmbienteCode,
} from '@dte/domain';

/**
 * The URL as the ambiente admits it, and for PROD a host that resolves to no private address now (the
 * delivery checks again at every connection).
 */
export async function comprobarDestino(url: string, ambiente: AmbienteCode): Promise<void> {
  const parsed = comprobarUrlWebhook(url, ambiente);
  if (destinosPrivadosPermitidos(ambiente)) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const direcciones = await lookup(host, { all: true }).catch(() => {
    throw new DteError(ErrorCode.WEBHOOK_URL_NOT_ALLOWED, 422, `No se pudo resolver ${parsed.hostname}`, { url });
  });
  if (direcciones.some((d) => direccionPrivada(d.address)))
    throw new DteError(
      ErrorCode.WEBHOOK_URL_NOT_ALLOWED,
      422,
      `${parsed.hostname} resuelve a una dirección privada, que un emisor de producción no puede usar`,
      { url },
    );
}
