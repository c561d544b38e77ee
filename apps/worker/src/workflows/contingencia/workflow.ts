import { continueAsNew, getExternalWorkflowHandle, patched, setHandler, sleep, uuid4 } from '@temporalio/workflow';
import { Contingencia, IssueDte, type TransmitOutcome, type WorkflowFn } from '@dte/contract';
import {
  CONSULTA_LOTE,
  MAX_DOCUMENTOS_EVENTO_CONTINGENCIA,
  MAX_DOCUMENTOS_LOTE,
  siguienteEspera,
  type Espera,
} from '@dte/domain/limites';
import { settle } from '../delivery';
import { databaseSteps, mhContingencia as mh } from '../policies';
import { ContingenciaState, HORA_MS } from './state';

/**
 * Changes to the command sequence, each behind `patched()` so executions recorded before it replay (see
 * deploy/README.md, "Upgrading the worker while workflows run").
 */
export const Cambios = {
  /** A deadline's last quarter also runs `alertarContingencia` (contingencia.alerta to the webhooks). */
  alertaPorWebhook: 'contingencia-alerta-webhook',
} as const;

/** Sleeps the backoff's current wait, then doubles it up to its maximum. */
function backoff(espera: Espera): () => Promise<void> {
  let segundos = espera.inicialSegundos;
  return async () => {
    await sleep(segundos * 1000);
    segundos = siguienteEspera(segundos, espera);
  };
}

/**
 * The emisor's documents issued in contingencia, from MH's outage to their verdict (Manual Funcional §IX):
 * probe MH with backoff; once it answers, settle the documents MH already holds, report the others in an
 * Evento de Contingencia, send them by lote, and hand each verdict to the document's own IssueDte
 * workflow, which records and delivers it. Ends when none is left; the next outage starts it again.
 * A long backlog continues as new between lotes, carrying its state.
 */
