import {
  DteError,
  ErrorCode,
  normativaDe,
  nrcDelRegistro,
  type AmbienteCode,
  type EmisorDte,
  type Normativa,
  type PoliticaCompras,
} from '@dte/domain';
import type { Config } from '@dte/config';
import type { Issuer } from '@dte/contract';
import type { TenantCache } from './db/tenant-cache';

/**
 * The issuer's records, when the emisor, the establishment and the point of sale exist and belong
 * together, and the establishment and the point of sale are active unless `inactivos` (a document issued
 * before a deactivation is still reported and invalidated under them); null otherwise.
 */
export async function issuerRecords(tenants: TenantCache, issuer: Issuer, { inactivos = false } = {}) {
  const [emisor, establecimiento, puntoVenta] = await Promise.all([
    tenants.emisor(issuer.emisorId),
    tenants.establecimiento(issuer.establecimientoId),
    tenants.puntoVenta(issuer.puntoVentaId),
  ]);
  const pertenecen =
    emisor &&
    establecimiento?.emisorId === issuer.emisorId &&
    puntoVenta?.establecimientoId === issuer.establecimientoId &&
    puntoVenta.emisorId === issuer.emisorId;
  if (!pertenecen) return null;
  if (!inactivos && (establecimiento.activo === false || puntoVenta.activo === false)) return null;
  return { emisor, establecimiento, puntoVenta };
}

/** A token (or a stored document) names an issuer that does not exist, or not any more: never retried. */
export function issuerNotProvisioned(issuer: Issuer): DteError {
  return new DteError(
    ErrorCode.AUTH_TOKEN_INVALID,
    401,
    'El token no corresponde a un emisor, establecimiento y punto de venta vigentes y relacionados entre sí',
    { emisorId: issuer.emisorId, establecimientoId: issuer.establecimientoId, puntoVentaId: issuer.puntoVentaId },
  );
}

/**
 * The emisor block of a DTE: the taxpayer merged with the establishment and point of sale of the
 * token that issues it (MH's codEstableMH/codEstable/codPuntoVentaMH/codPuntoVenta). The emisor comes
 * without its secrets. An issuer that is not provisioned is a refusal (`issuerNotProvisioned`).
 */
export async function loadIssuer(tenants: TenantCache, issuer: Issuer, opciones: { inactivos?: boolean } = {}) {
  const records = await issuerRecords(tenants, issuer, opciones);
  if (!records) throw issuerNotProvisioned(issuer);
  const { establecimiento, puntoVenta } = records;
  const { secrets: _secrets, ...emisor } = records.emisor;
  const emisorDte: EmisorDte = {
    nit: emisor.nit,
    // Emisores registered before the NRC was normalised keep theirs stored as given.
    nrc: nrcDelRegistro(emisor.nrc),
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

/** The cut-over an emisor follows: its own (admin CLI) or the service's NORMATIVA_2026_DESDE. */
export function normativaDelEmisor(
  emisor: { normativa?: { generacion?: string | null; desde?: Date | null } | null },
  config: Pick<Config, 'NORMATIVA_2026_DESDE'>,
): Normativa {
  return normativaDe(emisor.normativa, config.NORMATIVA_2026_DESDE);
}

/** Which received documents an emisor has wait for a person: its own choice, else the service's amount. */
export function politicaDeCompras(
  emisor: { compras?: { montoConfirmacion?: string | null; primeroDelProveedor?: boolean | null } | null },
  config: Pick<Config, 'COMPRAS_MONTO_CONFIRMACION'>,
): PoliticaCompras {
  return {
    montoConfirmacion: emisor.compras?.montoConfirmacion ?? config.COMPRAS_MONTO_CONFIRMACION,
    primeroDelProveedor: emisor.compras?.primeroDelProveedor ?? false,
  };
}
