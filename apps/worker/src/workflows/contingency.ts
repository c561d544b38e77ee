import {
  continueAsNew,
  defineQuery,
  defineSignal,
  getExternalWorkflowHandle,
  proxyActivities,
  setHandler,
  sleep,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import {
  Contingency,
  IssueDte,
  type ContingencyContinuacion,
  type ContingencyEstado,
  type ContingencyInput,
} from '@dte/domain/workflow-contract';
import type { TransmitOutcome } from '@dte/activities';
import { deliverDocument, steps, type Activities } from './shared';

// Events and lotes of up to 100 signed documents, and rounds of a thousand consults, take longer than
// the issuance's single steps.
const mh = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});

export const documentoEnContingencia = defineSignal<[string]>(Contingency.documentoSignal);
export const estadoContingencia = defineQuery<ContingencyEstado>(Contingency.estadoQuery);

type Fase = ContingencyEstado['pendientes'][number]['fase'];
const HORA_MS = 3600_000;
/** MH processes a lote in seconds; its results are asked for sooner than an outage is probed. */
const CONSULTA_LOTE = { inicialSegundos: 1, maxSegundos: 60 };
/** Well under Temporal's history limits, with room for the signals of a large backlog. */
const HISTORIA_MAXIMA = 10_000;

/**
 * The emisor's documents issued in contingency, from MH's outage to their verdict (Manual Funcional §IX):
 * probe MH with backoff; once it answers, settle the documents MH already holds, report the others in an
 * Evento de Contingencia, send them by lote, and hand each verdict to the document's own IssueDte
 * workflow, which records and delivers it. Ends when none is left; the next outage starts it again.
 * A long backlog continues as new between lotes, carrying its state.
 */
