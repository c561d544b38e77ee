import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { DESTINO_NO_PERMITIDO, type EntregaWebhookInput, type ResultadoEntrega } from '@dte/contract';
import {
  comprobarUrlWebhook,
  destinosPrivadosPermitidos,
  direccionPrivada,
  DteError,
  type AmbienteCode,
} from '@dte/domain';
import type { ActivityDependencies } from '../dependencies';
import { firmar } from './firma';

/** What a receiver answers is read up to this much, for the log; the rest is dropped. */
const MAX_RESPUESTA = 2048;

/**
 * Resolves the host as the connection would, and refuses it when an address is private: checked at
 * connection time, so a name that resolved to a public address when the endpoint was created cannot
 * later reach the service's own network (DNS rebinding).
 */
const lookupPublico: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const privada = addresses.find((a) => direccionPrivada(a.address));
    if (privada)
      return callback(
        Object.assign(new Error(`${hostname} resuelve a la dirección privada ${privada.address}`), {
          code: DESTINO_NO_PERMITIDO,
        }),
        '',
        4,
      );
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** One POST; the receiver's status, or a thrown error when no answer came. */
function post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number, privadas: boolean) {
  return new Promise<number>((resolve, reject) => {
    const cliente = url.protocol === 'https:' ? https : http;
    const req = cliente.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
        ...(privadas ? {} : { lookup: lookupPublico }),
      },
      (res) => {
        let leidos = 0;
        res.on('data', (chunk: Buffer) => {
          leidos += chunk.length;
          if (leidos > MAX_RESPUESTA) res.destroy();
        });
        res.on('close', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`sin respuesta en ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

export function createEntregaActivities(deps: ActivityDependencies) {
  return {
    /**
     * One attempt to deliver an event to an endpoint, signed with every secret in force, and logged on
     * the endpoint whatever its outcome. A 2xx delivers it; 410 Gone disables the endpoint; anything else
     * (another status, no answer) fails the attempt, which Temporal retries on the delivery's schedule.
     */
    async entregarWebhook(input: EntregaWebhookInput): Promise<ResultadoEntrega> {
      const endpoint = await deps.webhooks.leer(input.endpointId);
      if (!endpoint || endpoint.eliminado) return { estado: 'ELIMINADO' };
      if (endpoint.deshabilitado) return { estado: 'DESHABILITADO', motivo: endpoint.deshabilitado.motivo };
      const emisor = await deps.tenants.emisor(endpoint.emisorId);
      const ambiente = (emisor?.ambiente ?? '01') as AmbienteCode;
      const { evento } = input;
      const registrar = (status: number | null, error: string | null, inicio: number) =>
        deps.webhooks.registrarIntento({
          endpointId: endpoint._id,
          eventoId: evento.id,
          tipo: evento.type,
          intento: Context.current().info.attempt,
          fecha: new Date(inicio),
          status,
          error,
          duracionMs: Date.now() - inicio,
        });

      const inicio = Date.now();
      let url: URL;
      try {
        url = comprobarUrlWebhook(endpoint.url, ambiente);
      } catch (err) {
        const motivo = err instanceof DteError ? err.message : String(err);
        await registrar(null, motivo, inicio);
        throw ApplicationFailure.nonRetryable(motivo, DESTINO_NO_PERMITIDO);
      }
      const body = JSON.stringify({ type: evento.type, timestamp: evento.timestamp, data: evento.data });
      const timestamp = Math.floor(inicio / 1000);
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'dte-service-webhooks/1',
        'webhook-id': evento.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': firmar(deps.webhooks.secretosVigentes(endpoint), evento.id, timestamp, body),
      };
      let status: number;
      try {
        status = await post(
          url,
          headers,
          body,
          input.reintento.timeoutSegundos * 1000,
          destinosPrivadosPermitidos(ambiente),
        );
      } catch (err) {
        const e = err as NodeJS.ErrnoException;
        await registrar(null, e.message, inicio);
        if (e.code === DESTINO_NO_PERMITIDO) throw ApplicationFailure.nonRetryable(e.message, DESTINO_NO_PERMITIDO);
        throw ApplicationFailure.retryable(`El receptor no respondió: ${e.message}`, 'WebhookSinRespuesta');
      }
      await registrar(status, null, inicio);
      if (status >= 200 && status < 300) return { estado: 'ENTREGADO' };
      if (status === 410) {
        const motivo = 'El receptor respondió 410 Gone';
        await deps.webhooks.deshabilitar(endpoint._id, motivo);
        return { estado: 'DESHABILITADO', motivo };
      }
      throw ApplicationFailure.retryable(`El receptor respondió ${status}`, 'WebhookRechazado');
    },
  };
}
