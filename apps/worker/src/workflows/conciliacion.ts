import { isCancellation, log } from '@temporalio/workflow';
import {
  Conciliacion,
  executeChildOf,
  type ConciliacionDiaria,
  type ResumenConciliacion,
  type WorkflowFn,
} from '@dte/contract';
import { conciliacionSteps, databaseSteps } from './policies';

/** One emisor's day against MH (see `conciliarDia`). */
export const ConciliacionWorkflow: WorkflowFn<typeof Conciliacion> = (input) => conciliacionSteps.conciliarDia(input);

/** The day before `ahora` in El Salvador (UTC−6, no daylight saving). */
function ayer(ahora: number): string {
  return new Date(ahora - 6 * 3600_000 - 24 * 3600_000).toISOString().slice(0, 10);
}

/**
 * The daily schedule's run: every emisor's day, one child each, one after the other so MH sees one
 * reconciliation at a time. An emisor whose reconciliation fails does not hold back the others.
 */
export const ConciliacionDiariaWorkflow: WorkflowFn<typeof ConciliacionDiaria> = async (input) => {
  const fecha = input.fecha ?? ayer(Date.now());
  const resumenes: ResumenConciliacion[] = [];
  for (const emisorId of await databaseSteps.emisoresParaConciliar()) {
    try {
      resumenes.push(
        await executeChildOf(Conciliacion, {
          workflowId: Conciliacion.workflowId(emisorId, fecha),
          args: [{ emisorId, fecha }],
        }),
      );
    } catch (err) {
      if (isCancellation(err)) throw err;
      log.warn('reconciliation failed', { emisorId, fecha, error: String(err) });
    }
  }
  return resumenes;
};