export async function ContingencyWorkflow(input: ContingencyInput): Promise<void> {
  const previo = input.continuacion;
  const fases = new Map<string, Fase>(previo?.pendientes.map((p) => [p.codigoGeneracion, p.fase]));
  let finCorte = previo?.finCorte ?? null;
  let selloEvento = previo?.selloEvento ?? null;
  let ultimoError = previo?.ultimoError ?? null;
  let porEnviar = previo?.porEnviar ?? [];
  const enviados = previo?.enviados ?? [];

  setHandler(documentoEnContingencia, (codigoGeneracion) => {
    if (!fases.has(codigoGeneracion)) fases.set(codigoGeneracion, 'ESPERANDO_MH');
  });
  setHandler(estadoContingencia, () => {
    const plazoEvento = finCorte === null ? null : finCorte + input.plazos.eventoHoras * HORA_MS;
    const plazoLotes = selloEvento === null ? null : selloEvento + input.plazos.lotesHoras * HORA_MS;
    const enRiesgo = (plazo: number | null, horas: number) =>
      plazo !== null && Date.now() > plazo - (horas * HORA_MS) / 4;
    const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
    return {
      pendientes: [...fases].map(([codigoGeneracion, fase]) => ({ codigoGeneracion, fase })),
      finCorte: iso(finCorte),
      plazoEvento: iso(plazoEvento),
      selloEvento: iso(selloEvento),
      plazoLotes: iso(plazoLotes),
      alerta:
        enRiesgo(selloEvento === null ? plazoEvento : null, input.plazos.eventoHoras) ||
        enRiesgo(plazoLotes, input.plazos.lotesHoras),
      ultimoError,
    };
  });

  // A query sees the workflow's time as of its latest activation, so a timer wakes the workflow when a
  // deadline's last quarter begins: from then on `alerta` is true.
  const vigilar = (desde: number | null, horas: number) => {
    if (desde !== null) void sleep(Math.max(desde + horas * HORA_MS * 0.75 - Date.now(), 1));
  };
  vigilar(finCorte, input.plazos.eventoHoras);
  vigilar(selloEvento, input.plazos.lotesHoras);

  const backoff = (inicial: { inicialSegundos: number; maxSegundos: number }) => {
    let espera = inicial.inicialSegundos;
    return async () => {
      await sleep(espera * 1000);
      espera = Math.min(espera * 2, inicial.maxSegundos);
    };
  };

  /** Gives MH's verdict to the document's workflow; if that workflow is gone, records and delivers it here. */
  const concluir = async (codigoGeneracion: string, outcome: TransmitOutcome) => {
    if (!fases.has(codigoGeneracion)) return;
    try {
      await getExternalWorkflowHandle(IssueDte.workflowId(codigoGeneracion)).signal(
        Contingency.desenlaceSignal,
        outcome,
      );
    } catch {
      const record = await steps.recordOutcome(codigoGeneracion, outcome);
      if (record.estado === 'PROCESSED') await deliverDocument(codigoGeneracion);
    }
    fases.delete(codigoGeneracion);
  };

  const continuarSiHaceFalta = async () => {
    const info = workflowInfo();
    if (!info.continueAsNewSuggested && info.historyLength < HISTORIA_MAXIMA) return;
    const continuacion: ContingencyContinuacion = {
      pendientes: [...fases].map(([codigoGeneracion, fase]) => ({ codigoGeneracion, fase })),
      finCorte,
      selloEvento,
      ultimoError,
      porEnviar,
      enviados,
    };
    await continueAsNew<typeof ContingencyWorkflow>({ ...input, continuacion });
  };

  while (fases.size > 0) {
    await continuarSiHaceFalta();
    if (porEnviar.length === 0 && enviados.length === 0) {
      const esperarMh = backoff(input.sondeo);
      // A long outage gathers probes and enlistment signals: the history may need a new run meanwhile.
      while (!(await mh.probeMh([...fases.keys()][0]!))) {
        await continuarSiHaceFalta();
        await esperarMh();
      }
      // Taken once MH answers, so one event lists every document issued during the outage.
      const ronda = [...fases.keys()].slice(0, Contingency.maxPorEvento);
      if (finCorte === null) {
        finCorte = Date.now();
        vigilar(finCorte, input.plazos.eventoHoras);
      }

      // A send whose answer was lost before the outage may have reached MH: those are settled already.
      const conocidos = await mh.consultAcceptedDocuments({ emisorId: input.emisorId, codigos: ronda });
      await Promise.all(
        Object.entries(conocidos).map(([c, respuesta]) => concluir(c, { result: 'PROCESADO', respuesta })),
      );
      const porReportar = ronda.filter((c) => !conocidos[c]);
      if (porReportar.length === 0) continue;

      for (const c of porReportar) fases.set(c, 'EVENTO');
      const evento = await mh.sendContingencyEvent({
        emisorId: input.emisorId,
        eventoCodigoGeneracion: uuid4().toUpperCase(),
        codigos: porReportar,
      });
      if (evento.estado !== 'RECIBIDO') {
        ultimoError = `Evento de contingencia rechazado: ${evento.mensaje} ${evento.observaciones.join('; ')}`;
        for (const c of porReportar) fases.set(c, 'ESPERANDO_MH');
        await esperarMh();
        continue;
      }
      ultimoError = null;
      selloEvento = Date.now();
      vigilar(selloEvento, input.plazos.lotesHoras);
      porEnviar = porReportar;
    }

    // Every lote is sent before any result is asked for, so MH processes them meanwhile.
    while (porEnviar.length > 0) {
      const codigos = porEnviar.slice(0, Contingency.maxPorLote);
      for (const c of codigos) fases.set(c, 'LOTE');
      const codigoLote = await mh.sendContingencyLote({
        emisorId: input.emisorId,
        idEnvio: uuid4().toUpperCase(),
        codigos,
      });
      enviados.push({ codigoLote, codigos });
      porEnviar = porEnviar.slice(codigos.length);
    }
    while (enviados.length > 0) {
      const { codigoLote, codigos } = enviados[0]!;
      const esperarLote = backoff(CONSULTA_LOTE);
      let resultado = await mh.contingencyLoteResult({ emisorId: input.emisorId, codigoLote });
      while (!resultado) {
        await esperarLote();
        resultado = await mh.contingencyLoteResult({ emisorId: input.emisorId, codigoLote });
      }
      await Promise.all([
        ...resultado.procesados.map((respuesta) =>
          concluir(respuesta.codigoGeneracion, { result: 'PROCESADO', respuesta }),
        ),
        ...resultado.rechazados.map((respuesta) =>
          concluir(respuesta.codigoGeneracion, { result: 'RECHAZADO', respuesta }),
        ),
      ]);
      // Whatever the lote did not report goes into the next round, under a new event.
      for (const c of codigos) if (fases.has(c)) fases.set(c, 'ESPERANDO_MH');
      enviados.shift();
      if (enviados.length > 0) await continuarSiHaceFalta();
    }
    if ([...fases.values()].every((f) => f === 'ESPERANDO_MH')) selloEvento = null;
    if (fases.size === 0) finCorte = null;
  }
}
