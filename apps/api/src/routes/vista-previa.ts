import { Router } from 'express';
import type { DteTipo } from '@dte/domain';
import { vistaPreviaDelDocumento, type VistaPrevia } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, issuerDe, type Authenticated } from '../http/auth';
import { ENDPOINTS, solicitudDeEmision } from './issue';

/** Each kind's preview, beside its issuance endpoint. */
export const VISTAS_PREVIAS: Record<string, DteTipo> = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([ruta, tipo]) => [`${ruta}/vista-previa`, tipo]),
);

/**
 * The document a request to issue `tipo` would send MH now, for the authenticated issuer: checked and refused
 * as its POST checks and refuses it before numbering, in-process (no workflow, no MH), nothing numbered,
 * signed, stored or taken. The console calls it to show a form's totals.
 */
export async function vistaPrevia(
  ctx: ApiContext,
  auth: Authenticated,
  tipo: DteTipo,
  body: unknown,
): Promise<VistaPrevia> {
  const { request, forzarContingencia, origenes } = await solicitudDeEmision(ctx, auth, tipo, body);
  return vistaPreviaDelDocumento(ctx, { tipo, issuer: issuerDe(auth), origenes, forzarContingencia }, request);
}

/** `POST /dte/<kind>/vista-previa`: the body of the kind's POST, answered with `vistaPrevia` (200). */
export function vistaPreviaRoutes(ctx: ApiContext): Router {
  const router = Router();
  for (const [path, tipo] of Object.entries(VISTAS_PREVIAS)) {
    router.post(path, authenticate(ctx), async (req, res) => {
      res.json({ status: 'success', data: await vistaPrevia(ctx, req.auth, tipo, req.body) });
    });
  }
  return router;
}
