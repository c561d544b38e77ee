import {
  buildDocument,
  documentKind,
  DteError,
  elSalvadorNow,
  ErrorCode,
  formatNumeroControl,
  generacionEn,
  serie,
  versionEn,
  type AmbienteCode,
  type ConsumoOrigen,
  type Dte,
  type DocumentKind,
  type DteTipo,
  type Generacion,
  type OriginDocument,
} from '@dte/domain';
import type { Config } from '@dte/config';
import type { IssueDteInput } from '@dte/contract';
import type { TenantCache } from './db/tenant-cache';
import { ledgerDelOriginal } from './db/ledger';
import type { Documents } from './documents';
import { dteGuardado } from './dte-guardado';
import { comprobarEnsayoContingencia } from './guardias';
import { loadIssuer, normativaDelEmisor } from './issuer';

/**
 * Building a document from its request, as issuance does before numbering it and as the preview shows it:
 * one function for both, so the preview is the document the service would send.
 */

/** What building a document reads: its issuer, its originals and their ledgers, the service's cut-over. */
export interface FuentesDelDocumento {
  tenants: TenantCache;
  documents: Documents;
  config: Pick<Config, 'NORMATIVA_2026_DESDE'>;
}

/**
 * How a document meets the limits it shares with its originals (`ConsumoOrigen`): issuance takes its share
 * of each original's ledger (TOMAR); a preview reads the ledgers as they stand and takes nothing (LEER).
 */
export type Limites = 'TOMAR' | 'LEER';

/** A document built and checked, not numbered yet. */
export interface DocumentoConstruido {
  kind: DocumentKind;
  generacion: Generacion;
  /** MH's schema version, of the generation in force at the document's emission. */
  version: number;
  ambiente: AmbienteCode;
  fecEmi: string;
  serie: string;
  /** The originals' codigoGeneracion, in the order their ledgers are met. */
  codigos: string[];
  /** The document with this correlativo, built against the originals as their ledgers stood for it. */
  conCorrelativo(correlativo: number): { numeroControl: string; dte: Dte };
}

/** The stored document that a NC/ND or a retorno refers to, in the shape builders take. */
async function loadOrigin(documents: Documents, emisorId: number, codigoGeneracion: string): Promise<OriginDocument> {
  const doc = await documents.findOwn(emisorId, codigoGeneracion);
  if (!doc) throw new Error(`origin ${codigoGeneracion} vanished after the API checked it`);
  return { estado: doc.estado, dte: dteGuardado(doc), selloRecibido: doc.selloRecibido ?? null };
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
  documents: Documents,
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
      const earlier = await documents.ledgerTake(ledgerDelOriginal(kind.tipoDte, codigo), owner, (previas) => {
        const conPrevias = originales.map((o, j) => (j === i ? consumoOrigen.original(origin, previas) : o));
        return consumoOrigen.de(build(conPrevias), request)[codigo] ?? {};
      });
      originales[i] = consumoOrigen.original(origin, earlier);
    } catch (err) {
      if (i > 0 && err instanceof DteError) await documents.voidLedgerTake(owner, err);
      throw err;
    }
  }
  return originales;
}

/** The originals as their ledgers stand now, every earlier take counted: what a take would be checked against. */
function leerDeOriginales(
  documents: Documents,
  kind: DocumentKind & { consumoOrigen: ConsumoOrigen },
  origenes: readonly OriginDocument[],
): Promise<OriginDocument[]> {
  return Promise.all(
    origenes.map(async (origin) =>
      kind.consumoOrigen.original(
        origin,
        await documents.ledgerSums(ledgerDelOriginal(kind.tipoDte, origin.dte.identificacion.codigoGeneracion)),
      ),
    ),
  );
}

/**
 * Builds the DTE of a request and checks it, before it is numbered: first with a placeholder number (the
 * first of its series), so a request MH's schema or the builder refuses consumes no correlativo. A document
 * sharing a limit of its original (credit, returned quantities) meets that limit as `limites` says: taking
 * its share in the original's ledger, so an over-credit or over-return consumes no correlativo, or reading
 * it. Its emission instant gives both its fecEmi/horEmi and its generation of MH's schemas (the emisor's
 * cut-over), so a document is never dated on one side of the cut-over and built on the other.
 */
