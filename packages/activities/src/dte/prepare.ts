import {
  buildDocument,
  documentKind,
  DteError,
  ErrorCode,
  formatNumeroControl,
  generacionEn,
  serie,
  versionEn,
  type Dte,
  type DteTipo,
  type OriginDocument,
} from '@dte/domain';
import { DTE_ERROR_FAILURE, type DteErrorDetails, type IssueDteInput } from '@dte/domain/workflow-contract';
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityDependencies } from '../dependencies';
import { appendToLedger, takeNext } from '../db';
import { signForEmisor } from '../signing/sign-document';
import { nextCorrelativo } from '../numbering/sequence';
import { elSalvadorNow, loadIssuer, normativaDelEmisor } from './issuer';

export interface PreparedDocument {
  dte: Dte;
  tipoDte: string;
  /** MH's schema version, of the generation in force at the document's emission. */
  version: number;
  numeroControl: string;
  sequenceId: number;
  correlativo: number;
  serie: string;
  total: string;
  fecEmi: string;
  receptorCorreo: string | null;
}

/** A refusal the API must answer as a 4xx: carried across Temporal as a non-retryable failure. */
export function dteFailure(err: DteError): ApplicationFailure {
  const details: DteErrorDetails = {
    code: err.code,
    httpStatus: err.httpStatus,
    message: err.message,
    details: err.details,
  };
  return ApplicationFailure.nonRetryable(err.message, DTE_ERROR_FAILURE, details);
}

/** The stored document that a NC/ND or a retorno refers to, in the shape builders take. */
export async function loadOrigin(
  deps: ActivityDependencies,
  emisorId: number,
  codigoGeneracion: string,
): Promise<OriginDocument> {
  // By `_id` alone, the one filter FerretDB pushes down; the emisor is checked here.
  const doc = await deps.db.models.Document.findById(codigoGeneracion).lean();
  if (!doc || doc.emisorId !== emisorId)
    throw new Error(`origin ${codigoGeneracion} vanished after the API checked it`);
  return { estado: doc.estado, dte: doc.dteJson as Dte, selloRecibido: doc.selloRecibido ?? null };
}

/**
 * A document ready for MH: built, numbered, signed and on record (PENDIENTE). What the workflow needs to
 * send it, without the DTE or its JWS, which stay on record.
 */
export interface ReadyDocument {
  prepared: { numeroControl: string; tipoDte: string; version: number; ambiente: string };
  /** False when the document was already on record (a retry or a replay): it may have been sent since. */
  nuevo: boolean;
}

export function createPrepareActivities(deps: ActivityDependencies) {
  return {
    /**
     * Everything before MH as one step: build and number the DTE, sign it, and save it PENDIENTE, so an
     * outcome that is never learned is still on record. Each part is idempotent on codigoGeneracion
     * (the correlativo and the ledger take are the first attempt's), and a document already on record
     * is answered as it was saved, so a retry never sends a copy that differs from the record.
     */
    async prepareDocument(input: IssueDteInput): Promise<ReadyDocument> {
      const prepared = await prepare(deps, input);
      const documento = await signForEmisor(deps, input.issuer.emisorId, prepared.dte);
      const nuevo = await saveSigned(deps, input, prepared, documento);
      const saved = nuevo ? null : (await deps.db.models.Document.findById(input.codigoGeneracion).lean())!;
      return {
        prepared: {
          numeroControl: saved?.numeroControl ?? prepared.numeroControl,
          tipoDte: prepared.tipoDte,
          version: (saved ? (saved.dteJson as Dte) : prepared.dte).identificacion.version,
          ambiente: prepared.dte.identificacion.ambiente,
        },
        nuevo,
      };
    },
  };
}

/**
 * Builds the DTE and gives it its numeroControl. The document is first built with a placeholder
 * number, so a request MH's schema would refuse consumes no correlativo and writes nothing. A
 * document sharing a limit of its original (credit, returned quantities) takes its share in the
 * original's ledger before it is numbered, so an over-credit or over-return consumes no correlativo.
 * Its emission instant gives both its fecEmi/horEmi and its generation of MH's schemas (the emisor's
 * cut-over), so a document is never dated on one side of the cut-over and built on the other.
 */
async function prepare(deps: ActivityDependencies, input: IssueDteInput): Promise<PreparedDocument> {
  try {
    return await construir(deps, { ...input, request: input.request ?? (await storedRequest(deps, input)) });
  } catch (err) {
    // A refusal, also one found after the API answered (the issuer deactivated since), is final.
    if (err instanceof DteError) throw dteFailure(err);
    throw err;
  }
}

