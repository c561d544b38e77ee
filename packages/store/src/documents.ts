import {
  contraparteDe,
  documentKind,
  fechaDeProcesamiento,
  instanteProcesamientoMh,
  lecturaDeLibros,
  type Dte,
  type DteError,
  type DteTipo,
} from '@dte/domain';
import type { DocumentEstado, IssueDteInput, TransmitOutcome } from '@dte/contract';
import type { Database } from './db/connection';
import { isDuplicateKey } from './db/duplicate-key';
import { appendToLedger, ledgerDelOriginal, ledgerOwners, ledgerSums, voidLedgerTake } from './db/ledger';
import { dteGuardado } from './dte-guardado';
import type { DocumentRecord, IntentoCorreo } from './db/models';
import type { TenantCache } from './db/tenant-cache';
import { comprobarTransicion } from './estado';
import { ListaDocumentos, type EntradaLista, type FiltrosLista } from './lista';
import {
  analisisHacienda,
  REJECTION_PREFIX,
  rejectionMessage,
  respuestaMhView,
  SIN_RESPUESTA_PREFIX,
} from './record-view';
import { documentKeys } from './storage-keys';

const ledgerDeReferencias = (codigoGeneracion: string) => `ref:${codigoGeneracion}`;

/** What a document's entry on its emisor's list is made of. */
const LISTA_FIELDS = [
  'tipo',
  'tipoDte',
  'fecEmi',
  'numeroControl',
  'dteJson',
  'total',
  'ambiente',
  'createdAt',
  'estado',
  'selloRecibido',
  'anulacion',
  'importacion',
] as const;

/** What a transition reads: the estado, the kind, and what the files' keys are made of. */
const KEY_FIELDS = ['estado', 'tipo', 'tipoDte', 'emisorId', 'ambiente', 'fecEmi'] as const;

/** A record's KEY_FIELDS, as a transition reads them. */
export type ClavesDocumento = Pick<StoredDocumentRecord, '_id' | (typeof KEY_FIELDS)[number]>;

/** The KEY_FIELDS of the record `createPending` saves for a document. */
export function clavesPendiente(input: IssueDteInput, doc: PendingDocument): ClavesDocumento {
  return {
    _id: input.codigoGeneracion,
    estado: 'PENDIENTE',
    tipo: input.tipo,
    tipoDte: doc.tipoDte,
    emisorId: input.issuer.emisorId,
    ambiente: doc.ambiente,
    fecEmi: doc.fecEmi,
  };
}

/**
 * A record's `id`, the spec's internal record id: its emisor and its number on the emisor's list, as
 * emisorId × 10⁹ + listaN. Unique because the list number is, and taken with no claim of its own: a global
 * series cost one more insert per document and was the series every process contended for. Records saved
 * before it keep their ids from that series, all below 10⁹; an integer stays exact up to emisor 9,007,198.
 */
const idDelRegistro = (emisorId: number, listaN: number) => emisorId * 1_000_000_000 + listaN;

/** A document as stored, with its key. */
export type StoredDocumentRecord = DocumentRecord & { _id: string };

/** What is saved of a document signed and not yet sent (see `createPending`). */
export interface PendingDocument {
  tipoDte: string;
  numeroControl: string;
  ambiente: string;
  total: string;
  fecEmi: string;
  dteJson: object;
  dteFirmado: string;
  sequenceId: number;
  correlativo: number;
  serie: string;
  receptorCorreo: string | null;
}

/** Where an imported document came from (its record's `importacion`). */
export interface ImportacionDocumento {
  id: string;
  /** The El Salvador date it was imported (YYYY-MM-DD): where the emisor's list holds it. */
  fecha: string;
}

/** A document issued with another provider, verified at MH, as `Documents.importar` records it. */
export interface DocumentoImportado {
  emisorId: number;
  codigoGeneracion: string;
  tipo: string;
  tipoDte: string;
  numeroControl: string;
  ambiente: string;
  total: string;
  fecEmi: string;
  dteJson: object;
  dteFirmado: string;
  selloRecibido: string;
  respuestaMh: object;
  receptorCorreo: string | null;
  /** The token that imported it (0: the admin CLI's operator). */
  tokenId: number;
  importacion: ImportacionDocumento;
}

/** The accepted anulación a CANCELLED document keeps. */
export interface AnulacionRecord {
  codigoGeneracion: string;
  evento: object;
  eventoFirmado: string;
  selloRecibido: string | null;
  fhProcesamiento: string;
  respuestaMh: ReturnType<typeof respuestaMhView>;
}

