import { startApi, type ExtraProcess } from '../support/processes';
import { stack } from '../support/stack';
import {
  api,
  closeTestDatabase,
  createTestTenant,
  enEstado,
  simulator,
  testDatabase,
  type TestTenant,
} from '../support/tenant';
import { anulacionRescindida } from '../support/fixtures';

const factura = {
  receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
  items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 10 }],
  condicionOperacion: 1,
};

/** Answers that come even when MH is slow or gone: a deadline for issuance, a retryable 503 for anulación. */
describe('hardening: waiting for MH', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterEach(async () => {
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
  });
  afterAll(() => closeTestDatabase());

  it('answers 202 with the codigoGeneracion and PENDIENTE past ISSUANCE_WAIT_SECONDS; a retry gets the record', async () => {
    let corto: (ExtraProcess & { url: string }) | undefined;
    try {
      corto = await startApi('api-espera-corta', { ISSUANCE_WAIT_SECONDS: '2' });
      // MH holds the document until the API has answered: the verdict comes after the API's wait.
      await simulator('/outage', { mode: 'hold', emisor: tenant.nit });
      const key = `espera-${Date.now()}`;
      const enviar = () =>
        fetch(`${corto!.url}/dte/dte01`, {
          method: 'POST',
          headers: { ...tenant.headers, 'idempotency-key': key },
          body: JSON.stringify(factura),
        });
      const primera = await enviar();
      // A 202 is the answer of an API that stopped waiting for MH's verdict (an issued document would be 201).
      expect(primera.status).toBe(202);
      const pendiente = (await primera.json()) as { data: { codigoGeneracion: string; estado: string } };
      expect(pendiente.data).toEqual({ codigoGeneracion: expect.any(String), estado: 'PENDIENTE' });

      await simulator('/outage', { mode: 'none', emisor: tenant.nit });
      await enEstado(pendiente.data.codigoGeneracion, 'PROCESSED');
      const segunda = await enviar();
      expect(segunda.status).toBe(201);
      expect(((await segunda.json()) as { data: object }).data).toMatchObject({
        codigoGeneracion: pendiente.data.codigoGeneracion,
        estado: 'PROCESSED',
      });
    } finally {
      corto?.child.kill('SIGTERM');
      await corto?.exited;
    }
  }, 120000);

  it('answers an anulación MH does not answer with 503 MH_UNAVAILABLE and Retry-After, the document untouched', async () => {
    const emitido = await api('POST', '/dte/dte01', tenant, factura);
    expect(emitido.status).toBe(201);
    const { codigoGeneracion } = emitido.body.data;
    const anulacion = anulacionRescindida(codigoGeneracion);
    const anular = () =>
      fetch(`${stack().api}/dte/anulacion`, {
        method: 'POST',
        headers: { ...tenant.headers, 'idempotency-key': `anular-${codigoGeneracion}` },
        body: JSON.stringify(anulacion),
      });

    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    const sinMh = await anular();
    expect(sinMh.status).toBe(503);
    expect(sinMh.headers.get('retry-after')).toBe('60');
    expect(await sinMh.json()).toMatchObject({
      code: 'MH_UNAVAILABLE',
      retryAfter: 60,
      data: { aceptado: false, estado: 'PROCESSED', mhNoDisponible: true },
    });
    const { Document } = (await testDatabase()).models;
    expect(await Document.findById(codigoGeneracion).lean()).toMatchObject({ estado: 'PROCESSED', anulacion: null });

    // The same request once MH answers again: invalidated, exactly once at MH.
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    const conMh = await anular();
    expect(conMh.status).toBe(200);
    expect(await conMh.json()).toMatchObject({ data: { aceptado: true, estado: 'CANCELLED' } });
    const res = await fetch(
      `${stack().mhSimulator}/__sim/documentos?emisor=${tenant.nit}&codigoGeneracion=${codigoGeneracion}`,
    );
    const { data } = (await res.json()) as { data: { registrado: { estado: string } }[] };
    expect(data[0]!.registrado.estado).toBe('INVALIDADO');
  }, 120000);
});
