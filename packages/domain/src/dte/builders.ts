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
import { buildRetornoV1 } from './retorno/fe-eret-v1';
import { buildSujetoExcluidoV1 } from './sujeto-excluido/fe-fse-v1';
import { buildSujetoExcluidoV2 } from './sujeto-excluido/fe-fse-v2';

/**
 * Builders by tipoDte and MH schema version: the 2023 generation (FE v1, CCF v3, NC/ND v3, CR v1,
 * FSE v1) beside the 2026 one (FE v2, CCF v4, NC/ND v4, CR v2, FSE v2); the Evento de Retorno exists
 * only as fe-eret-v1. Which version a document is built in follows from its emisor's cut-over
 * (`../normativa.ts`) and MH's schema table (`../mh/schemas.ts`).
 */
export const builders = {
  '01': { 1: buildFacturaV1, 2: buildFacturaV2 },
  '03': { 3: buildCreditoFiscalV3, 4: buildCreditoFiscalV4 },
  '05': { 3: buildNotaCreditoV3, 4: buildNotaCreditoV4 },
  '06': { 3: buildNotaDebitoV3, 4: buildNotaDebitoV4 },
  '07': { 1: buildComprobanteRetencionV1, 2: buildComprobanteRetencionV2 },
  '14': { 1: buildSujetoExcluidoV1, 2: buildSujetoExcluidoV2 },
  '18': { 1: buildRetornoV1 },
} satisfies Record<string, Record<number, Builder<never>>>;
export type TipoDte = keyof typeof builders;