/** The Evento de Contingencia MH received for a document issued in contingencia. */
export interface EventoContingenciaRecord {
  codigoGeneracion: string;
  selloRecibido: string | null;
  /** MH's dd/MM/yyyy HH:mm:ss. */
  fechaHora: string;
}

/** The El Salvador date MH accepted a document's invalidation, as the books read it (null: none). */
export const anuladoEl = (anulacion: AnulacionRecord | null | undefined) =>
  anulacion?.fhProcesamiento ? fechaDeProcesamiento(anulacion.fhProcesamiento) : null;

/** A document's entry on its emisor's list (see `ListaDocumentos`), from its record. */
function entradaDe(
  doc: Pick<DocumentRecord, (typeof LISTA_FIELDS)[number]> & { _id: string },
): Omit<EntradaLista, '_id'> {
  const contraparte = contraparteDe(dteGuardado(doc));
  return {
    codigoGeneracion: doc._id,
    tipo: doc.tipo,
    fecEmi: doc.fecEmi,
    numeroControl: doc.numeroControl,
    receptorNombre: contraparte.nombre,
    receptor: contraparte.identificadores,
    total: doc.total,
    ambiente: doc.ambiente,
    createdAt: doc.createdAt,
    estado: doc.estado,
    selloRecibido: doc.selloRecibido ?? null,
    libro: { tipoDte: doc.tipoDte, dte: lecturaDeLibros(dteGuardado(doc), doc.tipoDte) },
    anuladoEl: anuladoEl(doc.anulacion as AnulacionRecord | null | undefined),
    ...(doc.importacion ? { fechaLista: (doc.importacion as ImportacionDocumento).fecha } : {}),
  };
}

/**
 * The documents on record, and every change to one. Each reads and writes by `_id` (the
 * codigoGeneracion) alone: FerretDB, the embedded database, pushes down only `_id` equality and reads
 * (and decodes) every document for any other filter, so a second condition such as the emisor is
 * checked on the record read instead of in the filter. Each change checks the estado transition first
 * (`estado.ts`).
 */
export class Documents {
  private readonly lista: ListaDocumentos;

  constructor(
    private readonly db: Database,
    private readonly tenants: TenantCache,
  ) {
    this.lista = new ListaDocumentos(db.connection);
  }

  private get model() {
    return this.db.models.Document;
  }

  /** The record, or null when there is none. `fields` reads only those (and `_id`). */
  async find(codigoGeneracion: string, fields?: readonly string[]): Promise<StoredDocumentRecord | null> {
    const projection = fields && Object.fromEntries(fields.map((f) => [f, 1]));
    return (await this.model.findById(codigoGeneracion, projection).lean()) as StoredDocumentRecord | null;
  }

  /** The record of a document a workflow is working on: its absence is a bug, not an answer. */
  async load(codigoGeneracion: string, fields?: readonly string[]): Promise<StoredDocumentRecord> {
    const doc = await this.find(codigoGeneracion, fields);
    if (!doc) throw new Error(`document ${codigoGeneracion} is not on record`);
    return doc;
  }

  /** The record when it belongs to the emisor; another emisor's document is answered as absent. */
  async findOwn(
    emisorId: number,
    codigoGeneracion: string,
    fields?: readonly string[],
  ): Promise<StoredDocumentRecord | null> {
    const doc = await this.find(codigoGeneracion, fields && [...fields, 'emisorId']);
    return doc && doc.emisorId === emisorId ? doc : null;
  }

  async exists(codigoGeneracion: string): Promise<boolean> {
    return (await this.model.exists({ _id: codigoGeneracion })) !== null;
  }

