/**
 * What an issuance step on this worker just wrote to the database, kept in this process for the step that
 * reads it next, so that step need not read back what was just written there:
 * - `preparados`: the document `prepareDocument` saved PENDIENTE, signed, for `transmitDocument`, and what
 *   a transition reads of its record, for `recordOutcome`. The three are parts of one local activity
 *   (`issueDocument`; local activities of one workflow task in executions before it), so they run here one
 *   after the other. MH not answering drops the entry: the record then waits, and whatever records its
 *   verdict later reads it (as does contingencia, which re-signs it).
 * - `registrados`: the record `recordOutcome` wrote with MH's verdict, for the first attempt of
 *   `deliverDocument`, which Temporal hands to this worker at once (eager dispatch). A retry reads the
 *   record, as it must see the e-mails already sent.
 * Anything else (another worker, a replay, an entry pushed out by newer ones) reads the record, as before.
 */
export class Recientes<T> {
  private readonly valores = new Map<string, T>();

  /** At most `capacidad` entries, the oldest dropped first: a workflow that never came back leaks nothing. */
  constructor(private readonly capacidad = 1000) {}

  guardar(codigoGeneracion: string, valor: T): void {
    this.valores.delete(codigoGeneracion);
    this.valores.set(codigoGeneracion, valor);
    if (this.valores.size > this.capacidad) this.valores.delete(this.valores.keys().next().value!);
  }

  leer(codigoGeneracion: string): T | undefined {
    return this.valores.get(codigoGeneracion);
  }

  /** Forgets the document: what is kept of it changed, or nothing after reads it here. */
  olvidar(codigoGeneracion: string): void {
    this.valores.delete(codigoGeneracion);
  }
}
