import type { Request } from 'express';
import type { AccionAuditoria, Actor } from '@dte/domain';
import { Auditoria, type EntradaAuditoria } from '@dte/store';
import type { ApiContext } from '../context';

export interface QueAuditar {
  /** The document acted on, when there is one. */
  codigoGeneracion?: string | null;
  detalles?: EntradaAuditoria['detalles'];
  /**
   * The operation's own id (its workflow's, its event's), for an action on a document that a retry under
   * the same Idempotency-Key joins or replays: recorded in `detalles.operacion`, and not again when the
   * document's entries already hold it, so the retry that answers the same outcome records nothing.
   */
  operacion?: string;
}

/**
 * Records in the emisor's audit log that the request's actor did `accion`, once it was done: who, when,
 * from which address, the endpoint and the request id. The one way the API and the console write the log.
 */
export async function auditar(
  ctx: ApiContext,
  req: Request,
  accion: AccionAuditoria,
  que: QueAuditar = {},
  quien: { emisorId: number; actor: Actor } = req.auth,
): Promise<void> {
  const auditoria = new Auditoria(ctx.db.connection);
  const { codigoGeneracion = null, operacion } = que;
  if (operacion !== undefined && codigoGeneracion) {
    const previas = await auditoria.deDocumento(quien.emisorId, codigoGeneracion);
    if (previas.some((e) => e.accion === accion && e.detalles.operacion === operacion)) return;
  }
  await auditoria.registrar(quien.emisorId, {
    actor: quien.actor,
    accion,
    codigoGeneracion,
    endpoint: `${req.method} ${req.baseUrl}${req.path}`,
    direccion: req.ip ?? null,
    requestId: req.id ?? null,
    detalles: { ...que.detalles, ...(operacion === undefined ? {} : { operacion }) },
  });
}

/** A person as the audit log names them: their id and the e-mail they had then. */
export const actorDeUsuario = (usuario: { _id: string; correo: string }): Actor => ({
  tipo: 'USUARIO',
  id: usuario._id,
  correo: usuario.correo,
});

/**
 * Records what a person did to their own account (a password, a second factor) in the log of each emisor
 * they work in: each emisor's administrator sees the accounts of their people.
 */
export async function auditarPersona(
  ctx: ApiContext,
  req: Request,
  usuario: { _id: string; correo: string; membresias: { emisorId: number; deshabilitada: boolean }[] },
  accion: AccionAuditoria,
  que: QueAuditar = {},
): Promise<void> {
  const actor = actorDeUsuario(usuario);
  for (const m of usuario.membresias.filter((m) => !m.deshabilitada))
    await auditar(ctx, req, accion, que, { emisorId: m.emisorId, actor });
}
