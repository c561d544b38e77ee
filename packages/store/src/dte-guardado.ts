import type {
  ComprobanteDonacionV1,
  ComprobanteDonacionV2,
  ComprobanteLiquidacionV1,
  ComprobanteLiquidacionV2,
  ComprobanteRetencionV1,
  ComprobanteRetencionV2,
  CreditoFiscalV3,
  CreditoFiscalV4,
  DocumentoContableLiquidacionV1,
  DocumentoContableLiquidacionV2,
  Dte,
  FacturaExportacionV1,
  FacturaExportacionV3,
  FacturaV1,
  FacturaV2,
  NotaCreditoV3,
  NotaCreditoV4,
  NotaDebitoV3,
  NotaDebitoV4,
  NotaRemisionV3,
  NotaRemisionV4,
  RetornoV1,
  SujetoExcluidoV1,
  SujetoExcluidoV2,
  TipoDte,
} from '@dte/domain';

/** Every kind of the registry (`TipoDte`) must be a key: a new kind fails to compile here until it is. */
type PorTipo<M extends Record<TipoDte, Readonly<Record<number, Dte>>>> = M;

/** The shape the domain builds of each kind (MH's tipoDte), per schema version: the builders' results. */
export type DtesPorTipo = PorTipo<{
  '01': { 1: FacturaV1; 2: FacturaV2 };
  '03': { 3: CreditoFiscalV3; 4: CreditoFiscalV4 };
  '04': { 3: NotaRemisionV3; 4: NotaRemisionV4 };
  '05': { 3: NotaCreditoV3; 4: NotaCreditoV4 };
  '06': { 3: NotaDebitoV3; 4: NotaDebitoV4 };
  '07': { 1: ComprobanteRetencionV1; 2: ComprobanteRetencionV2 };
  '08': { 1: ComprobanteLiquidacionV1; 2: ComprobanteLiquidacionV2 };
  '09': { 1: DocumentoContableLiquidacionV1; 2: DocumentoContableLiquidacionV2 };
  '11': { 1: FacturaExportacionV1; 3: FacturaExportacionV3 };
  '14': { 1: SujetoExcluidoV1; 2: SujetoExcluidoV2 };
  '15': { 1: ComprobanteDonacionV1; 2: ComprobanteDonacionV2 };
  '18': { 1: RetornoV1 };
}>;

const esObjeto = (valor: unknown): valor is Record<string, unknown> =>
  typeof valor === 'object' && valor !== null && !Array.isArray(valor);

/**
 * A stored document's JSON (`dteJson`, which the database keeps untyped) as an object, for what passes it
 * on whole (a view, a file, a mail). A record whose field is not an object is refused (a TypeError).
 */
export function jsonGuardado(doc: { dteJson?: unknown }): Record<string, unknown> {
  if (!esObjeto(doc.dteJson)) throw new TypeError('the stored document has no JSON object (dteJson)');
  return doc.dteJson;
}

const esDte = (valor: unknown): valor is Dte => esObjeto(valor) && esObjeto(valor['identificacion']);

/**
 * A stored document's DTE: MH's JSON document as it was built and sent, or as a supplier's file carried
 * it, of any kind and version. The one place that says so; a record whose field is not a DTE (no
 * identificacion) is refused (a TypeError) rather than read as one.
 */
export function dteGuardado(doc: { dteJson?: unknown }): Dte {
  if (!esDte(doc.dteJson)) throw new TypeError('the stored document has no DTE (dteJson)');
  return doc.dteJson;
}

/**
 * The stored document's DTE in the shape the domain builds of its kind and schema version, for code that
 * reads a kind's own fields; null when the document is of another kind or version.
 */
export function dteDe<T extends keyof DtesPorTipo, V extends keyof DtesPorTipo[T] & number>(
  doc: { tipoDte: string; dteJson?: unknown },
  tipoDte: T,
  version: V,
): DtesPorTipo[T][V] | null {
  const dte = dteGuardado(doc);
  if (doc.tipoDte !== tipoDte || dte.identificacion.version !== version) return null;
  // The builders are the only writers of an issued document's dteJson, and MH's schemas fix each
  // version's shape: its kind and version say which builder's result it is.
  return dte as DtesPorTipo[T][V];
}
