import { workflowInfo } from '@temporalio/workflow';
import type { ContingenciaContinuacion, ContingenciaEstado, ContingenciaInput, FaseContingencia } from '@dte/contract';

export const HORA_MS = 3600_000;
/** Well under Temporal's history limits, with room for the signals of a large backlog. */
const HISTORIA_MAXIMA = 10_000;

/**
 * What an emisor's contingencia workflow knows: each waiting document and its fase, when the outage
 * ended, when MH sealed the event, the lotes to send and those sent. It is what a run hands the next
 * (continue-as-new) and what the `estado` query shows; the workflow only moves it on.
 */
export class ContingenciaState {
  private readonly fases: Map<string, FaseContingencia>;
  /** Everything but the fases, exactly as a continuation carries it. */
  readonly datos: Omit<ContingenciaContinuacion, 'pendientes'>;

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
}
