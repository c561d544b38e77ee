import { money, round2, type Money } from '../../money';

/**
 * CAT-006 "Retención IVA MH" with the rate each code stands for. C9 ("otras retenciones IVA casos
 * especiales") has no fixed rate, so its ivaRetenido is taken as declared.
 */
export const TASAS_RETENCION_IVA = {
  '22': money('0.01'),
  C4: money('0.13'),
  C9: null,
} as const satisfies Record<string, Money | null>;
export type CodigoRetencionMH = keyof typeof TASAS_RETENCION_IVA;

/** MH's holgura on resumen amounts (Manual Funcional §XXI). */
const HOLGURA = money('0.01');

/** The IVA a code withholds on an amount, or null for C9. */
export function ivaRetenidoEsperado(codigo: CodigoRetencionMH, montoSujetoGrav: Money): Money | null {
  const tasa = TASAS_RETENCION_IVA[codigo];
  return tasa && round2(montoSujetoGrav.times(tasa));
}

/** Whether a declared ivaRetenido is the code's rate of the amount, within one cent. */
export function ivaRetenidoCuadra(codigo: CodigoRetencionMH, montoSujetoGrav: Money, ivaRetenido: Money): boolean {
  const esperado = ivaRetenidoEsperado(codigo, montoSujetoGrav);
  return esperado === null || esperado.minus(ivaRetenido).abs().lte(HOLGURA);
}
