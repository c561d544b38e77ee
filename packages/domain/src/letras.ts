import { money, round2, type Money } from './money';

/**
 * Amounts in Spanish words for `totalLetras` / `totalIVAretenidoLetras`.
 *
 * MH publishes no format (its own example is "DOS MIL DOSCIENTOS SESENTA DÓLARES"), so we write the
 * one Salvadoran invoices commonly print, with the cents always explicit:
 *   2260    → "DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100"
 *   1       → "UN DÓLAR CON 00/100"
 *   1000000 → "UN MILLÓN DE DÓLARES CON 00/100"
 */
export function totalLetras(amount: Money | number | string): string {
  const rounded = round2(money(amount));
  if (rounded.isNegative()) throw new RangeError(`totalLetras: negative amount ${rounded.toFixed(2)}`);
  const dolares = rounded.floor();
  if (dolares.gte(LIMITE)) throw new RangeError(`totalLetras: ${rounded.toFixed(2)} exceeds ${LIMITE - 1}`);
  const n = dolares.toNumber();
  const centavos = rounded.minus(dolares).times(100).toFixed(0).padStart(2, '0');
  const moneda = n === 1 ? 'DÓLAR' : n >= MILLON && n % MILLON === 0 ? 'DE DÓLARES' : 'DÓLARES';
  return `${enLetras(n, true)} ${moneda} CON ${centavos}/100`;
}

/**
 * A whole number in words. Before a noun Spanish shortens "uno": `apocope` gives UN / VEINTIÚN /
 * TREINTA Y UN (as in "VEINTIÚN DÓLARES"); without it the number stands alone (VEINTIUNO).
 */
export function enLetras(n: number, apocope = false): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= LIMITE) throw new RangeError(`enLetras: ${n}`);
  if (n === 0) return 'CERO';
  const millones = Math.floor(n / MILLON);
  const resto = n % MILLON;
  const partes: string[] = [];
  if (millones === 1) partes.push('UN MILLÓN');
  // "millones" is a noun, so the count before it is always shortened (VEINTIÚN MILLONES).
  else if (millones > 1) partes.push(`${hastaMillon(millones, true)} MILLONES`);
  if (resto > 0) partes.push(hastaMillon(resto, apocope));
  return partes.join(' ');
}

const MILLON = 1_000_000;
/** The schemas cap amounts below 1e11; words are defined up to 999 999 999 999. */
const LIMITE = 1_000_000_000_000;

/** 1..999 999: "MIL", never "UN MIL"; the count of thousands is shortened (VEINTIÚN MIL). */
function hastaMillon(n: number, apocope: boolean): string {
  const miles = Math.floor(n / 1000);
  const resto = n % 1000;
  const partes: string[] = [];
  if (miles === 1) partes.push('MIL');
  else if (miles > 1) partes.push(`${hastaMil(miles, true)} MIL`);
  if (resto > 0) partes.push(hastaMil(resto, apocope));
  return partes.join(' ');
}

/** 1..999: exactly 100 is CIEN, 101..199 are CIENTO … */
function hastaMil(n: number, apocope: boolean): string {
  const centenas = Math.floor(n / 100);
  const resto = n % 100;
  if (n === 100) return 'CIEN';
  const partes: string[] = [];
  if (centenas > 0) partes.push(CENTENAS[centenas]!);
  if (resto > 0) partes.push(hastaCien(resto, apocope));
  return partes.join(' ');
}

function hastaCien(n: number, apocope: boolean): string {
  if (n < 30) {
    if (apocope && n === 1) return 'UN';
    if (apocope && n === 21) return 'VEINTIÚN';
    return UNIDADES[n]!;
  }
  const decenas = DECENAS[Math.floor(n / 10)]!;
  const unidad = n % 10;
  if (unidad === 0) return decenas;
  return `${decenas} Y ${apocope && unidad === 1 ? 'UN' : UNIDADES[unidad]!}`;
}

// prettier-ignore
const UNIDADES = [
  '', 'UNO', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE',
  'DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE',
  'VEINTE', 'VEINTIUNO', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE', 'VEINTIOCHO', 'VEINTINUEVE',
];
const DECENAS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
// prettier-ignore
const CENTENAS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS'];
