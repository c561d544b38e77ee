import { z } from 'zod';
import { DteError, ErrorCode } from '../errors';
import { correo } from './common';

/** POST /dte/resend/:codigoGeneracion; without `email` the DTE's receptor address is used. A missing body is `{}`. */
export const resendRequest = z.object({ email: correo.optional() }).prefault({});
export type ResendRequest = z.output<typeof resendRequest>;

/** POST /diagnostics/smoke: where the test mail goes (default smoke@example.test). */
export const smokeRequest = z.object({ email: correo.default('smoke@example.test') }).prefault({});
export type SmokeRequest = z.output<typeof smokeRequest>;

/**
 * Whether a document may be resent, and to whom: the one check of every door that resends (POST
 * /dte/resend, and the `ResendDteWorkflow` an operator may start by hand from the Temporal UI). A
 * rejected document has no sello and is not a valid DTE for the receptor (409 DOCUMENT_REJECTED); one
 * whose MH outcome is not known yet has no sello either (409 DOCUMENT_NOT_PROCESSED). Answers `email`,
 * else the receptor's address (400 EMAIL_NOT_AVAILABLE when there is none).
 */
export function destinatarioReenvio(
  doc: { estado: string; receptorCorreo?: string | null; importacion?: unknown },
  email: string | undefined,
): string {
  // Its receptor got it from the provider that issued it; sent from here it would be a second, other e-mail.
  if (doc.importacion)
    throw new DteError(ErrorCode.DOCUMENTO_IMPORTADO, 409, 'El documento se importó de otro proveedor: no se reenvía', {
      estado: doc.estado,
    });
  comprobarSellado(doc.estado, 'reenviarse');
  const to = email ?? doc.receptorCorreo;
  if (!to)
    throw new DteError(
      ErrorCode.EMAIL_NOT_AVAILABLE,
      400,
      'El documento no tiene correo del receptor: envíe email en el cuerpo',
    );
  return to;
}

/**
 * Refuses what only a document with MH's sello may have done to it (`accion`: "reenviarse", "compartirse"):
 * a rejected one is no valid DTE for the receptor (409 DOCUMENT_REJECTED), one whose MH outcome is not known
 * yet has no sello either (409 DOCUMENT_NOT_PROCESSED). An invalidated one keeps its sello.
 */
export function comprobarSellado(estado: string, accion: string): void {
  if (estado === 'REJECTED')
    throw new DteError(ErrorCode.DOCUMENT_REJECTED, 409, `Un documento rechazado por MH no puede ${accion}`, {
      estado,
    });
  if (estado !== 'PROCESSED' && estado !== 'CANCELLED')
    throw new DteError(ErrorCode.DOCUMENT_NOT_PROCESSED, 409, `El documento está ${estado}: aún no tiene sello`, {
      estado,
    });
}
