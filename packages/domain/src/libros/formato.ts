import { celdaSinFormula } from '../csv';
import type { Money } from '../money';

/**
 * DGII's annex file format (docs/anexos-f07.md, "File format"): fields separated by `;`, no header, each
 * row ended by CRLF, no quotes; dates dd/mm/yyyy, amounts with 2 decimals and a point, no thousands
 * separator. DGII states no encoding: its manual has the file saved by Excel as "CSV (delimitado por
 * comas)", which on a Spanish Windows is Windows-1252; that is the one choice here (`ENCODING_ANEXOS`).
 */
export const ENCODING_ANEXOS = 'windows-1252';

export const fechaDgii = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;
export const montoDgii = (m: Money) => m.toFixed(2);
export const sinGuiones = (s: string) => s.replace(/-/g, '');

/** A free text (a name) as a field: no separator, quote or line break can reach the file. */
export const textoDgii = (s: string) => s.replace(/[;"\r\n]+/g, ' ').trim();

/**
 * The file's bytes. Windows-1252 and Latin-1 agree on every letter of Spanish names (á, é, ñ, ü, ¿…);
 * a character neither has becomes `?`, as Excel writes it. A cell a spreadsheet would run as a formula is
 * neutralised here, in the file alone: the JSON rows keep the name as MH holds it.
 */
export function csvDgii(filas: readonly { columnas: readonly string[] }[]): Buffer {
  const texto = filas.map((f) => `${f.columnas.map(celdaSinFormula).join(';')}\r\n`).join('');
  const representable = Array.from(texto, (c) => (c.codePointAt(0)! > 0xff ? '?' : c)).join('');
  return Buffer.from(representable, 'latin1');
}
