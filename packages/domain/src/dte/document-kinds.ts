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
import { creditoDeNotaEmitida, creditoPorCcf } from './nota/credito';
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
  /** Where its documents, issued or received, go in the books and F-07 annexes. */
  libros: LibrosDelTipo;
  /** How the purchase verifier reads one an emisor receives from a supplier; NO_SE_RECIBE if none does. */
  compra: CompraDelTipo | typeof NO_SE_RECIBE;
}

/** A kind in no book (issued, or received): named, so that a kind's entry says it rather than omits it. */
export const EN_NINGUN_LIBRO = null;
/**
 * The book an issued document is in (`../libros`, docs/anexos-f07.md): the libro de ventas a contribuyentes
 * and anexo 1 (VENTAS_CONTRIBUYENTES); the libro de ventas a consumidor final and anexo 2, as a sale
 * (VENTAS_CONSUMIDOR_FINAL) or in the export columns (EXPORTACIONES); that book alone for a document that
 * gives back part of a Factura's sale (RETORNOS_DE_VENTA: anexo 2 has no type for it, a retorno of anything
 * else is in no book); anexos 10 and 12 (RETENCIONES); the libro de compras and anexo 5, as the emisor's own
 * purchase from a sujeto excluido (COMPRAS_A_SUJETOS_EXCLUIDOS). Invalidated, any kind goes to the anulados.
 */
export type LibroDeEmitido =
  | 'VENTAS_CONTRIBUYENTES'
  | 'VENTAS_CONSUMIDOR_FINAL'
  | 'EXPORTACIONES'
  | 'RETORNOS_DE_VENTA'
  | 'RETENCIONES'
  | 'COMPRAS_A_SUJETOS_EXCLUIDOS';
/**
 * The book a document received from a supplier is in, once verified: the libro de compras with anexos 3
 * and 8 (COMPRAS: of DGII's anexo 3 types, those a DTE can be), anexo 7 (RETENCIONES_RECIBIDAS: the 1 % the
 * emisor's clients withheld).
 */
export type LibroDeRecibido = 'COMPRAS' | 'RETENCIONES_RECIBIDAS';

export interface LibrosDelTipo {
  emitido: LibroDeEmitido | typeof EN_NINGUN_LIBRO;
  recibido: LibroDeRecibido | typeof EN_NINGUN_LIBRO;
  /** Its amounts reduce the period in the books it is in (negated): a Nota de Crédito, a retorno. */
  resta: boolean;
}

/** A kind no emisor receives from a supplier as a purchase (POST /compras and the mailbox refuse it). */
export const NO_SE_RECIBE = null;
/** A received kind whose arithmetic only its schema and MH check. */
export const SIN_ARITMETICA = null;

/** Where a kind names its receptor: `nit` (CCF family until 2026) or `tipoDocumento`/`numDocumento`. */
export type IdentificacionReceptor = 'nit' | 'documento';

/**
 * The builders' arithmetic a received document is checked by (`../compras/aritmetica.ts`): a sale's lines,
 * totals, IVA and what is paid, with the IVA outside its prices (VENTA) or inside them (VENTA_IVA_INCLUIDO,
 * the Factura); a Comprobante de Retención's rates and totals (RETENCION).
 */
export type AritmeticaDeCompra = 'VENTA' | 'VENTA_IVA_INCLUIDO' | 'RETENCION';

