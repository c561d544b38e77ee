import { money, round2, round8, toAmountString } from '../src';
import { toNumber2, toNumber8 } from '../src/money';

describe('money', () => {
  it('rounds resumen amounts half-up at the third decimal (Manual Funcional §XXI)', () => {
    expect(round2(money('5.664')).toFixed(2)).toBe('5.66');
    expect(round2(money('5.665')).toFixed(2)).toBe('5.67');
    expect(round2(money('5.666')).toFixed(2)).toBe('5.67');
  });

  it('rounds cuerpo amounts half-up at the ninth decimal (Manual Funcional §XXI)', () => {
    expect(round8(money('1.87654321987654')).toString()).toBe('1.87654322');
    expect(round8(money('3.555555554')).toString()).toBe('3.55555555');
  });

  it('reads a request number by its decimal digits, not its binary value', () => {
    // 6.685 is 6.68499999999999960920... as a double; Number#toFixed gives 6.68.
    expect((6.685).toFixed(2)).toBe('6.68');
    expect(round2(money(6.685)).toFixed(2)).toBe('6.69');
    expect(money(0.1).plus(money(0.2)).toString()).toBe('0.3');
  });

  it('serialises rounded numbers', () => {
    expect(toNumber2(money('2.675'))).toBe(2.68);
    expect(toNumber8(money('0.123456785'))).toBe(0.12345679);
    expect(toAmountString(2260)).toBe('2260.00');
    expect(toAmountString(money('0.005'))).toBe('0.01');
  });
});
