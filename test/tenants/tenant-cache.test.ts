import { hashToken, TenantCache } from '@dte/store';
import { closeTestDatabase, createTestTenant, testDatabase } from '../support/tenant';

/**
 * Workers read the issuer's records through this cache, and the API its tokens as well: an admin change
 * must reach them within its time.
 */
describe('TenantCache', () => {
  afterAll(() => closeTestDatabase());

  it('keeps an emisor for its cache time, then reads the change', async () => {
    const { models } = await testDatabase();
    const tenant = await createTestTenant();
    // The cache's own clock, moved by the test: however slow the machine, no time passes but this.
    let ahora = 0;
    const cache = new TenantCache(models, 300, () => ahora);
    const antes = await cache.emisor(tenant.emisorId);
    await models.Emisor.updateOne({ id: tenant.emisorId }, { $set: { nombre: 'NOMBRE NUEVO' } });
    ahora = 299;
    expect((await cache.emisor(tenant.emisorId))?.nombre).toBe(antes?.nombre);
    ahora = 300;
    expect((await cache.emisor(tenant.emisorId))?.nombre).toBe('NOMBRE NUEVO');
  });

  it('keeps an active token for its cache time, and neither an unknown nor a revoked one', async () => {
    const { models } = await testDatabase();
    const tenant = await createTestTenant();
    const hash = hashToken(tenant.token);
    const record = await models.ApiToken.findById(hash).lean();
    if (!record) throw new Error('the tenant has no token');
    // A clock that stands still: nothing here expires, however slow the machine.
    const quieto = () => 0;
    const cache = new TenantCache(models, 1000, quieto);

    await models.ApiToken.deleteOne({ _id: hash });
    expect(await cache.apiToken(hash)).toBeNull();
    await models.ApiToken.create(record);
    expect(await cache.apiToken(hash)).toMatchObject({ id: record.id, emisorId: tenant.emisorId });

    await models.ApiToken.updateOne({ _id: hash }, { $set: { revokedAt: new Date() } });
    // Kept: the revocation reaches this process when the entry expires (TENANT_CACHE_SECONDS), not before.
    expect(await cache.apiToken(hash)).toMatchObject({ id: record.id, revokedAt: null });
    // A process that reads it afresh refuses it, and keeps refusing it.
    const otra = new TenantCache(models, 1000, quieto);
    expect(await otra.apiToken(hash)).toBeNull();
    expect(await otra.apiToken(hash)).toBeNull();
  });
});
