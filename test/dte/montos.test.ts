import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { contribuyente } from '../support/fixtures';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * A discount on the whole document, charges outside the taxable base and tributo lines, over HTTP: MH
 * (the simulator) checks the resumen's arithmetic and CAT-015.
 */
describe('discounts, charges and tributo lines', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  it('issues a CCF with 15 % off its taxed and exempt lines, accepted with no observación', async () => {
    // By hand: gravada 99.99, exenta 20.00; 15 %: 15.00 and 3.00 off; IVA 13 % of 84.99 = 11.05;
    // montoTotalOperacion 101.99 + 11.05 = 113.04; retention 1 % of 84.99 = 0.85; totalPagar 112.19.
    const res = await api('POST', '/dte/dte03', tenant, {
      receptor: contribuyente(),
      items: [
        { descripcion: 'Servicio', cantidad: 3, precioUnitario: 33.33 },
        { descripcion: 'Exento', cantidad: 1, precioUnitario: 20, tipoImpuesto: 'EXENTO' },
      ],
      condicionOperacion: 1,
      isRetenIva: true,
      descuento: { porcentaje: 15 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.estado).toBe('PROCESSED');
    expect(res.body.data.respuestaMh.observaciones).toEqual([]);
    expect(res.body.data.total).toBe('112.19');
    expect(res.body.data.dteJson.resumen).toMatchObject({
      descuGravada: 15,
      descuExenta: 3,
      porcentajeDescuento: 15,
      totalDescu: 18,
      subTotal: 101.99,
      montoTotalOperacion: 113.04,
      ivaRete: 0.85,
      totalPagar: 112.19,
    });
  });

  it('issues a Factura with an amount off its taxed lines', async () => {
    // By hand: 2 × 11.30 = 22.60 taxed, 2.60 off: 20.00, of which IVA 20 × 13 / 113 = 2.30.
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'Producto A', cantidad: 2, precioUnitario: 11.3 }],
      condicionOperacion: 1,
      descuento: { gravada: 2.6 },
    });
    expect([res.status, res.body.data.estado, res.body.data.total]).toEqual([201, 'PROCESSED', '20.00']);
    expect(res.body.data.dteJson.resumen).toMatchObject({
      descuGravada: 2.6,
      totalIva: 2.3,
      porcentajeDescuento: 11.5,
    });
  });

  it('refuses a discount above what its column sold', async () => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'Producto A', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
      descuento: { exenta: 1 },
    });
    expect([res.status, res.body.code, res.body.errors]).toEqual([
      400,
      'VALIDATION_ERROR',
      [{ field: 'descuento.exenta', message: 'Descuento 1.00 mayor que el total exenta 0.00' }],
    ]);
  });

  it('issues a CCF with a charge outside the taxable base, accepted with no observación', async () => {
    // By hand: 100.00 + IVA 13.00 = 113.00; a 7.50 charge on the line: totalPagar 120.50.
    const res = await api('POST', '/dte/dte03', tenant, {
      receptor: contribuyente(),
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100, noGravado: 7.5, psv: 110 }],
      condicionOperacion: 1,
    });
    expect([res.status, res.body.data.estado, res.body.data.total]).toEqual([201, 'PROCESSED', '120.50']);
    expect(res.body.data.respuestaMh.observaciones).toEqual([]);
    expect(res.body.data.dteJson.resumen).toMatchObject({
      montoTotalOperacion: 113,
      totalNoGravado: 7.5,
      totalPagar: 120.5,
    });
  });

  it('issues a CCF with a tributo line (tipoItem 4, CAT-015 §2), accepted with no observación', async () => {
    // By hand: 2 × 10.00 + 2.00 = 22.00 taxed; IVA 2.86; total 24.86.
    const res = await api('POST', '/dte/dte03', tenant, {
      receptor: contribuyente(),
      items: [
        { descripcion: 'Cemento 42.5 kg', cantidad: 2, precioUnitario: 10 },
        {
          descripcion: 'Contribución especial',
          cantidad: 1,
          precioUnitario: 2,
          tipoItem: 4,
          codTributo: '57',
          uniMedida: 99,
        },
      ],
      condicionOperacion: 1,
    });
    expect([res.status, res.body.data.estado, res.body.data.total]).toEqual([201, 'PROCESSED', '24.86']);
    expect(res.body.data.respuestaMh.observaciones).toEqual([]);
    expect(res.body.data.dteJson.cuerpoDocumento[1]).toMatchObject({ tipoItem: 4, codTributo: '57', tributos: ['20'] });
  });

  it('issues an FSE with an amount off the purchase, the income tax withheld from what remains', async () => {
    // By hand: totalCompra 136.50 + 11.35 = 147.85; 7.85 off: subTotal 140.00; 10 % withheld 14.00; totalPagar 126.00.
    const res = await api('POST', '/dte/dte14', tenant, {
      ...(ISSUANCE_EXAMPLES.SUJETO_EXCLUIDO.body as object),
      descuento: { monto: 7.85 },
    });
    expect([res.status, res.body.data.estado, res.body.data.total]).toEqual([201, 'PROCESSED', '126.00']);
    expect(res.body.data.respuestaMh.observaciones).toEqual([]);
    expect(res.body.data.dteJson.resumen).toMatchObject({
      totalCompra: 147.85,
      descu: 7.85,
      subTotal: 140,
      reteRenta: 14,
    });
  });
});
