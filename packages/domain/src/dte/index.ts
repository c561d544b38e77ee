export type { BuildContext, Builder, Dte, OriginDocument } from './documento';
export type { Identificacion } from './bloques/identificacion';
export { builders, type TipoDte } from './builders';
export {
  buildDocument,
  documentKind,
  documentKindOfTipoDte,
  DTE_TIPOS,
  type ConsumoOrigen,
  type DocumentKind,
  type DteTipo,
} from './document-kinds';
export { formatNumeroControl, serie } from './numero-control';
export { UMBRAL_IDENTIFICACION_RECEPTOR } from './factura/totales';
export { buildFacturaV1, type FacturaV1 } from './factura/fe-fc-v1';
export { buildCreditoFiscalV3, type CreditoFiscalV3 } from './credito-fiscal/fe-ccf-v3';
export { buildNotaCreditoV3, type NotaCreditoV3 } from './nota/fe-nc-v3';
export { buildNotaDebitoV3, type NotaDebitoV3 } from './nota/fe-nd-v3';
export { buildComprobanteRetencionV1, type ComprobanteRetencionV1 } from './retencion/fe-cr-v1';
export { TASAS_RETENCION_IVA, type CodigoRetencionMH } from './retencion/tasas';
export { buildSujetoExcluidoV1, type SujetoExcluidoV1 } from './sujeto-excluido/fe-fse-v1';
export { buildRetornoV1, type RetornoV1 } from './retorno/fe-eret-v1';
export * from './anulacion/anulacion-v2';
export * from './contingencia';
