import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { esCorreo, normalizarCorreo, type Rol, type TipoEnlace } from '@dte/domain';
import { isDuplicateKey } from './db/duplicate-key';
import type { SecretBox } from './secrets';
import { SesionesConsola } from './sesiones';
import { hashCodigoDeRecuperacion, hashContrasena, nuevosCodigosDeRecuperacion } from './seguridad';

/**
 * The persons who sign in to the console (issue 50), apart from API tokens. Everything is read by `_id`,
 * the one lookup FerretDB answers from an index, and everything that must hold under concurrency is an
 * insert, since FerretDB applies concurrent updates non-atomically but enforces `_id` uniqueness:
 *
 * - a person is `usuarios` `{_id: <uuid>}`; the e-mail is claimed by inserting `usuarios_correos`
 *   `{_id: <normalized e-mail>, usuarioId}`, so two invitations of one e-mail at once make one person;
 * - an invitation or a password reset is a link whose token is shown once and stored as its SHA-256
 *   (`usuarios_enlaces`); it is used by inserting `{_id: <hash>}` into `usuarios_enlaces_usados`;
 * - a TOTP step and a recovery code are used the same way (`usuarios_usos`), so a code sent twice at once
 *   signs in once.
 */

/**
 * A person's place in one emisor. Disabled by that emisor's administrator, it no longer works there, and
 * only there: a person of an accounting firm who serves several emisores keeps the others.
 */
export interface Membresia {
  emisorId: number;
  rol: Rol;
  deshabilitada: boolean;
  /** The API token the console acts with for the person in this emisor (`Personas.tokenEn`); null until then. */
  tokenId: number | null;
}

export interface UsuarioRecord {
  _id: string;
  /** Normalized (`normalizarCorreo`): what the person signs in with. */
  correo: string;
  nombre: string;
  membresias: Membresia[];
  /** argon2id (`hashContrasena`); null until the person follows the invitation. */
  contrasena: string | null;
  /**
   * The TOTP secret, sealed with SECRET_KEY as the emisores' MH credentials are: the server must read it to
   * check a code. `activo` once the person typed a first code; `ultimoPaso` the last step used.
   */
  totp: { secreto: string; activo: boolean; ultimoPaso: number | null } | null;
  /** SHA-256 of each unused recovery code (`hashCodigoDeRecuperacion`). */
  recuperacion: string[];
  creado: Date;
}

interface CorreoReclamado {
  _id: string;
  usuarioId: string;
}

export type { TipoEnlace };

interface EnlaceRecord {
  _id: string;
  tipo: TipoEnlace;
  usuarioId: string;
  expira: Date;
}

/** How long a link works: an invitation is read within days, a reset right away. */
export const VIGENCIA_ENLACE_MS: Record<TipoEnlace, number> = {
  INVITACION: 7 * 24 * 3600_000,
  RESTABLECER: 3600_000,
};

const hashEnlace = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A refusal the console shows as it is (Spanish, for the person). */
export class RechazoUsuario extends Error {}

export class Usuarios {
  constructor(
    private readonly connection: Connection,
    private readonly box: SecretBox,
  ) {}

  private get usuarios() {
    return this.connection.collection<UsuarioRecord>('usuarios');
  }
  private get correos() {
    return this.connection.collection<CorreoReclamado>('usuarios_correos');
  }
  private get enlaces() {
    return this.connection.collection<EnlaceRecord>('usuarios_enlaces');
  }

  async leer(usuarioId: string): Promise<UsuarioRecord | null> {
    return this.usuarios.findOne({ _id: usuarioId });
  }

  /**
   * The emisor's persons, disabled ones too, by name. FerretDB answers this filter by reading the whole
   * collection: only the administrator's users page asks, and a collection of persons stays small (staff,
   * not customers), so an index of memberships kept by hand is not worth its writes.
   */
  async delEmisor(emisorId: number): Promise<UsuarioRecord[]> {
    const usuarios = await this.usuarios.find({ 'membresias.emisorId': emisorId }).toArray();
    return usuarios.sort((a, b) => a.nombre.localeCompare(b.nombre, 'es') || a.correo.localeCompare(b.correo));
  }

