import { esUltimoDiaDelPeriodo, fhProcesamiento, finDelDia, finDelDiaMesesDespues, instanteLocal } from '../src/tiempo';

describe('El Salvador time (UTC−6, no DST)', () => {
  it('formats fhProcesamiento as dd/MM/yyyy HH:mm:ss local', () => {
    expect(fhProcesamiento(new Date('2026-01-01T05:59:59Z'))).toBe('31/12/2025 23:59:59');
    expect(fhProcesamiento(new Date('2026-07-15T18:04:05Z'))).toBe('15/07/2026 12:04:05');
  });

  it('reads fecEmi/horEmi as local time', () => {
    expect(instanteLocal('2026-03-10', '23:30:00').toISOString()).toBe('2026-03-11T05:30:00.000Z');
  });

  it('knows the last day of the tax period (the month) in local time', () => {
    expect(esUltimoDiaDelPeriodo(new Date('2026-03-01T05:00:00Z'))).toBe(true); // 28 Feb 23:00 local
    expect(esUltimoDiaDelPeriodo(new Date('2026-03-01T06:00:00Z'))).toBe(false);
  });

  it('ends invalidation windows at 23:59:59 local', () => {
    const sello = instanteLocal('2025-11-11', '10:00:00');
    expect(finDelDia(sello, 1).toISOString()).toBe(instanteLocal('2025-11-12', '23:59:59').toISOString());
    // Manual Funcional's example: sello 11-11-2025 → until 11-02-2026 23:59:59.
    expect(finDelDiaMesesDespues(sello, 3).toISOString()).toBe(instanteLocal('2026-02-11', '23:59:59').toISOString());
    expect(finDelDiaMesesDespues(instanteLocal('2025-11-30', '09:00:00'), 3).toISOString()).toBe(
      instanteLocal('2026-02-28', '23:59:59').toISOString(),
    );
  });
});
