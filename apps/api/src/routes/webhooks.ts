import { Router, type Request } from 'express';
import { entregasRequest, parseRequest, webhookRequest, type AmbienteCode } from '@dte/domain';
import { endpointView, intentoView, SecretBox, SOLAPE_ROTACION_MS, Webhooks } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { escribirCursor, leerCursor } from '../http/cursor';
import { comprobarDestino } from '../http/destino-webhook';

/**
 * The token's emisor's webhook endpoints (`/webhooks`, permission WEBHOOKS): create (the secret is
 * answered this once), list, read, delete, rotate the secret, enable a disabled one again, and read an
 * endpoint's delivery log. Another
 * emisor's endpoint is answered 404, as an unknown one.
 */
export function webhooksRoutes(ctx: ApiContext): Router {
  const router = Router();
  const webhooks = new Webhooks(ctx.db.connection, new SecretBox(ctx.config.SECRET_KEY));
  const autorizado = (req: Request) => requirePermission(req.auth, 'WEBHOOKS');

  router.post('/webhooks', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const pedido = parseRequest(webhookRequest, req.body);
    await comprobarDestino(
      pedido.url,
      await ambienteDe(ctx, req.auth.emisorId),
      ctx.config.WEBHOOK_PERMITIR_DESTINOS_PRIVADOS,
    );
    const { endpoint, secreto } = await webhooks.crear(req.auth.emisorId, pedido);
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
    res.json({ status: 'success', data: { id: req.params.id, eliminado: true } });
  });

  router.post('/webhooks/:id/secreto', authenticate(ctx), async (req, res) => {
    autorizado(req);
    const ahora = new Date();
    const { endpoint, secreto } = await webhooks.rotar(req.auth.emisorId, String(req.params.id), ahora);
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
  return router;
}

async function ambienteDe(ctx: ApiContext, emisorId: number): Promise<AmbienteCode> {
  return ((await ctx.tenants.emisor(emisorId))?.ambiente ?? '01') as AmbienteCode;
}
