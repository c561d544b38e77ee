import type { Connection } from 'mongoose';
import { colaNumeracion, Numeracion } from '@dte/contract';
import type { DteWorkflowClient } from '@dte/contract/client';
import { takeOwned, type Database } from '@dte/store';

/**
 * How long a process that lost a race for a series asks the series' numbering workflow instead of taking
 * numbers itself. After it, one more race tells whether the series is still contended: a process pays one
 * lost turn per window, not one per number.
 */
const VENTANA_DISPUTA_MS = 60_000;

/**
 * Takes correlativos as `takeOwned` does, one insert each, until this process loses a race for a series;
 * then, for a while, asks the series' numbering workflow (`Numeracion`), which takes them for every
 * process one batch at a time. A series one process numbers never leaves the insert; a series N replicas
 * number costs one insert per number and one Temporal update, however large N (issue 40).
 */
export class Secuenciador {
  /** Until when each series is known to be contended in this process. */
  private readonly disputadas = new Map<string, number>();

  constructor(
    private readonly workflows: DteWorkflowClient,
    private readonly taskQueue: string,
    /** Told when this process starts asking the workflow for a series: an operator sees which contend. */
    private readonly alDisputar: (serie: string) => void = () => undefined,
  ) {}

  tomar(connection: Connection, serie: string, dueno: string): Promise<number> {
    // Outside takeOwned's queue for the series, so this process's requests reach the workflow together.
    if (this.disputada(serie)) return this.pedir(serie, dueno);
    return takeOwned(connection, serie, dueno, {
      activa: () => this.disputada(serie),
      perdida: () => {
        this.disputadas.set(serie, Date.now() + VENTANA_DISPUTA_MS);
        this.alDisputar(serie);
      },
      tomar: () => this.pedir(serie, dueno),
    });
  }

  /** Whether this process asks the numbering workflow for `serie` now. */
  disputada(serie: string): boolean {
    const hasta = this.disputadas.get(serie);
    if (hasta === undefined) return false;
    if (hasta > Date.now()) return true;
    this.disputadas.delete(serie);
    return false;
  }

  private pedir(serie: string, dueno: string): Promise<number> {
    return this.workflows.executeUpdateWithStart(
      Numeracion,
      Numeracion.tomarNumero,
      {
        workflowId: Numeracion.workflowId(serie),
        taskQueue: colaNumeracion(this.taskQueue),
        args: [serie],
        workflowIdConflictPolicy: 'USE_EXISTING',
      },
      { args: [dueno], updateId: dueno },
    );
  }
}

/** What the numbering workflow runs: the numbers of a batch, in its order, taken here uncontended. */
export function createNumeracionActivities(deps: { db: Database }) {
  return {
    async numerar(serie: string, duenos: string[]): Promise<number[]> {
      const numeros: number[] = [];
      for (const dueno of duenos) numeros.push(await takeOwned(deps.db.connection, serie, dueno));
      return numeros;
    },
  };
}
