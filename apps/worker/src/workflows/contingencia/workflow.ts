import { setHandler } from '@temporalio/workflow';
import { Contingencia, type WorkflowFn } from '@dte/contract';
import { ContingenciaState } from './state';

/**
 * The emisor's documents issued in contingencia, from MH's outage to their verdict (Manual Funcional §IX):
 * probe MH with backoff; once it answers, settle the documents MH already holds, report the others in an
 * Evento de Contingencia, send them by lote, and hand each verdict to the document's own IssueDte
 * workflow, which records and delivers it. Ends when none is left; the next outage starts it again.
 * While MH does not answer, a person may have it probed now (`sondearAhora`) instead of at the next turn.
 * A long backlog continues as new between lotes, carrying its state.
 */
export const ContingencyWorkflow: WorkflowFn<typeof Contingencia> = async (input) => {
  const estado = new ContingenciaState(input);
  setHandler(Contingencia.documento, (codigoGeneracion) => estado.enlistar(codigoGeneracion));
  setHandler(Contingencia.estado, () => estado.estado(Date.now()));
  setHandler(Contingencia.sondearAhora, (solicitud) => estado.sondearAhora(solicitud), {
    validator: (solicitud) => estado.validarSondeo(solicitud),
  });
  estado.vigilarPlazos();

  while (estado.pendientes > 0) {
    await estado.continuarSiHaceFalta();
    if (!estado.hayLotes && !(await estado.reportarEvento())) continue;
    await estado.enviarLotes();
    await estado.recogerResultados();
    estado.cerrarRonda();
  }
};