export async function construirDocumento(
  fuentes: FuentesDelDocumento,
  input: IssueDteInput,
  request: unknown,
  limites: Limites,
): Promise<DocumentoConstruido> {
  const tipo = input.tipo as DteTipo;
  const kind = documentKind(tipo);
  const { emisor, emisorDte, ambiente } = await loadIssuer(fuentes.tenants, input.issuer);
  // As the API checks it, for an issuance started by hand from the Temporal UI.
  if (input.forzarContingencia ?? input.request?.testContingencia === true) comprobarEnsayoContingencia(ambiente);
  // In a fixed order, so concurrent documents take the originals' ledgers in the same order.
  const codigos = [...(input.origenes ?? (input.origen ? [input.origen] : []))].sort();
  const origenes = await Promise.all(codigos.map((c) => loadOrigin(fuentes.documents, input.issuer.emisorId, c)));
  const emision = new Date();
  const { fecEmi, horEmi } = elSalvadorNow(emision);
  const generacion = generacionEn(normativaDelEmisor(emisor, fuentes.config), emision);
  const version = versionEn(tipo, generacion);
  const codEstable = emisorDte.codEstable!;
  const codPuntoVenta = emisorDte.codPuntoVenta!;
  const numeroControl = (correlativo: number) =>
    formatNumeroControl(kind.tipoDte, codEstable, codPuntoVenta, correlativo);
  const build = (numero: string, originales: readonly OriginDocument[]) =>
    buildDocument(
      tipo,
      version,
      { ambiente, codigoGeneracion: input.codigoGeneracion, numeroControl: numero, fecEmi, horEmi, emisor: emisorDte },
      request,
      originales,
    );
  const borrador = numeroControl(1);
  let originales = origenes;
  try {
    const consumoOrigen = origenes.length ? kind.consumoOrigen : undefined;
    if (consumoOrigen && limites === 'TOMAR') {
      originales = await tomarDeOriginales(
        fuentes.documents,
        { ...kind, consumoOrigen },
        input.codigoGeneracion,
        request,
        origenes,
        (o) => build(borrador, o),
      );
    } else {
      if (consumoOrigen) originales = await leerDeOriginales(fuentes.documents, { ...kind, consumoOrigen }, origenes);
      build(borrador, originales);
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
  return {
    kind,
    generacion,
    version,
    ambiente,
    fecEmi,
    serie: serie(codPuntoVenta),
    codigos,
    conCorrelativo(correlativo) {
      const numero = numeroControl(correlativo);
      return { numeroControl: numero, dte: build(numero, originales) };
    },
  };
}

/** A document before it is issued (POST /dte/<kind>/vista-previa). */
export interface VistaPrevia {
  tipo: DteTipo;
  tipoDte: string;
  version: number;
  generacion: Generacion;
  ambiente: AmbienteCode;
  /** The record's `total` the document would have (2 decimals). */
  total: string;
  /** The DTE the service would send now, but for its codigoGeneracion and numeroControl: null, none is given. */
  dte: Omit<Dte, 'identificacion'> & {
    identificacion: Omit<Dte['identificacion'], 'codigoGeneracion' | 'numeroControl'> & {
      codigoGeneracion: null;
      numeroControl?: null;
    };
  };
}

/** Where a preview's DTE has no codigoGeneracion: MH's schemas, which the build checks, want a UUID. */
const SIN_CODIGO = '00000000-0000-0000-0000-000000000000';

/**
 * The document a request would issue now, built as issuance builds it and refused as issuance would refuse
 * it before numbering, against the originals' limits as their ledgers stand. Nothing is numbered, signed,
 * stored or taken: a preview, not a reservation (another document may take the rest of a limit first).
 */
export async function vistaPreviaDelDocumento(
  fuentes: FuentesDelDocumento,
  solicitud: Pick<IssueDteInput, 'tipo' | 'issuer' | 'origenes' | 'forzarContingencia'>,
  request: unknown,
): Promise<VistaPrevia> {
  const documento = await construirDocumento(fuentes, { ...solicitud, codigoGeneracion: SIN_CODIGO }, request, 'LEER');
  const { dte } = documento.conCorrelativo(1);
  // Overridden in place: each field keeps its place in MH's order.
  const identificacion: VistaPrevia['dte']['identificacion'] = {
    ...dte.identificacion,
    codigoGeneracion: null,
    numeroControl: null,
  };
  // The Evento de Retorno has no numeroControl.
  if (dte.identificacion.numeroControl === undefined) delete identificacion.numeroControl;
  return {
    tipo: solicitud.tipo,
    tipoDte: documento.kind.tipoDte,
    version: documento.version,
    generacion: documento.generacion,
    ambiente: documento.ambiente,
    total: documento.kind.total(dte),
    dte: { ...dte, identificacion },
  };
}
