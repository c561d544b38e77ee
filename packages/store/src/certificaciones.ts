import {
  documentKind,
  DTE_TIPOS,
  DteError,
  ErrorCode,
  type ContribuyenteRegistrado,
  type DteTipo,
  type PlanCertificacion,
} from '@dte/domain';
import type { Database } from './db/connection';
import { certificacionId, type CertificacionRecord, type EstadoCertificacion } from './db/models';
import type { AnulacionRecord, EventoContingenciaRecord } from './documents';

/** The kinds a token may issue, by its permissions: what a campaign started with it may plan. */
export const tiposAutorizados = (permissions: readonly string[]): DteTipo[] =>
  DTE_TIPOS.filter((t) => permissions.includes(documentKind(t).permission));

/** One line of a campaign's record (GET /certificacion/informe): a document, or an event MH sealed for some. */
export interface LineaInforme {
  clase: 'DOCUMENTO' | 'INVALIDACION' | 'CONTINGENCIA';
  /** The document's tipoDte (an event's: that of the documents it concerns). */
  tipoDte: string;
  /** The document's, or the event's own. */
  codigoGeneracion: string;
  numeroControl: string | null;
  /** El Salvador time: the document's fecEmi and horEmi, or when MH processed the event. */
  fecha: string;
  estado: string;
  selloRecibido: string | null;
  /** For an event, the documents it concerns (space-separated). */
  documento: string | null;
  /** The contingency a document was issued in (CAT-005), or an invalidation's tipoAnulacion. */
  detalle: string | null;
}

/** The columns of the record's CSV and PDF, in order, with their headings. */
export const COLUMNAS_INFORME: readonly [keyof LineaInforme, string][] = [
  ['clase', 'Clase'],
  ['tipoDte', 'Tipo DTE'],
  ['codigoGeneracion', 'Código de generación'],
  ['numeroControl', 'Número de control'],
  ['fecha', 'Fecha'],
  ['estado', 'Estado'],
  ['selloRecibido', 'Sello de recepción'],
  ['documento', 'Documento'],
  ['detalle', 'Detalle'],
];

/** Documents read at once for a record: a full campaign has about 400. */
const LECTURAS_SIMULTANEAS = 20;

const INFORME_FIELDS = {
  emisorId: 1,
  tipoDte: 1,
  numeroControl: 1,
  fecEmi: 1,
  'dteJson.identificacion': 1,
  estado: 1,
  selloRecibido: 1,
  anulacion: 1,
  eventoContingencia: 1,
};

interface InformeDoc {
  _id: string;
  emisorId: number;
  tipoDte: string;
  numeroControl: string;
  fecEmi: string;
  dteJson: { identificacion: { horEmi: string; tipoContingencia?: number | null } };
  estado: string;
  selloRecibido: string | null;
  anulacion: Pick<AnulacionRecord, 'codigoGeneracion' | 'selloRecibido' | 'fhProcesamiento'> & {
    evento: { motivo?: { tipoAnulacion?: number } };
  };
  eventoContingencia: EventoContingenciaRecord | null;
}

/** MH's dd/MM/yyyy HH:mm:ss as yyyy-MM-dd HH:mm:ss, in the order of the documents' dates. */
const fechaDeMh = (fechaHora: string) => fechaHora.replace(/^(\d{2})\/(\d{2})\/(\d{4})/, '$3-$2-$1');

/** An Evento de Contingencia, from the documents it listed. */
function lineaDeContingencia(evento: EventoContingenciaRecord, listados: InformeDoc[]): LineaInforme {
  const tipoContingencia = listados[0]!.dteJson.identificacion.tipoContingencia;
  return {
    clase: 'CONTINGENCIA',
    tipoDte: [...new Set(listados.map((d) => d.tipoDte))].join(' '),
    codigoGeneracion: evento.codigoGeneracion,
    numeroControl: null,
    fecha: fechaDeMh(evento.fechaHora),
    estado: 'PROCESSED',
    selloRecibido: evento.selloRecibido,
    documento: listados.map((d) => d._id).join(' '),
    detalle: tipoContingencia ? `Contingencia tipo ${tipoContingencia}` : null,
  };
}

function lineasDe(d: InformeDoc): LineaInforme[] {
  const { horEmi, tipoContingencia } = d.dteJson.identificacion;
  const documento: LineaInforme = {
    clase: 'DOCUMENTO',
    tipoDte: d.tipoDte,
    codigoGeneracion: d._id,
    numeroControl: d.numeroControl,
    fecha: `${d.fecEmi} ${horEmi}`,
    estado: d.estado,
    selloRecibido: d.selloRecibido ?? null,
    documento: null,
    detalle: tipoContingencia ? `Contingencia tipo ${tipoContingencia}` : null,
  };
  const a = d.anulacion;
  if (!a) return [documento];
  const tipoAnulacion = a.evento.motivo?.tipoAnulacion;
  return [
    documento,
    {
      clase: 'INVALIDACION',
      tipoDte: d.tipoDte,
      codigoGeneracion: a.codigoGeneracion,
      numeroControl: null,
      fecha: fechaDeMh(a.fhProcesamiento),
      estado: 'PROCESSED',
      selloRecibido: a.selloRecibido,
      documento: d._id,
      detalle: tipoAnulacion ? `tipoAnulacion ${tipoAnulacion}` : null,
    },
  ];
}

/** What a campaign of the emisor may not start over. */
const VIGENTES: ReadonlySet<string> = new Set<EstadoCertificacion>(['EN_CURSO', 'PAUSADA']);

