import { startApi } from '../support/processes';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * RATE_LIMIT_PER_MINUTE per API token, on an API process of its own started with a limit of 5: the
 * budget is the token's, the answers say what is left, and the sixth request is refused.
 */
describe('rate limiting per token', () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    [api, tenant, other] = await Promise.all([
      startApi('api-rate-limit', { RATE_LIMIT_PER_MINUTE: '5' }),
      createTestTenant(),
      createTestTenant(),
    ]);
  });
  afterAll(async () => {
    api?.child.kill('SIGTERM');
    await api?.exited;
    await closeTestDatabase();
  });

  const information = (t: TestTenant | null) => fetch(`${api.url}/dte/information`, { headers: t ? t.headers : {} });

  it('answers 429 RATE_LIMITED with Retry-After once a token spent its budget; other tokens are unaffected', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await information(tenant);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"token"; r=${4 - i}; t=\\d+$`));
      expect(res.headers.get('ratelimit-policy')).toMatch(/^"token"; q=5; w=60; pk=:[A-Za-z0-9+/=]+:$/);
    }
    const refused = await information(tenant);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toMatch(/^"token"; r=0; t=\d+$/);
    expect(await refused.json()).toMatchObject({ status: 'error', code: 'RATE_LIMITED', retryAfter });

    // Another emisor's token has its own budget.
    const otherRes = await information(other);
    expect(otherRes.status).toBe(200);
    expect(otherRes.headers.get('ratelimit')).toMatch(/^"token"; r=4; t=\d+$/);

    // Authentication comes first: a request without a token is refused for that, and is not counted.
    expect((await information(null)).status).toBe(401);
    // Unauthenticated endpoints (health, metrics) are not limited.
    for (let i = 0; i < 7; i++) expect((await fetch(`${api.url}/health`)).status).toBe(200);
  });
});
