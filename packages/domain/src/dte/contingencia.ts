import type { AmbienteCode, EmisorDte } from '../emisor';
import { validationError } from '../errors';
import { validateMhSchema } from '../mh/schema-validator';
import type { MhSchemaName } from '../mh/schemas';
import { Contingency } from '../workflow-contract';
import { permiteContingencia } from './bloques/identificacion';

type Json = Record<string, unknown>;

export const MAX_DOCUMENTOS_EVENTO_CONTINGENCIA = Contingency.maxPorEvento;
export const MAX_DOCUMENTOS_LOTE = Contingency.maxPorLote;
/** CAT-005 1: "No disponibilidad de sistema del MH", the only reason this service detects by itself. */
export const CONTINGENCIA_MH_NO_DISPONIBLE = 1;

function checkSchema(name: MhSchemaName, document: Json, what: string): void {
  const violations = validateMhSchema(name, document);
  if (violations.length > 0)
    throw validationError(
      `${what} no cumple el esquema de MH`,
      violations.map((v) => ({ field: v.path, message: v.message })),
    );
}

/**
 * The same document (same codigoGeneracion, numeroControl and fecEmi/horEmi, which the receptor may
 * already hold as a PENDIENTE) as issued in contingency: diferido (tipoModelo 2), contingency
 * transmission (tipoOperacion 2), because MH was unavailable.
 */
export function enContingencia(dte: Json, schemaName: MhSchemaName): Json {
  const identificacion = dte.identificacion as Json;
  if (!permiteContingencia(String(identificacion.tipoDte)))
    throw validationError(`MH no admite el DTE ${String(identificacion.tipoDte)} en contingencia (CAT-023)`, [
      { field: 'contingencia', message: 'Este tipo de DTE no se puede emitir en contingencia' },
    ]);
  const diferido = {
    ...dte,
    identificacion: {
      ...identificacion,
      tipoModelo: 2,
      tipoOperacion: 2,
      tipoContingencia: CONTINGENCIA_MH_NO_DISPONIBLE,
      motivoContin: null,
    },
  };
  checkSchema(schemaName, diferido, 'El documento en contingencia');
  return diferido;
}

/** A date and time as MH writes them (El Salvador civil time). */
export interface FechaHora {
  fecha: string;
  hora: string;
}

export interface EventoContingenciaContext {
  ambiente: AmbienteCode;
  /** The event's own codigoGeneracion. */
  codigoGeneracion: string;
  transmision: FechaHora;
  emisor: EmisorDte;
  inicio: FechaHora;
  fin: FechaHora;
}

/**
 * The Evento de Contingencia (contingencia-schema-v3) reporting documents issued while MH was unavailable.
 * The service keeps no separate person in charge of an establishment, so the taxpayer answers for it,
 * identified by its NIT.
 */
export function buildEventoContingenciaV3(
  ctx: EventoContingenciaContext,
  documentos: { codigoGeneracion: string; tipoDte: string }[],
): Json {
  const { emisor } = ctx;
  const evento = {
    identificacion: {
      version: 3,
      ambiente: ctx.ambiente,
      codigoGeneracion: ctx.codigoGeneracion,
      fTransmision: ctx.transmision.fecha,
      hTransmision: ctx.transmision.hora,
    },
    emisor: {
      nit: emisor.nit,
      nombre: emisor.nombre,
      nombreResponsable: emisor.nombre.slice(0, 100),
      tipoDocResponsable: '36',
      numeroDocResponsable: emisor.nit,
      tipoEstablecimiento: emisor.tipoEstablecimiento,
      codEstableMH: emisor.codEstableMH,
      codPuntoVenta: emisor.codPuntoVenta,
      telefono: emisor.telefono,
      correo: emisor.correo,
    },
    detalleDTE: documentos.map((d, i) => ({ noItem: i + 1, codigoGeneracion: d.codigoGeneracion, tipoDoc: d.tipoDte })),
    motivo: {
      fInicio: ctx.inicio.fecha,
      fFin: ctx.fin.fecha,
      hInicio: ctx.inicio.hora,
      hFin: ctx.fin.hora,
      tipoContingencia: CONTINGENCIA_MH_NO_DISPONIBLE,
      motivoContingencia: null,
    },
  };
  checkSchema('contingencia-schema-v3', evento, 'El evento de contingencia');
  return evento;
}
