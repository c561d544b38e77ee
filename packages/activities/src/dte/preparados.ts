/**
 * The signed document `prepareDocument` just saved, kept in this process for `transmitDocument`: both are
 * local activities of the same workflow task, so the send runs on this worker right after the save and
 * need not read back from the database what was just written there. Anything else (another worker, a
 * replay, an entry pushed out by newer ones) reads the record, as before. A signed document changes only
 * when it is issued in contingencia, which drops its entry first.
 */
export class Preparados {
  private readonly firmados = new Map<string, string>();

  /** At most `capacidad` entries, the oldest dropped first: a workflow that never came back leaks nothing. */
  constructor(private readonly capacidad = 1000) {}

  guardar(codigoGeneracion: string, dteFirmado: string): void {
    this.firmados.delete(codigoGeneracion);
    this.firmados.set(codigoGeneracion, dteFirmado);
    if (this.firmados.size > this.capacidad) this.firmados.delete(this.firmados.keys().next().value!);
  }

  firmado(codigoGeneracion: string): string | undefined {
    return this.firmados.get(codigoGeneracion);
  }

  /** Forgets the document: it is recorded with MH's verdict or signed again, and nothing after reads it here. */
  olvidar(codigoGeneracion: string): void {
    this.firmados.delete(codigoGeneracion);
  }
}
