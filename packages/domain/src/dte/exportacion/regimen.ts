import { validationError } from '../../errors';
import { inCatalog } from '../../mh/catalogs';
import type { Generacion } from '../../mh/schemas';

/**
 * The customs régimen of a Factura de Exportación (CAT-028) and its type (CAT-033), as each generation
 * writes them: the one place of this reading.
 *
 * - MH's catalogs v1.2 (10/2025), those of the 2023 schemas, write a régimen with its class first:
 *   "EX-1.1000.000" (Exportación Definitiva, Régimen Común).
 * - MH's July 2026 workbook ("Catálogos - Facturación Electrónica - V 1.1", vendored in
 *   `mh/catalogs/v2026/`) writes CAT-028 as the customs code alone, "1000.000", adds 34 codes (transit
 *   "0000.000" among them) and puts the class in a catalog of its own, CAT-033 "Tipo de Régimen" (EX-1
 *   Exportación Definitiva, EX-2 Exportación Temporal, EX-3 Reexportación, TA-1 Tránsito Aduanero), which
 *   fe-fex-v3 carries as `emisor.tipoRegimen`. fe-fex-v3's schema takes any string of 1 to 13 characters as
 *   `regimen`, so both writings pass it.
 * - Which one MH's v3 validator checks is not shown: no implementer's FEX v3 answered by MH with either
 *   form was found. The service sends what the 2026 catalogs say (fe-fex-v3: "1000.000" with tipoRegimen
 *   "EX-1"), sends v1.2's writing in fe-fex-v1, and takes either writing in a request.
 * - The class is the first digit of the customs code: 1 definitive export, 2 temporary export, 3 re-export,
 *   0 transit. Every v1.2 code's prefix agrees with it (a unit test checks them all), and "0000.000" is
 *   CAT-028's "Tránsito Aduanero", CAT-033's TA-1. MH states no rule joining the two catalogs.
 */
const TIPO_POR_CLASE: Readonly<Record<string, string>> = { '0': 'TA-1', '1': 'EX-1', '2': 'EX-2', '3': 'EX-3' };

/** "EX-1.1000.000" or "1000.000" → "1000.000". */
function codigoAduanero(regimen: string): string {
  return regimen.replace(/^[A-Z]{2}-[0-9]\./, '');
}

/** A régimen a request may name: a code of CAT-028 v1.2 ("EX-1.1000.000") or of July 2026 ("1000.000"). */
export function esRegimen(regimen: string): boolean {
  return inCatalog('CAT-028', regimen) || inCatalog('CAT-028', regimen, '2026');
}

/** CAT-033: the type of a régimen written either way, null without one (a services export). */
export function tipoRegimenDe(regimen: string | null): string | null {
  return regimen ? (TIPO_POR_CLASE[codigoAduanero(regimen)[0]!] ?? null) : null;
}

/**
 * The régimen as the FEX of a generation writes it: fe-fex-v3 the 2026 code, fe-fex-v1 v1.2's. A code the
 * July 2026 workbook added has no v1.2 writing, so it waits for the emisor's cut-over (400 before).
 */
export function regimenEnFex(regimen: string | null, generacion: Generacion): string | null {
  if (!regimen) return null;
  const codigo = codigoAduanero(regimen);
  if (generacion === '2026') return codigo;
  const v12 = `${tipoRegimenDe(codigo)}.${codigo}`;
  if (!inCatalog('CAT-028', v12))
    throw validationError('El régimen es del catálogo de julio de 2026: el emisor emite aún en los esquemas de 2023', [
      {
        field: 'exportacion.regimen',
        message: `El régimen ${codigo} existe desde el catálogo de julio de 2026 (Normativa DTE 2.0)`,
      },
    ]);
  return v12;
}
