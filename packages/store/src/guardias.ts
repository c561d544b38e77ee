import {
  checkPlazoAnulacion,
  checkReemplazo,
  DteError,
  ErrorCode,
  generacionEn,
  plazosConfigurados,
  validationError,
  type AnulacionRequest,
  type Papel,
} from '@dte/domain';
import type { Config } from '@dte/config';
import type { Documents, StoredDocumentRecord } from './documents';
import { normativaDelEmisor } from './issuer';

/**
 * The checks every door that acts on a document makes before acting: the API's routes and the workflows
 * an operator may start by hand from the Temporal UI (whose activities run them first), so both refuse
 * the same thing with the same `DteError`.
 */

export function documentoNoEncontrado(codigoGeneracion: string): DteError {
  return new DteError(
    ErrorCode.DOCUMENT_NOT_FOUND,
    404,
    `No existe un documento con codigoGeneracion ${codigoGeneracion}`,
    { codigoGeneracion },
  );
}

/** A document of the emisor; another emisor's document is answered exactly like an unknown one. */
export async function documentoPropio(
  documents: Documents,
  emisorId: number,
  codigoGeneracion: string,
  fields?: readonly string[],
): Promise<StoredDocumentRecord> {
  const doc = await documents.findOwn(emisorId, codigoGeneracion.toUpperCase(), fields);
  if (!doc) throw documentoNoEncontrado(codigoGeneracion);
  return doc;
}

/** CANCELLED is stored and returned; ANULADO is the spec's other spelling of the same state. */
const CANCELLED = new Set(['CANCELLED', 'ANULADO']);

function notProcessed(codigoGeneracion: string, estado: string, field: string): DteError {
  return new DteError(
    ErrorCode.DOCUMENT_NOT_PROCESSED,
    400,
    `El documento ${codigoGeneracion} está ${estado}, no PROCESSED`,
    { codigoGeneracion, estado, field },
  );
}

/** Estados of a related document that MH holds, or may yet hold (it is still on its way there). */
const VIGENTES = new Set(['PROCESSED', 'CONTINGENCIA', 'PENDIENTE']);

/**
 * Whether the emisor's document may be invalidated as requested, before MH is asked: not already
 * CANCELLED (409), PROCESSED (400), within its kind's window, with the replacement MH requires, itself
 * PROCESSED, and no related document in force. MH refuses to invalidate a CCF whose notes, or a Factura
 * whose retorno, are in force (028 DTE ESTA RELACIONADO CON OTRO DTE; Manual Funcional v1.2 §XVIII):
 * they are invalidated first (409 DOCUMENT_HAS_RELATED). MH judges the event by the rules of its
 * generation: the emisor's at `ahora`.
 */
export async function comprobarAnulacion(
  documents: Documents,
  config: Config,
  emisorId: number,
  emisor: Parameters<typeof normativaDelEmisor>[0],
  original: Pick<StoredDocumentRecord, 'estado' | 'tipoDte' | 'createdAt'>,
  request: AnulacionRequest,
  ahora: Date,
): Promise<void> {
  const { codigoGeneracion } = request;
  if (CANCELLED.has(original.estado)) {
    throw new DteError(ErrorCode.DOCUMENT_ALREADY_CANCELLED, 409, `El documento ${codigoGeneracion} ya está anulado`, {
      codigoGeneracion,
    });
  }
  if (original.estado !== 'PROCESSED') throw notProcessed(codigoGeneracion, original.estado, 'codigoGeneracion');
  const generacion = generacionEn(normativaDelEmisor(emisor, config), ahora);
  checkPlazoAnulacion(original.tipoDte, generacion, new Date(original.createdAt), ahora, plazosConfigurados(config));
  checkReemplazo(original.tipoDte, generacion, request.motivo.tipoAnulacion, request.codigoGeneracionR);
  if (request.codigoGeneracionR) {
    const reemplazo = await documentoPropio(documents, emisorId, request.codigoGeneracionR, ['estado']);
    if (reemplazo.estado !== 'PROCESSED')
      throw notProcessed(request.codigoGeneracionR, reemplazo.estado, 'codigoGeneracionR');
  }
  const vigentes = (await documents.referencias(codigoGeneracion)).filter((r) => VIGENTES.has(r.estado));
  if (vigentes.length)
    throw new DteError(
      ErrorCode.DOCUMENT_HAS_RELATED,
      409,
      `El documento ${codigoGeneracion} tiene documentos relacionados vigentes: anúlelos primero`,
      { relacionados: vigentes.map((r) => ({ codigoGeneracion: r._id, tipo: r.tipo, estado: r.estado })) },
    );
}

/**
 * The PDF's key of a document that has one: only accepted (and contingency, and invalidated) documents
 * are printed (409 PDF_NOT_AVAILABLE otherwise). A ticket (`papel`) is kept beside it, under a key of its own
 * (`<codigoGeneracion>.ticket80.PROCESSED.pdf`).
 */
export function pdfDelDocumento(
  doc: Pick<StoredDocumentRecord, 'dtePdfUrl' | 'estado'>,
  papel: Papel = 'carta',
): string {
  if (!doc.dtePdfUrl)
    throw new DteError(
      ErrorCode.PDF_NOT_AVAILABLE,
      409,
      `El documento está ${doc.estado}: solo los documentos aceptados tienen PDF`,
      { estado: doc.estado },
    );
  // A ticket's key names the estado it shows: a document sealed after its contingency, or invalidated, has
  // new tickets (rendered when asked for), while its Letter PDF is stored again by the step that changed it.
  return papel === 'carta' ? doc.dtePdfUrl : doc.dtePdfUrl.replace(/(\.pdf)?$/, `.${papel}.${doc.estado}.pdf`);
}

/**
 * `testContingencia` rehearses a contingency without an outage: in ambiente PROD it would be a false
 * report to MH, so it is refused there (400, on the field).
 */
export function comprobarEnsayoContingencia(ambiente: string | undefined): void {
  if (ambiente !== '00')
    throw validationError('testContingencia solo se admite en ambiente TEST', [
      { field: 'testContingencia', message: 'El emisor opera en ambiente PROD' },
    ]);
}

/**
 * The request the API stored before starting the issuance (collection `issue_requests`). None means the
 * workflow was not started by the API (by hand, from the Temporal UI): refused, as there is nothing the
 * API validated to build.
 */
export async function solicitudRegistrada(
  documents: Documents,
  emisorId: number,
  codigoGeneracion: string,
): Promise<unknown> {
  const request = await documents.request(emisorId, codigoGeneracion);
  if (request === null)
    throw validationError(`La solicitud del documento ${codigoGeneracion} no está registrada`, [
      { field: 'request', message: 'Los documentos se emiten por la API (POST /dte/…), que valida la solicitud' },
    ]);
  return request;
}
