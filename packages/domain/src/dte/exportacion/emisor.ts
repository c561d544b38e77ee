import type { EmisorDte } from '../../emisor';
import { validationError } from '../../errors';
import { inCatalog } from '../../mh/catalogs';
import type { ExportacionRequest } from '../../requests/dte11';
import { emisor2026, emisorConEstablecimiento } from '../bloques/emisor';
import { regimenEnFex, tipoRegimenDe } from './regimen';

/**
 * The exporter's block: the emisor of FE v1 / FE v2 and what the export is (tipoItemExpor, CAT-027
 * recinto fiscal, CAT-028 régimen as the generation writes it, `regimen.ts`), which MH keeps in the emisor
 * section. A services export has neither recinto nor régimen (the schemas' if/then wants them null); the
 * request refuses them there.
 */
function exportacion(e: ExportacionRequest, generacion: '2023' | '2026') {
  return {
    tipoItemExpor: e.tipoItemExpor,
    recintoFiscal: e.recintoFiscal ?? null,
    regimen: regimenEnFex(e.regimen ?? null, generacion),
  };
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
  return { ...emisorConEstablecimiento(emisor), ...exportacion(e, '2023') };
}

/** fe-fex-v3: the 2026 emisor (distrito, the taxpayer's codes only), plus tipoRegimen (CAT-033). */
export function emisorExportacion2026(emisor: EmisorDte, e: ExportacionRequest) {
  const { tipoItemExpor, recintoFiscal, regimen } = exportacion(e, '2026');
  return { ...emisor2026(emisor), tipoItemExpor, recintoFiscal, tipoRegimen: tipoRegimenDe(regimen), regimen };
}
