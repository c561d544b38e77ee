import { Schema, type Connection, type InferSchemaType } from 'mongoose';
import { PAPELES } from '@dte/domain';

/**
 * The service's records. Public ids are consecutive integers (the spec's integer ids) taken with
 * `takeNext`; everything that must hold under concurrency rests on unique indexes, because FerretDB
 * (the embedded database) has no transactions and no atomic read-modify-write.
 */

const direccion = { departamento: String, municipio: String, distrito: String, complemento: String };

const emisorSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    slug: { type: String, required: true, unique: true },
    nit: { type: String, required: true, unique: true },
    nrc: { type: String, required: true },
    nombre: { type: String, required: true },
    nombreComercial: { type: String, default: null },
    codActividad: { type: String, required: true },
    descActividad: { type: String, required: true },
    direccion: { type: direccion, required: true },
    telefono: { type: String, required: true },
    correo: { type: String, required: true },
    ambiente: { type: String, enum: ['00', '01'], required: true },
    clientId: { type: Number, required: true },
    /** MH API password and the CertificadoMH (which holds the private key) with its password, AES-256-GCM. */
    secrets: {
      mhPassword: { type: String, required: true },
      certificado: { type: String, required: true },
      certificadoPassword: { type: String, required: true },
    },
    /**
     * The emisor's own cut-over between MH's schema generations (admin CLI `emisor normativa`): from
     * `desde` it issues in `generacion`, before it in the other one. Null: the service's default.
     */
    normativa: {
      type: new Schema(
        { generacion: { type: String, enum: ['2023', '2026'], required: true }, desde: { type: Date, required: true } },
        { _id: false },
      ),
      default: null,
    },
    /**
     * Which received documents wait for a person (`PoliticaCompras`; admin CLI `emisor compras`): its own
     * amount (null: the service's COMPRAS_MONTO_CONFIRMACION) and whether a supplier's first one waits.
     */
    /** The administrator's rule that every person of the emisor signs in with a second factor (issue 50). */
    segundoFactorObligatorio: { type: Boolean, default: false },
    compras: {
      type: new Schema(
        { montoConfirmacion: { type: String, default: null }, primeroDelProveedor: { type: Boolean, default: false } },
        { _id: false },
      ),
      default: null,
    },
    /**
     * The paper of its PDFs when GET /dte/pdf names none (`formato`; admin CLI `emisor formato-pdf`):
     * null, Letter; a point of sale's own setting comes first.
     */
    formatoPdf: { type: String, enum: [...PAPELES, null], default: null },
    /** How many days a share link of its documents works (admin CLI `emisor enlace-vigencia`); null: 90. */
    enlaceVigenciaDias: { type: Number, default: null },
    /**
     * The emisor's own sender on its receptors' e-mails (`Remitente`; console Configuración, admin CLI
     * `emisor remitente`): the From's name and the Reply-To; null, MAIL_FROM's name and no Reply-To.
     */
    remitente: {
      type: new Schema(
        { nombre: { type: String, default: null }, responderA: { type: String, default: null } },
        { _id: false },
      ),
      default: null,
    },
    branding: {
      logoKey: { type: String, default: null },
      colorPrincipal: { type: String, default: '#1F3A93' },
      colorSecundario: { type: String, default: '#4A6FDC' },
      colorFondo: { type: String, default: '#FFFFFF' },
    },
  },
  { timestamps: true, versionKey: false },
);

const establecimientoSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    emisorId: { type: Number, required: true },
    codEstable: { type: String, required: true },
    codEstableMH: { type: String, required: true },
    tipoEstablecimiento: { type: String, required: true },
    nombre: { type: String, required: true },
    direccion: { type: direccion, required: true },
    telefono: { type: String, required: true },
    /** Deactivated (admin CLI): its tokens no longer issue; its documents keep it. */
    activo: { type: Boolean, default: true },
  },
  { timestamps: true, versionKey: false },
);
establecimientoSchema.index({ emisorId: 1, codEstable: 1 }, { unique: true });

const puntoVentaSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    emisorId: { type: Number, required: true },
    establecimientoId: { type: Number, required: true },
    codPuntoVenta: { type: String, required: true },
    codPuntoVentaMH: { type: String, required: true },
    /** Deactivated (admin CLI): its tokens no longer issue; its documents keep it. */
    activo: { type: Boolean, default: true },
    /**
     * The paper of the PDFs of its documents when GET /dte/pdf names none (admin CLI `punto-venta
     * formato-pdf`), e.g. the 80 mm ticket of a shop's receipt printer; null: the emisor's.
     */
    formatoPdf: { type: String, enum: [...PAPELES, null], default: null },
  },
  { timestamps: true, versionKey: false },
);
puntoVentaSchema.index({ establecimientoId: 1, codPuntoVenta: 1 }, { unique: true });

const apiTokenSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    emisorId: { type: Number, required: true },
    establecimientoId: { type: Number, required: true },
    puntoVentaId: { type: Number, required: true },
    name: { type: String, required: true },
    /** SHA-256 of the token, as `_id` (see documentSchema): the token itself is shown once and never stored. */
    _id: { type: String, required: true },
    permissions: { type: [String], required: true },
    revokedAt: { type: Date, default: null },
    /**
     * The person (`usuarios` `_id`) whose membership in the emisor this token is: the console acts with it for
     * them, with their role's permissions (`Personas`). Its secret is never shown, so it works in no header;
     * null for a machine's token.
     */
    usuarioId: { type: String, default: null },
  },
  { timestamps: true, versionKey: false },
);

/** A numeroControl sequence: one per (emisor, establecimiento, punto de venta, tipoDte, ambiente, year). */
const sequenceSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    emisorId: { type: Number, required: true },
    establecimientoId: { type: Number, required: true },
    puntoVentaId: { type: Number, required: true },
    tipoDte: { type: String, required: true },
    ambiente: { type: String, required: true },
    year: { type: Number, required: true },
  },
  { versionKey: false },
);
sequenceSchema.index(
  { emisorId: 1, establecimientoId: 1, puntoVentaId: 1, tipoDte: 1, ambiente: 1, year: 1 },
  { unique: true },
);

/** One e-mail attempt of a document: to whom, when, and how it went. */
const intentoDeCorreo = { to: String, at: Date, ok: Boolean, error: String, messageId: String };

/**
 * `_id` is the codigoGeneracion: FerretDB v1 pushes only `_id` equality down to SQLite and scans (and
 * decodes) every document for any other filter, so the lookups on the issuance path go by `_id`.
 */
const documentSchema = new Schema(
  {
    _id: { type: String, required: true },
    id: { type: Number, required: true, unique: true },
    tipo: { type: String, required: true },
    tipoDte: { type: String, required: true },
    codigoGeneracion: { type: String, required: true, unique: true },
    numeroControl: { type: String, required: true },
    estado: { type: String, required: true },
    ambiente: { type: String, required: true },
    total: { type: String, required: true },
    fecEmi: { type: String, required: true },
    dteJson: { type: Schema.Types.Mixed, required: true },
    dteFirmado: { type: String, required: true },
    selloRecibido: { type: String, default: null },
    respuestaMh: { type: Schema.Types.Mixed, default: null },
    /**
     * The workflow run whose step recorded MH's verdict: a later run of the document's issuance has nothing
     * left to do, while the same run re-executing its steps (after its worker was lost) must still deliver.
     */
    ejecucionVeredicto: { type: String, default: null },
    analisisHacienda: { type: Schema.Types.Mixed, default: null },
    errorTecnico: { type: String, default: null },
    dteJsonUrl: { type: String, default: null },
    dtePdfUrl: { type: String, default: null },
    sequenceId: { type: Number, required: true },
    sequenceNumber: { type: String, required: true },
    serie: { type: String, required: true },
    emisorId: { type: Number, required: true },
    branchId: { type: Number, required: true },
    pointOfSaleId: { type: Number, required: true },
    tokenId: { type: Number, required: true },
    receptorCorreo: { type: String, default: null },
    /** The e-mail attempts of records saved before `correos` kept them (see correoSchema); new ones stay empty. */
    emails: { type: [intentoDeCorreo], default: [] },
    /** The accepted invalidation event: its codigoGeneracion, JSON, signed JWS, sello and MH's answer. */
    anulacion: { type: Schema.Types.Mixed, default: null },
    /**
     * For a document issued in contingencia, the Evento de Contingencia MH received listing it: its
     * codigoGeneracion, sello and fechaHora (the taxpayer's record of the event, `Certificaciones.informe`).
     */
    eventoContingencia: { type: Schema.Types.Mixed, default: null },
    /** Its number on its emisor's list (`lista.ts`): every change of estado is copied to that entry. */
    listaN: { type: Number, default: null },
    /**
     * The versions of a document issued in contingencia other than `dteJson`/`dteFirmado`, kept with what
     * became of them (see `Documents.recordOutcome`): `envioNormal`, the version signed before it, which MH
     * may hold if it was sent and not answered ({dteJson, dteFirmado}); `loteDesde`, when the contingency
     * version first went to MH in a lote; `versionProvisional`, the contingency version the receptor got
     * while MH's answer was unknown, once MH turned out to have sealed the normal send ({dteJson, dteFirmado}).
     */
    envioNormal: { type: Schema.Types.Mixed, default: null },
    loteDesde: { type: Date, default: null },
    versionProvisional: { type: Schema.Types.Mixed, default: null },
    /**
     * A document issued with another provider and imported (issue 53): the import's id and the El Salvador
     * date it was imported, where the list holds it (`ImportacionDocumento`). Never numbered, sent to MH or
     * e-mailed here.
     */
    importacion: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: true }, versionKey: false },
);
// A correlativo is taken once in its sequence. Not numeroControl per emisor: a sequence is per ambiente and
// year (MH's correlativo restarts each year), so the numeroControl of a TEST document or of last year's
// comes again, and such an index refused every first document of a new year or of production.
documentSchema.index({ sequenceId: 1, sequenceNumber: 1 }, { unique: true });
documentSchema.index({ emisorId: 1, createdAt: -1 });
// The unknown-outcome schedule looks for old PENDIENTE documents.
documentSchema.index({ estado: 1, createdAt: 1 });

