export { contraparteDe, tipoDeDte, type BuildContext, type Builder, type Dte, type OriginDocument } from './documento';
export type { Identificacion } from './bloques/identificacion';
export { direccionDeV1 } from './bloques/direccion';
export {
  buildDocument,
  documentKind,
  documentKindOfTipoDte,
  DTE_TIPOS,
  versionEn,
  type ConsumoOrigen,
  type DocumentKind,
  type DteTipo,
  type TipoDte,
} from './document-kinds';
export { formatNumeroControl, serie } from './numero-control';
export { umbralIdentificacionReceptor } from './factura/totales';
export { buildFacturaV1, type FacturaV1 } from './factura/fe-fc-v1';
export { buildFacturaV2, type FacturaV2 } from './factura/fe-f-v2';
export { buildCreditoFiscalV3, type CreditoFiscalV3 } from './credito-fiscal/fe-ccf-v3';
export { buildCreditoFiscalV4, type CreditoFiscalV4 } from './credito-fiscal/fe-ccf-v4';
export { buildNotaRemisionV3, type NotaRemisionV3 } from './remision/fe-nr-v3';
export { buildNotaRemisionV4, type NotaRemisionV4 } from './remision/fe-nr-v4';
export { buildNotaCreditoV3, type NotaCreditoV3 } from './nota/fe-nc-v3';
export { buildNotaCreditoV4, type NotaCreditoV4 } from './nota/fe-nc-v4';
export { buildNotaDebitoV3, type NotaDebitoV3 } from './nota/fe-nd-v3';
export { buildNotaDebitoV4, type NotaDebitoV4 } from './nota/fe-nd-v4';
export { buildComprobanteRetencionV1, type ComprobanteRetencionV1 } from './retencion/fe-cr-v1';
export { buildComprobanteRetencionV2, type ComprobanteRetencionV2 } from './retencion/fe-cr-v2';
export { TASAS_RETENCION_IVA, type CodigoRetencionMH } from './retencion/tasas';
export { buildComprobanteLiquidacionV1, type ComprobanteLiquidacionV1 } from './liquidacion/fe-cl-v1';
export { buildComprobanteLiquidacionV2, type ComprobanteLiquidacionV2 } from './liquidacion/fe-cl-v2';
export { buildDocumentoContableLiquidacionV1, type DocumentoContableLiquidacionV1 } from './liquidacion/fe-dcl-v1';
export { buildDocumentoContableLiquidacionV2, type DocumentoContableLiquidacionV2 } from './liquidacion/fe-dcl-v2';
export { buildFacturaExportacionV1, type FacturaExportacionV1 } from './exportacion/fe-fex-v1';
export { buildFacturaExportacionV3, type FacturaExportacionV3 } from './exportacion/fe-fex-v3';
export { buildSujetoExcluidoV1, type SujetoExcluidoV1 } from './sujeto-excluido/fe-fse-v1';
export { buildSujetoExcluidoV2, type SujetoExcluidoV2 } from './sujeto-excluido/fe-fse-v2';
export { buildComprobanteDonacionV1, type ComprobanteDonacionV1 } from './donacion/fe-cd-v1';
export { buildComprobanteDonacionV2, type ComprobanteDonacionV2 } from './donacion/fe-cd-v2';
export { buildRetornoV1, type RetornoV1 } from './retorno/fe-eret-v1';
export * from './anulacion';
export * from './contingencia';
