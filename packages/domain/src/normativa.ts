import type { Generacion } from './mh/schemas';

/**
 * Which generation of MH's schemas an emisor issues in (Normativa DTE 2.0, 2026). A cut-over is an
 * instant and the generation in force from it; before it, the other generation. The service has one
 * default cut-over (NORMATIVA_2026_DESDE: the 2026 schemas from that instant) and an emisor may have its
 * own, set with the admin CLI, e.g. to go back to 2023 if MH postpones. A document's generation is
 * decided by its emission instant, once, when it is built: its identifiers and schema then never change
 * (contingency re-signs it in its own version).
 */
export interface Corte {
  generacion: Generacion;
  desde: Date;
}

/** The cut-over an emisor follows, and whether it is its own or the service's. */
export interface Normativa extends Corte {
  origen: 'EMISOR' | 'SERVICIO';
}

export const otraGeneracion = (g: Generacion): Generacion => (g === '2026' ? '2023' : '2026');

export function generacionEn(corte: Corte, instante: Date): Generacion {
  return instante.getTime() >= corte.desde.getTime() ? corte.generacion : otraGeneracion(corte.generacion);
}

/** The emisor's own cut-over (as stored) if it has one, else the service's default. */
export function normativaDe(
  propio: { generacion?: string | null; desde?: Date | string | null } | null | undefined,
  servicio: Date | string,
): Normativa {
  if (propio?.generacion && propio.desde)
    return { generacion: propio.generacion as Generacion, desde: new Date(propio.desde), origen: 'EMISOR' };
  return { generacion: '2026', desde: new Date(servicio), origen: 'SERVICIO' };
}
