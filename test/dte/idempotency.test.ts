import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/** Idempotency-Key on issuance: retries after a timeout get the original outcome, never a second document. */
describe('Idempotency-Key', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const body = (descripcion: string) => ({
    receptor: {},
    items: [{ descripcion, cantidad: 1, precioUnitario: 3 }],
    condicionOperacion: 1,
  });
  async function post(who: TestTenant, key: string, payload: unknown) {
    const res = await fetch(`${stack().api}/dte/dte01`, {
      method: 'POST',
      headers: { ...who.headers, 'idempotency-key': key },
      body: JSON.stringify(payload),
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        code?: string;
        data: { codigoGeneracion: string; id: number; numeroControl: string };
      },
    };
  }

  it('10 parallel requests with one key produce exactly one document, transmitted once', async () => {
    const key = `parallel-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => post(tenant, key, body('Una vez'))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const codigos = new Set(results.map((r) => r.body.data.codigoGeneracion));
    expect(codigos.size).toBe(1);
    const [codigoGeneracion] = [...codigos];
    expect(new Set(results.map((r) => r.body.data.numeroControl)).size).toBe(1);

    const db = await testDatabase();
    expect(await db.models.Document.countDocuments({ emisorId: tenant.emisorId, _id: codigoGeneracion })).toBe(1);
    const received = (await (
      await fetch(`${stack().simulatorUrl}/__sim/documentos?codigoGeneracion=${codigoGeneracion}`)
    ).json()) as {
      data: { recepciones: number }[];
    };
    expect(received.data).toEqual([expect.objectContaining({ recepciones: 1 })]);

    // A later retry (e.g. after the client timed out) gets the same record.
    const later = await post(tenant, key, body('Una vez'));
    expect(later.status).toBe(201);
    expect(later.body.data).toMatchObject({ codigoGeneracion, id: results[0]!.body.data.id });
  });

  it('refuses the same key with another body (422), and scopes keys to the emisor', async () => {
    const key = `reuse-${Date.now()}`;
    const first = await post(tenant, key, body('Primera'));
    expect(first.status).toBe(201);
    const other = await post(tenant, key, body('Otra cosa'));
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const otherEmisor = await createTestTenant();
    const elsewhere = await post(otherEmisor, key, body('Otra cosa'));
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.data.codigoGeneracion).not.toBe(first.body.data.codigoGeneracion);
  });

  it('refuses a malformed key with 400', async () => {
    const res = await post(tenant, 'no spaces allowed', body('X'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});
