import { DteClient } from '@dte/client';
import { startApi } from '../support/processes';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/** One answer the client got, and when. */
interface Respuesta {
  status: number;
  retryAfter: string | null;
  en: number;
}

/**
 * The client's retry of a 429 on a real API process started with a budget of 2 requests per token and
 * minute: the third request is refused with the API's Retry-After, and the client sends it again no
 * earlier than that, then gets its answer.
 */
describe('@dte/client and the API’s rate limit', () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  let tenant: TestTenant;
  beforeAll(async () => {
    [api, tenant] = await Promise.all([
      startApi('api-cliente-429', { RATE_LIMIT_PER_MINUTE: '2' }),
      createTestTenant(),
    ]);
  });
  afterAll(async () => {
    api?.child.kill('SIGTERM');
    await api?.exited;
    await closeTestDatabase();
  });

  it('waits out a 429’s Retry-After and then succeeds', async () => {
    const respuestas: Respuesta[] = [];
    const client = new DteClient({
      baseUrl: api.url,
      token: tenant.token,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        respuestas.push({ status: res.status, retryAfter: res.headers.get('retry-after'), en: Date.now() });
        return res;
      },
    });
    for (let i = 0; i < 3; i++) expect((await client.operaciones.getInformation()).status).toBe('success');

    expect(respuestas.map((r) => r.status)).toEqual([200, 200, 429, 200]);
    const [, , refusal, retry] = respuestas;
    const segundos = Number(refusal!.retryAfter);
    expect(segundos).toBeGreaterThan(0);
    expect(segundos).toBeLessThanOrEqual(60);
    expect(retry!.en - refusal!.en).toBeGreaterThanOrEqual(segundos * 1000);
  });
});
