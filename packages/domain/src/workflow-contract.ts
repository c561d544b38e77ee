/**
 * Names and types shared by the API (which starts workflows) and the worker (which runs them).
 * Workflows import this module, so it must stay free of I/O and heavy dependencies.
 */
export const TASK_QUEUE_DEFAULT = 'dte';

export const WorkflowName = {
  smoke: 'SmokeWorkflow',
  /** Renders and stores a document's PDF again (e.g. asked for before the issuance workflow stored it). */
  renderPdf: 'RenderPdfWorkflow',
} as const;

/** Custom search attributes registered by the stack so operators can query stuck documents. */
export const SearchAttribute = {
  codigoGeneracion: 'DteCodigoGeneracion',
  numeroControl: 'DteNumeroControl',
  estado: 'DteEstado',
  tipo: 'DteTipo',
  emisor: 'DteEmisor',
} as const;

/** Each custom search attribute with the Temporal type it is registered as. */
export const searchAttributeTypes: Record<(typeof SearchAttribute)[keyof typeof SearchAttribute], 'Keyword'> = {
  DteCodigoGeneracion: 'Keyword',
  DteNumeroControl: 'Keyword',
  DteEstado: 'Keyword',
  DteTipo: 'Keyword',
  DteEmisor: 'Keyword',
};

export interface SmokeInput {
  id: string;
  email: string;
}

export interface SmokeResult {
  id: string;
  storedKey: string;
  pdfBytes: number;
  messageId: string;
}

/** The API's document kinds (mirrors `DteTipo` of the registry without importing it into workflows). */
export type DocumentTipo =
  | 'FACTURA_CONSUMIDOR_FINAL'
  | 'CREDITO_FISCAL'
  | 'NOTA_CREDITO'
  | 'NOTA_DEBITO'
  | 'COMPROBANTE_RETENCION'
  | 'SUJETO_EXCLUIDO'
  | 'RETORNO';

/** Record states. PENDIENTE is internal: the document is signed and its MH outcome not yet known. */
export type DocumentEstado = 'PENDIENTE' | 'PROCESSED' | 'REJECTED' | 'CONTINGENCIA' | 'CANCELLED';

export const IssueDte = {
  workflow: 'IssueDteWorkflow',
  /** One workflow per document, so a retry with the same codigoGeneracion joins it. */
  workflowId: (codigoGeneracion: string) => `dte-${codigoGeneracion}`,
  /**
   * Update that answers once the document's MH outcome is persisted (update-with-start): its
   * `DocumentOutcome`, from which the API reads the record.
   */
  outcomeUpdate: 'documentOutcome',
} as const;

/**
 * What the issuance workflow and its steps pass around about a document: its key and estado. The DTE,
 * its JWS and the request stay in the database, so no payload or history grows with a document (MH's
 * largest, 2,000 items of 1,500 characters, is several MB; Temporal refuses payloads over 2 MB).
 */
export interface DocumentOutcome {
  codigoGeneracion: string;
  estado: DocumentEstado;
}

/** Who issues: resolved from the API token. */
export interface Issuer {
  emisorId: number;
  establecimientoId: number;
  puntoVentaId: number;
  tokenId: number;
}

export interface IssueDteInput {
  tipo: DocumentTipo;
  /**
   * The validated request body of the endpoint. Executions started since documents stay out of history
   * have none: the API stored it (collection `issue_requests`, by codigoGeneracion) before starting them.
   */
  request?: unknown;
  /** `testContingencia` of a DTE 01 (ambiente TEST, checked by the API): issue in contingency without asking MH. */
  forzarContingencia?: boolean;
  issuer: Issuer;
  /** Upper-case UUID v4, chosen by the API so the workflow id is known before it starts. */
  codigoGeneracion: string;
  /** codigoGeneracion of the document the request refers to (NC/ND, retorno), already checked by the API. */
  origen?: string;
}

/** `respuestaMh` of the record, as the spec shows it. */
export interface RespuestaMhView {
  estado: 'PROCESSED' | 'RECHAZADO';
  version: number;
  ambiente: string;
  codigoMsg: string;
  versionApp: number;
  clasificaMsg: string;
  observaciones: string[];
  selloRecibido: string | null;
  descripcionMsg: string;
  fhProcesamiento: string;
  codigoGeneracion: string;
}

export interface AnalisisHacienda {
  estadoDocumento: 'PROCESSED' | 'REJECTED';
  aceptadoPorMH: boolean;
  tieneObservaciones: boolean;
  observaciones: string[];
  erroresValidacion: string[];
  mensaje: string;
}

/** The document record of issuance responses, field for field as the spec lists it. */
export interface DocumentRecordView {
  id: number;
  tipo: DocumentTipo;
  codigoGeneracion: string;
  numeroControl: string;
  estado: DocumentEstado;
  ambiente: 'TEST' | 'PROD';
  total: string;
  dteJson: Record<string, unknown>;
  dteFirmado: string;
  selloRecibido: string | null;
  respuestaMh: RespuestaMhView | null;
  dteJsonUrl: string | null;
  dtePdfUrl: string | null;
  sequenceNumber: string;
  sequenceId: number;
  serie: string;
  emisorId: number;
  branchId: number;
  pointOfSaleId: number;
  tokenId: number;
  errorTecnico: string | null;
  createdAt: string;
  analisisHacienda: AnalisisHacienda | null;
}

