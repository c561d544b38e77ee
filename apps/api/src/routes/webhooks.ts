import { randomUUID } from 'node:crypto';
import { setTimeout as esperar } from 'node:timers/promises';
import { Router, type Request } from 'express';
import { EntregaWebhook, INTENTOS_ENTREGA_PEDIDA, type EventoWebhook, type ResultadoEntrega } from '@dte/contract';
import { iniciarEntrega } from '@dte/contract/client';
import type { DatosEvento } from '@dte/contract/eventos-webhook';
import {
  DteError,
  entregasRequest,
  ErrorCode,
  EVENTO_PRUEBA,
  idEvento,
  parseRequest,
  webhookRequest,
  type AmbienteCode,
} from '@dte/domain';
import { endpointView, intentoView, SecretBox, SOLAPE_ROTACION_MS, Webhooks, type EndpointRecord } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { escribirCursor, leerCursor } from '../http/cursor';
import { comprobarDestino } from '../http/destino';

/** How long past an attempt's deadline a test or a redelivery waits for its delivery to end before answering. */
const MARGEN_RESPUESTA_MS = 5_000;

/**
 * The token's emisor's webhook endpoints (`/webhooks`, permission WEBHOOKS): create (the secret is
 * answered this once), list, read, delete, rotate the secret, enable a disabled one again, read an
 * endpoint's delivery log, send it a test event and send one of its events again. Another
 * emisor's endpoint is answered 404, as an unknown one. What changes an endpoint, and a redelivery, is
 * recorded in the audit log; a test event is not: it reaches only the emisor's own endpoint and changes
 * nothing.
 */
