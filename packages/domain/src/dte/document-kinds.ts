import type { z } from 'zod';
import { esquemaDe, esquemaEn, mhSchemaFiles, type Generacion } from '../mh/schemas';
import { checkMhSchema } from '../mh/schema-validator';
import { money, round8, toAmountString } from '../money';
import { dte01Request } from '../requests/dte01';
import { dte03Request } from '../requests/dte03';
import { dte04Request } from '../requests/dte04';
import { dte07Request } from '../requests/dte07';
import { dte08Request } from '../requests/dte08';
import { dte09Request } from '../requests/dte09';
import { dte11Request } from '../requests/dte11';
import { dte14Request } from '../requests/dte14';
import { dte15Request } from '../requests/dte15';
import { ccfsElectronicos, notaRequest } from '../requests/nota';
import { creditoPorCcf } from './nota/credito';
import { retornoRequest } from '../requests/retorno';
import { buildCreditoFiscalV3 } from './credito-fiscal/fe-ccf-v3';
import { buildCreditoFiscalV4 } from './credito-fiscal/fe-ccf-v4';
import { buildFacturaV1 } from './factura/fe-fc-v1';
import { buildFacturaV2 } from './factura/fe-f-v2';
import { buildNotaCreditoV3 } from './nota/fe-nc-v3';
import { buildNotaCreditoV4 } from './nota/fe-nc-v4';
import { buildNotaDebitoV3 } from './nota/fe-nd-v3';
import { buildNotaDebitoV4 } from './nota/fe-nd-v4';
import { buildComprobanteRetencionV1 } from './retencion/fe-cr-v1';
import { buildComprobanteRetencionV2 } from './retencion/fe-cr-v2';
import { buildNotaRemisionV3 } from './remision/fe-nr-v3';
import { buildNotaRemisionV4 } from './remision/fe-nr-v4';
import { buildComprobanteDonacionV1 } from './donacion/fe-cd-v1';
import { buildComprobanteDonacionV2 } from './donacion/fe-cd-v2';
import { buildFacturaExportacionV1 } from './exportacion/fe-fex-v1';
import { buildFacturaExportacionV3 } from './exportacion/fe-fex-v3';
import { buildComprobanteLiquidacionV1 } from './liquidacion/fe-cl-v1';
import { buildComprobanteLiquidacionV2 } from './liquidacion/fe-cl-v2';
import { buildDocumentoContableLiquidacionV1 } from './liquidacion/fe-dcl-v1';
import { buildDocumentoContableLiquidacionV2 } from './liquidacion/fe-dcl-v2';
import { buildRetornoV1 } from './retorno/fe-eret-v1';
import { buildSujetoExcluidoV1 } from './sujeto-excluido/fe-fse-v1';
import { buildSujetoExcluidoV2 } from './sujeto-excluido/fe-fse-v2';
import { CONTINGENCIA_MH_NO_DISPONIBLE, type MotivoContingencia, type TipoContingencia } from './contingencia';
import type { Builder, BuildContext, Dte, OriginDocument } from './documento';

/**
 * Everything the service needs to know about one kind of document (a `tipo` of the API), in every
 * schema version: the version itself is chosen per document (`versionEn`, `buildDocument`).
 */