/** Failure types that carry a `DteError` (code, httpStatus, message, details) from an activity to the API. */
export const DTE_ERROR_FAILURE = 'DteError';
export interface DteErrorDetails {
  code: string;
  httpStatus: number;
  message: string;
  details: Record<string, unknown>;
}

export const ResendDte = { workflow: 'ResendDteWorkflow' } as const;
/** The API resolves `to` (the override or the receptor's address); started by hand, it may be left out. */
export interface ResendDteInput {
  codigoGeneracion: string;
  to?: string;
}

export const InvalidateDte = { workflow: 'InvalidateDteWorkflow' } as const;
export interface InvalidateDteInput {
  /** The document to invalidate, already checked by the API (the emisor's, PROCESSED, within its window). */
  codigoGeneracion: string;
  /** The validated POST /dte/anulacion body. */
  request: unknown;
  issuer: Issuer;
  /** The event's own codigoGeneracion, chosen by the API. */
  eventoCodigoGeneracion: string;
}
export interface InvalidateDteResult {
  aceptado: boolean;
  codigoGeneracion: string;
  estado: DocumentEstado;
  eventoCodigoGeneracion: string;
  selloRecibido: string | null;
  /** Null when MH did not answer (`mhNoDisponible`). */
  respuestaMh: RespuestaMhView | null;
  observaciones: string[];
  /** MH did not answer within the invalidation's retries: nothing changed; the request may be repeated. */
  mhNoDisponible?: true;
}

/**
 * One long-running workflow per emisor (id `contingencia-<emisorId>`) gathers the documents issued in
 * contingency and, once MH answers again, reports them in an Evento de Contingencia and sends them by lote.
 */
export const Contingency = {
  workflow: 'ContingencyWorkflow',
  workflowId: (emisorId: number) => `contingencia-${emisorId}`,
  /** Signal (codigoGeneracion) adding a document issued in contingency. */
  documentoSignal: 'documentoEnContingencia',
  estadoQuery: 'estado',
  /** Signal to a document's IssueDte workflow with MH's verdict on it, which that workflow records and delivers. */
  desenlaceSignal: 'desenlaceContingencia',
  /** Documents one Evento de Contingencia may list (contingencia-schema-v3 `detalleDTE.maxItems`). */
  maxPorEvento: 1000,
  /** Documents one lote may carry (Manual Técnico §3.4). */
  maxPorLote: 100,
} as const;

export interface ContingencyInput {
  emisorId: number;
  /** MH is probed again after `inicialSegundos`, doubling up to `maxSegundos`. */
  sondeo: { inicialSegundos: number; maxSegundos: number };
  /** MH's deadlines: the event within `eventoHoras` of the outage's end, the lotes within `lotesHoras` of the event's sello. */
  plazos: { eventoHoras: number; lotesHoras: number };
  /** The state a previous run handed over when its history grew long (continue-as-new). */
  continuacion?: ContingencyContinuacion;
}

export interface ContingencyContinuacion {
  pendientes: ContingencyEstado['pendientes'];
  /** Epoch milliseconds, as the workflow keeps them. */
  finCorte: number | null;
  selloEvento: number | null;
  ultimoError: string | null;
  /** Documents of the sealed event not yet sent in a lote. */
  porEnviar: string[];
  /** Lotes MH received whose results are not in yet. */
  enviados: { codigoLote: string; codigos: string[] }[];
}

export interface ContingencyEstado {
  pendientes: { codigoGeneracion: string; fase: 'ESPERANDO_MH' | 'EVENTO' | 'LOTE' }[];
  /** When MH answered again (ISO), if it has. */
  finCorte: string | null;
  /** The latest moment the event may reach MH (ISO), once the outage has ended. */
  plazoEvento: string | null;
  /** When MH sealed the current event (ISO). */
  selloEvento: string | null;
  /** The latest moment the lotes may reach MH (ISO), once the event is sealed. */
  plazoLotes: string | null;
  /** A deadline has passed or less than a quarter of its window is left. */
  alerta: boolean;
  ultimoError: string | null;
}

/**
 * A Temporal Schedule (id `scheduleId`) runs this workflow periodically: documents still PENDIENTE whose
 * IssueDte workflow no longer runs (terminated by an operator, failed) have an unknown MH outcome, and
 * consultadte settles those MH accepted. Documents MH does not hold stay PENDIENTE and are reported.
 */
export const SettleOutcomes = {
  workflow: 'SettleOutcomesWorkflow',
  scheduleId: 'settle-unknown-outcomes',
} as const;

export interface SettleOutcomesInput {
  /** Only documents at least this old: younger ones are still in their first exchange with MH. */
  minAgeSeconds: number;
  /** Documents looked at per run; the next run takes the rest. */
  limit: number;
}

export interface SettleOutcomesResult {
  /** Settled as PROCESSED with MH's sello. */
  procesados: string[];
  /** MH does not hold them: they need an operator (see the README's Operations section). */
  desconocidosEnMh: string[];
  /** MH did not answer; the next run asks again. */
  sinRespuesta: string[];
}
