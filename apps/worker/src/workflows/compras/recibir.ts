import { isCancellation, log, setHandler } from '@temporalio/workflow';
import {
  ConfirmarCompra,
  RecibirCompra,
  type CompraOutcome,
  type ResumenRevisionCompras,
  type RevisionCompras,
  type WorkflowFn,
} from '@dte/contract';
import { conciliacionSteps, databaseSteps, mhCompra } from '../policies';
import { dteRefusal } from '../refusal';

/**
 * Records a received document once, checks it, then asks MH until it answers (see the contract). A refusal
 * (a file no door would have taken, started by hand) fails it as the refusal itself, for whoever waits.
 */
export const RecibirCompraWorkflow: WorkflowFn<typeof RecibirCompra> = async (input) => {
  let estado: CompraOutcome | null = null;
  setHandler(RecibirCompra.estado, () => estado);
  try {
    estado = await databaseSteps.registrarCompra(input);
    if (estado.duplicado || estado.estado !== 'PENDIENTE_MH') return estado;
    estado = await mhCompra.verificarCompraEnMh({
      emisorId: input.emisorId,
      codigoGeneracion: estado.codigoGeneracion,
    });
    return estado;
  } catch (err) {
    throw dteRefusal(err) ?? err;
  }
};

/**
 * A person's comparison of a POR_CONFIRMAR document with MH's consulta pública: one checked step, its
 * refusal the workflow's for the API.
 */
export const ConfirmarCompraWorkflow: WorkflowFn<typeof ConfirmarCompra> = async (input) => {
  try {
    return await databaseSteps.confirmarCompra(input);
  } catch (err) {
    throw dteRefusal(err) ?? err;
  }
};

/** The month of an instant in El Salvador (UTC−6, no daylight saving), and the month before it. */
function meses(ahora: number): string[] {
  const d = new Date(ahora - 6 * 3600_000);
  const anterior = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return [anterior.toISOString().slice(0, 7), d.toISOString().slice(0, 7)];
}

/**
 * The schedule's run: every emisor's received documents of the period (by default this month and the
 * previous one, whose documents still arrive and may still be invalidated) asked for again at MH, one
 * emisor after the other so MH sees one re-check at a time. An emisor whose re-check fails does not hold
 * back the others.
 */
export const RevisionComprasWorkflow: WorkflowFn<typeof RevisionCompras> = async (input) => {
  const periodos = input.periodo ? [input.periodo] : meses(Date.now());
  const resumenes: ResumenRevisionCompras[] = [];
  for (const emisorId of await databaseSteps.emisoresParaConciliar())
    for (const periodo of periodos) {
      try {
        resumenes.push(await conciliacionSteps.revisarCompras({ emisorId, periodo }));
      } catch (err) {
        if (isCancellation(err)) throw err;
        log.warn('re-check of received documents failed', { emisorId, periodo, error: String(err) });
      }
    }
  return resumenes;
};
