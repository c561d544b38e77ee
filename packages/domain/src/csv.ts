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