/**
 * The emisor's certification campaign as stored: the one record per emisor that outlives its workflow
 * (`emisor produccion` reads it). The API and the workflow refuse the same starts through here.
 */
export class Certificaciones {
  constructor(private readonly db: Database) {}

  /** The kinds the token may issue (none if it is gone or revoked). */
  async autorizados(tokenId: number): Promise<DteTipo[]> {
    const token = await this.db.models.ApiToken.findOne({ id: tokenId }, { permissions: 1, revokedAt: 1 }).lean();
    return !token || token.revokedAt ? [] : tiposAutorizados(token.permissions);
  }

  /** The registered taxpayers the campaign was given (null: invented ones), without its growing record. */
  async contribuyentes(emisorId: number): Promise<ContribuyenteRegistrado[] | null> {
    const campana = await this.db.models.Certificacion.findById(certificacionId(emisorId), {
      contribuyentes: 1,
    }).lean();
    return (campana?.contribuyentes as ContribuyenteRegistrado[] | null | undefined) ?? null;
  }

  async leer(emisorId: number) {
    return this.db.models.Certificacion.findById(certificacionId(emisorId)).lean();
  }

  /**
   * Certification is MH's test environment's (Manual Funcional v1.2 §X): a PROD emisor gets 409, and so
   * does one whose campaign is complete (never run twice) or, unless `enCurso` admits it (the workflow
   * that is that campaign), one whose campaign is running or paused.
   */
  async comprobarInicio(emisorId: number, { enCurso = false } = {}): Promise<void> {
    const emisor = await this.db.models.Emisor.findOne({ id: emisorId }, { ambiente: 1 }).lean();
    if (!emisor) throw new DteError(ErrorCode.NOT_FOUND, 404, `El emisor ${emisorId} no existe`);
    if (emisor.ambiente !== '00')
      throw new DteError(
        ErrorCode.CERTIFICATION_NOT_IN_TEST,
        409,
        `El emisor ${emisorId} está en ambiente PROD: la certificación se hace en ambiente TEST`,
      );
    const campana = await this.leer(emisorId);
    if (campana?.estado === 'COMPLETA' || (!enCurso && campana && VIGENTES.has(campana.estado)))
      throw new DteError(
        ErrorCode.CERTIFICATION_EXISTS,
        409,
        campana.estado === 'COMPLETA'
          ? `El emisor ${emisorId} ya completó su certificación`
          : `La certificación del emisor ${emisorId} está ${campana.estado}: reanúdela o cancélela`,
        { estado: campana.estado },
      );
  }

  /** A campaign starts (again, after a cancelled one): the record is the new campaign's. */
  async iniciar(
    emisorId: number,
    plan: PlanCertificacion,
    workflowId: string,
    contribuyentes: readonly ContribuyenteRegistrado[] | null = null,
  ): Promise<void> {
    await this.db.models.Certificacion.updateOne(
      { _id: certificacionId(emisorId) },
      {
        $set: {
          emisorId,
          estado: 'EN_CURSO',
          plan,
          workflowId,
          iniciadaEn: new Date(),
          completadaEn: null,
          documentos: [],
          contribuyentes,
        },
      },
      { upsert: true },
    );
  }

  /** A document the campaign issued joins its record; a retried step adds it once. */
  async anotarDocumento(emisorId: number, codigoGeneracion: string): Promise<void> {
    await this.db.models.Certificacion.updateOne(
      { _id: certificacionId(emisorId) },
      { $addToSet: { documentos: codigoGeneracion } },
    );
  }

  /**
   * The campaign's record for the taxpayer's file: each document it issued, in order, then the events MH
   * sealed for it: the Evento de Contingencia that listed it (after the last document it listed, as MH
   * received it after them) and its invalidation. Documents are read by `_id`, a few at a time; one the service
   * refused before numbering it has no record and no line. Null when the emisor has no campaign.
   */
  async informe(emisorId: number): Promise<{ campana: CertificacionRecord; lineas: LineaInforme[] } | null> {
    const campana = await this.leer(emisorId);
    if (!campana) return null;
    const codigos = campana.documentos ?? [];
    const docs: (InformeDoc | null)[] = [];
    for (let i = 0; i < codigos.length; i += LECTURAS_SIMULTANEAS)
      docs.push(
        ...(await Promise.all(
          codigos
            .slice(i, i + LECTURAS_SIMULTANEAS)
            .map((c) => this.db.models.Document.findById(c, INFORME_FIELDS).lean<InformeDoc>()),
        )),
      );
    const propios = docs.filter((d): d is InformeDoc => d?.emisorId === emisorId);
    const listadosEn = new Map<string, InformeDoc[]>();
    for (const d of propios)
      if (d.eventoContingencia) {
        const codigo = d.eventoContingencia.codigoGeneracion;
        listadosEn.set(codigo, [...(listadosEn.get(codigo) ?? []), d]);
      }
    const lineas = propios.flatMap((d) => {
      const propias = lineasDe(d);
      const evento = d.eventoContingencia;
      const listados = evento && listadosEn.get(evento.codigoGeneracion);
      if (evento && listados?.at(-1) === d) propias.splice(1, 0, lineaDeContingencia(evento, listados));
      return propias;
    });
    return { campana, lineas };
  }

  async registrar(emisorId: number, estado: EstadoCertificacion): Promise<void> {
    await this.db.models.Certificacion.updateOne(
      { _id: certificacionId(emisorId) },
      { $set: { estado, completadaEn: estado === 'COMPLETA' ? new Date() : null } },
    );
  }
}
