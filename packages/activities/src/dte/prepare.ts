import { puedeEmitirseEnContingencia, type Dte } from '@dte/domain';
import { Context } from '@temporalio/activity';
import type { DocumentEstado, DocumentOutcome, IssueDteInput } from '@dte/contract';
import {
  clavesPendiente,
  construirDocumento,
  dteGuardado,
  solicitudRegistrada,
  type StoredDocumentRecord,
} from '@dte/store';
import type { ActivityDependencies } from '../dependencies';
import { signForEmisor } from '../signing/sign-document';
import { nextCorrelativo } from '../numbering/sequence';

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

/**
 * A document ready for MH: built, numbered, signed and on record (PENDIENTE). What the workflow needs to
 * send it, without the DTE or its JWS, which stay on record.
 */
export interface ReadyDocument {
  prepared: { numeroControl: string; tipoDte: string; version: number; ambiente: string };
  /** MH takes this document issued in contingency (CAT-023 for its kind and version): MH unreachable means issuing it so. */
  admiteContingencia: boolean;
  /** False when the document was already on record (a retry or a replay): it may have been sent since. */
  nuevo: boolean;
  /**
   * MH's verdict on record, when another run recorded it (an earlier run of this document's workflow, or
   * the workflow that settled it after that run was terminated) and so acted on it: a second run (started for
   * its id after the first closed) has nothing left to send or deliver. Not when this run recorded it: its
   * steps are being re-executed after its worker was lost, and what came after the record must still run.
   */
  liquidado?: DocumentOutcome;
}

/** The estados of a document whose issuance is over: MH's verdict is on record and was acted on. */
const LIQUIDADOS: readonly DocumentEstado[] = ['PROCESSED', 'REJECTED', 'CANCELLED'];

/**
 * The outcome another run left on record (see `ReadyDocument.liquidado`). A record whose verdict was saved
 * before runs were recorded with it is not known to be another run's, so its steps go on as before.
 */
function liquidadoPorOtraEjecucion(saved: StoredDocumentRecord | null): { liquidado?: DocumentOutcome } {
  const estado = saved?.estado as DocumentEstado;
  const runId = Context.current().info.workflowExecution?.runId;
  if (!saved?.ejecucionVeredicto || saved.ejecucionVeredicto === runId || !LIQUIDADOS.includes(estado)) return {};
  return { liquidado: { codigoGeneracion: saved._id, estado } };
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
      const pendiente = {
        ...prepared,
        ambiente: prepared.dte.identificacion.ambiente,
        dteJson: prepared.dte,
        dteFirmado: documento,
      };
      const saved = await deps.documents.createPending(input, pendiente);
      if (!saved)
        deps.preparados.guardar(input.codigoGeneracion, {
          dteFirmado: documento,
          claves: clavesPendiente(input, pendiente),
        });
      const dte = saved ? dteGuardado(saved) : prepared.dte;
      return {
        prepared: {
          numeroControl: saved?.numeroControl ?? prepared.numeroControl,
          tipoDte: prepared.tipoDte,
          version: dte.identificacion.version,
          ambiente: prepared.dte.identificacion.ambiente,
        },
        admiteContingencia: puedeEmitirseEnContingencia(dte),
        nuevo: !saved,
        ...liquidadoPorOtraEjecucion(saved),
      };
    },
  };
}

/**
 * Builds the DTE, checked before it is numbered and with its share of its originals' limits taken
 * (`construirDocumento`), then gives it its numeroControl.
 */
async function prepare(deps: ActivityDependencies, input: IssueDteInput): Promise<PreparedDocument> {
  return construir(deps, input, input.request ?? (await storedRequest(deps, input)));
}

/** The request the API stored for this document (see IssueDteInput.request). */
function storedRequest(deps: ActivityDependencies, input: IssueDteInput): Promise<unknown> {
  return solicitudRegistrada(deps.documents, input.issuer.emisorId, input.codigoGeneracion);
}

async function construir(
  deps: ActivityDependencies,
  input: IssueDteInput,
  request: unknown,
): Promise<PreparedDocument> {
  const documento = await construirDocumento(deps, input, request, 'TOMAR');
  // The original lists what refers to it (GET /dte/:codigoGeneracion); a document that goes no further is
  // not on record, and the list skips it.
  for (const origen of documento.codigos) await deps.documents.addReferencia(origen, input.codigoGeneracion);
  const { sequenceId, correlativo } = await nextCorrelativo(
    deps.db,
    {
      emisorId: input.issuer.emisorId,
      establecimientoId: input.issuer.establecimientoId,
      puntoVentaId: input.issuer.puntoVentaId,
      tipoDte: documento.kind.tipoDte,
      ambiente: documento.ambiente,
      year: Number(documento.fecEmi.slice(0, 4)),
    },
    input.codigoGeneracion,
    deps.secuenciador,
  );
  const { numeroControl, dte } = documento.conCorrelativo(correlativo);
  return {
    dte,
    tipoDte: documento.kind.tipoDte,
    version: documento.version,
    numeroControl,
    sequenceId,
    correlativo,
    serie: documento.serie,
    total: documento.kind.total(dte),
    fecEmi: documento.fecEmi,
    receptorCorreo: documento.kind.receptorCorreo(dte),
  };
}
