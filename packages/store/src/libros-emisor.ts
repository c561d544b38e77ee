import type { Database } from './db/connection';

interface DatosLibros {
  _id: number;
  tipoIngreso?: number;
}

/**
 * What the emisor declares once for its books rather than on every request: its tipo de ingreso (Renta),
 * which its business fixes and its documents do not say (docs/anexos-f07.md). One record per emisor, read
 * by `_id`, apart from the emisor's record, which the issuing path reads from a cache.
 */
export class LibrosEmisor {
  constructor(private readonly db: Database) {}

  private get datos() {
    return this.db.connection.collection<DatosLibros>('libros_emisor');
  }

  /**
   * The tipo de ingreso a request gave, remembered as the emisor's until another is given; without one,
   * the last remembered (undefined before the first).
   */
  async tipoIngreso(emisorId: number, dado: number | undefined): Promise<number | undefined> {
    if (dado === undefined) return (await this.datos.findOne({ _id: emisorId }))?.tipoIngreso;
    await this.datos.updateOne({ _id: emisorId }, { $set: { tipoIngreso: dado } }, { upsert: true });
    return dado;
  }
}
