import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Everything MH would remember lives in MongoDB so a restart loses nothing. The DB (FerretDB in the
 * local stack) has no multi-document transactions: uniqueness is enforced by unique indexes and every
 * state change is a single-document atomic update.
 */

/** A taxpayer allowed to use the API: its API password and the public key of its CertificadoMH. */
export interface Emisor {
  nit: string;
  pwdClave: string;
  publicKey: string;
  registradoEn: Date;
}

/** MH's registry of taxpayers, against which receptor NIT/NRC are checked. */
export interface Contribuyente {
  /** '*' for every emisor, or the NIT of the only emisor whose documents see this entry (test isolation). */
  scope: string;
  nit: string;
  nrc: string | null;
  nombre: string | null;
  activo: boolean;
  contribuyenteIva: boolean;
}

export type EstadoDocumento = 'PROCESADO' | 'INVALIDADO';

/** A DTE that MH accepted (rejected DTEs are never registered, so they can be corrected and re-sent). */
export interface Documento {
  /** The codigoGeneracion: lookups by `_id` are the only ones FerretDB answers from an index. */
  _id: string;
  codigoGeneracion: string;
  nitEmisor: string;
  tipoDte: string;
  version: number;
  ambiente: string;
  /** Null for an event received as a DTE (the Retorno, 18), which has no numeroControl. */
  numeroControl: string | null;
  fecEmi: string;
  selloRecibido: string;
  fhProcesamiento: string;
  recibidoEn: Date;
  estado: EstadoDocumento;
  /** codigoGeneracion of the documents this one relates to (documentoRelacionado, electronic). */
  relacionados: string[];
  codigoLote: string | null;
  observaciones: string[];
  invalidacion: { codigoGeneracion: string; selloRecibido: string; fhProcesamiento: string } | null;
  /** A Factura or FSE: what its retornos may give back, in cents (see recepcion/retornos.ts). */
  montoRetornable?: number | null;
  /** What its accepted retornos gave back, in cents. */
  montoRetornado?: number;
  /** SHA-256 (hex) of the signed document MH sealed: which version of a codigoGeneracion it holds. */
  firmaSha256?: string | null;
  /** The NIT (digits) of the taxpayer it is for, who may consult it too (recepcion/consulta.ts); null: none. */
  nitReceptor?: string | null;
  /** A retorno: the original it gave back to and how much, in cents, given back again if it is invalidated. */
  retorno?: { original: string; monto: number } | null;
}

/** One transmission attempt of any document or event: the evidence for "sent exactly once". */
export interface Recepcion {
  codigoGeneracion: string | null;
  nitEmisor: string;
  servicio: 'recepciondte' | 'recepcionlote' | 'contingencia' | 'anulardte';
  tipoDte: string | null;
  estado: string;
  codigoMsg: string | null;
  en: Date;
}

export interface Contingencia {
  /** The event's codigoGeneracion. */
  _id: string;
  nitEmisor: string;
  ambiente: string;
  /** CAT-005 (motivo.tipoContingencia): what the certification count goes by. */
  tipoContingencia: number;
  /** The event's schema version: 3 (2023) or 4 (2026). */
  version: number;
  detalle: string[];
  inicio: Date;
  fin: Date;
  selloRecibido: string;
  recibidoEn: Date;
}

/**
 * A document listed in a contingency event, as of the newest event listing it: what a deferred-model
 * document is checked against. Kept by the document's codigoGeneracion, because FerretDB would read every
 * event, each with up to a thousand codes, to find the one listing it.
 */
export interface DocumentoContingencia {
  _id: string;
  nitEmisor: string;
  evento: string;
  inicio: Date;
  fin: Date;
  recibidoEn: Date;
}

export interface Invalidacion {
  codigoGeneracion: string;
  nitEmisor: string;
  ambiente: string;
  /** CAT-024 (motivo.tipoAnulacion): what the certification count goes by. */
  tipoAnulacion: number;
  documento: string;
  selloRecibido: string;
  recibidoEn: Date;
}

/**
 * A lote's state. Its documents and its results are kept apart by codigoLote: claiming a lote filters on
 * its estado too, which FerretDB answers by reading every lote, so these rows stay small.
 */
export interface Lote {
  /** The codigoLote. */
  _id: string;
  idEnvio: string;
  nitEmisor: string;
  ambiente: string;
  estado: 'RECIBIDO' | 'PROCESANDO' | 'PROCESADO';
  procesarDesde: Date;
}

/** The signed documents a lote carried, by codigoLote. */
export interface LoteDocumentos {
  _id: string;
  nitEmisor: string;
  documentos: string[];
}

/** MH's answer for each document of a processed lote, by codigoLote. */
export interface LoteResultados {
  _id: string;
  nitEmisor: string;
  procesados: unknown[];
  rechazados: unknown[];
}

export type Outage = 'none' | 'refuse' | '503' | 'hang' | 'hold';

/** A rejection the control API asks for, answered instead of validating. */
export interface RechazoForzado {
  codigoMsg: string;
  clasificaMsg: string;
  descripcionMsg: string;
}

/** Test-control settings; scope '*' applies to everyone, a NIT scope overrides it for that emisor. */
export interface Control {
  scope: string;
  latencyMs?: number;
  /** Only requests whose path starts so are slowed (null: every MH endpoint). */
  latencyRuta?: string | null;
  outage?: Outage;
  /** Only requests whose path starts so are under the outage (null: every MH endpoint). */
  outageRuta?: string | null;
  clockOffsetSeconds?: number;
  loteDelayMs?: number;
  /** From this instant MH refuses documents and events of the 2023 generation emitted at or after it. */
  rechazar2023Desde?: Date | null;
  rechazarSiguientes?: RechazoForzado & { restantes: number };
}

