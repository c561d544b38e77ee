import { randomUUID } from 'node:crypto';
import { loadConfig } from '@dte/config';
import { activeApiTokenByHash, Personas, SecretBox, SesionesConsola, Tenants } from '@dte/store';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase } from '../support/tenant';

/**
 * A person's membership acts through a token of its own (`Personas`, issue 50): it holds the role's
 * permissions, follows a change of role, is revoked when the person is disabled there, and a new one is
 * made when they work again. Machine tokens are what the admin CLI picks for a campaign, never a person's.
 */
afterAll(() => closeTestDatabase());

describe('persons’ membership tokens (Personas)', () => {
  const personas = async () => new Personas(await testDatabase(), new SecretBox(loadConfig(stack().env).SECRET_KEY));

  it('keeps the token of a membership with the role, and revokes it with the person', async () => {
    const tenant = await createTestTenant();
    const db = await testDatabase();
    const repo = await personas();
    const correo = `ana-${randomUUID()}@empresa.sv`;
    const { usuario } = await repo.invitar(correo, 'Ana López', { emisorId: tenant.emisorId, rol: 'SOPORTE' });

    const hash = (await repo.tokenEn(usuario, tenant.emisorId))!._id;
    const token = (await activeApiTokenByHash(db.models, hash))!;
    expect(token).toMatchObject({
      emisorId: tenant.emisorId,
      name: `Ana López (${correo})`,
      usuarioId: usuario._id,
      permissions: ['REENVIO', 'SONDEO_MH', 'CONSOLA'],
    });
    // Asked again, the same token.
    const conToken = (await repo.usuarios.leer(usuario._id))!;
    expect((await repo.tokenEn(conToken, tenant.emisorId))?._id).toBe(hash);
    // A token made before the role gained SONDEO_MH (issue 52) gets it, and stays the same token.
    await db.models.ApiToken.updateOne({ id: token.id }, { $set: { permissions: ['REENVIO', 'CONSOLA'] } });
    const alDia = await repo.tokenEn(conToken, tenant.emisorId);
    expect([alDia?._id, alDia?.permissions]).toEqual([hash, ['REENVIO', 'SONDEO_MH', 'CONSOLA']]);
    expect((await activeApiTokenByHash(db.models, hash))!.permissions).toEqual(['REENVIO', 'SONDEO_MH', 'CONSOLA']);
    // Not a token a campaign started from the shell picks.
    const tenants = new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY));
    expect((await tenants.tokensConPermiso(tenant.emisorId, 'CONSOLA')).map((t) => t.id)).not.toContain(token.id);

    await repo.cambiarRol(usuario._id, tenant.emisorId, 'CONTADOR');
    expect((await activeApiTokenByHash(db.models, hash))!.permissions).toEqual([
      'LIBROS',
      'COMPRAS',
      'COMPRAS_CONFIRMAR',
      'CONSOLA',
    ]);

    const sesiones = new SesionesConsola(db.connection);
    const sesion = {
      _id: randomUUID(),
      usuario: { id: usuario._id, emisorId: tenant.emisorId, segundoFactor: true, direccion: '::1', agente: 'test' },
      csrf: 'x',
      creada: new Date(),
      expira: new Date(Date.now() + 3600_000),
    };
    await sesiones.abrir(sesion);
    await repo.setDeshabilitada(usuario._id, tenant.emisorId, true);
    expect(await activeApiTokenByHash(db.models, hash)).toBeNull();
    expect(await sesiones.leer(sesion._id)).toBeNull();
    expect(await repo.tokenEn((await repo.usuarios.leer(usuario._id))!, tenant.emisorId)).toBeNull();

    await repo.setDeshabilitada(usuario._id, tenant.emisorId, false);
    const nuevo = (await repo.tokenEn((await repo.usuarios.leer(usuario._id))!, tenant.emisorId))!._id;
    expect(nuevo).not.toBe(hash);
    expect((await activeApiTokenByHash(db.models, nuevo))!.permissions).toEqual([
      'LIBROS',
      'COMPRAS',
      'COMPRAS_CONFIRMAR',
      'CONSOLA',
    ]);
  });

  it('refuses a membership in an emisor that does not exist, and gives no token where the person is not a member', async () => {
    const repo = await personas();
    await expect(
      repo.invitar(`x-${randomUUID()}@empresa.sv`, 'X', { emisorId: 987_654_321, rol: 'AUDITOR' }),
    ).rejects.toThrow('emisor 987654321 does not exist');
    const [a, b] = await Promise.all([createTestTenant(), createTestTenant()]);
    const { usuario } = await repo.invitar(`y-${randomUUID()}@empresa.sv`, 'Y', {
      emisorId: a.emisorId,
      rol: 'AUDITOR',
    });
    expect(await repo.tokenEn(usuario, b.emisorId)).toBeNull();
  });
});
