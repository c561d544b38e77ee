import type { ClavesDocumento } from '@dte/store';

/** What `prepareDocument` saved of a new document and the steps after it read. */
export interface Preparado {
  dteFirmado: string;
  claves: ClavesDocumento;
}

/**
 * What `prepareDocument` just saved of each new document, kept in this process for the steps that follow
 * it in the same workflow task: `transmitDocument` and `recordOutcome` are local activities, so they run
 * on this worker right after it, and need not read back from the database what was just written there.
 * Anything else (another worker, a replay, an entry pushed out by newer ones) reads the record, as the
 * steps did before. Only immutable parts are kept: the signed document changes only when it is issued in
 * contingencia, which drops its entry first.
 */
export class Preparados {
  private readonly entradas = new Map<string, Preparado>();

  /** At most `capacidad` entries, the oldest dropped first: a workflow that never came back leaks nothing. */
  constructor(private readonly capacidad = 1000) {}

  guardar(codigoGeneracion: string, preparado: Preparado): void {
    this.entradas.delete(codigoGeneracion);
    this.entradas.set(codigoGeneracion, preparado);
    if (this.entradas.size > this.capacidad) this.entradas.delete(this.entradas.keys().next().value!);
  }

  leer(codigoGeneracion: string): Preparado | undefined {
    return this.entradas.get(codigoGeneracion);
  }

  /** The entry, taken out: its document's verdict is being recorded, and nothing after reads it. */
  tomar(codigoGeneracion: string): Preparado | undefined {
    const preparado = this.entradas.get(codigoGeneracion);
    this.entradas.delete(codigoGeneracion);
    return preparado;
  }
}