export interface DocumentKind<Request = unknown> {
  tipo: DteTipo;
  tipoDte: TipoDte;
  /**
   * Its builder in each MH schema version: the 2023 generation's (FE v1, CCF v3, NR v3, NC/ND v3, CR v1,
   * CL v1, DCL v1, FEX v1, FSE v1, CD v1) beside the 2026 one's (FE v2, CCF v4, NR v4, NC/ND v4, CR v2, CL v2,
   * DCL v2, FEX v3, FSE v2, CD v2); the Evento de Retorno exists only as fe-eret-v1. Which version a document
   * is built in follows from its emisor's cut-over (`../normativa.ts`) and MH's schema table (`../mh/schemas.ts`).
   */
  builders: Readonly<Record<number, Builder<never>>>;
  /** Body of its POST endpoint; use with `parseRequest`. */
  requestSchema: z.ZodType<Request>;
  /** The token permission it requires (GET /dte/information `permissions`). */
  permission: string;
  /** The codigoGeneracion of each stored document the request refers to, which `build` needs as origenes. */
  origenes?(request: Request): string[];
  /**
   * Whether the request asks to rehearse a contingencia (`testContingencia`, ambiente TEST only): issued
   * in contingencia without asking MH. Absent on kinds that cannot ask for it.
   */
  ensayoContingencia?(request: Request): boolean;
  /** The contingencia a rehearsal reports (CAT-005 tipo and motivo): with `ensayoContingencia`. */
  motivoEnsayo?(request: Request): MotivoContingencia;
  /** The document record's `total` (2 decimals), from a document of any version. */
  total(dte: Dte): string;
  /** Where the automatic e-mail goes (null: nobody to send to), from a document of any version. */
  receptorCorreo(dte: Dte): string | null;
  /** Set when documents share a limit of their original (see `ConsumoOrigen`). */
  consumoOrigen?: ConsumoOrigen<Request>;
}

/**
 * A limit that the documents referring to one original share: what remains to credit of a CCF, the
 * quantities left to return of a Factura's items. Issuance appends each document's take to each
 * original's ledger and builds it against the sum of the earlier takes, so the builder's check holds
 * under concurrency.
 */
export interface ConsumoOrigen<Request = unknown> {
  /** What the document takes of each original (by codigoGeneracion), per limited quantity, as decimal strings. */
  de(dte: Dte, request: Request): Record<string, Record<string, string>>;
  /** The original as the builder must check it, given the sums of earlier documents' takes. */
  original(origin: OriginDocument, tomado: Readonly<Record<string, string>>): OriginDocument;
}

interface KindDefinition<S extends z.ZodType, T extends string> {
  tipoDte: T;
  builders: Readonly<Record<number, Builder<never>>>;
  requestSchema: S;
  permission: string;
  origenes?: (request: z.output<S>) => string[];
  ensayoContingencia?: (request: z.output<S>) => boolean;
  motivoEnsayo?: (request: z.output<S>) => MotivoContingencia;
  total: (dte: Dte) => string;
  receptorCorreo: (dte: Dte) => string | null;
  consumoOrigen?: ConsumoOrigen<z.output<S>>;
}

const define = <S extends z.ZodType, const T extends string>(def: KindDefinition<S, T>) => def;

