import { normativaDe, type AmbienteCode, type EmisorDte, type Normativa } from '@dte/domain';
import type { Config } from '@dte/config';
import type { Issuer } from '@dte/domain/workflow-contract';
import type { TenantCache } from '../db';

/**
 * The emisor block of a DTE: the taxpayer merged with the establishment and point of sale of the
 * token that issues it (MH's codEstableMH/codEstable/codPuntoVentaMH/codPuntoVenta). The emisor comes
 * without its secrets.
 */
export async function loadIssuer(tenants: TenantCache, issuer: Issuer) {
  const [withSecrets, establecimiento, puntoVenta] = await Promise.all([
    tenants.emisor(issuer.emisorId),
    tenants.establecimiento(issuer.establecimientoId),
    tenants.puntoVenta(issuer.puntoVentaId),
  ]);
  if (
    !withSecrets ||
    establecimiento?.emisorId !== issuer.emisorId ||
    puntoVenta?.establecimientoId !== issuer.establecimientoId
  ) {
    throw new Error(
      `issuer ${JSON.stringify(issuer)} is not provisioned (emisor, establecimiento or punto de venta missing)`,
    );
  }
  const { secrets: _secrets, ...emisor } = withSecrets;
  const emisorDte: EmisorDte = {
    nit: emisor.nit,
    nrc: emisor.nrc,
    nombre: emisor.nombre,
    nombreComercial: emisor.nombreComercial ?? null,
    codActividad: emisor.codActividad,
    descActividad: emisor.descActividad,
    tipoEstablecimiento: establecimiento.tipoEstablecimiento,
    direccion: {
      departamento: establecimiento.direccion.departamento!,
      municipio: establecimiento.direccion.municipio!,
      distrito: establecimiento.direccion.distrito ?? null,
      complemento: establecimiento.direccion.complemento!,
    },
    telefono: establecimiento.telefono,
    correo: emisor.correo,
    codEstableMH: establecimiento.codEstableMH,
    codEstable: establecimiento.codEstable,
    codPuntoVentaMH: puntoVenta.codPuntoVentaMH,
    codPuntoVenta: puntoVenta.codPuntoVenta,
  };
  return { emisor, establecimiento, puntoVenta, emisorDte, ambiente: emisor.ambiente as AmbienteCode };
}

/** fecEmi and horEmi are El Salvador's civil time (UTC−6, no daylight saving). */
export function elSalvadorNow(now = new Date()): { fecEmi: string; horEmi: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/El_Salvador',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    fecEmi: `${parts.year}-${parts.month}-${parts.day}`,
    horEmi: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** The cut-over an emisor follows: its own (admin CLI) or the service's NORMATIVA_2026_DESDE. */
export function normativaDelEmisor(
  emisor: { normativa?: { generacion?: string | null; desde?: Date | null } | null },
  config: Pick<Config, 'NORMATIVA_2026_DESDE'>,
): Normativa {
  return normativaDe(emisor.normativa, config.NORMATIVA_2026_DESDE);
}
