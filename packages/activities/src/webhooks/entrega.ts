import http from 'node:http';
import https from 'node:https';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/common';
import { DESTINO_NO_PERMITIDO, EntregaWebhook, type EntregaWebhookInput, type ResultadoEntrega } from '@dte/contract';
import { comprobarUrlWebhook, direccionPrivada, DteError, type AmbienteCode } from '@dte/domain';
import type { EndpointRecord } from '@dte/store';
import type { ActivityDependencies } from '../dependencies';
import { lookupPublico } from '../destino';
import { cerradoAlReusar, conexionNueva } from '../socket-reusado';
import { firmar } from './firma';
import { publicar } from './publicar';

/** What a receiver answers is read up to this much, for the log; the rest is dropped. */
const MAX_RESPUESTA = 2048;
/**
 * How long an endpoint's turn outlasts its attempt's deadline: the margin the workflow's policy gives the
 * attempt (`startToCloseTimeout`), after which Temporal takes a worker for lost and retries.
 */
const MARGEN_TURNO_MS = 10_000;
const PLAZO_AGOTADO = 'WebhookPlazoAgotado';

/**
 * What the delivery log says of an attempt that got no answer. A destination refused, or any failure
 * before a connection to a public address, is told in general words only: the log of a name or address
 * of the service's own network would answer what listens there (a port scan by webhook).
 */
const MOTIVO_DESTINO = 'El destino del webhook no está permitido';
const MOTIVO_CONEXION = 'No se pudo conectar con el receptor';

/**
 * One POST and the receiver's status, all of it (connection, headers and body) within `plazoMs`: a
 * receiver that sends a byte now and then is cut off then. Throws, when no whole answer came, an error
 * whose message is what the delivery log may say (see MOTIVO_*). Written on a kept-alive socket the
 * receiver had closed, it is sent once more on a new connection within what is left of `plazoMs`: a
 * delivery is at least once (the receiver tells a repeat by its webhook-id), so sending it again is safe.
 */
export function post(url: URL, headers: Record<string, string>, body: string, plazoMs: number, privadas: boolean) {
  const hasta = Date.now() + plazoMs;
  const enviar = (nueva: boolean) =>
    new Promise<number>((resolve, reject) => {
      let remota: string | undefined;
      const fallar = (err: NodeJS.ErrnoException) => {
        if (!nueva && cerradoAlReusar(err, req)) return resolve(enviar(true));
        if (err.code === DESTINO_NO_PERMITIDO || err.code === PLAZO_AGOTADO) return reject(err);
        // A public receiver's failure (a reset, a certificate) helps its owner; anything else stays unsaid.
        const publica = remota !== undefined && !direccionPrivada(remota);
        reject(new Error(publica && err.code ? `${MOTIVO_CONEXION} (${err.code})` : MOTIVO_CONEXION));
      };
      const cliente = url.protocol === 'https:' ? https : http;
      const req = cliente.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          ...(privadas ? {} : { lookup: lookupPublico(MOTIVO_DESTINO) }),
          ...(nueva ? { agent: url.protocol === 'https:' ? conexionNueva.https : conexionNueva.http } : {}),
        },
        (res) => {
          let leidos = 0;
          res.on('data', (chunk: Buffer) => {
            leidos += chunk.length;
            if (leidos > MAX_RESPUESTA) res.destroy();
          });
          // The promise is settled once: a deadline that came first has already rejected it.
          res.on('close', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(res.statusCode ?? 0));
        },
      );
      const plazo = setTimeout(() => {
        fallar(
          Object.assign(new Error(`El receptor no respondió por completo en ${plazoMs / 1000} s`), {
            code: PLAZO_AGOTADO,
          }),
        );
        req.destroy();
      }, hasta - Date.now());
      const terminar = () => clearTimeout(plazo);
      req.on('socket', (socket) => socket.once('connect', () => (remota = socket.remoteAddress)));
      req.on('close', terminar);
      req.on('error', (err) => {
        terminar();
        fallar(err);
      });
      req.end(body);
    });
  return enviar(false);
}

