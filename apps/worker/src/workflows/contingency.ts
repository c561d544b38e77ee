import {
  defineQuery,
  defineSignal,
  getExternalWorkflowHandle,
  proxyActivities,
  setHandler,
  sleep,
  uuid4,
} from '@temporalio/workflow';
import {
  Contingency,
  type ContingencyEstado,
  type ContingencyInput,
  type DocumentEstado,
} from '@dte/domain/workflow-contract';
import type { TransmitOutcome } from '@dte/activities';
import { deliverDocument, type Activities } from './shared';

// Events and lotes of up to 100 signed documents take longer than the issuance's single steps.
const steps = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});

export const documentoEnContingencia = defineSignal<[string]>(Contingency.documentoSignal);
export const estadoContingencia = defineQuery<ContingencyEstado>(Contingency.estadoQuery);

type Fase = ContingencyEstado['pendientes'][number]['fase'];
const HORA_MS = 3600_000;

/**
 * The emisor's documents issued in contingency, from MH's outage to their verdict (Manual Funcional §IX):
 * probe MH with backoff; once it answers, settle the documents MH already holds, report the others in an
 * Evento de Contingencia, and send them by lote. Ends when none is left; the next outage starts it again.
 */
export async function ContingencyWorkflow(input: ContingencyInput): Promise<void> {
  const fases = new Map<string, Fase>();
  let finCorte: number | null = null;
  let selloEvento: number | null = null;
  let ultimoError: string | null = null;

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

  let espera = input.sondeo.inicialSegundos;
  const esperar = async () => {
    await sleep(espera * 1000);
    espera = Math.min(espera * 2, input.sondeo.maxSegundos);
  };

  /** Records MH's verdict, delivers an accepted document again (now with its sello), tells its workflow. */
  const concluir = async (codigoGeneracion: string, outcome: TransmitOutcome) => {
    if (!fases.has(codigoGeneracion)) return;
    const record = await steps.recordOutcome(codigoGeneracion, outcome);
    if (record.estado === 'PROCESSED') {
      await steps.storeDocumentJson(codigoGeneracion);
      await deliverDocument(codigoGeneracion);
    }
    fases.delete(codigoGeneracion);
    const estado: DocumentEstado = record.estado;
    try {
      await getExternalWorkflowHandle(`dte-${codigoGeneracion}`).signal(Contingency.desenlaceSignal, estado);
    } catch {
      // Its workflow is gone (e.g. terminated): only its search attribute stays behind.
    }
  };

  while (fases.size > 0) {
    const ronda = [...fases.keys()].slice(0, Contingency.maxPorEvento);
    while (!(await steps.probeMh(ronda[0]!))) await esperar();
    espera = input.sondeo.inicialSegundos;
    finCorte ??= Date.now();

    // A send whose answer was lost before the outage may have reached MH: those are settled already.
    const porReportar: string[] = [];
    for (const codigoGeneracion of ronda) {
      const conocido = await steps.consultContingencyDocument(codigoGeneracion);
      if (conocido) await concluir(codigoGeneracion, { result: 'PROCESADO', respuesta: conocido });
      else porReportar.push(codigoGeneracion);
    }
    if (porReportar.length === 0) continue;

    for (const c of porReportar) fases.set(c, 'EVENTO');
    const evento = await steps.sendContingencyEvent({
      emisorId: input.emisorId,
      eventoCodigoGeneracion: uuid4().toUpperCase(),
      codigos: porReportar,
    });
    if (evento.estado !== 'RECIBIDO') {
      ultimoError = `Evento de contingencia rechazado: ${evento.mensaje} ${evento.observaciones.join('; ')}`;
      for (const c of porReportar) fases.set(c, 'ESPERANDO_MH');
      await esperar();
      continue;
    }
    ultimoError = null;
    selloEvento = Date.now();

    for (let i = 0; i < porReportar.length; i += Contingency.maxPorLote) {
      const lote = porReportar.slice(i, i + Contingency.maxPorLote);
      for (const c of lote) fases.set(c, 'LOTE');
      const codigoLote = await steps.sendContingencyLote({
        emisorId: input.emisorId,
        idEnvio: uuid4().toUpperCase(),
        codigos: lote,
      });
      let resultado = await steps.contingencyLoteResult({ emisorId: input.emisorId, codigoLote });
      while (!resultado) {
        await esperar();
        resultado = await steps.contingencyLoteResult({ emisorId: input.emisorId, codigoLote });
      }
      espera = input.sondeo.inicialSegundos;
      for (const respuesta of resultado.procesados)
        await concluir(respuesta.codigoGeneracion, { result: 'PROCESADO', respuesta });
      for (const respuesta of resultado.rechazados)
        await concluir(respuesta.codigoGeneracion, { result: 'RECHAZADO', respuesta });
    }
    // Whatever a lote did not report goes into the next round, under a new event.
    for (const [c, fase] of fases) if (fase !== 'ESPERANDO_MH') fases.set(c, 'ESPERANDO_MH');
    if (fases.size === 0) {
      finCorte = null;
      selloEvento = null;
    }
  }
}
