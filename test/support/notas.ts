import { randomUUID } from 'node:crypto';
import { emitirCcf, emitirFactura } from './fixtures';
import { api, simulator, type TestTenant } from './tenant';

/**
 * The rules NC (/dte/dte05) and ND (/dte/dte06) share on their original: it must be known, a CCF,
 * accepted by MH, and agree on the 1 % IVA retention.
 */
export function reglasDelOriginal(path: '/dte/dte05' | '/dte/dte06', tenant: () => TestTenant) {
  const nota = (codigoGeneracion: string, extra: Record<string, unknown> = {}) => ({
    codigoGeneracion,
    items: [{ descripcion: 'Ajuste', cantidad: 1, precioUnitario: 1 }],
    condicionOperacion: 1,
    ...extra,
  });

  it('refuses an unknown original with 404 DOCUMENT_NOT_FOUND', async () => {
    const res = await api('POST', path, tenant(), nota(randomUUID().toUpperCase()));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', code: 'DOCUMENT_NOT_FOUND' });
  });

  it('refuses an original MH rejected with 400 DOCUMENT_NOT_PROCESSED', async () => {
    await simulator('/reject', {
      next: 1,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: 'X',
      emisor: tenant().nit,
    });
    const rechazado = await emitirCcf(tenant(), 10);
    expect(rechazado.estado).toBe('REJECTED');
    const res = await api('POST', path, tenant(), nota(rechazado.codigoGeneracion));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'DOCUMENT_NOT_PROCESSED' });
  });

  it('refuses a Factura as original with 400 INVALID_ORIGIN_TYPE', async () => {
    const factura = await emitirFactura(tenant());
    const res = await api('POST', path, tenant(), nota(factura.codigoGeneracion));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'INVALID_ORIGIN_TYPE' });
  });

  it('refuses an isRetenIva that does not match the original with 400 VALIDATION_ERROR', async () => {
    const conRetencion = await emitirCcf(tenant(), 10, { isRetenIva: true });
    const res = await api('POST', path, tenant(), nota(conRetencion.codigoGeneracion, { isRetenIva: false }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['isRetenIva']);
  });
}
