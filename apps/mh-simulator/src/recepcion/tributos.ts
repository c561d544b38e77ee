import { isTributoDeSeccion } from '@dte/domain';
import { hallazgo, type Hallazgo } from '../respuesta';

/**
 * Manual Funcional v1.2 §XIII, "Aplicación del Catálogo Tributos": which DTE each tributo of CAT-015
 * sections 1 and 3 applies to, and how the resumen consolidates the codes the lines apply ("Se ingresará de
 * manera consolidada (una sola vez) cada tipo de tributo por medio del código que haya aplicado por ítem").
 * The 2023 schemas encoded part of it in their item if/then (a taxed CCF line lists a tributo, an FE line
 * never "20"); the 2026 schemas dropped those and the manual's rules stand.
 */

type Json = Record<string, unknown>;

/** The kinds §XIII speaks of; the events (the retorno, 2026) and the kinds without tributos are not read. */
const CCF_NR_NC_ND = ['03', '04', '05', '06'];
const APLICA: Readonly<Record<string, readonly string[]>> = {
  // Section 1, its table "DTE al que aplica". D4 is "uso interno del M.H.", left unread.
  '20': [...CCF_NR_NC_ND, '08'],
  C3: ['11', '08'],
  '59': ['01', ...CCF_NR_NC_ND, '08'],
  '71': ['01', ...CCF_NR_NC_ND, '08'],
  D1: ['01', ...CCF_NR_NC_ND, '08'],
  C8: ['01', ...CCF_NR_NC_ND, '08'],
  D5: ['01', ...CCF_NR_NC_ND, '08'],
};
/** Section 3 (informative ad-valorem taxes): "Factura Electrónica y Comprobante de Crédito Fiscal Electrónico". */
const SECCION_3 = ['01', '03'];
const LEIDOS = new Set(['01', ...CCF_NR_NC_ND, '08', '11']);

function aplica(codigo: string, tipoDte: string): boolean {
  const tipos = APLICA[codigo] ?? (isTributoDeSeccion(codigo, 3) ? SECCION_3 : undefined);
  return !tipos || tipos.includes(tipoDte);
}

/**
 * The IVA tributo a sale line lists when it sells something (§XIII: each item carries the code of the
 * tributo applied): "20" on the CCF family's taxed lines, "C3" on an export's (0 %, listed all the same).
 */
const IVA_DE_LINEA: Readonly<Record<string, string>> = { '03': '20', '04': '20', '05': '20', '06': '20', '11': 'C3' };

const codigos = (valor: unknown): string[] => (Array.isArray(valor) ? valor.map(String) : []);

/**
 * Refusals: a code that does not apply to the kind (007); a taxed line without its IVA tributo (005); a code
 * the lines apply missing from the resumen (020, as a resumen without its IVA is answered), or listed twice
 * (025); a resumen code no line applies (024), but C3, which the FEX details "aunque su valor sea $0.0"
 * (§XIII, note), so an FEX v3 without it is 020 too.
 */
export function verificarTributos(tipoDte: string, dte: Json): Hallazgo[] {
  if (!LEIDOS.has(tipoDte) || !Array.isArray(dte.cuerpoDocumento)) return [];
  const hallazgos: Hallazgo[] = [];
  const lineas = dte.cuerpoDocumento as Json[];
  const enLineas = new Set<string>();
  lineas.forEach((linea, i) => {
    codigos(linea.tributos).forEach((codigo, j) => {
      enLineas.add(codigo);
      if (!aplica(codigo, tipoDte)) hallazgos.push(hallazgo('007', `cuerpoDocumento[${i}].tributos[${j}]`));
    });
    const iva = IVA_DE_LINEA[tipoDte];
    if (
      iva &&
      typeof linea.ventaGravada === 'number' &&
      linea.ventaGravada > 0 &&
      !codigos(linea.tributos).includes(iva)
    )
      hallazgos.push(hallazgo('005', `cuerpoDocumento[${i}].tributos`));
  });

  const resumen = dte.resumen as Json | undefined;
  // fe-fex-v1 has no resumen.tributos: its lines alone carry C3.
  if (!resumen || !('tributos' in resumen)) return hallazgos;
  const enResumen = (Array.isArray(resumen.tributos) ? (resumen.tributos as Json[]) : []).map((t) => String(t.codigo));
  enResumen.forEach((codigo, i) => {
    const campo = `resumen.tributos[${i}].codigo`;
    if (!aplica(codigo, tipoDte)) hallazgos.push(hallazgo('007', campo));
    else if (enResumen.indexOf(codigo) !== i) hallazgos.push(hallazgo('025', campo));
    else if (!enLineas.has(codigo) && !(tipoDte === '11' && codigo === 'C3')) hallazgos.push(hallazgo('024', campo));
  });
  const requeridos = [...enLineas, ...(tipoDte === '11' ? ['C3'] : [])];
  if (requeridos.some((codigo) => !enResumen.includes(codigo))) hallazgos.push(hallazgo('020', 'resumen.tributos'));
  return hallazgos;
}