/** How the purchase verifier (`../compras`) reads a document of a kind an emisor receives (MH's schemas). */
export interface CompraDelTipo {
  /** Where a document of this schema version names its receptor, which must be the emisor. */
  receptor: (version: number) => IdentificacionReceptor;
  /**
   * Where it states the amount of its operation (section, field): the amount above which a person confirms
   * the document (`PoliticaCompras`).
   */
  monto: readonly [bloque: string, campo: string];
  aritmetica: AritmeticaDeCompra | typeof SIN_ARITMETICA;
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
  /**
   * What a document issued elsewhere and imported took, read from its DTE alone (as `de` answers), so that
   * the documents issued here after it meet the limit it already used. Absent: its DTE does not say.
   */
  deImportado?(dte: Dte): Record<string, Record<string, string>>;
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
  libros: LibrosDelTipo;
  compra: CompraDelTipo | typeof NO_SE_RECIBE;
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

/** Where most kinds state the amount of their operation. */
const MONTO_TOTAL_OPERACION = ['resumen', 'montoTotalOperacion'] as const;
/** A kind in no book, issued or received. */
export const FUERA_DE_LIBROS: LibrosDelTipo = { emitido: EN_NINGUN_LIBRO, recibido: EN_NINGUN_LIBRO, resta: false };

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
    // Received, a Factura gives no crédito fiscal: in no purchase book.
    libros: { emitido: 'VENTAS_CONSUMIDOR_FINAL', recibido: EN_NINGUN_LIBRO, resta: false },
    compra: { receptor: () => 'documento', monto: MONTO_TOTAL_OPERACION, aritmetica: 'VENTA_IVA_INCLUIDO' },
  }),
  CREDITO_FISCAL: define({
    tipoDte: '03',
    builders: { 3: buildCreditoFiscalV3, 4: buildCreditoFiscalV4 },
    requestSchema: dte03Request,
    permission: 'CREDITO_FISCAL',
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('receptor'),
    libros: { emitido: 'VENTAS_CONTRIBUYENTES', recibido: 'COMPRAS', resta: false },
    compra: { receptor: () => 'nit', monto: MONTO_TOTAL_OPERACION, aritmetica: 'VENTA' },
  }),
  NOTA_REMISION: define({
    tipoDte: '04',
    builders: { 3: buildNotaRemisionV3, 4: buildNotaRemisionV4 },
    requestSchema: dte04Request,
    permission: 'NOTA_REMISION',
    total: resumenTotal('montoTotalOperacion'),
    receptorCorreo: correoDe('receptor'),
    libros: FUERA_DE_LIBROS,
    compra: { receptor: () => 'documento', monto: MONTO_TOTAL_OPERACION, aritmetica: 'VENTA' },
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
      deImportado: (dte) =>
        Object.fromEntries(
          [...creditoDeNotaEmitida(dte)].map(([ccf, credito]) => [ccf, { montoTotalOperacion: credito.toFixed(2) }]),
        ),
    },
    libros: { emitido: 'VENTAS_CONTRIBUYENTES', recibido: 'COMPRAS', resta: true },
    // The notes name their receptor by nit in the 2023 generation (v3), by its document in the 2026 one (v4).
    compra: { receptor: (v) => (v >= 4 ? 'documento' : 'nit'), monto: MONTO_TOTAL_OPERACION, aritmetica: 'VENTA' },
  }),
  NOTA_DEBITO: define({
    tipoDte: '06',
    builders: { 3: buildNotaDebitoV3, 4: buildNotaDebitoV4 },
    requestSchema: notaRequest,
    permission: 'NOTA_DEBITO',
    origenes: ccfsElectronicos,
    total: resumenTotal('montoTotalOperacion'),
    receptorCorreo: correoDe('receptor'),
    libros: { emitido: 'VENTAS_CONTRIBUYENTES', recibido: 'COMPRAS', resta: false },
    compra: { receptor: (v) => (v >= 4 ? 'documento' : 'nit'), monto: MONTO_TOTAL_OPERACION, aritmetica: 'VENTA' },
  }),
  COMPROBANTE_RETENCION: define({
    tipoDte: '07',
    builders: { 1: buildComprobanteRetencionV1, 2: buildComprobanteRetencionV2 },
    requestSchema: dte07Request,
    permission: 'COMPROBANTE_RETENCION',
    total: resumenTotal('totalIVAretenido', 'totalIvaRetenido'),
    receptorCorreo: correoDe('receptor'),
    libros: { emitido: 'RETENCIONES', recibido: 'RETENCIONES_RECIBIDAS', resta: false },
    // Its amount is the base it retained on.
    compra: { receptor: () => 'documento', monto: ['resumen', 'totalSujetoRetencion'], aritmetica: 'RETENCION' },
  }),
  COMPROBANTE_LIQUIDACION: define({
    tipoDte: '08',
    builders: { 1: buildComprobanteLiquidacionV1, 2: buildComprobanteLiquidacionV2 },
    requestSchema: dte08Request,
    permission: 'COMPROBANTE_LIQUIDACION',
    total: resumenTotal('total'),
    receptorCorreo: correoDe('receptor'),
    libros: FUERA_DE_LIBROS,
    compra: {
      receptor: (v) => (v >= 2 ? 'documento' : 'nit'),
      monto: MONTO_TOTAL_OPERACION,
      aritmetica: SIN_ARITMETICA,
    },
  }),
  DOCUMENTO_CONTABLE_LIQUIDACION: define({
    tipoDte: '09',
    builders: { 1: buildDocumentoContableLiquidacionV1, 2: buildDocumentoContableLiquidacionV2 },
    requestSchema: dte09Request,
    permission: 'DOCUMENTO_CONTABLE_LIQUIDACION',
    // A DCL has no resumen: its one cuerpoDocumento ends in what is paid to the afiliado.
    total: totalEn('cuerpoDocumento', 'liquidoApagar'),
    receptorCorreo: correoDe('receptor'),
    libros: FUERA_DE_LIBROS,
    // Its amount is the value of the operations it liquidates.
    compra: { receptor: () => 'nit', monto: ['cuerpoDocumento', 'valorOperaciones'], aritmetica: SIN_ARITMETICA },
  }),
  FACTURA_EXPORTACION: define({
    tipoDte: '11',
    builders: { 1: buildFacturaExportacionV1, 3: buildFacturaExportacionV3 },
    requestSchema: dte11Request,
    permission: 'FACTURA_EXPORTACION',
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('receptor'),
    libros: { emitido: 'EXPORTACIONES', recibido: EN_NINGUN_LIBRO, resta: false },
    // Its receptor is abroad.
    compra: NO_SE_RECIBE,
  }),
  SUJETO_EXCLUIDO: define({
    tipoDte: '14',
    builders: { 1: buildSujetoExcluidoV1, 2: buildSujetoExcluidoV2 },
    requestSchema: dte14Request,
    permission: 'SUJETO_EXCLUIDO',
    total: resumenTotal('totalPagar'),
    // FSE v1 calls the seller sujetoExcluido, v2 receptor.
    receptorCorreo: correoDe('sujetoExcluido', 'receptor'),
    libros: { emitido: 'COMPRAS_A_SUJETOS_EXCLUIDOS', recibido: EN_NINGUN_LIBRO, resta: false },
    // The buyer issues it itself: its purchases are its own FSEs.
    compra: NO_SE_RECIBE,
  }),
  COMPROBANTE_DONACION: define({
    tipoDte: '15',
    builders: { 1: buildComprobanteDonacionV1, 2: buildComprobanteDonacionV2 },
    requestSchema: dte15Request,
    permission: 'COMPROBANTE_DONACION',
    total: resumenTotal('valorTotal'),
    // CD v1 calls the giver donante, v2 receptor.
    receptorCorreo: correoDe('donante', 'receptor'),
    libros: FUERA_DE_LIBROS,
    // A donation, not a purchase.
    compra: NO_SE_RECIBE,
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
    // Keyed by the original's numItem, which the event's lines do not carry: taken from the request (so an
    // imported retorno, which has none, takes nothing).
    consumoOrigen: {
      de: (_dte, r) => ({
        [r.documentoOrigen]: Object.fromEntries(
          r.items.map((i) => [String(i.numItem), round8(money(i.cantidadRetorno)).toString()]),
        ),
      }),
      original: (origin, tomado) => ({ ...origin, cantidadesRetornadas: tomado }),
    },
    libros: { emitido: 'RETORNOS_DE_VENTA', recibido: EN_NINGUN_LIBRO, resta: true },
    compra: NO_SE_RECIBE,
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