/**
 * Indexes earlier versions built that no longer hold, dropped at start-up (mongoose builds missing
 * indexes but keeps those the schema no longer names).
 */
export const INDICES_RETIRADOS: Readonly<Record<string, readonly string[]>> = {
  documents: ['emisorId_1_numeroControl_1'],
};

/**
 * An issuance request as the API validated it, by the codigoGeneracion it issues: the workflow carries
 * the key, not the request (MH's largest document would exceed Temporal's payload limit).
 */
const issueRequestSchema = new Schema(
  {
    _id: { type: String, required: true },
    emisorId: { type: Number, required: true },
    tipo: { type: String, required: true },
    request: { type: Schema.Types.Mixed, required: true },
    /** The certification campaign (its workflow id) that issued it; absent for the emisor's own documents. */
    certificacion: { type: String, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false, minimize: false },
);

export const ESTADOS_CERTIFICACION = ['EN_CURSO', 'PAUSADA', 'COMPLETA', 'CANCELADA'] as const;

/**
 * An emisor's certification campaign: the documents and events MH requires accepted in its test
 * environment before it authorises production (Manual Funcional v1.2 §X). One per emisor, `_id` its id as a
 * string (`certificacionId`), the only lookup FerretDB answers from an index.
 */
const certificacionSchema = new Schema(
  {
    _id: { type: String, required: true },
    emisorId: { type: Number, required: true },
    estado: { type: String, enum: ESTADOS_CERTIFICACION, required: true },
    plan: { type: Schema.Types.Mixed, required: true },
    iniciadaEn: { type: Date, required: true },
    completadaEn: { type: Date, default: null },
    workflowId: { type: String, required: true },
    /**
     * The codigoGeneracion of each document the campaign issued, in order (absent in campaigns started
     * before it existed): its record reads them by `_id`, never by the requests' `certificacion` tag.
     */
    documentos: { type: [String], default: [] },
    /** Registered taxpayers the campaign's contribuyente documents go to (null: invented ones). */
    contribuyentes: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);

/** The `_id` of an emisor's certification campaign. */
export const certificacionId = (emisorId: number) => String(emisorId);

/**
 * A document received from a supplier (`Compras`): one per (emisor, codigoGeneracion), `_id`
 * `compra:<emisorId>:<codigoGeneracion>`, the only lookup FerretDB answers from an index.
 */
const compraSchema = new Schema(
  {
    _id: { type: String, required: true },
    emisorId: { type: Number, required: true },
    codigoGeneracion: { type: String, required: true },
    tipoDte: { type: String, required: true },
    version: { type: Number, required: true },
    numeroControl: { type: String, default: null },
    fecEmi: { type: String, required: true },
    /** The fecEmi month (YYYY-MM): the period it is filed and booked in. */
    periodo: { type: String, required: true },
    proveedor: {
      type: new Schema({ nit: String, nrc: String, nombre: String }, { _id: false }),
      required: true,
    },
    /** The Archivo DTE as received (with its firmaElectronica and selloRecibido). */
    dteJson: { type: Schema.Types.Mixed, required: true },
    /** The sello the file carries; MH's own is in `respuestaMh`. */
    selloRecibido: { type: String, default: null },
    estado: { type: String, required: true },
    /** Why the estado is not VERIFICADO: [{codigo, campo, mensaje}]. */
    motivos: { type: Schema.Types.Mixed, default: [] },
    /** MH's answer to the last consultadte. */
    respuestaMh: { type: Schema.Types.Mixed, default: null },
    /**
     * What proves the document (`VerificacionCompra`): the facts MH confirmed, what backs its amounts, its
     * amount and MH's consulta pública. Null on records made before it was kept (the re-check fills it).
     */
    verificacion: { type: Schema.Types.Mixed, default: null },
    /** A person's comparison with MH's consulta pública (`ConfirmacionCompra`), who and when; null: none. */
    confirmacion: { type: Schema.Types.Mixed, default: null },
    origen: { type: String, enum: ['API', 'CORREO'], required: true },
    mensajeId: { type: String, default: null },
    jsonKey: { type: String, required: true },
    pdfKey: { type: String, default: null },
    recibidoEn: { type: Date, required: true },
    verificadoEn: { type: Date, default: null },
    /** The accountant's classification (PATCH /compras/:codigoGeneracion; its values are the books'). */
    clasificacion: { type: Schema.Types.Mixed, default: null },
    /** Its numbers on the emisor's list (reception order) and on its period's list (`compras.ts`). */
    listaN: { type: Number, required: true },
    periodoN: { type: Number, required: true },
    /** The workflow run that recorded it: a retried step finds its own record, a duplicate another's. */
    registradoPor: { type: String, required: true },
  },
  { timestamps: true, versionKey: false, minimize: false },
);

/**
 * A number of a series taken for its owner (`takeOwned`): `_id` is `<series>:<owner>`, so an owner has one
 * number, and the unique index on (serie, n) gives each number one owner. One insert takes it.
 */
const numeroSchema = new Schema(
  {
    _id: { type: String, required: true },
    serie: { type: String, required: true },
    n: { type: Number, required: true },
  },
  { versionKey: false },
);
numeroSchema.index({ serie: 1, n: 1 }, { unique: true });

/**
 * A document's e-mail attempts, `_id` its codigoGeneracion: a small document of its own, so recording an
 * attempt rewrites this one and not the record, which carries the DTE and its JWS (FerretDB rewrites a whole
 * document on any update). Read by `_id` alone, which FerretDB pushes down.
 */
const correoSchema = new Schema(
  {
    _id: { type: String, required: true },
    intentos: { type: [intentoDeCorreo], default: [] },
  },
  { versionKey: false },
);

/** A throwaway record proving the real path end to end (see the smoke workflow). */
const smokeSchema = new Schema(
  { smokeId: { type: String, required: true, unique: true }, storedKey: String, pdfBytes: Number, messageId: String },
  { timestamps: true, versionKey: false },
);

export function createModels(conn: Connection) {
  return {
    Emisor: conn.model('Emisor', emisorSchema, 'emisores'),
    Establecimiento: conn.model('Establecimiento', establecimientoSchema, 'establecimientos'),
    PuntoVenta: conn.model('PuntoVenta', puntoVentaSchema, 'puntos_venta'),
    ApiToken: conn.model('ApiToken', apiTokenSchema, 'api_tokens'),
    Sequence: conn.model('Sequence', sequenceSchema, 'sequences'),
    Document: conn.model('Document', documentSchema, 'documents'),
    IssueRequest: conn.model('IssueRequest', issueRequestSchema, 'issue_requests'),
    Certificacion: conn.model('Certificacion', certificacionSchema, 'certificaciones'),
    Compra: conn.model('Compra', compraSchema, 'compras'),
    Smoke: conn.model('Smoke', smokeSchema, 'smoke'),
    Numero: conn.model('Numero', numeroSchema, 'numeros'),
    Correo: conn.model('Correo', correoSchema, 'correos'),
  };
}
export type Models = ReturnType<typeof createModels>;
export type EmisorRecord = InferSchemaType<typeof emisorSchema>;
export type DocumentRecord = InferSchemaType<typeof documentSchema>;
export type IntentoCorreo = DocumentRecord['emails'][number];
export type CertificacionRecord = InferSchemaType<typeof certificacionSchema>;
export type CompraRecord = InferSchemaType<typeof compraSchema> & { _id: string };
export type EstadoCertificacion = (typeof ESTADOS_CERTIFICACION)[number];
