import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import { defineWorkflow } from './workflow';

export type FaseContingencia = 'ESPERANDO_MH' | 'EVENTO' | 'LOTE';

export interface ContingenciaEstado {
  pendientes: { codigoGeneracion: string; fase: FaseContingencia }[];
  /** When MH answered again (ISO), if it has. */
  finCorte: string | null;
  /** The latest moment the event may reach MH (ISO), once the outage has ended. */
  plazoEvento: string | null;
  /** When MH sealed the current event (ISO). */
  selloEvento: string | null;
  /** The latest moment the lotes may reach MH (ISO), once the event is sealed. */
  plazoLotes: string | null;
  /** A deadline has passed or less than a quarter of its window is left. */
  alerta: boolean;
  ultimoError: string | null;
  /**
   * MH's latest probe by this run (ISO) and whether MH answered it; absent from runs that started before it
   * was kept, and null until this run's first probe.
   */
  ultimoSondeo?: { en: string; respondio: boolean } | null;
  /** When MH is probed next (ISO), while MH has not answered; null otherwise. */
  proximoSondeo?: string | null;
}

/**
 * Who asks for a probe now (`sondearAhora`): the API token they act with (a person's is their membership's).
 * The workflow checks it as the API does (it exists, is not revoked, is the emisor's, has SONDEO_MH), since
 * the update may also come from the Temporal UI or any client.
 */
export interface SolicitudSondeo {
  tokenId: number;
}

/** A probe asked for by a person: when MH was asked (ISO), whether it answered, and the next probe if not. */
export interface SondeoMh {
  en: string;
  respondio: boolean;
  /** When MH is probed next (ISO) when it did not answer; null when it did. */
  proximoSondeo: string | null;
}

/** The state a run hands over when its history grows long (continue-as-new). */
export interface ContingenciaContinuacion {
  pendientes: ContingenciaEstado['pendientes'];
  /** Epoch milliseconds, as the workflow keeps them. */
  finCorte: number | null;
  selloEvento: number | null;
  ultimoError: string | null;
  /** Documents of the sealed event not yet sent in a lote. */
  porEnviar: string[];
  /** Lotes MH received whose results are not in yet. */
  enviados: { codigoLote: string; codigos: string[] }[];
}

export interface ContingenciaInput {
  emisorId: number;
  /** MH is probed again after `inicialSegundos`, doubling up to `maxSegundos`. */
  sondeo: { inicialSegundos: number; maxSegundos: number };
  /** MH's deadlines: the event within `eventoHoras` of the outage's end, the lotes within `lotesHoras` of the event's sello. */
  plazos: { eventoHoras: number; lotesHoras: number };
  continuacion?: ContingenciaContinuacion;
}

/**
 * One long-running workflow per emisor gathers the documents issued in contingencia and, once MH answers
 * again, reports them in an Evento de Contingencia and sends them by lote. Its Temporal type keeps the
 * name its executions were first recorded under.
 */
export const Contingencia = {
  ...defineWorkflow<(input: ContingenciaInput) => Promise<void>>('ContingencyWorkflow'),
  workflowId: (emisorId: number) => `contingencia-${emisorId}`,
  /** Adds a document issued in contingencia (its codigoGeneracion). */
  documento: defineSignal<[string]>('documentoEnContingencia'),
  estado: defineQuery<ContingenciaEstado>('estado'),
  /**
   * Probes MH now instead of at the backoff's next turn, while the workflow waits for MH (refused
   * otherwise: nothing to probe); answers the probe. The requester is checked first.
   */
  sondearAhora: defineUpdate<SondeoMh, [SolicitudSondeo]>('sondearAhora'),
};
