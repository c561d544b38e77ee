import { Router, type Request, type Response } from 'express';
import { urlPublica } from '@dte/config';
import { catalogValue, claveDeActor, comprobarSellado, rutaEnlaceDocumento, urlWhatsapp } from '@dte/domain';
import { EnlacesDocumentos, type EmisorRecord } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { logDocument } from '../http/document-log';
import { findOwnDocument } from '../http/documents';

/**
 * `POST /dte/:codigoGeneracion/enlace` makes a share link of the document (issue 53), `DELETE` revokes
 * every link it has. Making a link hands the document to whoever gets it, as a resend does, so it asks what
 * a resend asks (resend.ts): REENVIO of a person's token, nothing more of a machine's.
 */
export function enlaceRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/dte/:codigoGeneracion/enlace', authenticate(ctx), async (req, res) => {
    const data = await crearEnlace(ctx, req, res, String(req.params.codigoGeneracion));
    res.status(201).json({ status: 'success', data });
  });
  router.delete('/dte/:codigoGeneracion/enlace', authenticate(ctx), async (req, res) => {
    const codigoGeneracion = await revocarEnlaces(ctx, req, res, String(req.params.codigoGeneracion));
    res.json({ status: 'success', data: { codigoGeneracion, revocados: true } });
  });
  return router;
}

/** The name the public page and the share message give the emisor: its trade name, else its legal one. */
export const nombreDelEmisor = (emisor: Pick<EmisorRecord, 'nombre' | 'nombreComercial'> | null | undefined) =>
  emisor?.nombreComercial || emisor?.nombre || '';

/**
 * A new link of a sealed document (accepted or invalidated), recorded in the audit log without its token:
 * its URL, shown this once, when it expires, and a wa.me URL with a message that carries it, to the
 * receptor's telephone when the document has one. The route's and the console's.
 */
export async function crearEnlace(ctx: ApiContext, req: Request, res: Response, codigoGeneracionPedido: string) {
  if (req.auth.esDePersona) requirePermission(req.auth, 'REENVIO');
  const { emisorId } = req.auth;
  const doc = await findOwnDocument(ctx, emisorId, codigoGeneracionPedido, [
    'codigoGeneracion',
    'tipoDte',
    'numeroControl',
    'estado',
    'dteJson',
  ]);
  const { codigoGeneracion } = doc;
  logDocument(req, res, { codigoGeneracion });
  comprobarSellado(doc.estado, 'compartirse');
  const emisor = await ctx.tenants.emisor(emisorId);
  const { token, expira } = await new EnlacesDocumentos(ctx.db.connection).crear(
    emisorId,
    codigoGeneracion,
    emisor?.enlaceVigenciaDias ?? null,
    claveDeActor(req.auth.actor),
  );
  const url = urlPublica(ctx.config, rutaEnlaceDocumento(token));
  const dte = doc.dteJson as Record<'receptor' | 'sujetoExcluido', { telefono?: string | null } | null | undefined>;
  const whatsapp = urlWhatsapp(
    url,
    {
      nombre: catalogValue('CAT-002', doc.tipoDte) ?? `DTE ${doc.tipoDte}`,
      numeroControl: doc.numeroControl,
      emisor: nombreDelEmisor(emisor),
    },
    (dte.receptor ?? dte.sujetoExcluido)?.telefono,
  );
  await auditar(ctx, req, 'ENLACE_CREADO', { codigoGeneracion, detalles: { expiraEn: expira.toISOString() } });
  return { codigoGeneracion, url, expiraEn: expira.toISOString(), whatsapp };
}

/** Revokes every link of the document made until now, recorded in the audit log; answers its codigoGeneracion. */
export async function revocarEnlaces(
  ctx: ApiContext,
  req: Request,
  res: Response,
  codigoGeneracionPedido: string,
): Promise<string> {
  if (req.auth.esDePersona) requirePermission(req.auth, 'REENVIO');
  const { codigoGeneracion } = await findOwnDocument(ctx, req.auth.emisorId, codigoGeneracionPedido, [
    'codigoGeneracion',
  ]);
  logDocument(req, res, { codigoGeneracion });
  await new EnlacesDocumentos(ctx.db.connection).revocar(req.auth.emisorId, codigoGeneracion);
  await auditar(ctx, req, 'ENLACE_REVOCADO', { codigoGeneracion });
  return codigoGeneracion;
}
