import type { Connection } from 'mongoose';
import { claveDeActor, type AccionAuditoria, type Actor } from '@dte/domain';
import { lastNumber, takeNext } from './db/insert-next';
import { paginaDescendente } from './db/pagina';

/**
 * The audit log of an emisor (issue 50): who did what that changes something, when, from where. It is
 * append-only by construction: this repository inserts and reads, and has no method that updates or
 * deletes an entry, so nothing reached through the API or the console can edit the log.
 *
 * Kept as `GET /dte`'s list is (`lista.ts`): each entry takes the next number of its emisor's series and
 * is inserted as `auditoria:<emisorId>:<n>`, read by `_id` alone; a page walks the numbers down. An entry
 * about a document also takes the next number of that document's series (`auditoria_dte`, pointing at the
 * entry), so its timeline and the `codigoGeneracion` filter read that document's entries only.
 */

export interface EntradaAuditoria {
  _id: string;
  emisorId: number;
  fecha: Date;
  actor: Actor;
  /** `claveDeActor(actor)`, what the `actor` filter compares. */
  actorClave: string;
  accion: AccionAuditoria;
  /** The document acted on, when there is one. */
  codigoGeneracion: string | null;
  /** The request's method and path (`POST /dte/anulacion`), or the console's form. */
  endpoint: string | null;
  /** The client's address as the API saw it (behind the configured proxies). */
  direccion: string | null;
  requestId: string | null;
  /** What else tells the action apart (the new role, the webhook's id…), small and without secrets. */
  detalles: Record<string, string | number | boolean | null>;
}

export type NuevaEntradaAuditoria = Omit<EntradaAuditoria, '_id' | 'emisorId' | 'fecha' | 'actorClave' | 'detalles'> &
  Partial<Pick<EntradaAuditoria, 'detalles'>>;

export interface FiltrosAuditoria {
  /** `claveDeActor`: `usuario:<id>`, `token:<id>`, `correo:<e-mail>`. */
  actor?: string;
  accion?: AccionAuditoria;
  codigoGeneracion?: string;
  /** Instants, inclusive. */
  desde?: Date;
  hasta?: Date;
}

const serie = (emisorId: number) => `auditoria:${emisorId}`;
const serieDte = (emisorId: number, codigoGeneracion: string) => `auditoria:${emisorId}:dte:${codigoGeneracion}`;

interface EntradaDeDocumento {
  _id: string;
  /** The entry's `_id` in `auditoria`. */
  entrada: string;
}
/**
 * Entries are numbered as they are written, dated a moment before: two written at once by two processes
 * may be numbered out of their dates' order, so a walk down goes this far past `desde` before it ends.
 */
const HOLGURA_MS = 60_000;

export class Auditoria {
  constructor(private readonly connection: Connection) {}

  private get entradas() {
    return this.connection.collection<EntradaAuditoria>('auditoria');
  }
  private get deDocumentos() {
    return this.connection.collection<EntradaDeDocumento>('auditoria_dte');
  }

  /** Appends an entry to the emisor's log, dated now, and answers it. */
  async registrar(emisorId: number, nueva: NuevaEntradaAuditoria, fecha = new Date()): Promise<EntradaAuditoria> {
    const n = await takeNext(this.connection, serie(emisorId));
    const entrada: EntradaAuditoria = {
      _id: `${serie(emisorId)}:${n}`,
      emisorId,
      fecha,
      actorClave: claveDeActor(nueva.actor),
      detalles: {},
      ...nueva,
      codigoGeneracion: nueva.codigoGeneracion?.toUpperCase() ?? null,
    };
    await this.entradas.insertOne(entrada);
    if (entrada.codigoGeneracion) {
      const serie = serieDte(emisorId, entrada.codigoGeneracion);
      const k = await takeNext(this.connection, serie);
      await this.deDocumentos.insertOne({ _id: `${serie}:${k}`, entrada: entrada._id });
    }
    return entrada;
  }

  /** Every entry about the document, oldest first: its timeline's who. */
  async deDocumento(emisorId: number, codigoGeneracion: string): Promise<EntradaAuditoria[]> {
    const serie = serieDte(emisorId, codigoGeneracion.toUpperCase());
    const total = await lastNumber(this.connection, serie);
    const entradas = await Promise.all(Array.from({ length: total }, (_, i) => this.porDocumento(serie, i + 1)));
    return entradas.filter((e): e is EntradaAuditoria => !!e);
  }

  private async porDocumento(serie: string, k: number): Promise<EntradaAuditoria | null> {
    const indice = await this.deDocumentos.findOne({ _id: `${serie}:${k}` });
    return indice && this.entradas.findOne({ _id: indice.entrada });
  }

  /**
   * Up to `limit` entries that pass the filters, newest first, from `cursor` down; and where the next page
   * starts (null: no more). The walk ends at the first entry well before `desde` (HOLGURA_MS).
   */
  async pagina(
    emisorId: number,
    filtros: FiltrosAuditoria,
    cursor: number | null,
    limit: number,
  ): Promise<{ entradas: EntradaAuditoria[]; siguiente: number | null }> {
    const codigo = filtros.codigoGeneracion?.toUpperCase();
    // Filtered by a document, the walk is of that document's series, and the cursor a number of it.
    const porDocumento = codigo ? serieDte(emisorId, codigo) : null;
    return paginaDescendente(
      cursor ?? (await lastNumber(this.connection, porDocumento ?? serie(emisorId))),
      (n) =>
        porDocumento ? this.porDocumento(porDocumento, n) : this.entradas.findOne({ _id: `${serie(emisorId)}:${n}` }),
      {
        limit,
        basta: (e) => !!filtros.desde && e.fecha.getTime() < filtros.desde.getTime() - HOLGURA_MS,
        coincide: (e) =>
          (!filtros.actor || e.actorClave === filtros.actor) &&
          (!filtros.accion || e.accion === filtros.accion) &&
          (!codigo || e.codigoGeneracion === codigo) &&
          (!filtros.desde || e.fecha.getTime() >= filtros.desde.getTime()) &&
          (!filtros.hasta || e.fecha.getTime() <= filtros.hasta.getTime()),
      },
    );
  }
}
