import { defineUpdate } from '@temporalio/workflow';
import { defineWorkflow } from './workflow';

/** The series a correlativo is taken from (`correlativo:<sequenceId>`, packages/activities/src/numbering). */
export const SERIE_CORRELATIVO = /^correlativo:[1-9]\d{0,15}$/;
/** What a correlativo is taken for: a codigoGeneracion, an upper-case UUID. */
export const DUENO_CORRELATIVO = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/**
 * One workflow per hot series hands out its numbers one batch at a time, so processes that contend for a
 * series (replicas issuing for one punto de venta) stop racing for each number: Temporal queues and
 * deduplicates their requests, and the cost of a number stays the same however many processes ask.
 * Processes ask it only while they find the series contended (packages/activities/src/numbering).
 */
export const Numeracion = {
  ...defineWorkflow<(serie: string) => Promise<void>>('NumeracionWorkflow'),
  workflowId: (serie: string) => `numeracion-${serie}`,
  /**
   * The series' next number for a codigoGeneracion, sent with the codigoGeneracion as the update's id: a
   * retry gets the number the first request took, from this run or (once it continued as new) the database.
   */
  tomarNumero: defineUpdate<number, [string]>('tomarNumero'),
};

/**
 * The queue the numbering workflows and their steps run on, served by a worker of their own in each worker
 * process: a burst of issuances waiting for numbers holds the issuance worker's local-activity slots,
 * which must not be the ones the numbering needs to answer them.
 */
export const colaNumeracion = (taskQueue: string) => `${taskQueue}-numeracion`;