export function createEntregaActivities(deps: ActivityDependencies) {
  /**
   * The endpoint gets no more events until its emisor enables it again (`POST /webhooks/:id/habilitar`),
   * its other pending deliveries end now instead of retrying for the rest of their window, and its
   * emisor's other endpoints are told (`webhook.deshabilitado`). A delivery that ends on its own meanwhile
   * (its signal then finds it closed) or starts later (its first attempt reads the endpoint disabled) ends
   * DESHABILITADO all the same.
   */
  async function deshabilitar(endpoint: EndpointRecord, motivo: string): Promise<ResultadoEntrega> {
    // One instant for one fact: the record and the event say the same.
    const fecha = new Date();
    await deps.webhooks.deshabilitar(endpoint._id, motivo, fecha);
    deps.log.warn({ endpointId: endpoint._id, emisorId: endpoint.emisorId, motivo }, 'webhook endpoint disabled');
    const { client, info } = Context.current();
    for await (const entrega of client.workflow.list({ query: EntregaWebhook.enCurso(endpoint._id) })) {
      if (entrega.workflowId === info.workflowExecution?.workflowId) continue;
      await client.workflow
        .getHandle(entrega.workflowId, entrega.runId)
        .signal(EntregaWebhook.deshabilitado, motivo)
        .catch((err: unknown) => {
          if (!(err instanceof WorkflowNotFoundError)) throw err;
        });
    }
    await publicar(deps, endpoint.emisorId, 'webhook.deshabilitado', `${endpoint._id}:${fecha.toISOString()}`, {
      id: endpoint._id,
      url: endpoint.url,
      motivo,
      fecha: fecha.toISOString(),
    });
    return { estado: 'DESHABILITADO', motivo };
  }

  /**
   * A failed attempt: retried on the delivery's schedule (a refused destination is final), unless the
   * endpoint has delivered nothing for WEBHOOK_DESHABILITAR_HORAS, which disables it.
   */
  async function fallo(
    endpoint: EndpointRecord,
    inicio: number,
    motivo: string,
    tipo = 'WebhookNoEntregado',
  ): Promise<ResultadoEntrega> {
    const desde = await deps.webhooks.registrarFallo(endpoint, new Date(inicio));
    if (Date.now() - desde.getTime() >= deps.config.WEBHOOK_DESHABILITAR_HORAS * 3600_000)
      return deshabilitar(endpoint, `Ningún intento entregado desde ${desde.toISOString()} (el último: ${motivo})`);
    if (tipo === DESTINO_NO_PERMITIDO) throw ApplicationFailure.nonRetryable(motivo, tipo);
    throw ApplicationFailure.retryable(motivo, tipo);
  }

  /** One attempt, the endpoint's turn held. */
  async function intentar(endpoint: EndpointRecord, input: EntregaWebhookInput): Promise<ResultadoEntrega> {
    const emisor = await deps.tenants.emisor(endpoint.emisorId);
    const ambiente = (emisor?.ambiente ?? '01') as AmbienteCode;
    const privadas = deps.config.WEBHOOK_PERMITIR_DESTINOS_PRIVADOS;
    const { evento } = input;
    // Kept before it is sent, so whatever the attempt does the emisor can have it sent again.
    await deps.webhooks.guardarEvento(endpoint._id, evento);
    const inicio = Date.now();
    const registrar = (status: number | null, error: string | null) =>
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

    let url: URL;
    try {
      url = comprobarUrlWebhook(endpoint.url, ambiente, privadas);
    } catch (err) {
      const motivo = err instanceof DteError ? err.message : MOTIVO_DESTINO;
      await registrar(null, motivo);
      return fallo(endpoint, inicio, motivo, DESTINO_NO_PERMITIDO);
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
      status = await post(url, headers, body, input.reintento.timeoutSegundos * 1000, privadas);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      await registrar(null, e.message);
      return fallo(endpoint, inicio, e.message, e.code === DESTINO_NO_PERMITIDO ? DESTINO_NO_PERMITIDO : undefined);
    }
    await registrar(status, null);
    if (status >= 200 && status < 300) {
      await deps.webhooks.registrarEntrega(endpoint);
      return { estado: 'ENTREGADO' };
    }
    if (status === 410) return deshabilitar(endpoint, 'El receptor respondió 410 Gone');
    return fallo(endpoint, inicio, `El receptor respondió ${status}`);
  }

  return {
    /**
     * One attempt to deliver an event to an endpoint, signed with every secret in force, and logged on
     * the endpoint whatever its outcome. A 2xx delivers it; 410 Gone disables the endpoint; anything else
     * (another status, no whole answer within the deadline) fails the attempt, which Temporal retries on
     * the delivery's schedule. One attempt at a time reaches an endpoint, whatever the event: one that
     * finds another in flight is tried again soon, having sent nothing, so a slow receiver holds one
     * attempt's slot, not one per event; a test event or a redelivery, which a person asked for, goes at once.
     */
    async entregarWebhook(input: EntregaWebhookInput): Promise<ResultadoEntrega> {
      const endpoint = await deps.webhooks.leer(input.endpointId);
      if (!endpoint || endpoint.eliminado) return { estado: 'ELIMINADO' };
      if (endpoint.deshabilitado) return { estado: 'DESHABILITADO', motivo: endpoint.deshabilitado.motivo };
      const plazoMs = input.reintento.timeoutSegundos * 1000;
      // A delivery a person asked for (its attempts bounded) is one request they watch: it does not queue
      // behind the endpoint's backlog, where its few attempts would all be spent finding the turn taken.
      if (input.reintento.intentos !== undefined) return intentar(endpoint, input);
      const turno = await deps.webhooks.tomarTurno(endpoint._id, plazoMs + MARGEN_TURNO_MS);
      if (turno === null)
        throw ApplicationFailure.create({
          message: 'Otro intento a este webhook está en curso',
          type: 'WebhookOcupado',
          // Within about one attempt's deadline, spread so the events waiting on one endpoint take turns.
          nextRetryDelay: Math.round(plazoMs * (0.5 + Math.random())),
        });
      try {
        return await intentar(endpoint, input);
      } finally {
        await deps.webhooks.soltarTurno(endpoint._id, turno);
      }
    },
  };
}
