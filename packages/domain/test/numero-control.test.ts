import { formatNumeroControl, serie } from '../src';

describe('numeroControl', () => {
  it('formats DTE-<tipo>-<establecimiento><punto de venta>-<15 digits>', () => {
    expect(formatNumeroControl('01', 'M001', 'P001', 1)).toBe('DTE-01-M001P001-000000000000001');
    expect(formatNumeroControl('14', 'S012', 'P107', 123456789012345n)).toBe('DTE-14-S012P107-123456789012345');
    expect(formatNumeroControl('03', 'B001', 'P001', 42)).toHaveLength(31);
  });

  it('refuses blocks and correlativos MH would not accept', () => {
    expect(() => formatNumeroControl('1', 'M001', 'P001', 1)).toThrow(RangeError);
    expect(() => formatNumeroControl('01', '0001', 'P001', 1)).toThrow(RangeError);
    expect(() => formatNumeroControl('01', 'M001', '0001', 1)).toThrow(RangeError);
    expect(() => formatNumeroControl('01', 'M001', 'P001', 0)).toThrow(RangeError);
    expect(() => formatNumeroControl('01', 'M001', 'P001', 10n ** 15n)).toThrow(RangeError);
  });

  it('gives the serie of a point of sale', () => {
    expect(serie('P001')).toBe('P001');
    expect(() => serie('001')).toThrow(RangeError);
  });
});
