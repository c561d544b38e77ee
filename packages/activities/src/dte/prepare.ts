import {
  buildDocument,
  documentKind,
  DteError,
  elSalvadorNow,
  ErrorCode,
  formatNumeroControl,
  generacionEn,
  puedeEmitirseEnContingencia,
  serie,
  versionEn,
  type ConsumoOrigen,
  type Dte,
  type DocumentKind,
  type DteTipo,
  type OriginDocument,
} from '@dte/domain';
import { Context } from '@temporalio/activity';
import type { DocumentEstado, DocumentOutcome, IssueDteInput } from '@dte/contract';
import {
  clavesPendiente,
  comprobarEnsayoContingencia,
  dteGuardado,
  loadIssuer,
  normativaDelEmisor,
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

/** The stored document that a NC/ND or a retorno refers to, in the shape builders take. */
export async function loadOrigin(
  deps: ActivityDependencies,
  emisorId: number,
  codigoGeneracion: string,
): Promise<OriginDocument> {
  const doc = await deps.documents.findOwn(emisorId, codigoGeneracion);
  if (!doc) throw new Error(`origin ${codigoGeneracion} vanished after the API checked it`);
  return { estado: doc.estado, dte: dteGuardado(doc), selloRecibido: doc.selloRecibido ?? null };
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
 * Takes the document's share of each original's limit, one ledger after the other in the order given (the
 * same for every document, so two documents on the same originals meet in the same ledger first). Each take
 * builds the document against what is known then: the earlier takes of that ledger and this document's
 * takes of the ledgers before it (its own ledger checks each later one). A refusal after a first take gives
 * this document's takes back and is kept with them, so a retry of the same document is refused the same
 * way instead of counting them again. Answers the originals as their ledgers stood before this document.
 */
async function tomarDeOriginales(
  deps: ActivityDependencies,
  kind: DocumentKind & { consumoOrigen: ConsumoOrigen },
  owner: string,
  request: unknown,
  origenes: readonly OriginDocument[],
  build: (originales: OriginDocument[]) => Dte,
): Promise<OriginDocument[]> {
  const { consumoOrigen } = kind;
  const originales = [...origenes];
  for (const [i, origin] of origenes.entries()) {
    const codigo = origin.dte.identificacion.codigoGeneracion;
    try {
      const earlier = await deps.documents.ledgerTake(`${kind.tipoDte}:${codigo}`, owner, (previas) => {
        const conPrevias = originales.map((o, j) => (j === i ? consumoOrigen.original(origin, previas) : o));
        return consumoOrigen.de(build(conPrevias), request)[codigo] ?? {};
      });
      originales[i] = consumoOrigen.original(origin, earlier);
    } catch (err) {
      if (i > 0 && err instanceof DteError) await deps.documents.voidLedgerTake(owner, err);
      throw err;
    }
  }
  return originales;
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
  const tipo = input.tipo as DteTipo;
  const kind = documentKind(tipo);
  const { emisor, emisorDte, ambiente } = await loadIssuer(deps.tenants, input.issuer);
  // As the API checks it, for an issuance started by hand from the Temporal UI.
  if (input.forzarContingencia ?? input.request?.testContingencia === true) comprobarEnsayoContingencia(ambiente);
  // In a fixed order, so concurrent documents take the originals' ledgers in the same order.
  const codigos = [...(input.origenes ?? (input.origen ? [input.origen] : []))].sort();
  const origenes = await Promise.all(codigos.map((c) => loadOrigin(deps, input.issuer.emisorId, c)));
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
  let originales = origenes;
  try {
    if (kind.consumoOrigen && origenes.length) {
      originales = await tomarDeOriginales(
        deps,
        { ...kind, consumoOrigen: kind.consumoOrigen },
        input.codigoGeneracion,
        request,
        origenes,
        (o) => buildDocument(tipo, version, borrador, request, o),
      );
    } else {
      buildDocument(tipo, version, borrador, request, origenes);
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
  // The original lists what refers to it (GET /dte/:codigoGeneracion); a document that goes no further is
  // not on record, and the list skips it.
  for (const origen of codigos) await deps.documents.addReferencia(origen, input.codigoGeneracion);
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
    deps.secuenciador,
  );
  const numeroControl = formatNumeroControl(kind.tipoDte, codEstable, codPuntoVenta, correlativo);
  const dte = buildDocument(tipo, version, ctx(numeroControl), request, originales);
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
