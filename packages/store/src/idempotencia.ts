import type { Connection } from 'mongoose';
import { isDuplicateKey } from './db/duplicate-key';

export interface IdempotencyRecord {
  /**
   * `<emisorId>/<establecimientoId>/<puntoVentaId>:<key>`: keys are scoped to the point of sale, as documents
   * are numbered. Records stored before that are `<emisorId>:<key>`; a key has no `/`, so neither shape can
   * be mistaken for the other.
   */
  _id: string;
  requestHash: string;
  /** The operation's id: a document's or an event's codigoGeneracion, a resend's workflow id suffix. */
  codigoGeneracion: string;
  createdAt: Date;
}

/** The `Idempotency-Key` records of the API's POSTs (`idempotentId` of the API decides what they mean). */
export class ClavesIdempotencia {
  constructor(private readonly connection: Connection) {}

  private get coleccion() {
    return this.connection.collection<IdempotencyRecord>('idempotency_keys');
  }

  /** The record of this `_id`, if there is one (one `_id` read, which FerretDB answers from its index). */
  async leer(_id: string): Promise<IdempotencyRecord | null> {
    return this.coleccion.findOne({ _id });
  }

  /** Stores the record unless its `_id` has one already (the unique `_id` decides a race): whether it did. */
  async reclamar(record: IdempotencyRecord): Promise<boolean> {
    try {
      await this.coleccion.insertOne(record);
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return false;
    }
  }
}
