import { enLetras, totalLetras } from '../src';

describe('totalLetras', () => {
  it.each([
    [0, 'CERO DÓLARES CON 00/100'],
    [0.01, 'CERO DÓLARES CON 01/100'],
    [0.5, 'CERO DÓLARES CON 50/100'],
    [1, 'UN DÓLAR CON 00/100'],
    [1.99, 'UN DÓLAR CON 99/100'],
    [2, 'DOS DÓLARES CON 00/100'],
    [15, 'QUINCE DÓLARES CON 00/100'],
    [16, 'DIECISÉIS DÓLARES CON 00/100'],
    [21, 'VEINTIÚN DÓLARES CON 00/100'],
    [22, 'VEINTIDÓS DÓLARES CON 00/100'],
    [23, 'VEINTITRÉS DÓLARES CON 00/100'],
    [26, 'VEINTISÉIS DÓLARES CON 00/100'],
    [30, 'TREINTA DÓLARES CON 00/100'],
    [31, 'TREINTA Y UN DÓLARES CON 00/100'],
    [42.71, 'CUARENTA Y DOS DÓLARES CON 71/100'],
    [99, 'NOVENTA Y NUEVE DÓLARES CON 00/100'],
    [100, 'CIEN DÓLARES CON 00/100'],
    [101, 'CIENTO UN DÓLARES CON 00/100'],
    [115, 'CIENTO QUINCE DÓLARES CON 00/100'],
    [500, 'QUINIENTOS DÓLARES CON 00/100'],
    [777, 'SETECIENTOS SETENTA Y SIETE DÓLARES CON 00/100'],
    [999, 'NOVECIENTOS NOVENTA Y NUEVE DÓLARES CON 00/100'],
    [1000, 'MIL DÓLARES CON 00/100'],
    [1001, 'MIL UN DÓLARES CON 00/100'],
    [1095, 'MIL NOVENTA Y CINCO DÓLARES CON 00/100'],
    [2260, 'DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100'],
    [21000, 'VEINTIÚN MIL DÓLARES CON 00/100'],
    [31500.5, 'TREINTA Y UN MIL QUINIENTOS DÓLARES CON 50/100'],
    [100000, 'CIEN MIL DÓLARES CON 00/100'],
    [101000, 'CIENTO UN MIL DÓLARES CON 00/100'],
    [999999.99, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE DÓLARES CON 99/100'],
    [1000000, 'UN MILLÓN DE DÓLARES CON 00/100'],
    [1000001, 'UN MILLÓN UN DÓLARES CON 00/100'],
    [1250000, 'UN MILLÓN DOSCIENTOS CINCUENTA MIL DÓLARES CON 00/100'],
    [2000000, 'DOS MILLONES DE DÓLARES CON 00/100'],
    [21000000, 'VEINTIÚN MILLONES DE DÓLARES CON 00/100'],
    [1000000000, 'MIL MILLONES DE DÓLARES CON 00/100'],
    [1001000000, 'MIL UN MILLONES DE DÓLARES CON 00/100'],
    [
      99999999999.99,
      'NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE DÓLARES CON 99/100',
    ],
  ])('%s → %s', (amount, expected) => {
    expect(totalLetras(amount)).toBe(expected);
  });

  it('rounds to cents half-up first', () => {
    expect(totalLetras('2.675')).toBe('DOS DÓLARES CON 68/100');
    expect(totalLetras('0.995')).toBe('UN DÓLAR CON 00/100');
  });

  it('refuses negative and out-of-range amounts', () => {
    expect(() => totalLetras(-1)).toThrow(RangeError);
    expect(() => totalLetras(1e12)).toThrow(RangeError);
  });
});

describe('enLetras', () => {
  it('keeps UNO when the number stands alone and shortens it before a noun', () => {
    expect(enLetras(1)).toBe('UNO');
    expect(enLetras(1, true)).toBe('UN');
    expect(enLetras(21)).toBe('VEINTIUNO');
    expect(enLetras(21, true)).toBe('VEINTIÚN');
    expect(enLetras(41)).toBe('CUARENTA Y UNO');
    expect(enLetras(41, true)).toBe('CUARENTA Y UN');
    expect(enLetras(201)).toBe('DOSCIENTOS UNO');
    expect(enLetras(21001)).toBe('VEINTIÚN MIL UNO');
  });
});
