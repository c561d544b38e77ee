import type { Connection } from 'mongoose';

/**
 * A console session as the server keeps it: `_id` is the SHA-256 of the cookie's random id (the one lookup
 * FerretDB answers from an index), the session's CSRF token and when it ends, and who signed in: an API
 * token (the hash of it, never the token) or a person.
 */
export interface SesionRecord {
  _id: string;
  /** The `_id` of the API token that signed in. */
  tokenHash?: string;
  /** The person who signed in (issue 50). */
  usuario?: SesionDeUsuario;
  csrf: string;
  creada: Date;
  expira: Date;
}

export interface SesionDeUsuario {
  id: string;
  /** The emisor the person works in now, of their memberships; null until they pick one. */
  emisorId: number | null;
  /** Whether the second factor was given (or is not required): until then the session only asks for it. */
  segundoFactor: boolean;
  /** Where the session was opened from, which the person's list of sessions shows. */
  direccion: string;
  agente: string;
}

/**
 * The web console's sessions (the API's `consola/sesion.ts` decides who gets one and for how long). A
 * person's are found by a filter on `usuario.id`, which FerretDB answers by reading the collection: it
 * holds a working day of sessions at most per person, and only their own page and disabling them ask.
 */
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

  /** The person's second factor given, or the emisor they picked: the session's request's own change. */
  async cambiarUsuario(_id: string, cambio: Partial<Pick<SesionDeUsuario, 'emisorId' | 'segundoFactor'>>) {
    const set = Object.fromEntries(Object.entries(cambio).map(([k, v]) => [`usuario.${k}`, v]));
    await this.coleccion.updateOne({ _id, usuario: { $exists: true } }, { $set: set });
  }

  /** The person's sessions not yet expired, newest first; the expired ones are removed as they are found. */
  async deUsuario(usuarioId: string, ahora = new Date()): Promise<SesionRecord[]> {
    const todas = await this.coleccion.find({ 'usuario.id': usuarioId }).toArray();
    const vencidas = todas.filter((s) => s.expira.getTime() <= ahora.getTime());
    if (vencidas.length) await this.coleccion.deleteMany({ _id: { $in: vencidas.map((s) => s._id) } });
    return todas.filter((s) => !vencidas.includes(s)).sort((a, b) => b.creada.getTime() - a.creada.getTime());
  }

  /**
   * Ends the person's sessions: in one emisor (disabled there), or all of them (their password changed).
   */
  async cerrarDeUsuario(usuarioId: string, emisorId?: number): Promise<void> {
    await this.coleccion.deleteMany({
      'usuario.id': usuarioId,
      ...(emisorId === undefined ? {} : { 'usuario.emisorId': emisorId }),
    });
  }
}
