/**
 * MH's clock is America/El_Salvador, which has been UTC−6 all year since 2006 (no DST), so a fixed
 * offset converts exactly and keeps fecEmi/horEmi arithmetic free of time-zone libraries.
 */
const OFFSET_MS = -6 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The UTC fields of this shifted date are the El Salvador wall-clock fields. */
const local = (instant: Date) => new Date(instant.getTime() + OFFSET_MS);

/** `dd/MM/yyyy HH:mm:ss`, the format of MH's `fhProcesamiento` and `fechaHora`. */
export function fhProcesamiento(instant: Date): string {
  const l = local(instant);
  return (
    `${pad(l.getUTCDate())}/${pad(l.getUTCMonth() + 1)}/${l.getUTCFullYear()} ` +
    `${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}:${pad(l.getUTCSeconds())}`
  );
}

/** The year of the instant in El Salvador (the sello starts with it). */
export function anioLocal(instant: Date): number {
  return local(instant).getUTCFullYear();
}

/** The instant of a local `YYYY-MM-DD` date and `HH:mm:ss` time as DTEs carry them. */
export function instanteLocal(fecha: string, hora = '00:00:00'): Date {
  const [y, m, d] = fecha.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = hora.split(':').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, h, mi, s || 0) - OFFSET_MS);
}

/** The tax period is the calendar month: is this instant on its last day (El Salvador time)? */
export function esUltimoDiaDelPeriodo(instant: Date): boolean {
  return local(new Date(instant.getTime() + DAY_MS)).getUTCDate() === 1;
}

/** 23:59:59 local of the day `dias` days after the instant's local day. */
export function finDelDia(instant: Date, dias: number): Date {
  const l = local(instant);
  return new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate() + dias, 23, 59, 59) - OFFSET_MS);
}

/** 23:59:59 local of the same day `meses` months later (clamped to the month's last day). */
export function finDelDiaMesesDespues(instant: Date, meses: number): Date {
  const l = local(instant);
  const lastDay = new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth() + meses + 1, 0)).getUTCDate();
  const day = Math.min(l.getUTCDate(), lastDay);
  return new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth() + meses, day, 23, 59, 59) - OFFSET_MS);
}

/** 23:59:59 local of the `n`-th business day (Monday to Friday) of the month after the instant's local month. */
export function finDelDiaHabilDelMesSiguiente(instant: Date, n: number): Date {
  const l = local(instant);
  let habiles = 0;
  let dia = 0;
  while (habiles < n) {
    dia += 1;
    const semana = new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth() + 1, dia)).getUTCDay();
    if (semana !== 0 && semana !== 6) habiles += 1;
  }
  return new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth() + 1, dia, 23, 59, 59) - OFFSET_MS);
}