/** The request the API stored for this document (see IssueDteInput.request). */
async function storedRequest(deps: ActivityDependencies, input: IssueDteInput): Promise<unknown> {
  const stored = await deps.db.models.IssueRequest.findById(input.codigoGeneracion).lean();
  if (!stored || stored.emisorId !== input.issuer.emisorId)
    throw new Error(`the request of ${input.codigoGeneracion} is not on record`);
  return stored.request;
}

async function construir(deps: ActivityDependencies, input: IssueDteInput): Promise<PreparedDocument> {
  const tipo = input.tipo as DteTipo;
  const kind = documentKind(tipo);
  const { emisor, emisorDte, ambiente } = await loadIssuer(deps.tenants, input.issuer);
  const origin = input.origen ? await loadOrigin(deps, input.issuer.emisorId, input.origen) : undefined;
  const emision = new Date();
  const { fecEmi, horEmi } = elSalvadorNow(emision);
  const generacion = generacionEn(normativaDelEmisor(emisor, deps.config), emision);
  const version = versionEn(tipo, generacion);
  const ctx = (numeroControl: string) => ({
    ambiente,
    codigoGeneracion: input.codigoGeneracion,
    numeroControl,
    fecEmi,
    horEmi,
    emisor: emisorDte,
  });
  const codEstable = emisorDte.codEstable!;
  const codPuntoVenta = emisorDte.codPuntoVenta!;
  const borrador = ctx(formatNumeroControl(kind.tipoDte, codEstable, codPuntoVenta, 1));
  let original = origin;
  try {
    if (kind.consumoOrigen && origin) {
      // The take builds (and so validates) the document against the earlier takes; a refusal writes nothing.
      const { consumoOrigen } = kind;
      const tomado = await appendToLedger(
        deps.db.connection,
        `${kind.tipoDte}:${input.origen}`,
        input.codigoGeneracion,
        (earlier) =>
          consumoOrigen.de(
            buildDocument(tipo, version, borrador, input.request, consumoOrigen.original(origin, earlier)),
            input.request,
          ),
      );
      original = consumoOrigen.original(origin, tomado);
    } else {
      buildDocument(tipo, version, borrador, input.request, origin);
    }
  } catch (err) {
    if (err instanceof DteError) throw err;
    // Building is a pure function of the request: what fails now fails on every retry. The request's
    // validation should have refused it first, so this is a fault of the service, reported, never retried.
    throw new DteError(
      ErrorCode.INTERNAL_ERROR,
      500,
      `El documento no pudo construirse: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const { sequenceId, correlativo } = await nextCorrelativo(
    deps.db,
    {
      emisorId: input.issuer.emisorId,
      establecimientoId: input.issuer.establecimientoId,
      puntoVentaId: input.issuer.puntoVentaId,
      tipoDte: kind.tipoDte,
      ambiente,
      year: Number(fecEmi.slice(0, 4)),
    },
    input.codigoGeneracion,
  );
  const numeroControl = formatNumeroControl(kind.tipoDte, codEstable, codPuntoVenta, correlativo);
  const dte = buildDocument(tipo, version, ctx(numeroControl), input.request, original);
  return {
    dte,
    tipoDte: kind.tipoDte,
    version,
    numeroControl,
    sequenceId,
    correlativo,
    serie: serie(codPuntoVenta),
    total: kind.total(dte),
    fecEmi,
    receptorCorreo: kind.receptorCorreo(dte),
  };
}

/**
 * Saves the signed document (estado PENDIENTE); false when it is already on record (the insert is
 * refused). Such a retry leaves a gap in the record ids, which are not MH's numbering.
 */
async function saveSigned(
  deps: ActivityDependencies,
  input: IssueDteInput,
  prepared: PreparedDocument,
  dteFirmado: string,
): Promise<boolean> {
  const { Document } = deps.db.models;
  try {
    await Document.create({
      _id: input.codigoGeneracion,
      id: await takeNext(deps.db.connection, 'document'),
      tipo: input.tipo,
      tipoDte: prepared.tipoDte,
      codigoGeneracion: input.codigoGeneracion,
      numeroControl: prepared.numeroControl,
      estado: 'PENDIENTE',
      ambiente: prepared.dte.identificacion.ambiente,
      total: prepared.total,
      fecEmi: prepared.fecEmi,
      dteJson: prepared.dte,
      dteFirmado,
      sequenceId: prepared.sequenceId,
      sequenceNumber: String(prepared.correlativo),
      serie: prepared.serie,
      emisorId: input.issuer.emisorId,
      branchId: input.issuer.establecimientoId,
      pointOfSaleId: input.issuer.puntoVentaId,
      tokenId: input.issuer.tokenId,
      receptorCorreo: prepared.receptorCorreo,
    });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000 || !(await Document.exists({ _id: input.codigoGeneracion })))
      throw err;
    return false;
  }
  return true;
}
