import type { Builder } from './documento';
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

/**
 * Builders by tipoDte and MH schema version: the 2023 generation (FE v1, CCF v3, NR v3, NC/ND v3, CR v1,
 * CL v1, DCL v1, FEX v1, FSE v1, CD v1) beside the 2026 one (FE v2, CCF v4, NR v4, NC/ND v4, CR v2, CL v2,
 * DCL v2, FEX v3, FSE v2, CD v2); the Evento de Retorno exists
 * only as fe-eret-v1. Which version a document is built in follows from its emisor's cut-over
 * (`../normativa.ts`) and MH's schema table (`../mh/schemas.ts`).
 */
export const builders = {
  '01': { 1: buildFacturaV1, 2: buildFacturaV2 },
  '03': { 3: buildCreditoFiscalV3, 4: buildCreditoFiscalV4 },
  '04': { 3: buildNotaRemisionV3, 4: buildNotaRemisionV4 },
  '05': { 3: buildNotaCreditoV3, 4: buildNotaCreditoV4 },
  '06': { 3: buildNotaDebitoV3, 4: buildNotaDebitoV4 },
  '07': { 1: buildComprobanteRetencionV1, 2: buildComprobanteRetencionV2 },
  '08': { 1: buildComprobanteLiquidacionV1, 2: buildComprobanteLiquidacionV2 },
  '09': { 1: buildDocumentoContableLiquidacionV1, 2: buildDocumentoContableLiquidacionV2 },
  '11': { 1: buildFacturaExportacionV1, 3: buildFacturaExportacionV3 },
  '14': { 1: buildSujetoExcluidoV1, 2: buildSujetoExcluidoV2 },
  '15': { 1: buildComprobanteDonacionV1, 2: buildComprobanteDonacionV2 },
  '18': { 1: buildRetornoV1 },
} satisfies Record<string, Record<number, Builder<never>>>;
export type TipoDte = keyof typeof builders;
