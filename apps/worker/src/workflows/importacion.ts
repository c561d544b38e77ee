import { Importacion, type WorkflowFn } from '@dte/contract';
import { importacionSteps } from './policies';
import { dteRefusal } from './refusal';

/** Files per batch: one activity's work, and one write of the import's progress. */
const LOTE = 100;

/**
 * An import (see the contract): the file counted, then a batch of files at a time, the running totals kept
 * here and handed to each batch, which records them with its own. A refusal (an import no door recorded)
 * fails it as the refusal itself.
 */
export const ImportacionWorkflow: WorkflowFn<typeof Importacion> = async (input) => {
  try {
    const total = await importacionSteps.prepararImportacion(input);
    let totales = { procesados: 0, importados: 0, rechazados: 0 };
    for (let desde = 0; desde < total; desde += LOTE)
      totales = await importacionSteps.importarLote({
        ...input,
        desde,
        hasta: Math.min(total, desde + LOTE),
        antes: totales,
      });
    const resumen = { total, ...totales };
    await importacionSteps.terminarImportacion(input, resumen);
    return resumen;
  } catch (err) {
    throw dteRefusal(err) ?? err;
  }
};
