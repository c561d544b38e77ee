import { money, type Money } from './money';

/**
 * El Salvador's monthly minimum wage of commerce and services, by the date each decree took effect. The law
 * measures some of MH's thresholds in these wages (the Factura's identified consumer: three of them), so the
 * next decree is one line here.
 *
 * - $365.00 from 1 August 2021 (Decreto Ejecutivo N° 10, Diario Oficial 2021-07-07).
 * - $408.80 from 1 June 2025 (the 12 % increase decreed in May 2025).
 */
const SALARIOS: readonly { desde: string; mensual: string }[] = [
  { desde: '2021-08-01', mensual: '365.00' },
  { desde: '2025-06-01', mensual: '408.80' },
];

/** The wage in force on a date (`YYYY-MM-DD`, El Salvador), the earliest one known before 2021. */
export function salarioMinimoComercio(fecha: string): Money {
  const vigente = SALARIOS.filter((s) => s.desde <= fecha).at(-1) ?? SALARIOS[0]!;
  return money(vigente.mensual);
}
