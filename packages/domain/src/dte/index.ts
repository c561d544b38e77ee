export { contraparteDe, tipoDeDte, type BuildContext, type Builder, type Dte, type OriginDocument } from './documento';
export type { Identificacion } from './bloques/identificacion';
export { direccionDeV1 } from './bloques/direccion';
export { builders, type TipoDte } from './builders';
export {
  buildDocument,
  documentKind,
  documentKindOfTipoDte,
  DTE_TIPOS,
  versionEn,
  type ConsumoOrigen,
  type DocumentKind,
  type DteTipo,
} from './document-kinds';
export { formatNumeroControl, serie } from './numero-control';
export { UMBRAL_IDENTIFICACION_RECEPTOR } from './factura/totales';
export { buildFacturaV1, type FacturaV1 } from './factura/fe-fc-v1';
export { buildFacturaV2, type FacturaV2 } from './factura/fe-f-v2';
export { buildCreditoFiscalV3, type CreditoFiscalV3 } from './credito-fiscal/fe-ccf-v3';
export { buildCreditoFiscalV4, type CreditoFiscalV4 } from './credito-fiscal/fe-ccf-v4';
export { buildNotaCreditoV3, type NotaCreditoV3 } from './nota/fe-nc-v3';
export { buildNotaCreditoV4, type NotaCreditoV4 } from './nota/fe-nc-v4';
export { buildNotaDebitoV3, type NotaDebitoV3 } from './nota/fe-nd-v3';
export { buildNotaDebitoV4, type NotaDebitoV4 } from './nota/fe-nd-v4';
export { buildComprobanteRetencionV1, type ComprobanteRetencionV1 } from './retencion/fe-cr-v1';
export { buildComprobanteRetencionV2, type ComprobanteRetencionV2 } from './retencion/fe-cr-v2';
export { TASAS_RETENCION_IVA, type CodigoRetencionMH } from './retencion/tasas';
export { buildSujetoExcluidoV1, type SujetoExcluidoV1 } from './sujeto-excluido/fe-fse-v1';
export { buildSujetoExcluidoV2, type SujetoExcluidoV2 } from './sujeto-excluido/fe-fse-v2';
export { buildRetornoV1, type RetornoV1 } from './retorno/fe-eret-v1';
export * from './anulacion';
export * from './contingencia';
