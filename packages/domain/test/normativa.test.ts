import { generacionEn, normativaDe } from '../src';

describe('the cut-over between MH schema generations', () => {
  const corte = { generacion: '2026' as const, desde: new Date('2026-12-01T06:00:00Z') };

  it('gives the 2023 generation before the instant and the 2026 one from it, to the millisecond', () => {
    expect(generacionEn(corte, new Date('2026-12-01T05:59:59.999Z'))).toBe('2023');
    expect(generacionEn(corte, new Date('2026-12-01T06:00:00.000Z'))).toBe('2026');
  });

  it('moves an emisor back to 2023 from an instant (MH postponing), the 2026 generation before it', () => {
    const regreso = { generacion: '2023' as const, desde: new Date('2027-01-10T06:00:00Z') };
    expect(generacionEn(regreso, new Date('2027-01-09T12:00:00Z'))).toBe('2026');
    expect(generacionEn(regreso, new Date('2027-01-10T06:00:00Z'))).toBe('2023');
  });

  it("follows the emisor's own cut-over when it has one, else the service's", () => {
    // 2026-12-01T00:00:00-06:00 in El Salvador is 06:00 UTC.
    expect(normativaDe(null, '2026-12-01T00:00:00-06:00')).toEqual({ ...corte, origen: 'SERVICIO' });
    expect(
      normativaDe({ generacion: '2023', desde: new Date('2026-11-30T00:00:00Z') }, '2026-12-01T00:00:00-06:00'),
    ).toEqual({
      generacion: '2023',
      desde: new Date('2026-11-30T00:00:00Z'),
      origen: 'EMISOR',
    });
  });
});
