import type { AmbienteCode, EmisorDte } from '../emisor';
import { validationError } from '../errors';
import { checkMhSchema } from '../mh/schema-validator';
import { admiteContingencia, esquemaDe, generacionDe, type Generacion } from '../mh/schemas';
import { tipoDeDte, type Dte } from './documento';

type Json = Record<string, unknown>;

/** CAT-005, Tipo de Contingencia: 1 MH unavailable, 2 the emisor's system, 3 its Internet, 4 its power, 5 other. */
export type TipoContingencia = 1 | 2 | 3 | 4 | 5;

/** CAT-005 1: "No disponibilidad de sistema del MH", the only reason this service detects by itself. */
export const CONTINGENCIA_MH_NO_DISPONIBLE = 1;

/** CAT-005 5: "Otro", which MH requires explained (Manual Funcional v1.2 §IX, contingencia-schema-v3). */
export const CONTINGENCIA_OTRO = 5;

/**
 * The length of a document's motivoContin the request admits: what every schema that carries it takes, the
 * Factura v1's being the narrowest (fe-fc-v1: 5 to 150; the 2026 schemas and the event take up to 500).
 */
export const LARGO_MOTIVO_CONTINGENCIA = { min: 5, max: 150 } as const;

/**
 * Why documents were issued in contingencia: CAT-005's tipo and the explanation, which MH requires for tipo
 * 5 and admits for the others (Manual Funcional v1.2 §IX). A document carries it (motivoContin) and so does
 * the event that reports it (motivoContingencia).
 */
export interface MotivoContingencia {
  tipoContingencia: TipoContingencia;
  motivoContingencia: string | null;
}

export const MOTIVO_MH_NO_DISPONIBLE: MotivoContingencia = {
  tipoContingencia: CONTINGENCIA_MH_NO_DISPONIBLE,
  motivoContingencia: null,
};

/** FEX v1 spells the document's reason field motivoContigencia; every other schema motivoContin. */
const campoMotivo = (identificacion: object) =>
  'motivoContigencia' in identificacion ? 'motivoContigencia' : 'motivoContin';

/** The contingencia a document issued in it reports (`enContingencia`). */
export function motivoContingenciaDe(dte: Pick<Dte, 'identificacion'>): MotivoContingencia {
  const identificacion = dte.identificacion as Record<string, unknown>;
  return {
    tipoContingencia: identificacion.tipoContingencia as TipoContingencia,
    motivoContingencia: (identificacion[campoMotivo(identificacion)] as string | null | undefined) ?? null,
  };
}

/** Whether MH takes this built document issued in contingency (see `admiteContingencia`). */
export function puedeEmitirseEnContingencia(dte: Dte): boolean {
  return admiteContingencia(tipoDeDte(dte), dte.identificacion.version);
}

/**
 * The same document (same codigoGeneracion, numeroControl, fecEmi/horEmi and schema version, which the
 * receptor may already hold as a PENDIENTE) as issued in contingency: diferido (tipoModelo 2),
 * contingency transmission (tipoOperacion 2), for the motivo: MH unavailable unless a rehearsal names another.
 */
export function enContingencia(dte: Dte, motivo: MotivoContingencia = MOTIVO_MH_NO_DISPONIBLE): Dte {
  const { identificacion } = dte;
  const tipo = tipoDeDte(dte);
  if (!puedeEmitirseEnContingencia(dte))
    throw validationError(`MH no admite el DTE ${tipo} v${identificacion.version} en contingencia`, [
      { field: 'contingencia', message: 'Este tipo de DTE no se puede emitir en contingencia' },
    ]);
  const diferido = {
    ...dte,
    identificacion: {
      ...identificacion,
      tipoModelo: 2,
      tipoOperacion: 2,
      tipoContingencia: motivo.tipoContingencia,
      [campoMotivo(identificacion)]: motivo.motivoContingencia,
    },
  };
  checkMhSchema(esquemaDe(tipo, identificacion.version)!, diferido, 'El documento en contingencia');
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
  /** The outage's, which its documents carry (`motivoContingenciaDe`). */
  motivo: MotivoContingencia;
}

/** A document an Evento de Contingencia lists. */
export interface DocumentoEnContingencia {
  codigoGeneracion: string;
  tipoDte: string;
  /** Its schema version, which tells its generation. */
  version: number;
}

/**
 * The generation of an Evento de Contingencia: the one in force when it is sent, unless it lists a
 * document of the 2026 generation, which only a v4 event can list (v3's detalleDTE takes the types of
 * CAT-023 v1.2 only, without the CR or the retorno that 2026 issues in contingency). One event may list
 * documents of both generations; each keeps its own version in the lotes.
 */
export function generacionEventoContingencia(vigente: Generacion, documentos: DocumentoEnContingencia[]): Generacion {
  return documentos.some((d) => generacionDe(d.tipoDte, d.version) === '2026') ? '2026' : vigente;
}

/**
 * The Evento de Contingencia reporting documents issued while MH was unavailable, in a generation:
 * contingencia-schema-v3 or v4 (which names the point of sale by MH's code, `codPuntoVentaMH`).
 * The service keeps no separate person in charge of an establishment, so the taxpayer answers for it,
 * identified by its NIT.
 */
export function buildEventoContingencia(
  generacion: Generacion,
  ctx: EventoContingenciaContext,
  documentos: DocumentoEnContingencia[],
): Json {
  const { emisor } = ctx;
  const v4 = generacion === '2026';
  const evento = {
    identificacion: {
      version: v4 ? 4 : 3,
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
      ...(v4 ? { codPuntoVentaMH: emisor.codPuntoVentaMH } : { codPuntoVenta: emisor.codPuntoVenta }),
      telefono: emisor.telefono,
      correo: emisor.correo,
    },
    detalleDTE: documentos.map((d, i) => ({ noItem: i + 1, codigoGeneracion: d.codigoGeneracion, tipoDoc: d.tipoDte })),
    motivo: {
      fInicio: ctx.inicio.fecha,
      fFin: ctx.fin.fecha,
      hInicio: ctx.inicio.hora,
      hFin: ctx.fin.hora,
      tipoContingencia: ctx.motivo.tipoContingencia,
      motivoContingencia: ctx.motivo.motivoContingencia,
    },
  };
  checkMhSchema(v4 ? 'contingencia-schema-v4' : 'contingencia-schema-v3', evento, 'El evento de contingencia');
  return evento;
}
