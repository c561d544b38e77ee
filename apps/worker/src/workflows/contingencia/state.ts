import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  patched,
  sleep,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import {
  DTE_ERROR_FAILURE,
  IssueDte,
  type Contingencia,
  type ContingenciaContinuacion,
  type ContingenciaEstado,
  type ContingenciaInput,
  type DteErrorDetails,
  type FaseContingencia,
  type SolicitudSondeo,
  type SondeoMh,
  type TransmitOutcome,
  type WorkflowFn,
} from '@dte/contract';
import {
  CONSULTA_LOTE,
  MAX_DOCUMENTOS_EVENTO_CONTINGENCIA,
  MAX_DOCUMENTOS_LOTE,
  siguienteEspera,
  type Espera,
} from '@dte/domain/limites';
import { settle } from '../delivery';
import { databaseSteps, mhContingencia as mh } from '../policies';
import { dteRefusal } from '../refusal';

export const HORA_MS = 3600_000;
/** Well under Temporal's history limits, with room for the signals of a large backlog. */
const HISTORIA_MAXIMA = 10_000;

/**
 * Changes to the command sequence, each behind `patched()` so executions recorded before it replay (see
 * deploy/README.md, "Upgrading the worker while workflows run").
 */
export const Cambios = {
  /** A deadline's last quarter also runs `alertarContingencia` (contingencia.alerta to the webhooks). */
  alertaPorWebhook: 'contingencia-alerta-webhook',
  /**
   * The wait between MH's probes is a condition with a timeout, which a person's `sondearAhora` ends early
   * (its timer is then cancelled: a command the sleep it replaces never issued). A wait its timeout ends
   * issues the same timer as the sleep did, so the histories of the old code replay either way
   * (histories/contingencia-sondeo-anterior); the marker follows deploy/README.md's rule and says in a
   * history which path ran. Until a run's next wait, one recorded before it is a sleep: `sondearAhora` is
   * refused during that one wait.
   */
  sondeoAPedido: 'contingencia-sondeo-a-pedido',
} as const;

/**
 * Waits the backoff's current wait (`segundos()`), or until `despertar` holds when one is given, then
 * doubles the wait up to its maximum.
 */
function backoff(espera: Espera): { (despertar?: () => boolean): Promise<void>; segundos(): number } {
  let segundos = espera.inicialSegundos;
  return Object.assign(
    async (despertar?: () => boolean) => {
      if (despertar) await condition(despertar, segundos * 1000);
      else await sleep(segundos * 1000);
      segundos = siguienteEspera(segundos, espera);
    },
    { segundos: () => segundos },
  );
}

/** A refusal as the API answers it: a `DteError` carried as a non-retryable ApplicationFailure. */
function rechazo(code: string, httpStatus: number, message: string): ApplicationFailure {
  const details: DteErrorDetails = { code, httpStatus, message, details: {} };
  return ApplicationFailure.create({ type: DTE_ERROR_FAILURE, message, nonRetryable: true, details: [details] });
}

/**
 * What an emisor's contingencia workflow knows: each waiting document and its fase, when the outage
 * ended, when MH sealed the event, the lotes to send and those sent. It is what a run hands the next
 * (continue-as-new) and what the `estado` query shows; its methods are the steps that move it on, each
 * round of the workflow a report to MH, its lotes and their verdicts.
 */
export class ContingenciaState {
  private readonly fases: Map<string, FaseContingencia>;
  /** Everything but the fases, exactly as a continuation carries it. */
  private readonly datos: Omit<ContingenciaContinuacion, 'pendientes'>;
  /**
   * The operator's view of MH (the `estado` query), not carried to the next run: its latest probe, and the
   * next one's time while MH does not answer. Workflow time, so no command of the workflow changes.
   */
  private ultimoSondeo: { en: number; respondio: boolean } | null = null;
  private proximoSondeo: number | null = null;
  /** Probes made by this run, so a request knows when the probe it woke has answered. */
  private sondeos = 0;
  /**
   * The workflow waits for MH (its probes go unanswered) with a wait a request can end: only then is
   * `sondearAhora` accepted. `sondeoPedido`: the count of probes a request waits to see made; the wait
   * ends while fewer have been, and a probe already under way when the request came counts.
   */
  private esperandoMh = false;
  private sondeoPedido = 0;

