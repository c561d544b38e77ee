import type { Connection } from 'mongoose';

/**
 * A console session as the server keeps it: `_id` is the SHA-256 of the cookie's random id (the one lookup
 * FerretDB answers from an index), with the hash of the API token that signed in — never the token —, the
 * session's CSRF token and when it ends.
 */
export interface SesionRecord {
  _id: string;
  /** The `_id` of the API token that signed in. */
  tokenHash: string;
  csrf: string;
  creada: Date;
  expira: Date;
}

/** The web console's sessions (the API's `consola/sesion.ts` decides who gets one and for how long). */
export class SesionesConsola {
  constructor(private readonly connection: Connection) {}

  private get coleccion() {
    return this.connection.collection<SesionRecord>('consola_sesiones');
  }

  async abrir(sesion: SesionRecord): Promise<void> {
    await this.coleccion.insertOne(sesion);
  }

  async leer(_id: string): Promise<SesionRecord | null> {
    return this.coleccion.findOne({ _id });
  }

  async cerrar(_id: string): Promise<void> {
    await this.coleccion.deleteOne({ _id });
  }
}
