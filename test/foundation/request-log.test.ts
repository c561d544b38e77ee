import fs from 'node:fs';
import path from 'node:path';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant } from '../support/tenant';

/** Every answer carries a request id, which the API's log line for that request also carries; tokens never reach the log. */
describe('request ids and logs', () => {
  afterAll(() => closeTestDatabase());

  it('echoes X-Request-Id, logs it with the emisor, and redacts the token', async () => {
    const tenant = await createTestTenant();
    const requestId = `test-${Date.now()}`;
    const res = await fetch(`${stack().api}/dte/information`, {
      headers: { ...tenant.headers, 'x-request-id': requestId },
    });
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const generated = await fetch(`${stack().api}/dte/nope`, { headers: tenant.headers });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const logFile = path.join(stack().dataDir, 'logs', 'api.log');
    const line = await eventually(`the log line of ${requestId}`, () =>
      fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { req?: { id: string }; emisorId?: number; res?: { statusCode: number } })
        .find((l) => l.req?.id === requestId),
    );
    expect(line).toMatchObject({ req: { id: requestId }, emisorId: tenant.emisorId, res: { statusCode: 200 } });
    expect(fs.readFileSync(logFile, 'utf8')).not.toContain(tenant.token);
  });
});
