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
 * is inserted as `auditoria:<emisorId>:<n>`, read by `_id` alone; a page walks the numbers down.
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
    return entrada;
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
    return paginaDescendente(
      cursor ?? (await lastNumber(this.connection, serie(emisorId))),
      (n) => this.entradas.findOne({ _id: `${serie(emisorId)}:${n}` }),
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
