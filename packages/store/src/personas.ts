import { PERMISOS_DEL_ROL, type Rol } from '@dte/domain';
import type { Database } from './db/connection';
import { activeApiTokenByHash, type ApiTokenRecord, type SecretBox } from './secrets';
import { Tenants } from './tenants';
import { rolEn, Usuarios, type UsuarioRecord } from './usuarios';

/**
 * A person's membership in an emisor acts through an API token of its own (issue 50): the console's session
 * of the person carries that token, so every route, guard and workflow door that checks a token's
 * permissions — the API's `authenticate`, the activities that read the token again — checks the person's
 * role without a second path. This keeps the membership and its token together: the token holds the role's
 * permissions, is revoked when the person is disabled there, and a new one is made when they work again.
 */
export class Personas {
  readonly usuarios: Usuarios;
  private readonly tenants: Tenants;

  constructor(
    private readonly db: Database,
    box: SecretBox,
  ) {
    this.usuarios = new Usuarios(db.connection, box);
    this.tenants = new Tenants(db, box);
  }

  /** Invites the person to an emisor that exists (see `Usuarios.invitar`). */
  async invitar(correo: string, nombre: string, membresia: { emisorId: number; rol: Rol }) {
    if (!(await this.db.models.Emisor.exists({ id: membresia.emisorId })))
      throw new Error(`emisor ${membresia.emisorId} does not exist`);
    return this.usuarios.invitar(correo, nombre, membresia);
  }

  /**
   * The live token the person works with in the emisor (its `_id` the hash), made now if they have none:
   * null when they are not a member there or are disabled. Read once per console request. A token made
   * before its role gained a permission (SONDEO_MH, issue 52) is given the role's permissions as they are now.
   */
  async tokenEn(usuario: UsuarioRecord, emisorId: number): Promise<ApiTokenRecord | null> {
    const rol = rolEn(usuario, emisorId);
    if (!rol) return null;
    const tokenId = usuario.membresias.find((m) => m.emisorId === emisorId)?.tokenId ?? null;
    const actual =
      tokenId === null ? null : await this.db.models.ApiToken.findOne({ id: tokenId, revokedAt: null }).lean();
    const debidos = PERMISOS_DEL_ROL[rol];
    if (actual && debidos.every((p) => actual.permissions.includes(p))) return actual;
    if (actual) {
      await this.db.models.ApiToken.updateOne({ id: actual.id }, { $set: { permissions: [...debidos] } });
      return { ...actual, permissions: [...debidos] };
    }
    const nuevo = await this.tenants.createTokenDePersona(
      emisorId,
      { id: usuario._id, nombre: usuario.nombre, correo: usuario.correo },
      PERMISOS_DEL_ROL[rol],
    );
    await this.usuarios.cambiarMembresia(usuario._id, emisorId, { tokenId: nuevo.id });
    return activeApiTokenByHash(this.db.models, nuevo.hash);
  }

  /**
   * The role and the permissions of every live token of the person in the emisor: two first requests at
   * once may each have made one (`tokenEn`), and neither may keep the old role.
   */
  async cambiarRol(usuarioId: string, emisorId: number, rol: Rol): Promise<void> {
    await this.usuarios.cambiarMembresia(usuarioId, emisorId, { rol });
    await this.db.models.ApiToken.updateMany(
      { usuarioId, emisorId, revokedAt: null },
      { $set: { permissions: [...PERMISOS_DEL_ROL[rol]] } },
    );
  }

  /** Disabled, the person's sessions in the emisor end and their tokens there are revoked; enabled, they work again. */
  async setDeshabilitada(usuarioId: string, emisorId: number, deshabilitada: boolean): Promise<void> {
    if (!deshabilitada) return this.usuarios.cambiarMembresia(usuarioId, emisorId, { deshabilitada });
    await this.usuarios.cambiarMembresia(usuarioId, emisorId, { deshabilitada, tokenId: null });
    await this.db.models.ApiToken.updateMany(
      { usuarioId, emisorId, revokedAt: null },
      { $set: { revokedAt: new Date() } },
    );
  }
}
