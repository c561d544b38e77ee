import type { AmbienteCode, EmisorDte } from '../../emisor';
import { DteError, ErrorCode, validationError } from '../../errors';
import { validateMhSchema } from '../../mh/schema-validator';
import type { AnulacionRequest } from '../../requests/anulacion';

type Json = Record<string, unknown>;

/** The event's telephones allow only digits, `+` and `;`; stored ones may carry hyphens or spaces. */
const telefono = (t: unknown) => (typeof t === 'string' ? t.replace(/[^0-9+;]/g, '') : null);

/** The accepted document being invalidated, as stored. */
export interface InvalidatedDocument {
  tipoDte: string;
  codigoGeneracion: string;
  selloRecibido: string;
  numeroControl: string;
  fecEmi: string;
  dteJson: Json;
}

export interface AnulacionContext {
  ambiente: AmbienteCode;
  /** The event's own codigoGeneracion (not the invalidated document's). */
  codigoGeneracion: string;
  fecAnula: string;
  horAnula: string;
  emisor: EmisorDte;
  nomEstablecimiento: string;
}

/**
 * Invalidation windows in calendar days from the sello, per the spec's Limits table: MH's rule is three
 * months for FE/FSE and a tax-period deadline for the others, which the spec simplifies to 30 days.
 */
export interface PlazosAnulacion {
  /** DTE 01 and 14. */
  consumidor: number;
  /** DTE 03, 05, 06 and 07. */
  contribuyente: number;
}
export const PLAZOS_ANULACION_DEFAULT: PlazosAnulacion = { consumidor: 90, contribuyente: 30 };

/** Anulación v2 lists the DTE types MH can invalidate; the 2026 retorno (18) is not among them. */
const PLAZO_DE_TIPO: Record<string, keyof PlazosAnulacion> = {
  '01': 'consumidor',
  '14': 'consumidor',
  '03': 'contribuyente',
  '05': 'contribuyente',
  '06': 'contribuyente',
  '07': 'contribuyente',
};

/** El Salvador's civil time is UTC−6 all year. */
const EL_SALVADOR_OFFSET_MS = 6 * 3_600_000;

/**
 * MH's own, stricter windows (Manual Funcional v1.2 §VIII, FACTS.md 5.6): FE and FSE until 23:59:59 of
 * the same day three months after the sello; CCF, NC, ND and CR until 23:59:59 of the day after it.
 */
function limiteMh(plazo: keyof PlazosAnulacion, selladoEn: Date): Date {
  const local = new Date(selladoEn.getTime() - EL_SALVADOR_OFFSET_MS);
  const fin = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 23, 59, 59));
  if (plazo === 'consumidor') fin.setUTCMonth(fin.getUTCMonth() + 3);
  else fin.setUTCDate(fin.getUTCDate() + 1);
  return new Date(fin.getTime() + EL_SALVADOR_OFFSET_MS);
}

/**
 * Refuses an invalidation MH would refuse for its type or its age (INVALID_ORIGIN_TYPE,
 * INVALIDATION_PERIOD_EXPIRED): with the spec's windows in days, or with MH's own (`'MH'`).
 */
export function checkPlazoAnulacion(
  tipoDte: string,
  selladoEn: Date,
  ahora: Date,
  plazos: PlazosAnulacion | 'MH',
): void {
  const plazo = PLAZO_DE_TIPO[tipoDte];
  if (!plazo) {
    throw new DteError(ErrorCode.INVALID_ORIGIN_TYPE, 400, `El DTE ${tipoDte} no se puede anular`, { tipoDte });
  }
  const limite =
    plazos === 'MH' ? limiteMh(plazo, selladoEn) : new Date(selladoEn.getTime() + plazos[plazo] * 86_400_000);
  if (ahora > limite) {
    const regla = plazos === 'MH' ? 'según el plazo de MH' : `(${plazos[plazo]} días)`;
    throw new DteError(
      ErrorCode.INVALIDATION_PERIOD_EXPIRED,
      400,
      `El plazo de anulación del DTE ${tipoDte} ${regla} venció el ${limite.toISOString()}`,
      plazos === 'MH' ? { limite: limite.toISOString() } : { plazoDias: plazos[plazo], limite: limite.toISOString() },
    );
  }
}

/**
 * Whom the invalidated document was issued to. A CCF, NC or ND identifies its receptor by NIT (36);
 * the FSE calls it sujetoExcluido.
 */
function receptorDe(dte: Json): Json {
  const r = ((dte.receptor ?? dte.sujetoExcluido) as Json | undefined) ?? {};
  const porNit = r.tipoDocumento === undefined && r.nit != null;
  return {
    tipoDocumento: porNit ? '36' : (r.tipoDocumento ?? null),
    numDocumento: porNit ? r.nit : (r.numDocumento ?? null),
    nombre: r.nombre ?? null,
    telefono: telefono(r.telefono),
    // The one optional field that may not be null: left out when the receptor gave no address.
    ...(r.correo ? { correo: r.correo } : {}),
  };
}

/** The IVA of the document: FE's totalIva, the IVA tributo (20) of CCF/NC/ND, CR's retained IVA, else null. */
function montoIva(dte: Json): number | null {
  const resumen = (dte.resumen as Json | undefined) ?? {};
  if (typeof resumen.totalIva === 'number') return resumen.totalIva;
  const iva = (resumen.tributos as Json[] | null | undefined)?.find((t) => t.codigo === '20');
  if (iva) return iva.valor as number;
  return typeof resumen.totalIVAretenido === 'number' ? resumen.totalIVAretenido : null;
}

/** The invalidation event (anulacion-schema-v2), checked against MH's schema: a violation is a 400 VALIDATION_ERROR. */
export function buildAnulacionV2(
  ctx: AnulacionContext,
  original: InvalidatedDocument,
  request: AnulacionRequest,
): Json {
  const e = ctx.emisor;
  const evento = {
    identificacion: {
      version: 2,
      ambiente: ctx.ambiente,
      codigoGeneracion: ctx.codigoGeneracion,
      fecAnula: ctx.fecAnula,
      horAnula: ctx.horAnula,
    },
    emisor: {
      nit: e.nit,
      nombre: e.nombre,
      tipoEstablecimiento: e.tipoEstablecimiento,
      nomEstablecimiento: ctx.nomEstablecimiento,
      codEstableMH: e.codEstableMH,
      codEstable: e.codEstable,
      codPuntoVentaMH: e.codPuntoVentaMH,
      codPuntoVenta: e.codPuntoVenta,
      telefono: telefono(e.telefono),
      correo: e.correo,
    },
    documento: {
      tipoDte: original.tipoDte,
      codigoGeneracion: original.codigoGeneracion,
      selloRecibido: original.selloRecibido,
      numeroControl: original.numeroControl,
      fecEmi: original.fecEmi,
      montoIva: montoIva(original.dteJson),
      codigoGeneracionR: request.codigoGeneracionR ?? null,
      ...receptorDe(original.dteJson),
    },
    motivo: { ...request.motivo, motivoAnulacion: request.motivo.motivoAnulacion ?? null },
  };
  const violations = validateMhSchema('anulacion-schema-v2', evento);
  if (violations.length > 0)
    throw validationError(
      'El evento de invalidación no cumple el esquema de MH',
      violations.map((v) => ({ field: v.path, message: v.message })),
    );
  return evento;
}