function seccion(dte: Dte, nombre: string): Record<string, unknown> {
  const value = dte[nombre];
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
/** The first of these fields of a section the document has: versions name some totals differently. */
const totalEn =
  (nombre: string, ...campos: string[]) =>
  (dte: Dte) => {
    const valores = seccion(dte, nombre);
    const campo = campos.find((c) => typeof valores[c] === 'number');
    if (!campo) throw new TypeError(`${nombre} without ${campos.join(' or ')}`);
    return toAmountString(valores[campo] as number);
  };
const resumenTotal = (...campos: string[]) => totalEn('resumen', ...campos);
/** The counterpart's e-mail, in the first of these sections the document has. */
const correoDe =
  (...secciones: string[]) =>
  (dte: Dte) => {
    const nombre = secciones.find((n) => dte[n] && typeof dte[n] === 'object');
    return nombre ? ((seccion(dte, nombre)['correo'] as string | null | undefined) ?? null) : null;
  };

const definitions = {
  FACTURA_CONSUMIDOR_FINAL: define({
    tipoDte: '01',
    builders: { 1: buildFacturaV1, 2: buildFacturaV2 },
    requestSchema: dte01Request,
    permission: 'FACTURA_CONSUMIDOR_FINAL',
    ensayoContingencia: (r) => r.testContingencia === true,
    motivoEnsayo: (r) => ({
      tipoContingencia: (r.tipoContingencia ?? CONTINGENCIA_MH_NO_DISPONIBLE) as TipoContingencia,
      motivoContingencia: r.motivoContingencia ?? null,
    }),
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('receptor'),
  }),
  CREDITO_FISCAL: define({
    tipoDte: '03',
    builders: { 3: buildCreditoFiscalV3, 4: buildCreditoFiscalV4 },
    requestSchema: dte03Request,
    permission: 'CREDITO_FISCAL',
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('receptor'),
  }),
  NOTA_REMISION: define({
    tipoDte: '04',
    builders: { 3: buildNotaRemisionV3, 4: buildNotaRemisionV4 },
    requestSchema: dte04Request,
    permission: 'NOTA_REMISION',
    total: resumenTotal('montoTotalOperacion'),
    receptorCorreo: correoDe('receptor'),
  }),
  NOTA_CREDITO: define({
    tipoDte: '05',
    builders: { 3: buildNotaCreditoV3, 4: buildNotaCreditoV4 },
    requestSchema: notaRequest,
    permission: 'NOTA_CREDITO',
    origenes: ccfsElectronicos,
    total: resumenTotal('montoTotalOperacion'),
    receptorCorreo: correoDe('receptor'),
    consumoOrigen: {
      de: (_dte, r) => {
        const creditos = creditoPorCcf(r);
        return Object.fromEntries(
          ccfsElectronicos(r).map((ccf) => [ccf, { montoTotalOperacion: creditos.get(ccf)!.toFixed(2) }]),
        );
      },
      original: (origin, tomado) => ({ ...origin, montoAcreditado: tomado['montoTotalOperacion'] ?? 0 }),
    },
  }),
  NOTA_DEBITO: define({
    tipoDte: '06',
    builders: { 3: buildNotaDebitoV3, 4: buildNotaDebitoV4 },
    requestSchema: notaRequest,
    permission: 'NOTA_DEBITO',
    origenes: ccfsElectronicos,
    total: resumenTotal('montoTotalOperacion'),
    receptorCorreo: correoDe('receptor'),
  }),
  COMPROBANTE_RETENCION: define({
    tipoDte: '07',
    builders: { 1: buildComprobanteRetencionV1, 2: buildComprobanteRetencionV2 },
    requestSchema: dte07Request,
    permission: 'COMPROBANTE_RETENCION',
    total: resumenTotal('totalIVAretenido', 'totalIvaRetenido'),
    receptorCorreo: correoDe('receptor'),
  }),
  COMPROBANTE_LIQUIDACION: define({
    tipoDte: '08',
    builders: { 1: buildComprobanteLiquidacionV1, 2: buildComprobanteLiquidacionV2 },
    requestSchema: dte08Request,
    permission: 'COMPROBANTE_LIQUIDACION',
    total: resumenTotal('total'),
    receptorCorreo: correoDe('receptor'),
  }),
  DOCUMENTO_CONTABLE_LIQUIDACION: define({
    tipoDte: '09',
    builders: { 1: buildDocumentoContableLiquidacionV1, 2: buildDocumentoContableLiquidacionV2 },
    requestSchema: dte09Request,
    permission: 'DOCUMENTO_CONTABLE_LIQUIDACION',
    // A DCL has no resumen: its one cuerpoDocumento ends in what is paid to the afiliado.
    total: totalEn('cuerpoDocumento', 'liquidoApagar'),
    receptorCorreo: correoDe('receptor'),
  }),
  FACTURA_EXPORTACION: define({
    tipoDte: '11',
    builders: { 1: buildFacturaExportacionV1, 3: buildFacturaExportacionV3 },
    requestSchema: dte11Request,
    permission: 'FACTURA_EXPORTACION',
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('receptor'),
  }),
  SUJETO_EXCLUIDO: define({
    tipoDte: '14',
    builders: { 1: buildSujetoExcluidoV1, 2: buildSujetoExcluidoV2 },
    requestSchema: dte14Request,
    permission: 'SUJETO_EXCLUIDO',
    total: resumenTotal('totalPagar'),
    // FSE v1 calls the seller sujetoExcluido, v2 receptor.
    receptorCorreo: correoDe('sujetoExcluido', 'receptor'),
  }),
  COMPROBANTE_DONACION: define({
    tipoDte: '15',
    builders: { 1: buildComprobanteDonacionV1, 2: buildComprobanteDonacionV2 },
    requestSchema: dte15Request,
    permission: 'COMPROBANTE_DONACION',
    total: resumenTotal('valorTotal'),
    // CD v1 calls the giver donante, v2 receptor.
    receptorCorreo: correoDe('donante', 'receptor'),
  }),
  RETORNO: define({
    tipoDte: '18',
    builders: { 1: buildRetornoV1 },
    requestSchema: retornoRequest,
    // The spec's permission list has no retorno entry; a token needs this one explicitly.
    permission: 'RETORNO',
    origenes: (r) => [r.documentoOrigen],
    total: resumenTotal('totalPagar'),
    // The event names the original's receptor `documento`.
    receptorCorreo: correoDe('documento'),
    // Keyed by the original's numItem, which the event's lines do not carry: taken from the request.
    consumoOrigen: {
      de: (_dte, r) => ({
        [r.documentoOrigen]: Object.fromEntries(
          r.items.map((i) => [String(i.numItem), round8(money(i.cantidadRetorno)).toString()]),
        ),
      }),
      original: (origin, tomado) => ({ ...origin, cantidadesRetornadas: tomado }),
    },
  }),
};

/** The API's `tipo` values that issue a DTE. */
export type DteTipo = keyof typeof definitions;
export const DTE_TIPOS = Object.keys(definitions) as DteTipo[];
/**
 * The CAT-002 codes of the kinds issued here, read from the registry: a per-kind table elsewhere is typed
 * `satisfies Record<TipoDte, …>`, so a kind added above fails to compile until each table has its line.
 */
export type TipoDte = (typeof definitions)[DteTipo]['tipoDte'];

/** A document kind (what does not depend on the schema version). */
export function documentKind(tipo: DteTipo): DocumentKind {
  return { tipo, ...(definitions[tipo] as KindDefinition<z.ZodType, TipoDte>) } as DocumentKind;
}

/** The kind whose tipoDte this is (e.g. to read a stored DTE). */
export function documentKindOfTipoDte(tipoDte: string): DocumentKind | undefined {
  const tipo = DTE_TIPOS.find((t) => definitions[t].tipoDte === tipoDte);
  return tipo && documentKind(tipo);
}

/** The schema version a kind is issued in, in a generation (the retorno has only fe-eret-v1). */
export function versionEn(tipo: DteTipo, generacion: Generacion): number {
  const name = esquemaEn(definitions[tipo].tipoDte, generacion);
  if (!name) throw new Error(`No MH schema for ${tipo} in the ${generacion} generation`);
  return mhSchemaFiles[name].version;
}

/**
 * Builds a document of a kind in a schema version and checks it against its MH schema. A violation means
 * data MH would reject (e.g. an address too short for the schema): 400 VALIDATION_ERROR naming MH's
 * field paths.
 */
export function buildDocument(
  tipo: DteTipo,
  version: number,
  ctx: BuildContext,
  request: unknown,
  origenes?: readonly OriginDocument[],
): Dte {
  const { tipoDte, builders } = definitions[tipo];
  const build = (builders as Record<number, Builder<unknown>>)[version];
  const schemaName = esquemaDe(tipoDte, version);
  if (!build || !schemaName) throw new Error(`No builder/schema for ${tipo} (DTE ${tipoDte}) version ${version}`);
  return checkMhSchema(schemaName, build(ctx, request, origenes), 'El documento');
}