export interface RechazoPorCodigo extends RechazoForzado {
  codigoGeneracion: string;
  /** How many more times to reject; absent means every time. */
  veces?: number;
}

export interface Ajuste {
  clave: string;
  valor: string;
}

const opts = { versionKey: false } as const;
const str = { type: String, required: true };
const strOrNull = { type: String, default: null };

/** The simulator's collections on a connection (a model is compiled once per connection). */
export function modelos(connection: Connection) {
  const def = <T>(name: string, schema: Schema<T>): Model<T> =>
    connection.models[name] ?? connection.model<T>(name, schema);
  return {
    emisores: def<Emisor>(
      'Emisor',
      new Schema<Emisor>({ nit: { ...str, unique: true }, pwdClave: str, publicKey: str, registradoEn: Date }, opts),
    ),
    contribuyentes: def<Contribuyente>(
      'Contribuyente',
      new Schema<Contribuyente>(
        { scope: str, nit: str, nrc: strOrNull, nombre: strOrNull, activo: Boolean, contribuyenteIva: Boolean },
        opts,
      ).index({ scope: 1, nit: 1 }, { unique: true }),
    ),
    documentos: def<Documento>(
      'Documento',
      new Schema<Documento>(
        {
          _id: String,
          codigoGeneracion: { ...str, unique: true },
          nitEmisor: { ...str, index: true },
          tipoDte: str,
          version: Number,
          ambiente: str,
          numeroControl: strOrNull,
          fecEmi: str,
          selloRecibido: str,
          fhProcesamiento: str,
          recibidoEn: Date,
          estado: str,
          relacionados: { type: [String], index: true },
          codigoLote: strOrNull,
          observaciones: [String],
          invalidacion: { type: Schema.Types.Mixed, default: null },
          montoRetornable: { type: Number, default: null },
          montoRetornado: { type: Number, default: 0 },
          retorno: { type: Schema.Types.Mixed, default: null },
          firmaSha256: { type: String, default: null },
          nitReceptor: { type: String, default: null },
        },
        opts,
      ),
    ),
    recepciones: def<Recepcion>(
      'Recepcion',
      new Schema<Recepcion>(
        {
          codigoGeneracion: { ...strOrNull, index: true },
          nitEmisor: { ...str, index: true },
          servicio: str,
          tipoDte: strOrNull,
          estado: str,
          codigoMsg: strOrNull,
          en: Date,
        },
        opts,
      ),
    ),
    contingencias: def<Contingencia>(
      'Contingencia',
      new Schema<Contingencia>(
        {
          _id: String,
          nitEmisor: { ...str, index: true },
          ambiente: str,
          tipoContingencia: Number,
          version: Number,
          detalle: [String],
          inicio: Date,
          fin: Date,
          selloRecibido: str,
          recibidoEn: Date,
        },
        opts,
      ),
    ),
    documentosContingencia: def<DocumentoContingencia>(
      'DocumentoContingencia',
      new Schema<DocumentoContingencia>(
        { _id: String, nitEmisor: { ...str, index: true }, evento: str, inicio: Date, fin: Date, recibidoEn: Date },
        opts,
      ),
    ),
    invalidaciones: def<Invalidacion>(
      'Invalidacion',
      new Schema<Invalidacion>(
        {
          codigoGeneracion: { ...str, unique: true },
          nitEmisor: { ...str, index: true },
          ambiente: str,
          tipoAnulacion: Number,
          documento: str,
          selloRecibido: str,
          recibidoEn: Date,
        },
        opts,
      ),
    ),
    lotes: def<Lote>(
      'Lote',
      new Schema<Lote>(
        {
          _id: String,
          idEnvio: str,
          nitEmisor: { ...str, index: true },
          ambiente: str,
          estado: { ...str, index: true },
          procesarDesde: Date,
        },
        opts,
      ),
    ),
    lotesDocumentos: def<LoteDocumentos>(
      'LoteDocumentos',
      new Schema<LoteDocumentos>({ _id: String, nitEmisor: { ...str, index: true }, documentos: [String] }, opts),
    ),
    lotesResultados: def<LoteResultados>(
      'LoteResultados',
      new Schema<LoteResultados>(
        {
          _id: String,
          nitEmisor: { ...str, index: true },
          procesados: [Schema.Types.Mixed],
          rechazados: [Schema.Types.Mixed],
        },
        opts,
      ),
    ),
    control: def<Control>(
      'Control',
      new Schema<Control>(
        {
          scope: { ...str, unique: true },
          latencyMs: Number,
          latencyRuta: { type: String, default: null },
          outage: String,
          outageRuta: { type: String, default: null },
          clockOffsetSeconds: Number,
          loteDelayMs: Number,
          rechazar2023Desde: Date,
          rechazarSiguientes: { type: Schema.Types.Mixed },
        },
        opts,
      ),
    ),
    rechazosPorCodigo: def<RechazoPorCodigo>(
      'RechazoPorCodigo',
      new Schema<RechazoPorCodigo>(
        {
          codigoGeneracion: { ...str, unique: true },
          codigoMsg: str,
          clasificaMsg: str,
          descripcionMsg: str,
          veces: Number,
        },
        opts,
      ),
    ),
    ajustes: def<Ajuste>('Ajuste', new Schema<Ajuste>({ clave: { ...str, unique: true }, valor: str }, opts)),
  };
}

export type Modelos = ReturnType<typeof modelos>;