  constructor(private readonly input: ContingenciaInput) {
    const { pendientes, ...datos } = input.continuacion ?? {
      pendientes: [],
      finCorte: null,
      selloEvento: null,
      ultimoError: null,
      porEnviar: [],
      enviados: [],
    };
    this.fases = new Map(pendientes.map((p) => [p.codigoGeneracion, p.fase]));
    this.datos = datos;
  }

  /** A document issued in contingencia joins; one already waiting keeps its fase. */
  enlistar(codigoGeneracion: string): void {
    if (!this.fases.has(codigoGeneracion)) this.fases.set(codigoGeneracion, 'ESPERANDO_MH');
  }

  pendiente(codigoGeneracion: string): boolean {
    return this.fases.has(codigoGeneracion);
  }

  get pendientes(): number {
    return this.fases.size;
  }

  /** The documents waiting, in the order they joined. */
  codigos(): string[] {
    return [...this.fases.keys()];
  }

  marcar(codigos: readonly string[], fase: FaseContingencia): void {
    for (const c of codigos) if (this.fases.has(c)) this.fases.set(c, fase);
  }

  /** MH's verdict on the document reached its workflow: it no longer waits here. */
  concluir(codigoGeneracion: string): void {
    this.fases.delete(codigoGeneracion);
  }

  /** After a round: an event none of whose documents is still in it is over, and so is an outage with none left. */
  cerrarRonda(): void {
    if ([...this.fases.values()].every((f) => f === 'ESPERANDO_MH')) this.datos.selloEvento = null;
    if (this.fases.size === 0) this.datos.finCorte = null;
  }

  /** The event's deadline runs from the outage's end, the lotes' from the event's sello (Manual Funcional §IX). */
  plazoEvento(): number | null {
    const { finCorte } = this.datos;
    return finCorte === null ? null : finCorte + this.input.plazos.eventoHoras * HORA_MS;
  }

  plazoLotes(): number | null {
    const { selloEvento } = this.datos;
    return selloEvento === null ? null : selloEvento + this.input.plazos.lotesHoras * HORA_MS;
  }

  /** A deadline has passed or less than a quarter of its window is left, at `ahora`. */
  alerta(ahora: number): boolean {
    const enRiesgo = (plazo: number | null, horas: number) => plazo !== null && ahora > plazo - (horas * HORA_MS) / 4;
    const { eventoHoras, lotesHoras } = this.input.plazos;
    return (
      enRiesgo(this.datos.selloEvento === null ? this.plazoEvento() : null, eventoHoras) ||
      enRiesgo(this.plazoLotes(), lotesHoras)
    );
  }

  /** The `estado` query's answer at `ahora`. */
  estado(ahora: number): ContingenciaEstado {
    const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
    return {
      pendientes: this.continuacion().pendientes,
      finCorte: iso(this.datos.finCorte),
      plazoEvento: iso(this.plazoEvento()),
      selloEvento: iso(this.datos.selloEvento),
      plazoLotes: iso(this.plazoLotes()),
      alerta: this.alerta(ahora),
      ultimoError: this.datos.ultimoError,
      ultimoSondeo: this.ultimoSondeo && { en: iso(this.ultimoSondeo.en)!, respondio: this.ultimoSondeo.respondio },
      proximoSondeo: iso(this.proximoSondeo),
    };
  }

  /** What the next run starts from. */
  continuacion(): ContingenciaContinuacion {
    return {
      pendientes: [...this.fases].map(([codigoGeneracion, fase]) => ({ codigoGeneracion, fase })),
      ...this.datos,
    };
  }

  /** Temporal suggests it, or the history has grown long enough to hand over. */
  shouldContinueAsNew(): boolean {
    const info = workflowInfo();
    return info.continueAsNewSuggested || info.historyLength >= HISTORIA_MAXIMA;
  }

  /** Lotes to send or sent, whose verdicts are still to be collected: the round needs no new event. */
  get hayLotes(): boolean {
    return this.datos.porEnviar.length > 0 || this.datos.enviados.length > 0;
  }

