import { randomUUID } from 'node:crypto';
import { contribuyente, direccion, emitirCcf, emitirFactura, hoy } from '../support/fixtures';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

/**
 * A rejection by MH, forced through the simulator, for every kind: HTTP 201 with estado REJECTED, MH's
 * reasons, `errorTecnico`, and neither sello nor files.
 */
describe('MH rejections of every kind', () => {
  let tenant: TestTenant;
  let ccf: { codigoGeneracion: string };
  let factura: { codigoGeneracion: string };
  beforeAll(async () => {
    tenant = await createTestTenant();
    ccf = await emitirCcf(tenant, 100);
    factura = await emitirFactura(tenant);
  });
  afterAll(() => closeTestDatabase());

  const item = { descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 };
  const bodies: [string, string, () => unknown][] = [
    ['FACTURA_CONSUMIDOR_FINAL', '/dte/dte01', () => ({ receptor: {}, items: [item], condicionOperacion: 1 })],
    ['CREDITO_FISCAL', '/dte/dte03', () => ({ receptor: contribuyente(), items: [item], condicionOperacion: 1 })],
    [
      'NOTA_CREDITO',
      '/dte/dte05',
      () => ({
        codigoGeneracion: ccf.codigoGeneracion,
        items: [{ ...item, precioUnitario: 1 }],
        condicionOperacion: 1,
      }),
    ],
    [
      'NOTA_DEBITO',
      '/dte/dte06',
      () => ({ codigoGeneracion: ccf.codigoGeneracion, items: [item], condicionOperacion: 1 }),
    ],
    [
      'COMPROBANTE_RETENCION',
      '/dte/dte07',
      () => ({
        receptor: { ...contribuyente(), tipoDocumento: '36', numDocumento: '06140101901015' },
        cuerpoDocumento: [
          {
            numItem: 1,
            tipoDte: '03',
            tipoGeneracion: 2,
            numDocumento: randomUUID(),
            fechaEmision: hoy(),
            montoSujetoGrav: 100,
            codigoRetencionMH: '22',
            ivaRetenido: 1,
            descripcion: 'Retención 1 %',
          },
        ],
      }),
    ],
    [
      'SUJETO_EXCLUIDO',
      '/dte/dte14',
      () => ({
        sujetoExcluido: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'María López', direccion },
        items: [item],
        condicionOperacion: 1,
        applyrent: false,
      }),
    ],
    [
      'RETORNO',
      '/dte/retorno',
      () => ({
        documentoOrigen: factura.codigoGeneracion,
        items: [{ numItem: 1, cantidadRetorno: 1 }],
        motivo: 'Producto defectuoso',
      }),
    ],
  ];

  it.each(bodies)('%s rejected by MH is 201 REJECTED with the reasons', async (tipo, path, body) => {
    await simulator('/reject', {
      next: 1,
      codigoMsg: '003',
      clasificaMsg: '13',
      descripcionMsg: '[receptor.nombre] VALOR NO VALIDO',
      emisor: tenant.nit,
    });
    const res = await api('POST', path, tenant, body());
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({
      tipo,
      estado: 'REJECTED',
      selloRecibido: null,
      dteJsonUrl: null,
      dtePdfUrl: null,
      errorTecnico: 'Documento rechazado por el Ministerio de Hacienda: [receptor.nombre] VALOR NO VALIDO',
      respuestaMh: { estado: 'RECHAZADO', codigoMsg: '003', clasificaMsg: '13' },
      analisisHacienda: { estadoDocumento: 'REJECTED', aceptadoPorMH: false },
    });
  });
});
