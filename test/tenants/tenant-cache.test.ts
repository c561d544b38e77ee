import { TenantCache } from '@dte/store';
import { closeTestDatabase, createTestTenant, testDatabase } from '../support/tenant';

/** Workers read the issuer's records through this cache: an admin change must reach them within its time. */
describe('TenantCache', () => {
  afterAll(() => closeTestDatabase());

  it('keeps an emisor for its cache time, then reads the change', async () => {
    const { models } = await testDatabase();
    const tenant = await createTestTenant();
    const cache = new TenantCache(models, 300);
    const antes = await cache.emisor(tenant.emisorId);
    await models.Emisor.updateOne({ id: tenant.emisorId }, { $set: { nombre: 'NOMBRE NUEVO' } });
    expect((await cache.emisor(tenant.emisorId))?.nombre).toBe(antes?.nombre);
    await new Promise((r) => setTimeout(r, 350));
    expect((await cache.emisor(tenant.emisorId))?.nombre).toBe('NOMBRE NUEVO');
  });
});