  /**
   * A probe asked for (`sondearAhora`) is not carried to the next run: its request is answered first, with
   * the latest probe, and requests that come meanwhile are refused (409) as if MH were not waited for. The
   * wait for the handlers issues no command, so the histories recorded before it replay.
   */
  async continuarSiHaceFalta(): Promise<void> {
    if (!this.shouldContinueAsNew()) return;
    this.esperandoMh = false;
    await condition(allHandlersFinished);
    await continueAsNew<WorkflowFn<typeof Contingencia>>({ ...this.input, continuacion: this.continuacion() });
  }

  /** Watches the deadlines already running (a continued run's). */
  vigilarPlazos(): void {
    this.vigilar(this.datos.finCorte, this.input.plazos.eventoHoras, 'EVENTO');
    this.vigilar(this.datos.selloEvento, this.input.plazos.lotesHoras, 'LOTES');
  }

  /**
   * Waits for MH, settles what it already holds and reports the rest in one event. True when MH sealed
   * it (its documents are then the lotes to send); false when there is nothing to send this round.
   */
  async reportarEvento(): Promise<boolean> {
    const { datos, input } = this;
    const esperarMh = backoff(input.sondeo);
    // A long outage gathers probes and enlistment signals: the history may need a new run meanwhile.
    while (!(await this.sondear(esperarMh.segundos()))) {
      await this.continuarSiHaceFalta();
      if (patched(Cambios.sondeoAPedido)) {
        this.esperandoMh = true;
        await esperarMh(() => this.sondeoPedido > this.sondeos);
      } else await esperarMh();
    }
    this.esperandoMh = false;
    // Taken once MH answers, so one event lists every document issued during the outage.
    const ronda = this.codigos().slice(0, MAX_DOCUMENTOS_EVENTO_CONTINGENCIA);
    if (datos.finCorte === null) {
      datos.finCorte = Date.now();
      this.vigilar(datos.finCorte, input.plazos.eventoHoras, 'EVENTO');
    }
    // A send whose answer was lost before the outage may have reached MH: those are settled already.
    const conocidos = await mh.consultAcceptedDocuments({ emisorId: input.emisorId, codigos: ronda });
    await Promise.all(
      Object.entries(conocidos).map(([c, respuesta]) => this.entregarVeredicto(c, { result: 'PROCESADO', respuesta })),
    );
    const porReportar = ronda.filter((c) => !conocidos[c]);
    if (porReportar.length === 0) return false;

    this.marcar(porReportar, 'EVENTO');
    const evento = await mh.sendContingencyEvent({
      emisorId: input.emisorId,
      eventoCodigoGeneracion: uuid4().toUpperCase(),
      codigos: porReportar,
    });
    if (evento.estado !== 'RECIBIDO') {
      datos.ultimoError = `Evento de contingencia rechazado: ${evento.mensaje} ${evento.observaciones.join('; ')}`;
      this.marcar(porReportar, 'ESPERANDO_MH');
      await esperarMh();
      return false;
    }
    datos.ultimoError = null;
    datos.selloEvento = Date.now();
    this.vigilar(datos.selloEvento, input.plazos.lotesHoras, 'LOTES');
    datos.porEnviar = porReportar;
    return true;
  }

  /** Probes MH, and keeps when, what it answered and, unanswered, when the next probe is (`espera` seconds on). */
  private async sondear(espera: number): Promise<boolean> {
    const respondio = await mh.probeMh(this.codigos()[0]!);
    const en = Date.now();
    this.ultimoSondeo = { en, respondio };
    this.proximoSondeo = respondio ? null : en + espera * 1000;
    this.sondeos++;
    return respondio;
  }

  /** `sondearAhora`'s validator: there is something to probe only while the workflow waits for MH. */
  validarSondeo(solicitud: SolicitudSondeo): void {
    // From the Temporal UI the argument is whatever was typed: refused before anything is recorded.
    if (!Number.isSafeInteger(solicitud?.tokenId))
      throw rechazo('VALIDATION_ERROR', 400, 'La solicitud de sondeo no trae el tokenId de quien la pide');
    if (!this.esperandoMh)
      throw rechazo('MH_NOT_AWAITED', 409, 'No hay una contingencia esperando a MH: no hay nada que sondear');
  }

