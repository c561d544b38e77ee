import { randomUUID } from 'node:crypto';
import { loadConfig } from '@dte/config';
import { SecretBox, Tenants } from '@dte/store';
import { validateMhSchema } from '@dte/domain';
import { direccion, emitirCcf, emitirFactura } from '../support/fixtures';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/** POST /dte/retorno (DTE 18) through HTTP on the real stack. */
describe('POST /dte/retorno (Retorno)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const retorno = (documentoOrigen: string, items: unknown, extra: Record<string, unknown> = {}) => ({
    documentoOrigen,
    items,
    motivo: 'Producto defectuoso',
    ...extra,
  });

  it('issues an accepted retorno of Factura items at their price less their share of the discount', async () => {
    const factura = await emitirFactura(tenant, [
      { descripcion: 'Silla', cantidad: 4, precioUnitario: 22.6, montoDescu: 2 },
      { descripcion: 'Mesa', cantidad: 1, precioUnitario: 113 },
    ]);
    const res = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(factura.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 2 }]),
    );
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({ tipo: 'RETORNO', estado: 'PROCESSED', numeroControl: expect.stringMatching(/^DTE-18-/) });
    expect(validateMhSchema('fe-eret-v1', d.dteJson)).toEqual([]);
    expect(d.dteJson.documentoRelacionado).toEqual([
      {
        tipoDocumento: '01',
        codigoGeneracion: factura.codigoGeneracion,
        fechaEmision: factura.dteJson.identificacion.fecEmi,
      },
    ]);
    // By hand: 2 × 22.60 − 2.00 × 2/4 = 44.20 (IVA included, as in the Factura); IVA 44.20 × 13/113 = 5.0849… → 5.08.
    expect(d.dteJson.cuerpoDocumento).toEqual([
      expect.objectContaining({ descripcion: 'Silla', cantidad: 2, montoDescu: 1, ventaGravada: 44.2 }),
    ]);
    expect(d.dteJson.resumen).toMatchObject({
      totalGravada: 44.2,
      totalIva: 5.08,
      montoTotalOperacion: 44.2,
      totalPagar: 44.2,
    });
    expect(d.dteJson.apendice[0]).toEqual({
      campo: 'motivoRetorno',
      etiqueta: 'Motivo del retorno',
      valor: 'Producto defectuoso',
    });
    expect(d.total).toBe('44.20');
  });

  it('reverses the 10 % renta retention of a sujeto excluido', async () => {
    const fse = await api('POST', '/dte/dte14', tenant, {
      sujetoExcluido: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'María López', direccion },
      items: [{ descripcion: 'Servicio', cantidad: 2, precioUnitario: 50 }],
      condicionOperacion: 1,
      applyrent: true,
    });
    const res = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(fse.body.data.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 1 }]),
    );
    expect(res.status).toBe(201);
    // By hand: 1 × 50.00 returned; renta 5.00 reversed; 45.00.
    expect(res.body.data.dteJson.resumen).toMatchObject({ totalCompraExcluidos: 50, reteRenta: 5, totalPagar: 45 });
    expect(res.body.data.total).toBe('45.00');
  });

  it('gives back exactly what a Factura with a document discount was paid when all of it is returned', async () => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [
        { descripcion: 'Silla', cantidad: 4, precioUnitario: 22.6, montoDescu: 2 },
        { descripcion: 'Mesa', cantidad: 1, precioUnitario: 113 },
        { descripcion: 'Libro', cantidad: 3, precioUnitario: 7.15, tipoImpuesto: 'EXENTO' },
      ],
      condicionOperacion: 1,
      descuento: { porcentaje: 5 },
    });
    expect(res.status).toBe(201);
    const factura = res.body.data;
    // By hand: gravada 4 × 22.60 − 2.00 = 88.40 + 113.00 = 201.40, descuGravada 5 % = 10.07 → 191.33 paid ;
    // exenta 3 × 7.15 = 21.45, descuExenta 1.0725 → 1.07 → 20.38 paid ; montoTotalOperacion = totalPagar
    // 191.33 + 20.38 = 211.71 ; totalIva 191.33 × 13/113 = 22.0114… → 22.01
    expect(factura.dteJson.resumen).toMatchObject({ montoTotalOperacion: 211.71, totalPagar: 211.71, totalIva: 22.01 });
    const devuelto = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(factura.codigoGeneracion, [
        { numItem: 1, cantidadRetorno: 4 },
        { numItem: 2, cantidadRetorno: 1 },
        { numItem: 3, cantidadRetorno: 3 },
      ]),
    );
    expect(devuelto.status).toBe(201);
    const d = devuelto.body.data;
    expect(d.estado).toBe('PROCESSED');
    // Each line is its share of what its column was paid (191.33 = 0.95 × 201.40): Silla 88.40 × 0.95 = 83.98
    // (discount 90.40 − 83.98 = 6.42), Mesa 191.33 − 83.98 = 107.35 (discount 5.65), Libro 20.38 (discount 1.07).
    expect(
      d.dteJson.cuerpoDocumento.map((l: Record<string, number>) => [l.montoDescu, l.ventaGravada, l.ventaExenta]),
    ).toEqual([
      [6.42, 83.98, 0],
      [5.65, 107.35, 0],
      [1.07, 0, 20.38],
    ]);
    // The Factura's own totals, not 201.40 + 21.45 = 222.85 with IVA 201.40 × 13/113 → 23.17 (before the discount).
    expect(d.dteJson.resumen).toMatchObject({
      totalGravada: 191.33,
      totalExenta: 20.38,
      montoTotalOperacion: 211.71,
      totalPagar: 211.71,
      totalIva: 22.01,
    });
    expect(d.total).toBe('211.71');
  });

  it("returns a sujeto excluido's purchase after its descu, reversing the renta it withheld", async () => {
    const fse = await api('POST', '/dte/dte14', tenant, {
      sujetoExcluido: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'María López', direccion },
      items: [{ descripcion: 'Servicio', cantidad: 2, precioUnitario: 50.05 }],
      condicionOperacion: 1,
      applyrent: true,
      descuento: { porcentaje: 5 },
    });
    expect(fse.status).toBe(201);
    // By hand: totalCompra 100.10, descu 5 % = 5.005 → 5.01, subTotal 95.09 ; reteRenta 9.509 → 9.51 ; totalPagar 85.58
    expect(fse.body.data.dteJson.resumen).toMatchObject({ subTotal: 95.09, reteRenta: 9.51, totalPagar: 85.58 });
    const devolver = () =>
      api(
        'POST',
        '/dte/retorno',
        tenant,
        retorno(fse.body.data.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 1 }]),
      );
    // First unit: 95.09 × 1/2 = 47.545 → 47.55, renta 4.755 → 4.76, 42.79 ; second: 95.09 − 47.55 = 47.54,
    // renta 4.754 → 4.75, 42.79. Together 95.09, renta 9.51 and 85.58: the FSE's.
    const primero = await devolver();
    expect(primero.status).toBe(201);
    expect(primero.body.data).toMatchObject({ estado: 'PROCESSED', total: '42.79' });
    expect(primero.body.data.dteJson.resumen).toMatchObject({ totalCompraExcluidos: 47.55, reteRenta: 4.76 });
    const segundo = await devolver();
    expect(segundo.status).toBe(201);
    expect(segundo.body.data).toMatchObject({ estado: 'PROCESSED', total: '42.79' });
    expect(segundo.body.data.dteJson.resumen).toMatchObject({ totalCompraExcluidos: 47.54, reteRenta: 4.75 });
  });

  it('refuses an unknown origin with 404 DOCUMENT_NOT_FOUND', async () => {
    const res = await api('POST', '/dte/retorno', tenant, retorno(randomUUID(), [{ numItem: 1, cantidadRetorno: 1 }]));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('DOCUMENT_NOT_FOUND');
  });

  it('refuses an origin that is not a Factura or FSE with 400 INVALID_ORIGIN_TYPE', async () => {
    const ccf = await emitirCcf(tenant, 10);
    const res = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(ccf.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 1 }]),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ORIGIN_TYPE');
  });

  it('refuses an origin MH did not accept with 400 INVALID_ORIGIN_STATUS', async () => {
    await simulator('/reject', {
      next: 1,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: 'X',
      emisor: tenant.nit,
    });
    const rechazada = await emitirFactura(tenant);
    expect(rechazada.estado).toBe('REJECTED');
    const res = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(rechazada.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 1 }]),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ORIGIN_STATUS');
  });

  it('refuses an item the origin does not have with 400 ITEM_NOT_FOUND', async () => {
    const factura = await emitirFactura(tenant);
    const res = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(factura.codigoGeneracion, [{ numItem: 2, cantidadRetorno: 1 }]),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ITEM_NOT_FOUND', numItem: 2 });
  });

  it.each([
    ['a zero quantity', { items: [{ numItem: 1, cantidadRetorno: 0 }] }, 'items[0].cantidadRetorno'],
    ['a negative quantity', { items: [{ numItem: 1, cantidadRetorno: -1 }] }, 'items[0].cantidadRetorno'],
    ['no items', { items: [] }, 'items'],
    ['no motivo', { motivo: undefined }, 'motivo'],
  ])('refuses %s with 400 VALIDATION_ERROR', async (_name, extra, field) => {
    const res = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(randomUUID(), [{ numItem: 1, cantidadRetorno: 1 }], extra),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses returning more than remains of an item with 400 OVER_RETURN_ERROR', async () => {
    const factura = await emitirFactura(tenant, [{ descripcion: 'Caja', cantidad: 3, precioUnitario: 2 }]);
    const primero = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(factura.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 2 }]),
    );
    expect(primero.status).toBe(201);
    const exceso = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(factura.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 2 }]),
    );
    expect(exceso.status).toBe(400);
    expect(exceso.body).toMatchObject({ code: 'OVER_RETURN_ERROR', numItem: 1, cantidadDisponible: 1 });
    const resto = await api(
      'POST',
      '/dte/retorno',
      tenant,
      retorno(factura.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 1 }]),
    );
    expect(resto.status).toBe(201);
  });

  it('never over-returns an item under 20 concurrent returns', async () => {
    const factura = await emitirFactura(tenant, [{ descripcion: 'Lápiz', cantidad: 10, precioUnitario: 0.5 }]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', '/dte/retorno', tenant, retorno(factura.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 1 }])),
      ),
    );
    expect(results.filter((r) => r.status === 201).map((r) => r.body.data.estado)).toEqual(Array(10).fill('PROCESSED'));
    expect(results.filter((r) => r.status !== 201).map((r) => r.body.code)).toEqual(
      Array(10).fill('OVER_RETURN_ERROR'),
    );
  }, 120000);

  it('refuses a token without the RETORNO permission with 403 PERMISSION_DENIED', async () => {
    const db = await testDatabase();
    const establecimiento = await db.models.Establecimiento.findOne({ emisorId: tenant.emisorId }).lean();
    const puntoVenta = await db.models.PuntoVenta.findOne({ establecimientoId: establecimiento!.id }).lean();
    const { token } = await new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY)).createToken({
      emisorId: tenant.emisorId,
      establecimientoId: establecimiento!.id,
      puntoVentaId: puntoVenta!.id,
      name: 'sin retorno',
      permissions: ['FACTURA_CONSUMIDOR_FINAL'],
    });
    const factura = await emitirFactura(tenant);
    const res = await api(
      'POST',
      '/dte/retorno',
      { ...tenant, headers: { ...tenant.headers, 'x-api-token': token } },
      retorno(factura.codigoGeneracion, [{ numItem: 1, cantidadRetorno: 1 }]),
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PERMISSION_DENIED');
  });
});
