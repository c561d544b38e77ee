import type { AmbienteCode, EmisorDte } from '../emisor';

/**
 * A built DTE: MH's JSON document, sections keyed as MH names them. The Evento de Retorno (18) names
 * its type `tipoEvento` and has no numeroControl; every other DTE has `tipoDte` and `numeroControl`.
 */
export interface Dte {
  identificacion: {
    version: number;
    ambiente: AmbienteCode;
    codigoGeneracion: string;
    fecEmi: string;
    horEmi: string;
    tipoDte?: string;
    tipoEvento?: string;
    numeroControl?: string;
  };
  [seccion: string]: unknown;
}

/** The CAT-002 type of a built document, DTE or Evento de Retorno. */
export function tipoDeDte(dte: Pick<Dte, 'identificacion'>): string {
  const { tipoDte, tipoEvento } = dte.identificacion;
  const tipo = tipoDte ?? tipoEvento;
  if (!tipo) throw new TypeError('DTE without identificacion.tipoDte or tipoEvento');
  return tipo;
}

/**
 * Everything a builder needs besides the request. The caller owns the clock, the sequence and the
 * uuid, so building is deterministic: the same inputs give the same document (and the same signature).
 */
export interface BuildContext {
  ambiente: AmbienteCode;
  /** Upper-case UUID. */
  codigoGeneracion: string;
  /** See `formatNumeroControl`. */
  numeroControl: string;
  /** YYYY-MM-DD, El Salvador time. */
  fecEmi: string;
  /** HH:mm:ss, El Salvador time. */
  horEmi: string;
  emisor: EmisorDte;
  /** Set when the document is issued in contingency (CAT-005 tipo, motivo required for tipo 5). */
  contingencia?: { tipoContingencia: number; motivoContin: string | null } | null;
}

/** A stored document a NC/ND or a retorno refers to. */
export interface OriginDocument {
  /** The record's estado (PROCESSED, REJECTED, CONTINGENCIA, ...). */
  estado: string;
  dte: Dte;
  selloRecibido: string | null;
  /** Retorno only: quantity already returned per original numItem, summed over earlier retornos. */
  cantidadesRetornadas?: Readonly<Record<number, number | string>>;
  /** Nota de crédito only: what earlier notes credited of this CCF (their shares of it, see creditoPorCcf). */
  montoAcreditado?: number | string;
}

/** Builds a document; `origenes` are the stored documents it refers to (the request names them). */
export type Builder<Request, Document extends Dte = Dte> = (
  ctx: BuildContext,
  request: Request,
  origenes?: readonly OriginDocument[],
) => Document;

/**
 * Who a document is for: the receptor, the sujeto excluido of an FSE v1, the donante of a CD v1, or the
 * retorno's documento. Its name and every identifier it carries (NIT, NRC, document number), as a list of documents is searched.
 */
export function contraparteDe(dte: Dte): { nombre: string | null; identificadores: string[] } {
  const seccion = ['receptor', 'sujetoExcluido', 'donante', 'documento']
    .map((nombre) => dte[nombre])
    .find((s): s is Record<string, unknown> => !!s && typeof s === 'object');
  if (!seccion) return { nombre: null, identificadores: [] };
  const identificadores = ['nit', 'nrc', 'numDocumento']
    .map((campo) => seccion[campo])
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
  return { nombre: typeof seccion.nombre === 'string' ? seccion.nombre : null, identificadores };
}
