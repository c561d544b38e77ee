import { DteError, ErrorCode, validationError } from '../../errors';
import type { Generacion } from '../../mh/schemas';
import type { TipoDte } from '../document-kinds';

/**
 * The spec's invalidation windows in calendar days from the sello (its Limits table), a bound the
 * operator may set (`ANULACION_PLAZOS=DIAS`) on top of MH's own windows, which always apply.
 */
export interface PlazosAnulacion {
  /** DTE 01, 11 and 14. */
  consumidor: number;
  /** Every other kind MH lets be invalidated. */
  contribuyente: number;
}
export const PLAZOS_ANULACION_DEFAULT: PlazosAnulacion = { consumidor: 90, contribuyente: 30 };
/** Which of the spec's windows bounds each kind. */
const PLAZO_SPEC = {
  '01': 'consumidor',
  '03': 'contribuyente',
  '04': 'contribuyente',
  '05': 'contribuyente',
  '06': 'contribuyente',
  '07': 'contribuyente',
  '08': 'contribuyente',
  '09': 'contribuyente',
  '11': 'consumidor',
  '14': 'consumidor',
  '15': 'contribuyente',
  '18': 'contribuyente',
} as const satisfies Record<TipoDte, keyof PlazosAnulacion>;

/** The windows the operator configured (README: ANULACION_PLAZOS and the two in days). */
export function plazosConfigurados(config: {
  ANULACION_PLAZOS: 'DIAS' | 'MH';
  ANULACION_PLAZO_CONSUMIDOR_DIAS: number;
  ANULACION_PLAZO_CONTRIBUYENTE_DIAS: number;
}): PlazosAnulacion | 'MH' {
  return config.ANULACION_PLAZOS === 'MH'
    ? 'MH'
    : { consumidor: config.ANULACION_PLAZO_CONSUMIDOR_DIAS, contribuyente: config.ANULACION_PLAZO_CONTRIBUYENTE_DIAS };
}

/** How long after its sello MH accepts the invalidation of a kind, always until 23:59:59 of the last day. */
type PlazoMh =
  /** The same day `meses` months later (clamped to the month's last day). */
  | { meses: number }
  /** `dias` calendar days later. */
  | { dias: number }
  /** The `diaHabil`-th business day (Monday to Friday) of the month after the sello's. */
  | { diaHabil: number };

/** A kind the invalidation event of a generation cannot name. */
const NO_ANULABLE = null;

/**
 * MH's windows per kind, by the generation of the invalidation event (the rules MH applies to the event it
 * receives).
 *
 * - 2023, Manual Funcional v1.2 §VIII: FE, FEX and FSE three months; the others until the end of the next day.
 *   The anulación v2 schema cannot name a retorno (it has no numeroControl), so 18 is absent.
 * - 2026, Normativa DTE 2.0 annex as the annexes' digest reads it (FACTS.md §5.6, [DIG]; MH's annex itself is
 *   not public): CCF, CR, NC and ND 1 day; CL and DCL the 10th business day of the next month; NR, CD and the
 *   retorno 4 days; FE, FEX and FSE 3 months. Readings taken: "1 day"/"4 days" end at 23:59:59 of the day that
 *   many days after the sello's (as the 2023 "day after" does), and business days are Monday to Friday (no
 *   calendar of holidays is published with the annex). A correction is a line of this table.
 */
const PLAZOS_MH = {
  '2023': {
    '01': { meses: 3 },
    '03': { dias: 1 },
    '04': { dias: 1 },
    '05': { dias: 1 },
    '06': { dias: 1 },
    '07': { dias: 1 },
    '08': { dias: 1 },
    '09': { dias: 1 },
    '11': { meses: 3 },
    '14': { meses: 3 },
    '15': { dias: 1 },
    '18': NO_ANULABLE,
  },
  '2026': {
    '01': { meses: 3 },
    '03': { dias: 1 },
    '04': { dias: 4 },
    '05': { dias: 1 },
    '06': { dias: 1 },
    '07': { dias: 1 },
    '08': { diaHabil: 10 },
    '09': { diaHabil: 10 },
    '11': { meses: 3 },
    '14': { meses: 3 },
    '15': { dias: 4 },
    '18': { dias: 4 },
  },
} satisfies Record<Generacion, Record<TipoDte, PlazoMh | typeof NO_ANULABLE>>;

/** El Salvador's civil time is UTC−6 all year. */
const EL_SALVADOR_OFFSET_MS = 6 * 3_600_000;

/** 23:59:59 in El Salvador of the local calendar date (y, m, d); Date.UTC normalises overflowing days. */
const finDelDiaLocal = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m, d, 23, 59, 59) + EL_SALVADOR_OFFSET_MS);

function limiteMh(plazo: PlazoMh, selladoEn: Date): Date {
  const local = new Date(selladoEn.getTime() - EL_SALVADOR_OFFSET_MS);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  if ('dias' in plazo) return finDelDiaLocal(y, m, d + plazo.dias);
  if ('meses' in plazo) {
    const ultimo = new Date(Date.UTC(y, m + plazo.meses + 1, 0)).getUTCDate();
    return finDelDiaLocal(y, m + plazo.meses, Math.min(d, ultimo));
  }
  let habiles = 0;
  for (let dia = 1; ; dia++) {
    const semana = new Date(Date.UTC(y, m + 1, dia)).getUTCDay();
    if (semana !== 0 && semana !== 6 && ++habiles === plazo.diaHabil) return finDelDiaLocal(y, m + 1, dia);
  }
}