export const ContingencyWorkflow: WorkflowFn<typeof Contingencia> = async (input) => {
  const estado = new ContingenciaState(input);
  const { datos } = estado;
  setHandler(Contingencia.documento, (codigoGeneracion) => estado.enlistar(codigoGeneracion));
  setHandler(Contingencia.estado, () => estado.estado(Date.now()));

  // A query sees the workflow's time as of its latest activation, so a timer wakes the workflow when a
  // deadline's last quarter begins: from then on `alerta` is true, and the emisor's webhooks are told.
  const vigilar = (desde: number | null, horas: number, plazo: 'EVENTO' | 'LOTES') => {
    if (desde === null) return;
    void sleep(Math.max(desde + horas * HORA_MS * 0.75 - Date.now(), 1)).then(async () => {
      if (!patched(Cambios.alertaPorWebhook) || !estado.alerta(Date.now())) return;
      await databaseSteps.alertarContingencia({
        emisorId: input.emisorId,
        plazo,
        vence: new Date(desde + horas * HORA_MS).toISOString(),
        pendientes: estado.pendientes,
      });
    });
  };
  vigilar(datos.finCorte, input.plazos.eventoHoras, 'EVENTO');
  vigilar(datos.selloEvento, input.plazos.lotesHoras, 'LOTES');

  const continuarSiHaceFalta = async () => {
    if (estado.shouldContinueAsNew())
      await continueAsNew<typeof ContingencyWorkflow>({ ...input, continuacion: estado.continuacion() });
  };

  /** Gives MH's verdict to the document's workflow; if that workflow is gone, records and delivers it here. */
  const concluir = async (codigoGeneracion: string, outcome: TransmitOutcome) => {
    if (!estado.pendiente(codigoGeneracion)) return;
    try {
      await getExternalWorkflowHandle(IssueDte.workflowId(codigoGeneracion)).signal(
        IssueDte.desenlaceContingencia,
        outcome,
      );
    } catch {
      await settle(codigoGeneracion, outcome);
    }
    estado.concluir(codigoGeneracion);
  };

  /**
   * Waits for MH, settles what it already holds and reports the rest in one event. True when MH sealed
   * it (its documents are then the lotes to send); false when there is nothing to send this round.
   */
  const reportarEvento = async (): Promise<boolean> => {
    const esperarMh = backoff(input.sondeo);
    // A long outage gathers probes and enlistment signals: the history may need a new run meanwhile.
    while (!(await mh.probeMh(estado.codigos()[0]!))) {
      await continuarSiHaceFalta();
      await esperarMh();
    }
    // Taken once MH answers, so one event lists every document issued during the outage.
    const ronda = estado.codigos().slice(0, MAX_DOCUMENTOS_EVENTO_CONTINGENCIA);
    if (datos.finCorte === null) {
      datos.finCorte = Date.now();
      vigilar(datos.finCorte, input.plazos.eventoHoras, 'EVENTO');
    }
    // A send whose answer was lost before the outage may have reached MH: those are settled already.
    const conocidos = await mh.consultAcceptedDocuments({ emisorId: input.emisorId, codigos: ronda });
    await Promise.all(
      Object.entries(conocidos).map(([c, respuesta]) => concluir(c, { result: 'PROCESADO', respuesta })),
    );
    const porReportar = ronda.filter((c) => !conocidos[c]);
    if (porReportar.length === 0) return false;

    estado.marcar(porReportar, 'EVENTO');
    const evento = await mh.sendContingencyEvent({
      emisorId: input.emisorId,
      eventoCodigoGeneracion: uuid4().toUpperCase(),
      codigos: porReportar,
    });
    if (evento.estado !== 'RECIBIDO') {
      datos.ultimoError = `Evento de contingencia rechazado: ${evento.mensaje} ${evento.observaciones.join('; ')}`;
      estado.marcar(porReportar, 'ESPERANDO_MH');
      await esperarMh();
      return false;
    }
    datos.ultimoError = null;
    datos.selloEvento = Date.now();
    vigilar(datos.selloEvento, input.plazos.lotesHoras, 'LOTES');
    datos.porEnviar = porReportar;
    return true;
  };

  /** Every lote is sent before any result is asked for, so MH processes them meanwhile. */
  const enviarLotes = async () => {
    while (datos.porEnviar.length > 0) {
      const codigos = datos.porEnviar.slice(0, MAX_DOCUMENTOS_LOTE);
      estado.marcar(codigos, 'LOTE');
      const codigoLote = await mh.sendContingencyLote({
        emisorId: input.emisorId,
        idEnvio: uuid4().toUpperCase(),
        codigos,
      });
      datos.enviados.push({ codigoLote, codigos });
      datos.porEnviar = datos.porEnviar.slice(codigos.length);
    }
  };

  /** Each lote's verdicts, to their documents; what a lote did not report goes into the next round. */
  const recogerResultados = async () => {
    while (datos.enviados.length > 0) {
      const { codigoLote, codigos } = datos.enviados[0]!;
      const esperarLote = backoff(CONSULTA_LOTE);
      let resultado = await mh.contingencyLoteResult({ emisorId: input.emisorId, codigoLote });
      while (!resultado) {
        await esperarLote();
        resultado = await mh.contingencyLoteResult({ emisorId: input.emisorId, codigoLote });
      }
      await Promise.all([
        ...resultado.procesados.map((r) => concluir(r.codigoGeneracion, { result: 'PROCESADO', respuesta: r })),
        ...resultado.rechazados.map((r) => concluir(r.codigoGeneracion, { result: 'RECHAZADO', respuesta: r })),
      ]);
      estado.marcar(codigos, 'ESPERANDO_MH');
      datos.enviados.shift();
      if (datos.enviados.length > 0) await continuarSiHaceFalta();
    }
  };

  while (estado.pendientes > 0) {
    await continuarSiHaceFalta();
    if (datos.porEnviar.length === 0 && datos.enviados.length === 0 && !(await reportarEvento())) continue;
    await enviarLotes();
    await recogerResultados();
    estado.cerrarRonda();
  }
};
