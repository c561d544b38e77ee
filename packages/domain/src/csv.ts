import { validationError } from './errors';

/**
 * A cell of any CSV the service writes (the documents' export, DGII's F-07 annexes), made safe to open in a
 * spreadsheet (OWASP, "CSV Injection"): Excel, LibreOffice and Google Sheets run a field that starts with
 * `=`, `+`, `-` or `@` as a formula, also after a tab or a carriage return, and names come from the emisor's
 * clients (`=cmd|' /C calc'!A0`). Such a text gets a leading apostrophe, so a spreadsheet takes it as text:
 * the usual neutralisation, and the one DGII's annex upload keeps to its format checks, since only a text
 * column (a name) can hold it (a choice, docs/anexos-f07.md). A number is left as it is, a negative amount
 * included: a spreadsheet reads it as a number, never a formula, and DGII's numeric columns take nothing else.
 */
export function celdaSinFormula(valor: string): string {
  return /^[=+\-@\t\r]/.test(valor) && !/^-?\d+(\.\d+)?$/.test(valor) ? `'${valor}` : valor;
}

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line end; never run as a formula. */
export function campoCsv(valor: string | null): string {
  if (valor === null) return '';
  const seguro = celdaSinFormula(valor);
  return /[",\r\n]/.test(seguro) ? `"${seguro.replace(/"/g, '""')}"` : seguro;
}

/** A cell of a file the service wrote, as it was before `celdaSinFormula`: the apostrophe it added taken off. */
export function celdaLeida(valor: string): string {
  return /^'[=+\-@\t\r]/.test(valor) && !/^-?\d+(\.\d+)?$/.test(valor.slice(1)) ? valor.slice(1) : valor;
}

/**
 * A CSV file's text: UTF-8 (its BOM dropped), or Windows-1252 when it is not UTF-8, as Excel saves "CSV
 * (delimitado por comas)" on a Spanish Windows (docs/anexos-f07.md): its "ñ" and "á" are not UTF-8.
 */
export function textoDeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The rows of a CSV (RFC 4180): quoted fields with `""` for a quote and line breaks inside, CRLF or LF. The
 * separator is the header's: a comma, or a semicolon when the first line has more of them, as Excel saves
 * CSV where the decimal separator is a comma. A quote left open is an error, never a guess.
 */
export function leerCsv(texto: string): string[][] {
  const primera = texto.slice(0, texto.search(/\r?\n|$/));
  const fuera = primera.replace(/"[^"]*"/g, '');
  const separador = (fuera.match(/;/g)?.length ?? 0) > (fuera.match(/,/g)?.length ?? 0) ? ';' : ',';
  const filas: string[][] = [];
  let fila: string[] = [];
  let campo = '';
  let i = 0;
  while (i < texto.length) {
    const c = texto[i]!;
    if (c === '"' && campo === '') {
      const cierre = cierreDeComillas(texto, i + 1);
      if (cierre < 0)
        throw validationError('El CSV tiene comillas sin cerrar', [
          { field: 'body', message: `Fila ${filas.length + 1}` },
        ]);
      campo = texto.slice(i + 1, cierre).replace(/""/g, '"');
      i = cierre + 1;
    } else if (c === separador) {
      fila.push(campo);
      campo = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      fila.push(campo);
      filas.push(fila);
      fila = [];
      campo = '';
      i += c === '\r' && texto[i + 1] === '\n' ? 2 : 1;
    } else {
      campo += c;
      i++;
    }
  }
  if (campo !== '' || fila.length) filas.push([...fila, campo]);
  return filas;
}

/** Where the quoted field opened before `desde` closes: the next quote not doubled; -1 if none. */
function cierreDeComillas(texto: string, desde: number): number {
  for (let i = desde; i < texto.length; i++) {
    if (texto[i] !== '"') continue;
    if (texto[i + 1] === '"') i++;
    else return i;
  }
  return -1;
}
