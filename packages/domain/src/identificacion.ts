/**
 * Check digits of El Salvador's identification numbers. MH publishes none of these algorithms; each is
 * the reading public sources agree on, isolated here (docs/api-rules.md, "Certification"):
 *
 * - DUI (9 digits): the first 8 weighted 9…2, the check digit completes the sum to a multiple of 10
 *   (svcommunity.org's published rule; lu1tr0n/nationid; the DUI 00016297-5 it is shown on).
 * - NIT (14 digits: municipio, DDMMYY, correlativo, check): mod 11. NITs with a correlativo up to 100
 *   weight the 13 digits 14…2 and take the remainder; later ones weight them 2,7,6,5,4,3,2,7,6,5,4,3,2 and
 *   take its complement (python-stdnum `sv.nit`, which its doctest 0614-050707-104-8 and org-id.guide's
 *   0614-030915-112-5 both satisfy).
 * - NRC: its last digit checks the others as a DUI's does (the rule implementers cite, "el mismo
 *   principio que el DUI"); MH checks an NRC against its registry (008), not by a published formula.
 */

const digitos = (s: string) => [...s].map(Number);

/** The check digit of a DUI's first 8 digits. */
export function digitoVerificadorDui(ocho: string): number {
  const suma = digitos(ocho).reduce((s, d, i) => s + d * (9 - i), 0);
  return (10 - (suma % 10)) % 10;
}

const PESOS_NIT_NUEVO = [2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The check digit of a NIT's first 13 digits. */
export function digitoVerificadorNit(trece: string): number {
  const d = digitos(trece);
  if (Number(trece.slice(10, 13)) <= 100) return (d.reduce((s, x, i) => s + x * (14 - i), 0) % 11) % 10;
  const suma = d.reduce((s, x, i) => s + x * PESOS_NIT_NUEVO[i]!, 0);
  return ((11 - (suma % 11)) % 11) % 10;
}

/** The check digit of an NRC's digits before its last: the DUI's weights, ending at 2. */
export function digitoVerificadorNrc(cuerpo: string): number {
  const suma = digitos(cuerpo).reduce((s, d, i, todos) => s + d * (todos.length + 1 - i), 0);
  return (10 - (suma % 10)) % 10;
}

export const esDuiValido = (dui: string) =>
  /^\d{9}$/.test(dui) && digitoVerificadorDui(dui.slice(0, 8)) === Number(dui[8]);
export const esNitValido = (nit: string) =>
  /^\d{14}$/.test(nit) && digitoVerificadorNit(nit.slice(0, 13)) === Number(nit[13]);
export const esNrcValido = (nrc: string) =>
  /^[1-9]\d{1,7}$/.test(nrc) && digitoVerificadorNrc(nrc.slice(0, -1)) === Number(nrc.at(-1));