  async porCorreo(correo: string): Promise<UsuarioRecord | null> {
    const reclamado = await this.correos.findOne({ _id: normalizarCorreo(correo) });
    return reclamado && this.leer(reclamado.usuarioId);
  }

  /**
   * The person with this e-mail, made a member of the emisor with the role: created (without password) if
   * no person has the e-mail, otherwise given the membership. A person already member of the emisor is
   * refused: their role is changed with `cambiarMembresia`. Answers the person and whether it was created.
   */
  async invitar(
    correo: string,
    nombre: string,
    { emisorId, rol }: Pick<Membresia, 'emisorId' | 'rol'>,
  ): Promise<{ usuario: UsuarioRecord; creado: boolean }> {
    const membresia: Membresia = { emisorId, rol, deshabilitada: false, tokenId: null };
    const normalizado = normalizarCorreo(correo);
    if (!esCorreo(normalizado)) throw new RechazoUsuario(`«${correo}» no es una dirección de correo`);
    const usuarioId = await this.reclamarCorreo(normalizado);
    const nuevo: UsuarioRecord = {
      _id: usuarioId,
      correo: normalizado,
      nombre,
      membresias: [membresia],
      contrasena: null,
      totp: null,
      recuperacion: [],
      creado: new Date(),
    };
    try {
      await this.usuarios.insertOne(nuevo);
      return { usuario: nuevo, creado: true };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const usuario = (await this.leer(usuarioId))!;
    if (usuario.membresias.some((m) => m.emisorId === emisorId))
      throw new RechazoUsuario(`${normalizado} ya es usuario del emisor ${emisorId}`);
    await this.usuarios.updateOne({ _id: usuarioId }, { $push: { membresias: membresia } });
    return { usuario: (await this.leer(usuarioId))!, creado: false };
  }

  /**
   * The id of the person with this e-mail: the one that claimed it, or a new one claimed now. A claim whose
   * person was never inserted (a crash between the two inserts) is kept: the person is inserted under it.
   */
  private async reclamarCorreo(correo: string): Promise<string> {
    try {
      const usuarioId = randomUUID();
      await this.correos.insertOne({ _id: correo, usuarioId });
      return usuarioId;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return (await this.correos.findOne({ _id: correo }))!.usuarioId;
    }
  }

  /**
   * Changes the person's role in an emisor they are a member of, or disables (enables) them there. The
   * memberships are written whole (FerretDB 1.x has no positional `$` update): two administrators changing
   * one person at once, the last write wins. Disabled, the person's sessions in that emisor end now; any
   * other ends at its next request, which reads the membership again (`rolEn`).
   */
  async cambiarMembresia(
    usuarioId: string,
    emisorId: number,
    cambio: Partial<Pick<Membresia, 'rol' | 'deshabilitada' | 'tokenId'>>,
  ): Promise<void> {
    const usuario = await this.leer(usuarioId);
    if (!usuario?.membresias.some((m) => m.emisorId === emisorId))
      throw new RechazoUsuario(`el usuario no es miembro del emisor ${emisorId}`);
    const membresias = usuario.membresias.map((m) => (m.emisorId === emisorId ? { ...m, ...cambio } : m));
    await this.usuarios.updateOne({ _id: usuarioId }, { $set: { membresias } });
    if (cambio.deshabilitada) await new SesionesConsola(this.connection).cerrarDeUsuario(usuarioId, emisorId);
  }

  async setContrasena(usuarioId: string, contrasena: string): Promise<void> {
    await this.usuarios.updateOne({ _id: usuarioId }, { $set: { contrasena: await hashContrasena(contrasena) } });
  }

  /**
   * Starts an enrolment with a new secret (not active until `activarTotp`), replacing any earlier one: an
   * administrator's reset of the second factor is this with the person then enrolling again.
   */
  async iniciarTotp(usuarioId: string, secreto: string): Promise<void> {
    await this.usuarios.updateOne(
      { _id: usuarioId },
      { $set: { totp: { secreto: this.box.seal(secreto), activo: false, ultimoPaso: null }, recuperacion: [] } },
    );
  }

  /** The person's TOTP secret in clear, to check a code, and its state. */
  secretoTotp(usuario: UsuarioRecord): { secreto: string; activo: boolean; ultimoPaso: number | null } | null {
    return usuario.totp && { ...usuario.totp, secreto: this.box.open(usuario.totp.secreto) };
  }

  /** Removes the second factor and the recovery codes: the administrator's reset. */
  async quitarTotp(usuarioId: string): Promise<void> {
    await this.usuarios.updateOne({ _id: usuarioId }, { $set: { totp: null, recuperacion: [] } });
  }

  /**
   * Uses a TOTP step that `comprobarCodigoTotp` accepted: true for the first request to use it, false for
   * any other (the same code sent twice, even at once). Records it as the last step used, which a lost
   * update could leave lower: the claim is what refuses the replay.
   */
  async usarPasoTotp(usuarioId: string, paso: number): Promise<boolean> {
    if (!(await this.reclamar('usuarios_usos', `totp:${usuarioId}:${paso}`))) return false;
    await this.usuarios.updateOne({ _id: usuarioId, totp: { $ne: null } }, { $set: { 'totp.ultimoPaso': paso } });
    return true;
  }

  /**
   * Activates the enrolment after its first code was used, and answers fresh recovery codes: shown once,
   * only their hashes kept.
   */
  async activarTotp(usuarioId: string): Promise<string[]> {
    const codigos = nuevosCodigosDeRecuperacion();
    await this.usuarios.updateOne(
      { _id: usuarioId },
      { $set: { 'totp.activo': true, recuperacion: codigos.map(hashCodigoDeRecuperacion) } },
    );
    return codigos;
  }

  /** Uses a recovery code in place of a TOTP code: true once per code, false for any other. */
  async usarCodigoDeRecuperacion(usuarioId: string, codigo: string): Promise<boolean> {
    const hash = hashCodigoDeRecuperacion(codigo);
    const usuario = await this.leer(usuarioId);
    if (!usuario?.recuperacion.includes(hash)) return false;
    if (!(await this.reclamar('usuarios_usos', `recuperacion:${usuarioId}:${hash}`))) return false;
    await this.usuarios.updateOne({ _id: usuarioId }, { $pull: { recuperacion: hash } });
    return true;
  }

  /** A new invitation or reset link for the person: its token, to put in the e-mail; only its hash is kept. */
  async crearEnlace(usuarioId: string, tipo: TipoEnlace, ahora = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.enlaces.insertOne({
      _id: hashEnlace(token),
      tipo,
      usuarioId,
      expira: new Date(ahora.getTime() + VIGENCIA_ENLACE_MS[tipo]),
    });
    return token;
  }

  /**
   * Uses a link: the person it is for, for the first request that uses it before it expires. A link of
   * another kind, expired, used or unknown is refused with one message, which tells the person what to do.
   */
  async usarEnlace(token: string, tipo: TipoEnlace, ahora = new Date()): Promise<UsuarioRecord> {
    const rechazo = new RechazoUsuario('El enlace no es válido, ya se usó o venció: pida uno nuevo');
    const enlace = await this.enlaces.findOne({ _id: hashEnlace(token) });
    if (!enlace || enlace.tipo !== tipo || enlace.expira.getTime() <= ahora.getTime()) throw rechazo;
    if (!(await this.reclamar('usuarios_enlaces_usados', enlace._id))) throw rechazo;
    const usuario = await this.leer(enlace.usuarioId);
    if (!usuario?.membresias.some((m) => !m.deshabilitada)) throw rechazo;
    return usuario;
  }

  /** Inserts the claim: true if this call made it, false if it was there. */
  private async reclamar(coleccion: 'usuarios_usos' | 'usuarios_enlaces_usados', _id: string): Promise<boolean> {
    try {
      await this.connection.collection<{ _id: string }>(coleccion).insertOne({ _id });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return false;
    }
  }
}

/** The person's role in the emisor, if they are a member there and not disabled: what every request asks. */
export function rolEn(usuario: Pick<UsuarioRecord, 'membresias'>, emisorId: number): Rol | null {
  const membresia = usuario.membresias.find((m) => m.emisorId === emisorId);
  return membresia && !membresia.deshabilitada ? membresia.rol : null;
}
