import { z } from 'zod';
import { validationError } from '../errors';
import type { Periodo } from './documento';

/**
 * DGII's Renta classification of a purchase, the four columns anexos 3 (Q–T) and 5 (I–L) carry (annex
 * manual v14 §V 2.Q–T and §VII 2.I–L, and its table "reglas para uso de los códigos F07", printed page 16):
 * what the purchase is for the income tax, which no document says, so the accountant sets it per document,
 * per supplier, or for a whole annex (docs/anexos-f07.md, "Renta classification").
 */

/** Q / I: 1 gravada, 2 no gravada o exenta, 3 excluido o no constituye renta, 4 mixta. */
export const TIPOS_OPERACION_RENTA = [1, 2, 3, 4] as const;
/** R / J: 1 costo, 2 gasto. */
export const CLASIFICACIONES_RENTA = [1, 2] as const;
/** S / K: 1 industria, 2 comercio, 3 agropecuaria, 4 servicios, profesiones, artes y oficios. */
export const SECTORES_RENTA = [1, 2, 3, 4] as const;
/**
 * T / L: 1 gastos de venta, 2 de administración, 3 financieros (sin donación); 4 costo de artículos
 * importados o internados, 5 comprados internamente, 6 costos indirectos de fabricación, 7 mano de obra.
 */
export const TIPOS_COSTO_GASTO = [1, 2, 3, 4, 5, 6, 7] as const;
/**
 * Codes that fill all four columns at once: 8, an operation reported in more than one annex (left out of
 * Renta's costs and expenses); 9, public institutions, municipalities and operations not deductible for
 * Renta. The manual says 9 goes in "las 4 columnas"; of 8 it says only "clasificada con el código 8": that
 * it also fills all four is a choice, the only reading under which the other columns stay meaningful.
 */
export const CODIGOS_COMPLETOS = [8, 9] as const;

/** DGII's table of allowed combinations: a cost is 4 or 5 (and 6 or 7 in industry), an expense 1 to 3. */
function tiposPermitidos(clasificacion: number, sector: number): readonly number[] {
  if (clasificacion === 2) return [1, 2, 3];
  return sector === 1 ? [4, 5, 6, 7] : [4, 5];
}

const codigo = <T extends readonly number[]>(valores: T, nombre: string) =>
  z.literal([...valores, ...CODIGOS_COMPLETOS], {
    error: `${nombre}: ${[...valores, ...CODIGOS_COMPLETOS].join(', ')} (manual de anexos F-07 de la DGII)`,
  });

/**
 * A purchase's classification as the API takes it (PATCH /compras/:codigoGeneracion, per document or per
 * supplier; the annex routes' defaults), checked against DGII's table so the portal does not refuse the file.
 */
export const clasificacionRenta = z
  .strictObject({
    tipoOperacion: codigo(TIPOS_OPERACION_RENTA, 'tipoOperacion'),
    clasificacion: codigo(CLASIFICACIONES_RENTA, 'clasificacion'),
    sector: codigo(SECTORES_RENTA, 'sector'),
    tipoCostoGasto: codigo(TIPOS_COSTO_GASTO, 'tipoCostoGasto'),
  })
  .superRefine((c, ctx) => {
    const valores = [c.tipoOperacion, c.clasificacion, c.sector, c.tipoCostoGasto];
    const completo = valores.find((v) => (CODIGOS_COMPLETOS as readonly number[]).includes(v));
    if (completo !== undefined) {
      if (valores.some((v) => v !== completo))
        ctx.addIssue({
          code: 'custom',
          path: ['tipoOperacion'],
          message: `El código ${completo} va en las cuatro columnas a la vez (manual de anexos F-07)`,
        });
      return;
    }
    if (!tiposPermitidos(c.clasificacion, c.sector).includes(c.tipoCostoGasto))
      ctx.addIssue({
        code: 'custom',
        path: ['tipoCostoGasto'],
        message:
          `Con clasificación ${c.clasificacion} y sector ${c.sector} el tipo de costo o gasto es ` +
          `${tiposPermitidos(c.clasificacion, c.sector).join(', ')} (tabla de códigos del manual de anexos F-07)`,
      });
  });
export type ClasificacionRenta = z.infer<typeof clasificacionRenta>;

/** DGII's purchase Renta columns apply from the February 2024 period; before, all four are 0 ([M] §V, §VII). */
export const RENTA_COMPRAS_DESDE = '2024-02';

/** Whether a period's purchase annexes carry the classification. */
export const llevaRentaCompras = (p: Periodo) => p.periodo >= RENTA_COMPRAS_DESDE;

/**
 * The four columns of a purchase: its own classification, else the annex's default; before February 2024
 * four zeros. A purchase of a later period with neither is refused, naming the document.
 */
export function columnasRenta(
  p: Periodo,
  propia: ClasificacionRenta | null | undefined,
  porOmision: ClasificacionRenta | undefined,
  codigoGeneracion: string,
): string[] {
  if (!llevaRentaCompras(p)) return ['0', '0', '0', '0'];
  const c = propia ?? porOmision;
  if (!c) throw sinClasificacion([codigoGeneracion]);
  return [c.tipoOperacion, c.clasificacion, c.sector, c.tipoCostoGasto].map(String);
}

/** The refusal of an annex with unclassified purchases: which ones, and how to classify them. */
export function sinClasificacion(codigos: readonly string[]): Error {
  return validationError(
    'Desde febrero de 2024 las compras llevan su clasificación de Renta: clasifique cada documento o su ' +
      'proveedor (PATCH /compras/{codigoGeneracion}), o indique una para el anexo',
    [
      ...codigos.map((cg) => ({ field: `compras.${cg}.clasificacion`, message: 'Sin clasificación de Renta' })),
      {
        field: 'clasificacion',
        message: 'O bien tipoOperacion, clasificacion, sector y tipoCostoGasto para las compras sin ella',
      },
    ],
  );
}