  /**
   * A person's probe now: the requester is checked as the API checks them (a refusal fails the update with
   * the API's `DteError`), then the backoff's wait ends and the probe that follows is the answer. MH may have
   * answered meanwhile (a probe already under way): that probe is the answer then.
   */
  async sondearAhora(solicitud: SolicitudSondeo): Promise<SondeoMh> {
    try {
      await databaseSteps.comprobarSolicitudSondeo({ emisorId: this.input.emisorId, tokenId: solicitud.tokenId });
    } catch (err) {
      throw dteRefusal(err) ?? err;
    }
    const objetivo = this.sondeos + 1;
    this.sondeoPedido = Math.max(this.sondeoPedido, objetivo);
    await condition(() => this.sondeos >= objetivo || !this.esperandoMh);
    const ultimo = this.ultimoSondeo!;
    return {
      en: new Date(ultimo.en).toISOString(),
      respondio: ultimo.respondio,
      proximoSondeo: this.proximoSondeo === null ? null : new Date(this.proximoSondeo).toISOString(),
    };
  }

  /** Every lote is sent before any result is asked for, so MH processes them meanwhile. */
  async enviarLotes(): Promise<void> {
    const { datos } = this;
    while (datos.porEnviar.length > 0) {
      const codigos = datos.porEnviar.slice(0, MAX_DOCUMENTOS_LOTE);
      this.marcar(codigos, 'LOTE');
      const codigoLote = await mh.sendContingencyLote({
        emisorId: this.input.emisorId,
        idEnvio: uuid4().toUpperCase(),
        codigos,
      });
      datos.enviados.push({ codigoLote, codigos });
      datos.porEnviar = datos.porEnviar.slice(codigos.length);
    }
  }

  /** Each lote's verdicts, to their documents; what a lote did not report goes into the next round. */
  async recogerResultados(): Promise<void> {
    const { datos } = this;
    const { emisorId } = this.input;
    while (datos.enviados.length > 0) {
      const { codigoLote, codigos } = datos.enviados[0]!;
      const esperarLote = backoff(CONSULTA_LOTE);
      let resultado = await mh.contingencyLoteResult({ emisorId, codigoLote });
      while (!resultado) {
        await esperarLote();
        resultado = await mh.contingencyLoteResult({ emisorId, codigoLote });
      }
      await Promise.all([
        ...resultado.procesados.map((r) =>
          this.entregarVeredicto(r.codigoGeneracion, { result: 'PROCESADO', respuesta: r }),
        ),
        ...resultado.rechazados.map((r) =>
          this.entregarVeredicto(r.codigoGeneracion, { result: 'RECHAZADO', respuesta: r }),
        ),
      ]);
      this.marcar(codigos, 'ESPERANDO_MH');
      datos.enviados.shift();
      if (datos.enviados.length > 0) await this.continuarSiHaceFalta();
    }
  }

  /** Gives MH's verdict to the document's workflow; if that workflow is gone, records and delivers it here. */
  private async entregarVeredicto(codigoGeneracion: string, outcome: TransmitOutcome): Promise<void> {
    if (!this.pendiente(codigoGeneracion)) return;
    try {
      await getExternalWorkflowHandle(IssueDte.workflowId(codigoGeneracion)).signal(
        IssueDte.desenlaceContingencia,
        outcome,
      );
    } catch {
      await settle(codigoGeneracion, outcome);
    }
    this.concluir(codigoGeneracion);
  }

  /**
   * A query sees the workflow's time as of its latest activation, so a timer wakes the workflow when a
   * deadline's last quarter begins: from then on `alerta` is true, and the emisor's webhooks are told.
   */
  private vigilar(desde: number | null, horas: number, plazo: 'EVENTO' | 'LOTES'): void {
    if (desde === null) return;
    void sleep(Math.max(desde + horas * HORA_MS * 0.75 - Date.now(), 1)).then(async () => {
      if (!patched(Cambios.alertaPorWebhook) || !this.alerta(Date.now())) return;
      await databaseSteps.alertarContingencia({
        emisorId: this.input.emisorId,
        plazo,
        vence: new Date(desde + horas * HORA_MS).toISOString(),
        pendientes: this.pendientes,
      });
    });
  }
}
