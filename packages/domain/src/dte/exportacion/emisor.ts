import type { EmisorDte } from '../../emisor';
import { validationError } from '../../errors';
import { inCatalog } from '../../mh/catalogs';
import type { ExportacionRequest } from '../../requests/dte11';
import { emisor2026, emisorConEstablecimiento } from '../bloques/emisor';

/**
 * The exporter's block: the emisor of FE v1 / FE v2 and what the export is (tipoItemExpor, CAT-027
 * recinto fiscal, CAT-028 régimen), which MH keeps in the emisor section. A services export has neither
 * recinto nor régimen (the schemas' if/then wants them null); the request refuses them there.
 */
function exportacion(e: ExportacionRequest) {
  return { tipoItemExpor: e.tipoItemExpor, recintoFiscal: e.recintoFiscal ?? null, regimen: e.regimen ?? null };
}

/**
 * fe-fex-v1: MH's and the taxpayer's establishment codes, tipoEstablecimiento. Its recinto is one of the
 * catalog v1.2 the 2023 schemas go with: the 2026 workbook's new recinto waits for the emisor's cut-over.
 */
export function emisorExportacionV1(emisor: EmisorDte, e: ExportacionRequest) {
  if (e.recintoFiscal && !inCatalog('CAT-027', e.recintoFiscal))
    throw validationError('El recinto fiscal es del catálogo 2026: el emisor emite aún en los esquemas de 2023', [
      {
        field: 'exportacion.recintoFiscal',
        message: `El recinto ${e.recintoFiscal} existe desde el catálogo 2026 (Normativa DTE 2.0)`,
      },
    ]);
  return { ...emisorConEstablecimiento(emisor), ...exportacion(e) };
}

/** fe-fex-v3: the 2026 emisor (distrito, the taxpayer's codes only), plus tipoRegimen (CAT-033). */
export function emisorExportacion2026(emisor: EmisorDte, e: ExportacionRequest) {
  const { tipoItemExpor, recintoFiscal, regimen } = exportacion(e);
  return { ...emisor2026(emisor), tipoItemExpor, recintoFiscal, tipoRegimen: tipoRegimenDe(regimen), regimen };
}

/**
 * CAT-033 "Tipo de Régimen" (2026 workbook: EX-1 Exportación Definitiva, EX-2 Exportación Temporal, EX-3
 * Reexportación, TA-1 Tránsito Aduanero) is the class of the CAT-028 régimen, whose codes begin with it
 * ("EX-1.1000.000" is "Exportación Definitiva, …, Régimen Común"): so it is read from the régimen's prefix,
 * and is null with it (a services export). MH states no rule; a correction is this function.
 */
export function tipoRegimenDe(regimen: string | null): string | null {
  return regimen ? regimen.split('.')[0]! : null;
}
