import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { DUENO_CORRELATIVO, Numeracion, SERIE_CORRELATIVO, type WorkflowFn } from '@dte/contract';
import { numeracionSteps } from './policies';

/** A series nobody asked for this long ends its workflow; the next request starts it again. */
const OCIOSO = '10 minutes';
/** Numbers one run hands out before it continues as new, so its history stays small. */
const POR_EJECUCION = 2_000;

/** The requests a run holds: those waiting for the next batch, and the numbers it handed out. */
class Turnos {
  private pendientes: string[] = [];
  private readonly tomados = new Map<string, number>();

  get hayPendientes(): boolean {
    return this.pendientes.length > 0;
  }

  get atendidos(): number {
    return this.tomados.size;
  }

  /** The number for `dueno` once its batch is taken; a dueno asked for twice is taken once. */
  async numero(dueno: string): Promise<number> {
    if (!this.tomados.has(dueno) && !this.pendientes.includes(dueno)) this.pendientes.push(dueno);
    await condition(() => this.tomados.has(dueno));
    return this.tomados.get(dueno)!;
  }

  /** Takes the numbers of everyone waiting, in the order they asked. */
  async atender(serie: string): Promise<void> {
    const lote = this.pendientes;
    this.pendientes = [];
    const numeros = await numeracionSteps.numerar(serie, lote);
    lote.forEach((dueno, i) => this.tomados.set(dueno, numeros[i]!));
  }
}

/**
 * Hands out the numbers of one series to whoever asks (`tomarNumero`), a batch at a time: each batch is
 * one activity (`numeracionSteps` says why not a local one) that takes its numbers with `takeOwned`, one
 * insert each and uncontended, since the processes that contend for the series ask here instead. A number
 * is an owner's in the database, so a batch re-run after a lost worker, or a retry after the run continued
 * as new, gets the same numbers.
 */
export const NumeracionWorkflow: WorkflowFn<typeof Numeracion> = async (serie) => {
  // Started by hand from the Temporal UI, it must still only number correlativo series for documents.
  if (!SERIE_CORRELATIVO.test(serie))
    throw ApplicationFailure.nonRetryable(`La serie ${JSON.stringify(serie)} no es una serie de correlativos`);
  const turnos = new Turnos();
  setHandler(Numeracion.tomarNumero, (dueno) => turnos.numero(dueno), {
    validator: (dueno) => {
      if (typeof dueno !== 'string' || !DUENO_CORRELATIVO.test(dueno))
        throw new Error(`${JSON.stringify(dueno)} no es un codigoGeneracion`);
    },
  });
  let ocioso = false;
  while (!workflowInfo().continueAsNewSuggested && turnos.atendidos < POR_EJECUCION) {
    ocioso = !(await condition(() => turnos.hayPendientes, OCIOSO));
    if (ocioso) break;
    await turnos.atender(serie);
  }
  // Requests that arrived meanwhile are answered before the run ends: none is left to the next one.
  for (;;) {
    await condition(() => turnos.hayPendientes || allHandlersFinished());
    if (!turnos.hayPendientes) break;
    await turnos.atender(serie);
  }
  if (!ocioso) await continueAsNew<typeof NumeracionWorkflow>(serie);
};
