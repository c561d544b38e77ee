import { DteError, ErrorCode } from '../../errors';

/**
 * Invalidation windows in calendar days from the sello, per the spec's Limits table: MH's rule is three
 * months for FE/FSE and a tax-period deadline for the others, which the spec simplifies to 30 days.
 */
export interface PlazosAnulacion {
  /** DTE 01, 11 and 14. */
  consumidor: number;
  /** DTE 03, 04, 05, 06, 07, 08, 09 and 15. */
  contribuyente: number;
}
export const PLAZOS_ANULACION_DEFAULT: PlazosAnulacion = { consumidor: 90, contribuyente: 30 };

/** Anulación v2 lists the DTE types MH can invalidate; the 2026 retorno (18) is not among them. */
const PLAZO_DE_TIPO: Record<string, keyof PlazosAnulacion> = {
  '01': 'consumidor',
  '11': 'consumidor',
  '14': 'consumidor',
  '03': 'contribuyente',
  '04': 'contribuyente',
  '05': 'contribuyente',
  '06': 'contribuyente',
  '07': 'contribuyente',
  '08': 'contribuyente',
  '09': 'contribuyente',
  '15': 'contribuyente',
};

/** El Salvador's civil time is UTC−6 all year. */
const EL_SALVADOR_OFFSET_MS = 6 * 3_600_000;

/**
 * MH's own, stricter windows (Manual Funcional v1.2 §VIII, FACTS.md 5.6): FE, FEX and FSE until 23:59:59
 * of the same day three months after the sello; CCF, NR, NC, ND, CR, CL, DCL and CD until 23:59:59 of the
 * day after it.
 */
function limiteMh(plazo: keyof PlazosAnulacion, selladoEn: Date): Date {
  const local = new Date(selladoEn.getTime() - EL_SALVADOR_OFFSET_MS);
  const fin = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 23, 59, 59));
  if (plazo === 'consumidor') fin.setUTCMonth(fin.getUTCMonth() + 3);
  else fin.setUTCDate(fin.getUTCDate() + 1);
  return new Date(fin.getTime() + EL_SALVADOR_OFFSET_MS);
}

/**
 * Refuses an invalidation MH would refuse for its type or its age (INVALID_ORIGIN_TYPE,
 * INVALIDATION_PERIOD_EXPIRED): with the spec's windows in days, or with MH's own (`'MH'`).
 */
export function checkPlazoAnulacion(
  tipoDte: string,
  selladoEn: Date,
  ahora: Date,
  plazos: PlazosAnulacion | 'MH',
): void {
  const plazo = PLAZO_DE_TIPO[tipoDte];
  if (!plazo) {
    throw new DteError(ErrorCode.INVALID_ORIGIN_TYPE, 400, `El DTE ${tipoDte} no se puede anular`, { tipoDte });
  }
  const limite =
    plazos === 'MH' ? limiteMh(plazo, selladoEn) : new Date(selladoEn.getTime() + plazos[plazo] * 86_400_000);
  if (ahora > limite) {
    const regla = plazos === 'MH' ? 'según el plazo de MH' : `(${plazos[plazo]} días)`;
    throw new DteError(
      ErrorCode.INVALIDATION_PERIOD_EXPIRED,
      400,
      `El plazo de anulación del DTE ${tipoDte} ${regla} venció el ${limite.toISOString()}`,
      plazos === 'MH' ? { limite: limite.toISOString() } : { plazoDias: plazos[plazo], limite: limite.toISOString() },
    );
  }
}