export function webhooksRoutes(ctx: ApiContext): Router {
  const router = Router();
  const webhooks = new Webhooks(ctx.db.connection, new SecretBox(ctx.config.SECRET_KEY));
  const autorizado = (req: Request) => requirePermission(req.auth, 'WEBHOOKS');

  router.post('/webhooks', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const pedido = parseRequest(webhookRequest, req.body);
    const url = await comprobarDestino(
      pedido.url,
      await ambienteDe(ctx, req.auth.emisorId),
      ctx.config.WEBHOOK_PERMITIR_DESTINOS_PRIVADOS,
    );
    const { endpoint, secreto } = await webhooks.crear(req.auth.emisorId, { ...pedido, url });
    // The host only: a URL's path or query may carry the receiver's own credential.
    await auditar(ctx, req, 'WEBHOOK_CREADO', { detalles: { id: endpoint._id, host: new URL(endpoint.url).host } });
    res.status(201).json({ status: 'success', data: { ...endpointView(endpoint), secreto } });
  });

  router.get('/webhooks', authenticate(ctx), async (req, res) => {
    autorizado(req);
    res.json({ status: 'success', data: (await webhooks.delEmisor(req.auth.emisorId)).map(endpointView) });
  });

  router.get('/webhooks/:id', authenticate(ctx), async (req, res) => {
    autorizado(req);
    res.json({
      status: 'success',
      data: endpointView(await webhooks.delEmisorPorId(req.auth.emisorId, String(req.params.id))),
    });
  });

  router.delete('/webhooks/:id', authenticate(ctx), async (req, res) => {
    autorizado(req);
    await webhooks.eliminar(req.auth.emisorId, String(req.params.id));
    await auditar(ctx, req, 'WEBHOOK_ELIMINADO', { detalles: { id: String(req.params.id) } });
    res.json({ status: 'success', data: { id: req.params.id, eliminado: true } });
  });

  router.post('/webhooks/:id/secreto', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const ahora = new Date();
    const { endpoint, secreto } = await webhooks.rotar(req.auth.emisorId, String(req.params.id), ahora);
    await auditar(ctx, req, 'WEBHOOK_SECRETO_ROTADO', { detalles: { id: endpoint._id } });
    res.json({
      status: 'success',
      data: {
        ...endpointView(endpoint),
        secreto,
        anteriorVigenteHasta: new Date(ahora.getTime() + SOLAPE_ROTACION_MS).toISOString(),
      },
    });
  });

  router.post('/webhooks/:id/habilitar', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const endpoint = await webhooks.habilitar(req.auth.emisorId, String(req.params.id));
    await auditar(ctx, req, 'WEBHOOK_HABILITADO', { detalles: { id: endpoint._id } });
    res.json({ status: 'success', data: endpointView(endpoint) });
  });

  router.get('/webhooks/:id/entregas', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const { cursor, limit } = parseRequest(entregasRequest, req.query);
    const endpoint = await webhooks.delEmisorPorId(req.auth.emisorId, String(req.params.id));
    const { intentos, siguiente } = await webhooks.intentosDe(
      endpoint._id,
      cursor === undefined ? null : leerCursor(cursor),
      limit,
    );
    res.json({
      status: 'success',
      data: intentos.map(intentoView),
      cursor: siguiente === null ? null : escribirCursor(siguiente),
    });
  });
  /** An endpoint a test or a redelivery may reach: a disabled one gets nothing until it is enabled. */
  function habilitado(endpoint: EndpointRecord): EndpointRecord {
    if (endpoint.deshabilitado)
      throw new DteError(
        ErrorCode.WEBHOOK_DISABLED,
        409,
        `El webhook ${endpoint._id} está deshabilitado: habilítelo antes`,
        { id: endpoint._id, motivo: endpoint.deshabilitado.motivo },
      );
    return endpoint;
  }

  /**
   * Delivers the event through the delivery workflow every event takes (so signed, retried and logged
   * alike), but with INTENTOS_ENTREGA_PEDIDA attempts at most, and answers its outcome once it ends, or
   * EN_CURSO when its first attempt's deadline passed first (its remaining attempts go on), with the
   * event's newest logged attempt.
   */
  async function entregarAhora(endpoint: EndpointRecord, evento: EventoWebhook, workflowId?: string) {
    const id = await iniciarEntrega(ctx.workflows, ctx.config, endpoint._id, evento, {
      workflowId,
      intentos: INTENTOS_ENTREGA_PEDIDA,
    });
    const plazo = new AbortController();
    const resultado: ResultadoEntrega | null = await Promise.race([
      ctx.workflows.handle(EntregaWebhook, id).result(),
      esperar(ctx.config.WEBHOOK_TIMEOUT_SECONDS * 1000 + MARGEN_RESPUESTA_MS, null, { signal: plazo.signal }),
    ]).finally(() => plazo.abort());
    const { intentos } = await webhooks.intentosDe(endpoint._id, null, 20);
    const ultimo = intentos.find((i) => i.eventoId === evento.id);
    return {
      eventoId: evento.id,
      tipo: evento.type,
      estado: resultado?.estado ?? 'EN_CURSO',
      motivo: resultado?.motivo ?? null,
      ultimoIntento: ultimo ? intentoView(ultimo) : null,
    };
  }

  router.post('/webhooks/:id/prueba', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const endpoint = habilitado(await webhooks.delEmisorPorId(req.auth.emisorId, String(req.params.id)));
    const evento: EventoWebhook = {
      // Every test is an occurrence of its own: a receiver that deduplicates must not drop the second.
      id: idEvento(EVENTO_PRUEBA, randomUUID()),
      type: EVENTO_PRUEBA,
      timestamp: new Date().toISOString(),
      data: {
        id: endpoint._id,
        url: endpoint.url,
        mensaje: 'Evento de prueba de su webhook',
      } satisfies DatosEvento<typeof EVENTO_PRUEBA>,
    };
    res.json({ status: 'success', data: await entregarAhora(endpoint, evento) });
  });

  router.post('/webhooks/:id/entregas/:entrega/reenviar', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const { endpoint, evento } = await webhooks.eventoDe(
      req.auth.emisorId,
      String(req.params.id),
      String(req.params.entrega),
    );
    habilitado(endpoint);
    // A delivery of its own (the event's first one is not restarted), under the endpoint's prefix so
    // disabling the endpoint stops it too; the event keeps its id, so the receiver can tell it is the same.
    const workflowId = `${EntregaWebhook.workflowId(endpoint._id, evento.id)}-reenvio-${randomUUID()}`;
    const entrega = await entregarAhora(endpoint, evento, workflowId);
    await auditar(ctx, req, 'WEBHOOK_REENTREGA', { detalles: { id: endpoint._id, eventoId: evento.id } });
    res.json({ status: 'success', data: entrega });
  });
  return router;
}

async function ambienteDe(ctx: ApiContext, emisorId: number): Promise<AmbienteCode> {
  return ((await ctx.tenants.emisor(emisorId))?.ambiente ?? '01') as AmbienteCode;
}