/**
 * Refuses an invalidation MH would refuse for its kind or its age (INVALID_ORIGIN_TYPE,
 * INVALIDATION_PERIOD_EXPIRED): MH's window for the kind in the event's generation and, when the operator
 * sets the spec's windows in days, the earlier of the two.
 */
export function checkPlazoAnulacion(
  tipoDte: string,
  generacion: Generacion,
  selladoEn: Date,
  ahora: Date,
  plazos: PlazosAnulacion | 'MH',
): void {
  const porTipo: Readonly<Record<string, PlazoMh | typeof NO_ANULABLE>> = PLAZOS_MH[generacion];
  const plazoMh = porTipo[tipoDte];
  if (!plazoMh) {
    throw new DteError(
      ErrorCode.INVALID_ORIGIN_TYPE,
      400,
      `El DTE ${tipoDte} no se puede anular con el evento de invalidación de la generación ${generacion}`,
      { tipoDte, generacion },
    );
  }
  const mh = limiteMh(plazoMh, selladoEn);
  // A kind MH has a window for is one of ours.
  const dias = plazos === 'MH' ? undefined : plazos[PLAZO_SPEC[tipoDte as TipoDte]];
  const enDias = dias === undefined ? undefined : new Date(selladoEn.getTime() + dias * 86_400_000);
  const porDias = enDias !== undefined && enDias < mh;
  const limite = porDias ? enDias : mh;
  if (ahora <= limite) return;
  throw new DteError(
    ErrorCode.INVALIDATION_PERIOD_EXPIRED,
    400,
    `El plazo de anulación del DTE ${tipoDte} ${porDias ? `(${dias} días)` : 'según el plazo de MH'} venció el ${limite.toISOString()}`,
    porDias ? { plazoDias: dias, limite: limite.toISOString() } : { limite: limite.toISOString() },
  );
}

/**
 * Whether an invalidation of type 1 (error) or 3 (otro) names its replacement. MH requires it for every
 * kind but the Nota de Crédito and the Comprobante de Liquidación, which are invalidated first so the new
 * one can use the balance the wrong one held: their `codigoGeneracionR` is null (Manual Funcional v1.2
 * §XVIII, "Se exceptúa de esta condición la Nota de Crédito y Comprobante de Liquidación"; Normativa DTE
 * 2.0 Anexo V field 48). Type 2 (rescindir) never names one.
 *
 * The Evento de Retorno (18) names none either: it is an event, not a document another one replaces, and
 * what it gave back of its Factura or FSE (quantities, and at MH the amount) is freed only by its
 * invalidation, so a corrected retorno can only follow it, as the NC's balance does. MH's 2026
 * invalidation schema admits null for every kind and type (invalidacion-schema-v3 has no if/then on
 * `codigoGeneracionR`), and the review of issue 48 reads the 2026 annex as null for a retorno's types 1
 * and 3. A reading, isolated here (the annex itself is not public; shared/mh has no other word on it).
 *
 * The 2023 event cannot follow that exception: anulacion-schema-v2 requires a string `codigoGeneracionR`
 * for types 1 and 3 whatever the kind, and MH validates the event against it. So in the 2023 generation
 * every kind names an accepted replacement (an NC or CL whose replacement cannot be issued first is
 * invalidated with type 2); the exception applies to the 2026 event, whose schema admits null. (The 2023
 * event cannot name a retorno at all.)
 */
const SIN_REEMPLAZO_2026 = {
  '01': false,
  '03': false,
  '04': false,
  '05': true,
  '06': false,
  '07': false,
  '08': true,
  '09': false,
  '11': false,
  '14': false,
  '15': false,
  '18': true,
} satisfies Record<TipoDte, boolean>;

/** Whether MH requires an invalidation of this type, in this generation, to name its replacement. */
export function exigeReemplazo(tipoDte: string, generacion: Generacion, tipoAnulacion: number): boolean {
  if (tipoAnulacion === 2) return false;
  return !(generacion === '2026' && (SIN_REEMPLAZO_2026 as Readonly<Record<string, boolean>>)[tipoDte] === true);
}

/** Refuses a `codigoGeneracionR` that MH would refuse for the invalidated kind (400 VALIDATION_ERROR). */
export function checkReemplazo(
  tipoDte: string,
  generacion: Generacion,
  tipoAnulacion: number,
  codigoGeneracionR: string | null | undefined,
) {
  if (tipoAnulacion === 2) return;
  const field = 'codigoGeneracionR';
  const sinReemplazo = !exigeReemplazo(tipoDte, generacion, tipoAnulacion);
  if (sinReemplazo && codigoGeneracionR)
    throw validationError(`Un DTE ${tipoDte} se anula sin documento de reemplazo`, [
      {
        field,
        message:
          'Debe omitirse para una Nota de Crédito, un Comprobante de Liquidación o un Evento de Retorno: se anula primero y luego se emite el nuevo',
      },
    ]);
  if (!sinReemplazo && !codigoGeneracionR)
    throw validationError('Falta el documento de reemplazo', [
      { field, message: 'Requerido cuando tipoAnulacion es 1 o 3' },
    ]);
}
