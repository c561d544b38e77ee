import { startApi } from '../support/processes';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/** Security headers on every answer, and bodies the API refuses before any route sees them. */
describe('HTTP hardening', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const post = (base: string, body: string) =>
    fetch(`${base}/dte/dte01`, { method: 'POST', headers: tenant.headers, body });

  it('sends helmet security headers, and no X-Powered-By', async () => {
    for (const res of [
      await fetch(`${stack().api}/health`),
      await fetch(`${stack().api}/dte/information`, { headers: tenant.headers }),
      await fetch(`${stack().api}/nope`),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      // Served over plain HTTP too (npm start): links must not be upgraded to https.
      expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR naming the body', async () => {
    const res = await post(stack().api, '{"receptor": {"nombre": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'error',
      code: 'VALIDATION_ERROR',
      message: 'The body is not valid JSON',
      errors: [{ field: 'body', message: 'JSON no válido' }],
    });
  });

  it('answers a body over the default 5 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({
      receptor: { nombre: 'x'.repeat(5 * 1024 * 1024) },
      items: [],
      condicionOperacion: 1,
    });
    const res = await post(stack().api, body);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      status: 'error',
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The body is too large',
      limit: 5 * 1024 * 1024,
    });
  });

  it('takes the limit from API_BODY_LIMIT', async () => {
    const api = await startApi('api-body-limit', { API_BODY_LIMIT: '2kb' });
    try {
      const big = await post(api.url, JSON.stringify({ receptor: { nombre: 'x'.repeat(3000) } }));
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', limit: 2048 });
      // Under the limit the body reaches validation.
      const small = await post(api.url, JSON.stringify({ receptor: {}, items: [] }));
      expect(small.status).toBe(400);
      expect(await small.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }
  });

  it('keeps idle connections open past a load balancer’s 60 s, and says so (API_KEEP_ALIVE_SECONDS)', async () => {
    const res = await fetch(`${stack().api}/health`);
    expect([res.status, res.headers.get('keep-alive')]).toEqual([200, 'timeout=65']);
    const api = await startApi('api-keep-alive', { API_KEEP_ALIVE_SECONDS: '7' });
    try {
      expect((await fetch(`${api.url}/health`)).headers.get('keep-alive')).toBe('timeout=7');
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }
  });
});