  /**
   * Saves a signed document as PENDIENTE, so an outcome that is never learned is still on record, and puts
   * it on its emisor's list as it is (PENDIENTE: waiting for MH from the moment it is numbered, issue 52),
   * then answers null; or, when it is already on record (a retry), answers the record as saved (numeroControl
   * and dteJson among it), putting it on the list unless it is there already (its first attempt may have
   * stopped between the two writes). Such a retry leaves a list number, and with it a record id, unused:
   * neither is MH's numbering, and the list skips it. Each change of estado then writes the entry anew
   * (`transicion`). The list never names a document that is not on record: the entry follows the record.
   */
  async createPending(input: IssueDteInput, doc: PendingDocument): Promise<StoredDocumentRecord | null> {
    const { emisorId } = input.issuer;
    const listaN = await this.lista.siguiente(emisorId);
    const creado = await this.insertPending(input, doc, listaN);
    if (creado) {
      await this.lista.escribir(emisorId, listaN, entradaDe(creado));
      return null;
    }
    const saved = await this.load(input.codigoGeneracion, [...LISTA_FIELDS, 'ejecucionVeredicto', 'listaN']);
    if (saved.listaN) await this.lista.escribir(emisorId, saved.listaN, entradaDe(saved));
    return saved;
  }

  /**
   * Puts on the emisor's list the documents saved before the list existed, oldest first, and answers how
   * many. One query on the emisor (a full read on the embedded database), so it is an upgrade step, run
   * before the emisor issues again: documents issued meanwhile would be numbered among the old ones.
   */
  async listarAnteriores(emisorId: number): Promise<number> {
    const anteriores = await this.model
      .find({ emisorId, listaN: null }, Object.fromEntries(LISTA_FIELDS.map((f) => [f, 1])))
      .sort({ createdAt: 1, id: 1 })
      .lean();
    for (const doc of anteriores) {
      const listaN = await this.lista.numero(emisorId, doc._id);
      await this.lista.escribir(emisorId, listaN, entradaDe(doc));
      await this.model.updateOne({ _id: doc._id }, { $set: { listaN } });
    }
    return anteriores.length;
  }

  /** The emisor's documents among `codigos`, as their list entries show them; another's are left out. */
  async entradasDe(emisorId: number, codigos: readonly string[]): Promise<EntradaLista[]> {
    const docs = await Promise.all(codigos.map((c) => this.findOwn(emisorId, c, LISTA_FIELDS)));
    return docs.filter((d) => d !== null).map((d) => ({ _id: d._id, ...entradaDe(d) }));
  }

  /** Puts the emisor's documents listed before the search existed in its index (see `ListaDocumentos`). */
  hacerBuscables(emisorId: number): Promise<number> {
    return this.lista.hacerBuscables(emisorId);
  }

  /** The emisor's documents emitted in a period, oldest first, as they are consumed (see `ListaDocumentos`). */
  periodo(emisorId: number, desde: string, hasta: string) {
    return this.lista.periodo(emisorId, desde, hasta);
  }

  /** A page of the emisor's documents, newest first, from `cursor` (see `ListaDocumentos`). */
  list(emisorId: number, filtros: FiltrosLista, cursor: number | null, limit: number) {
    return this.lista.pagina(emisorId, filtros, cursor, limit);
  }

  /**
   * Records a document issued with another provider (its files already stored where `documentKeys` says)
   * as PROCESSED, on the emisor's list at the date it is imported and under its month. Answers false when the
   * codigoGeneracion is on record already but for this import (issued here, or imported before): nothing is
   * written then. A retry of the same import finds its record and completes what a crash left undone.
   */
  async importar(doc: DocumentoImportado): Promise<boolean> {
    const previo = await this.find(doc.codigoGeneracion, ['importacion']);
    if (previo && (previo.importacion as ImportacionDocumento | null)?.id !== doc.importacion.id) return false;
    const listaN = await this.lista.numero(doc.emisorId, doc.codigoGeneracion);
    const files = await documentKeys(this.tenants, { ...doc, _id: doc.codigoGeneracion });
    let guardado: StoredDocumentRecord;
    try {
      const creado = await this.model.create({
        ...doc,
        _id: doc.codigoGeneracion,
        id: idDelRegistro(doc.emisorId, listaN),
        estado: 'PROCESSED',
        dteJsonUrl: files.json,
        dtePdfUrl: files.pdf,
        // Numbered by the previous provider: in no sequence of this service's.
        sequenceId: 0,
        sequenceNumber: doc.codigoGeneracion,
        serie: doc.numeroControl.slice(7, 15),
        branchId: 0,
        pointOfSaleId: 0,
        listaN,
      });
      guardado = creado.toObject() as StoredDocumentRecord;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // Recorded by this import's attempt a crash cut short, or by another: read as it is.
      const otro = await this.load(doc.codigoGeneracion, LISTA_FIELDS);
      if ((otro.importacion as ImportacionDocumento | null)?.id !== doc.importacion.id) return false;
      guardado = otro;
    }
    // What it used of its originals' limits (a note's credit of its CCF), before it is listed: the documents
    // issued here after it meet them. Taken once (the ledger knows its owner), whatever the retries.
    const deImportado = documentKind(doc.tipo as DteTipo).consumoOrigen?.deImportado;
    for (const [codigo, tomado] of Object.entries(deImportado?.(doc.dteJson as Dte) ?? {}))
      await this.ledgerTake(ledgerDelOriginal(doc.tipoDte, codigo), doc.codigoGeneracion, () => tomado);
    const entrada = entradaDe(guardado);
    await this.lista.escribir(doc.emisorId, listaN, entrada);
    await this.lista.archivarImportado(doc.emisorId, listaN, entrada);
    return true;
  }

