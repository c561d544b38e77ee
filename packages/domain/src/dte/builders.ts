import type { Builder } from './documento';
import { buildCreditoFiscalV3 } from './credito-fiscal/fe-ccf-v3';
import { buildFacturaV1 } from './factura/fe-fc-v1';
import { buildNotaCreditoV3 } from './nota/fe-nc-v3';
import { buildNotaDebitoV3 } from './nota/fe-nd-v3';
import { buildComprobanteRetencionV1 } from './retencion/fe-cr-v1';
import { buildRetornoV1 } from './retorno/fe-eret-v1';
import { buildSujetoExcluidoV1 } from './sujeto-excluido/fe-fse-v1';

/**
 * Builders by tipoDte and MH schema version. A new schema version is a new builder file plus its line
 * here — Factura v2 (fe-f-v2.json) becomes `'01': { 1: buildFacturaV1, 2: buildFacturaV2 }` — and the
 * version issued is configuration (`version` in document-kinds.ts, or per call), so both can coexist
 * while MH moves apitest and production to 2026's schemas.
 */
export const builders = {
  '01': { 1: buildFacturaV1 },
  '03': { 3: buildCreditoFiscalV3 },
  '05': { 3: buildNotaCreditoV3 },
  '06': { 3: buildNotaDebitoV3 },
  '07': { 1: buildComprobanteRetencionV1 },
  '14': { 1: buildSujetoExcluidoV1 },
  '18': { 1: buildRetornoV1 },
} satisfies Record<string, Record<number, Builder<never>>>;
export type TipoDte = keyof typeof builders;
