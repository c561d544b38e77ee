import { ambienteName, type AmbienteCode, type DteTipo } from '@dte/domain';
import type { DocumentEstado, RespuestaMh, RespuestaMhView } from '@dte/contract';
import type { DocumentRecord, IntentoCorreo } from './db/models';
import { jsonGuardado } from './dte-guardado';
import type { EntradaLista } from './lista';

export interface AnalisisHacienda {
  estadoDocumento: 'PROCESSED' | 'REJECTED';
  aceptadoPorMH: boolean;
  tieneObservaciones: boolean;
  observaciones: string[];
  erroresValidacion: string[];
  mensaje: string;
}

/** The document record of the API's answers, field for field as the spec lists it. */
export interface DocumentRecordView {
  id: number;
  tipo: DteTipo;
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

/** The prefix of `errorTecnico` on a rejection: the authority refused the document, then why. */
export const REJECTION_PREFIX = 'Documento rechazado por el Ministerio de Hacienda';

/** The prefix of `errorTecnico` while a document waits: a transmission ended without MH's answer, then why. */
export const SIN_RESPUESTA_PREFIX = 'Sin respuesta del Ministerio de Hacienda';

/**
 * MH's answer as the record shows it: MH's PROCESADO reads PROCESSED (and so does consultadte's
 * INVALIDADO, the answer that a document's invalidation is done); RECHAZADO stays as MH says it.
 */
export function respuestaMhView(r: RespuestaMh): RespuestaMhView {
  return {
    estado: r.estado === 'PROCESADO' || r.estado === 'INVALIDADO' ? 'PROCESSED' : 'RECHAZADO',
    version: r.version,
    ambiente: r.ambiente,
    codigoMsg: r.codigoMsg,
    versionApp: r.versionApp,
    clasificaMsg: r.clasificaMsg,
    observaciones: r.observaciones ?? [],
    selloRecibido: r.selloRecibido ?? null,
    descripcionMsg: r.descripcionMsg,
    fhProcesamiento: r.fhProcesamiento,
    codigoGeneracion: r.codigoGeneracion,
  };
}

/** MH's description, then each observación that adds to it (MH often repeats the description there). */
export function rejectionMessage(r: RespuestaMh): string {
  const extra = (r.observaciones ?? []).filter((o) => o !== r.descripcionMsg);
  return extra.length ? `${r.descripcionMsg} (${extra.join('; ')})` : r.descripcionMsg;
}

export function analisisHacienda(r: RespuestaMh): AnalisisHacienda {
  const accepted = r.estado === 'PROCESADO';
  const observaciones = r.observaciones ?? [];
  return {
    estadoDocumento: accepted ? 'PROCESSED' : 'REJECTED',
    aceptadoPorMH: accepted,
    tieneObservaciones: observaciones.length > 0,
    observaciones,
    erroresValidacion: accepted ? [] : [rejectionMessage(r)],
    mensaje: accepted ? `Documento recibido por el Ministerio de Hacienda: ${r.descripcionMsg}` : rejectionMessage(r),
  };
}

/** The stored fields a view needs: those of the record the view shows, and when it was created. */
export type StoredDocument = Pick<
  DocumentRecord,
  Exclude<keyof DocumentRecordView, 'createdAt' | 'tipo' | 'estado' | 'ambiente' | 'dteJson'> & keyof DocumentRecord
> & { tipo: string; estado: string; ambiente: string; dteJson: unknown; createdAt?: Date | string | null };

export function documentView(d: StoredDocument): DocumentRecordView {
  return {
    id: d.id,
    tipo: d.tipo as DteTipo,
    codigoGeneracion: d.codigoGeneracion,
    numeroControl: d.numeroControl,
    estado: d.estado as DocumentEstado,
    ambiente: ambienteName[d.ambiente as AmbienteCode],
    total: d.total,
    dteJson: jsonGuardado(d),
    dteFirmado: d.dteFirmado,
    selloRecibido: d.selloRecibido ?? null,
    respuestaMh: (d.respuestaMh as RespuestaMhView | null) ?? null,
    dteJsonUrl: d.dteJsonUrl ?? null,
    dtePdfUrl: d.dtePdfUrl ?? null,
    sequenceNumber: d.sequenceNumber,
    sequenceId: d.sequenceId,
    serie: d.serie,
    emisorId: d.emisorId,
    branchId: d.branchId,
    pointOfSaleId: d.pointOfSaleId,
    tokenId: d.tokenId,
    errorTecnico: d.errorTecnico ?? null,
    createdAt: new Date(d.createdAt ?? Date.now()).toISOString(),
    analisisHacienda: (d.analisisHacienda as AnalisisHacienda | null) ?? null,
  };
}

/**
 * The "Archivo DTE" MH says the receptor gets (Manual Funcional §XXIII): the DTE with `firmaElectronica`
 * and `selloRecibido` appended. The same bytes are stored, e-mailed and served by the API.
 */
export function archivoDte(doc: Pick<DocumentRecord, 'dteJson' | 'dteFirmado' | 'selloRecibido'>): Buffer {
  return Buffer.from(
    JSON.stringify(
      { ...jsonGuardado(doc), firmaElectronica: doc.dteFirmado, selloRecibido: doc.selloRecibido ?? null },
      null,
      2,
    ),
  );
}

/** An accepted anulación as a document's history shows it. */
export interface AnulacionView {
  codigoGeneracion: string;
  selloRecibido: string | null;
  /** MH's fhProcesamiento of the event (dd/MM/yyyy HH:mm:ss, El Salvador). */
  fhProcesamiento: string;
}

/** One e-mail attempt, the address masked: the history is shown to whoever holds a token of the emisor. */
export interface CorreoView {
  para: string;
  fecha: string;
  enviado: boolean;
  error: string | null;
}

/** A document issued referring to this one (a note, a retorno). */
export interface RelacionadoView {
  codigoGeneracion: string;
  tipo: DteTipo;
  numeroControl: string;
  estado: DocumentEstado;
  fecEmi: string;
}

/** GET /dte/:codigoGeneracion: the record as it stands now, and what happened to the document. */
export interface DocumentDetailView extends DocumentRecordView {
  /** See `esperaSegundos`. */
  esperaSegundos: number | null;
  anulacion: AnulacionView | null;
  /** A document issued with another provider and imported: the import, and the date it was imported. */
  importacion: { id: string; fecha: string } | null;
  correos: CorreoView[];
  relacionados: RelacionadoView[];
}

/**
 * How long a PENDIENTE document has waited for MH's verdict, in whole seconds at `ahora`: since it was numbered
 * and saved, the moment it is listed. Null in any other estado.
 */
export function esperaSegundos(estado: string, createdAt: Date | string | null | undefined, ahora = Date.now()) {
  if (estado !== 'PENDIENTE' || !createdAt) return null;
  return Math.max(0, Math.floor((ahora - new Date(createdAt).getTime()) / 1000));
}

/** `juan.perez@example.com` → `j***@example.com`. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '***' : `${address[0]}***${address.slice(at)}`;
}

export function documentDetailView(
  d: StoredDocument & Pick<DocumentRecord, 'anulacion' | 'importacion'>,
  relacionados: readonly (Pick<DocumentRecord, 'tipo' | 'numeroControl' | 'estado' | 'fecEmi'> & { _id: string })[],
  emails: readonly IntentoCorreo[],
): DocumentDetailView {
  const anulacion = d.anulacion as {
    codigoGeneracion: string;
    selloRecibido: string | null;
    fhProcesamiento: string;
  } | null;
  return {
    ...documentView(d),
    esperaSegundos: esperaSegundos(d.estado, d.createdAt),
    anulacion: anulacion && {
      codigoGeneracion: anulacion.codigoGeneracion,
      selloRecibido: anulacion.selloRecibido ?? null,
      fhProcesamiento: anulacion.fhProcesamiento,
    },
    importacion: d.importacion ? { ...(d.importacion as { id: string; fecha: string }) } : null,
    correos: emails.map((e) => ({
      para: maskEmail(e.to ?? ''),
      fecha: new Date(e.at ?? 0).toISOString(),
      enviado: e.ok === true,
      error: e.ok ? null : (e.error ?? null),
    })),
    relacionados: relacionados.map((r) => ({
      codigoGeneracion: r._id,
      tipo: r.tipo as DteTipo,
      numeroControl: r.numeroControl,
      estado: r.estado as DocumentEstado,
      fecEmi: r.fecEmi,
    })),
  };
}

/** One document of GET /dte: enough to find it and see where it stands. */
export interface DocumentSummaryView {
  codigoGeneracion: string;
  tipo: DteTipo;
  numeroControl: string;
  estado: DocumentEstado;
  fecEmi: string;
  total: string;
  ambiente: 'TEST' | 'PROD';
  selloRecibido: string | null;
  receptor: { nombre: string | null; identificadores: string[] };
  createdAt: string;
  /** See `esperaSegundos`. */
  esperaSegundos: number | null;
}

export function documentSummaryView(entrada: EntradaLista): DocumentSummaryView {
  return {
    codigoGeneracion: entrada.codigoGeneracion,
    tipo: entrada.tipo as DteTipo,
    numeroControl: entrada.numeroControl,
    estado: entrada.estado as DocumentEstado,
    fecEmi: entrada.fecEmi,
    total: entrada.total,
    ambiente: ambienteName[entrada.ambiente as AmbienteCode],
    selloRecibido: entrada.selloRecibido,
    receptor: { nombre: entrada.receptorNombre, identificadores: entrada.receptor },
    createdAt: new Date(entrada.createdAt).toISOString(),
    esperaSegundos: esperaSegundos(entrada.estado, entrada.createdAt),
  };
}