  /** The record as saved, or null when the document was on record already. */
  private async insertPending(
    input: IssueDteInput,
    doc: PendingDocument,
    listaN: number,
  ): Promise<StoredDocumentRecord | null> {
    try {
      const creado = await this.model.create({
        ...clavesPendiente(input, doc),
        id: idDelRegistro(input.issuer.emisorId, listaN),
        codigoGeneracion: input.codigoGeneracion,
        numeroControl: doc.numeroControl,
        total: doc.total,
        dteJson: doc.dteJson,
        dteFirmado: doc.dteFirmado,
        sequenceId: doc.sequenceId,
        sequenceNumber: String(doc.correlativo),
        serie: doc.serie,
        branchId: input.issuer.establecimientoId,
        pointOfSaleId: input.issuer.puntoVentaId,
        tokenId: input.issuer.tokenId,
        receptorCorreo: doc.receptorCorreo,
        listaN,
      });
      return creado.toObject() as StoredDocumentRecord;
    } catch (err) {
      if (isDuplicateKey(err) && (await this.exists(input.codigoGeneracion))) return null;
      throw err;
    }
  }

  /**
   * The validated request of an issuance, by the codigoGeneracion it issues, stored by the API before it
   * starts the workflow (the request could exceed Temporal's payload limit). Stored once: a retry with
   * the same Idempotency-Key finds it there. `certificacion` tags a certification campaign's documents.
   */
  async storeRequest(
    codigoGeneracion: string,
    emisorId: number,
    tipo: string,
    request: unknown,
    certificacion: string | null = null,
  ): Promise<void> {
    try {
      await this.db.models.IssueRequest.create({ _id: codigoGeneracion, emisorId, tipo, request, certificacion });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** The stored request of the emisor's issuance, or null. */
  async request(emisorId: number, codigoGeneracion: string): Promise<unknown> {
    const stored = await this.db.models.IssueRequest.findById(codigoGeneracion).lean();
    return stored && stored.emisorId === emisorId ? stored.request : null;
  }

  /** A refused issuance leaves nothing behind: a retry stores its request again. */
  async forgetRequest(codigoGeneracion: string): Promise<void> {
    await this.db.models.IssueRequest.deleteOne({ _id: codigoGeneracion });
  }

  /**
   * Says on the record of a document still waiting for MH why MH's verdict is not known: a transmission ran
   * MH's policy to its end without an answer. The verdict, when it comes, writes `errorTecnico` anew.
   */
  async sinRespuesta(codigoGeneracion: string, motivo: string): Promise<void> {
    await this.model.updateOne(
      { _id: codigoGeneracion },
      { $set: { errorTecnico: `${SIN_RESPUESTA_PREFIX}: ${motivo}` } },
    );
  }

  /**
   * MH's verdict: PROCESSED with its sello and the files' keys, or REJECTED with why. A rejected
   * document never existed for MH, so what it took of its original's limits is given back. `recien` is the
   * record as `createPending` saved it moments ago in this process, when nothing can have changed it since
   * (the issuance's first answer from MH): the record is then not read again.
   */
  async recordOutcome(
    codigoGeneracion: string,
    outcome: Exclude<TransmitOutcome, { result: 'UNREACHABLE' }>,
    recien?: ClavesDocumento,
    ejecucion?: string,
  ): Promise<StoredDocumentRecord> {
    const doc = recien ?? (await this.load(codigoGeneracion, KEY_FIELDS));
    const files = await documentKeys(this.tenants, doc);
    const r = outcome.respuesta;
    const accepted = outcome.result === 'PROCESADO';
    const sellada = accepted && doc.estado === 'CONTINGENCIA' ? await this.versionSellada(codigoGeneracion, r) : {};
    const updated = await this.transicion(doc, accepted ? 'PROCESSED' : 'REJECTED', {
      ...sellada,
      selloRecibido: accepted ? r.selloRecibido : null,
      respuestaMh: respuestaMhView(r),
      analisisHacienda: analisisHacienda(r),
      errorTecnico: accepted ? null : `${REJECTION_PREFIX}: ${rejectionMessage(r)}`,
      dteJsonUrl: accepted ? files.json : null,
      dtePdfUrl: accepted ? files.pdf : null,
      ejecucionVeredicto: ejecucion ?? null,
    });
    if (!accepted && documentKind(doc.tipo as DteTipo).consumoOrigen)
      await voidLedgerTake(this.db.connection, codigoGeneracion);
    return updated;
  }

  /**
   * Which version of a document issued in contingencia MH sealed, as the fields that make it the document.
   * MH keeps the first version of a codigoGeneracion it receives and refuses later ones as duplicates (004),
   * so a sello processed before the contingency version first went out in a lote is the normal send's, which
   * MH received but did not answer in time: that version becomes the document again (its JSON and JWS, hence
   * its PDF, receptor JSON and e-mail), and the contingency version the receptor got meanwhile is kept as
   * provisional. MH's fhProcesamiento has whole seconds, and MH takes minutes to process a lote, so the
   * comparison is made to the second.
   */
  private async versionSellada(codigoGeneracion: string, respuesta: { fhProcesamiento?: string | null }) {
    const doc = await this.load(codigoGeneracion, ['envioNormal', 'loteDesde', 'dteJson', 'dteFirmado']);
    const normal = doc.envioNormal as { dteJson: object; dteFirmado: string } | null;
    if (!normal) return {};
    const procesado = instanteProcesamientoMh(respuesta.fhProcesamiento);
    const lote = doc.loteDesde ? Math.floor(doc.loteDesde.getTime() / 1000) * 1000 : null;
    if (lote !== null && (procesado === null || procesado.getTime() >= lote)) return {};
    return {
      dteJson: normal.dteJson,
      dteFirmado: normal.dteFirmado,
      envioNormal: null,
      versionProvisional: { dteJson: doc.dteJson, dteFirmado: doc.dteFirmado },
    };
  }

  /**
   * The document re-signed as issued in contingencia: CONTINGENCIA, no sello, and the files' keys (the
   * receptor gets the signed document without sello now, Manual Funcional §IX). The normal version is kept:
   * MH may have received it without answering, and then that is the version MH seals.
   */
  async enterContingencia(
    codigoGeneracion: string,
    documento: { dteJson: object; dteFirmado: string },
  ): Promise<StoredDocumentRecord> {
    const doc = await this.load(codigoGeneracion, [...KEY_FIELDS, 'dteJson', 'dteFirmado']);
    const files = await documentKeys(this.tenants, doc);
    return this.transicion(doc, 'CONTINGENCIA', {
      ...documento,
      envioNormal: { dteJson: doc.dteJson, dteFirmado: doc.dteFirmado },
      selloRecibido: null,
      dteJsonUrl: files.json,
      dtePdfUrl: files.pdf,
    });
  }

  /** The contingency versions of these documents go to MH in a lote now: the first time is kept. */
  async marcarEnLote(docs: readonly Pick<StoredDocumentRecord, '_id' | 'loteDesde'>[], en: Date): Promise<void> {
    const nuevos = docs.filter((d) => !d.loteDesde);
    await Promise.all(nuevos.map((d) => this.model.updateOne({ _id: d._id }, { $set: { loteDesde: en } })));
  }

  /** The event MH received listing these documents, kept on each; a retried step writes the same. */
  async anotarEventoContingencia(codigos: readonly string[], evento: EventoContingenciaRecord): Promise<void> {
    await Promise.all(codigos.map((c) => this.model.updateOne({ _id: c }, { $set: { eventoContingencia: evento } })));
  }

  /**
   * An accepted anulación: the document becomes CANCELLED and keeps the event. What an invalidated note or
   * retorno took of its original (credit, quantities) is given back: MH has the wrong note invalidated first
   * so that its replacement can use that balance (Manual Funcional v1.2 §XVIII).
   */
  async cancel(codigoGeneracion: string, anulacion: AnulacionRecord): Promise<StoredDocumentRecord> {
    const doc = await this.load(codigoGeneracion, ['estado', 'tipo']);
    const cancelled = await this.transicion(doc, 'CANCELLED', { anulacion });
    if (documentKind(doc.tipo as DteTipo).consumoOrigen) await voidLedgerTake(this.db.connection, codigoGeneracion);
    return cancelled;
  }

  /**
   * One e-mail attempt, kept for the document whatever its outcome (in `correos`, off the record). The first
   * is inserted: on the embedded database an insert costs half an update (docs/benchmarks.md, runs 16 and
   * 17), and most documents have one attempt. A later one, refused that insert, is appended.
   */
  async appendEmail(
    codigoGeneracion: string,
    email: { to: string; ok: boolean; messageId?: string; error?: string },
  ): Promise<void> {
    const intento = { ...email, at: new Date() };
    try {
      await this.db.models.Correo.create({ _id: codigoGeneracion, intentos: [intento] });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.db.models.Correo.updateOne({ _id: codigoGeneracion }, { $push: { intentos: intento } });
    }
  }

  /** A document's e-mail attempts, oldest first: those its record kept before `correos`, then the others. */
  async emails(doc: Pick<StoredDocumentRecord, '_id' | 'emails'>): Promise<IntentoCorreo[]> {
    return [...(doc.emails ?? []), ...(await this.intentosEnCorreos(doc._id))];
  }

  /** The attempts `correos` keeps of a document, by its codigoGeneracion alone: no read of its record. */
  async intentosEnCorreos(codigoGeneracion: string): Promise<IntentoCorreo[]> {
    const correo = await this.db.models.Correo.findById(codigoGeneracion, { intentos: 1 }).lean();
    return correo?.intentos ?? [];
  }

  /**
   * A document's share of a limit of its original (what remains to credit of a CCF, the quantities a
   * retorno may return), checked and appended under any concurrency (see `appendToLedger`).
   */
  ledgerTake(ledger: string, owner: string, take: Parameters<typeof appendToLedger>[3]) {
    return appendToLedger(this.db.connection, ledger, owner, take);
  }

  /** What the documents before took of a limit of an original, taking nothing (see `ledgerSums`). */
  ledgerSums(ledger: string): Promise<Record<string, string>> {
    return ledgerSums(this.db.connection, ledger);
  }

  /** Gives back a document's takes, refused after it took from some originals' ledgers (see ledger.ts). */
  voidLedgerTake(owner: string, refusal: DteError): Promise<void> {
    return voidLedgerTake(this.db.connection, owner, refusal);
  }

  /**
   * Notes (NC/ND) and retornos name the document they refer to here when they are issued, so the
   * document can list them without a query on another field (see the class's comment). Idempotent.
   */
  async addReferencia(origen: string, codigoGeneracion: string): Promise<void> {
    await appendToLedger(this.db.connection, ledgerDeReferencias(origen), codigoGeneracion, () => ({}));
  }

  /** The documents issued referring to this one, in the order they were issued (those on record). */
  async referencias(codigoGeneracion: string): Promise<StoredDocumentRecord[]> {
    const codigos = await ledgerOwners(this.db.connection, ledgerDeReferencias(codigoGeneracion));
    const docs = await Promise.all(codigos.map((c) => this.find(c, ['tipo', 'numeroControl', 'estado', 'fecEmi'])));
    return docs.filter((d) => d !== null);
  }

  /**
   * Records the document, read just before, as `estado` with `set` if its estado leads there
   * (`estado.ts`), and writes its entry on the list whole from the record as it now is (its first change
   * writes it: `createPending`). The update filters on `_id` alone:
   * FerretDB reads the whole collection for a filter with anything else (a conditional update on the
   * estado took 40 ms at 3,000 documents, against 2 ms), so the check is the read's.
   */
  private async transicion(
    doc: { _id: string; estado: string },
    estado: DocumentEstado,
    set: Record<string, unknown>,
  ): Promise<StoredDocumentRecord> {
    comprobarTransicion(doc._id, doc.estado as DocumentEstado, estado);
    const updated = await this.model
      .findOneAndUpdate({ _id: doc._id }, { $set: { ...set, estado } }, { new: true })
      .lean();
    if (!updated) throw new Error(`document ${doc._id} vanished while being updated`);
    if (updated.listaN) await this.lista.reemplazar(updated.emisorId, updated.listaN, entradaDe(updated));
    return updated as StoredDocumentRecord;
  }
}
