import type { LadoLocal, LadoMh, TipoDiferencia } from '@dte/domain';
import { defineWorkflow } from './workflow';

/** One document on which the record and MH disagree. */
export interface Diferencia {
  tipo: TipoDiferencia;
  codigoGeneracion: string;
  tipoDte: string;
  numeroControl: string | null;
  /** Null: not on record. */
  local: LadoLocal | null;
  /** Null: MH does not hold it. */
  mh: LadoMh | null;
}

export interface ConciliacionInput {
  emisorId: number;
  /** The emission date reconciled (fecEmi, El Salvador), YYYY-MM-DD. */
  fecha: string;
}

/** What a reconciliation found; the whole report is stored (GET /dte/conciliacion?fecha=). */
export interface ResumenConciliacion {
  emisorId: number;
  fecha: string;
  /** Documents asked for at MH. */
  consultados: number;
  diferencias: number;
  /** Documents MH did not answer for (after its retries): neither agreeing nor differing. */
  sinRespuesta: number;
}

/** Reconciles one emisor's day with MH and stores the report; a new run replaces the day's report. */
export const Conciliacion = {
  ...defineWorkflow<(input: ConciliacionInput) => Promise<ResumenConciliacion>>('ConciliacionWorkflow'),
  workflowId: (emisorId: number, fecha: string) => `conciliacion-${emisorId}-${fecha}`,
};

export interface ConciliacionDiariaInput {
  /** The day to reconcile; by default the day before the run's, in El Salvador. */
  fecha?: string;
}

/** The Temporal Schedule's run: every emisor's previous day, one `Conciliacion` child each. */
export const ConciliacionDiaria = {
  ...defineWorkflow<(input: ConciliacionDiariaInput) => Promise<ResumenConciliacion[]>>('ConciliacionDiariaWorkflow'),
  scheduleId: 'conciliacion-diaria',
};
