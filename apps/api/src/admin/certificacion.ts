import type { AvanceCertificacion, CertificacionEstado } from '@dte/contract';
import { issuerNotProvisioned, issuerRecords, TenantCache, type Database, type Tenants } from '@dte/store';
import { requirePermission, type Authenticated } from '../http/auth';
import { operador } from './auditoria';

/** The token a campaign started from the shell issues with, as the API's would: its issuer and permissions. */
export interface TokenDeCampana {
  auth: Authenticated;
  token: { id: number; name: string };
  /** Chosen by the CLI (no `--token`), which says so. */
  elegido: boolean;
}

/**
 * `--token`, checked as the API checks the token that calls POST /certificacion (not revoked, CERTIFICACION,
 * its establishment and point of sale active); without it the emisor's oldest token that passes.
 */
export async function tokenDeCampana(
  db: Database,
  tenants: Tenants,
  emisorId: number,
  tokenId: number | null,
): Promise<TokenDeCampana> {
  await tenants.comprobarEmisor(emisorId);
  const cache = new TenantCache(db.models, 0);
  const deToken = (t: { id: number; establecimientoId: number; puntoVentaId: number; permissions: string[] }) => ({
    tokenId: t.id,
    emisorId,
    establecimientoId: t.establecimientoId,
    puntoVentaId: t.puntoVentaId,
    permissions: t.permissions,
    actor: operador(),
    esDePersona: false,
  });
  if (tokenId !== null) {
    const token = await tenants.token(emisorId, tokenId);
    if (!token) throw new Error(`token ${tokenId} is not a token of emisor ${emisorId}`);
    if (token.revokedAt) throw new Error(`token ${tokenId} is revoked`);
    const auth = deToken(token);
    requirePermission(auth, 'CERTIFICACION');
    if (!(await issuerRecords(cache, auth))) throw issuerNotProvisioned(auth);
    return { auth, token: { id: token.id, name: token.name }, elegido: false };
  }
  const candidatos = await tenants.tokensConPermiso(emisorId, 'CERTIFICACION');
  for (const token of candidatos) {
    const auth = deToken(token);
    if (await issuerRecords(cache, auth)) return { auth, token: { id: token.id, name: token.name }, elegido: true };
  }
  throw new Error(
    `emisor ${emisorId} has no active token with the CERTIFICACION permission (revoked tokens and those of an ` +
      `inactive establishment or point of sale do not count): create one with 'token create --permissions ` +
      `CERTIFICACION,… | ALL', or pass --token`,
  );
}

const ANCHO_BARRA = 10;

/** `[####------] 12/25`: full only once every planned one is accepted. */
export function barra({ planificados, aceptados }: Pick<AvanceCertificacion, 'planificados' | 'aceptados'>): string {
  const llenas = planificados === 0 ? ANCHO_BARRA : Math.floor((aceptados / planificados) * ANCHO_BARRA);
  return `[${'#'.repeat(llenas)}${'-'.repeat(ANCHO_BARRA - llenas)}] ${aceptados}/${planificados}`;
}

/** A bar per planned kind and event, and one for the whole plan (replacements beyond it are not counted). */
export function progreso(estado: Pick<CertificacionEstado, 'documentos' | 'invalidaciones' | 'contingencias'>) {
  const filas = Object.entries({
    ...estado.documentos,
    invalidaciones: estado.invalidaciones,
    contingencias: estado.contingencias,
  }).filter((fila): fila is [string, AvanceCertificacion] => (fila[1]?.planificados ?? 0) > 0);
  const total = filas.reduce(
    (suma, [, avance]) => ({
      planificados: suma.planificados + avance.planificados,
      aceptados: suma.aceptados + avance.aceptados,
    }),
    { planificados: 0, aceptados: 0 },
  );
  return { ...Object.fromEntries(filas.map(([clave, avance]) => [clave, barra(avance)])), total: barra(total) };
}
