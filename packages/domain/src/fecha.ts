/** Built once: constructing a DateTimeFormat costs more than formatting with it. */
const relojSv = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/El_Salvador',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** fecEmi and horEmi are El Salvador's civil time (UTC−6, no daylight saving). */
export function elSalvadorNow(now = new Date()): { fecEmi: string; horEmi: string } {
  const parts = Object.fromEntries(relojSv.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    fecEmi: `${parts.year}-${parts.month}-${parts.day}`,
    horEmi: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** The instant of MH's `fhProcesamiento` ("dd/MM/yyyy HH:mm:ss", El Salvador, UTC−6); null if it is not one. */
export function instanteProcesamientoMh(fhProcesamiento: string | null | undefined): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(fhProcesamiento ?? '');
  if (!m) return null;
  const [d, mo, y, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h + 6, mi, s));
}
