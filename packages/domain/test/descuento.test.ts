import {
  buildCreditoFiscalV3,
  buildCreditoFiscalV4,
  buildFacturaV1,
  buildFacturaV2,
  buildSujetoExcluidoV1,
  buildSujetoExcluidoV2,
  dte01Request,
  dte03Request,
  dte14Request,
  parseRequest,
  validateMhSchema,
} from '../src';
import { context, contribuyente } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

/** A discount on the whole document (`descuento`): MH's descuGravada, descuExenta, descuNoSuj, porcentajeDescuento. */
describe('document discount', () => {
  it('takes a percentage off a Factura of taxed and exempt lines; IVA is what the discounted taxed amount holds', () => {
    // By hand (prices include IVA):
    //   gravada 2 × 11.30 = 22.60; exenta 1 × 10.00 = 10.00; subTotalVentas 32.60
    //   10 %: descuGravada 2.26, descuExenta 1.00; totalDescu 3.26; subTotal 29.34
    //   totalIva = IVA inside 22.60 − 2.26 = 20.34: 20.34 × 13 / 113 = 2.34
    const body = {
      receptor: {},
      items: [
        { descripcion: 'Producto A', cantidad: 2, precioUnitario: 11.3 },
        { descripcion: 'Libro', cantidad: 1, precioUnitario: 10, tipoImpuesto: 'EXENTO' },
      ],
      condicionOperacion: 1,
      descuento: { porcentaje: 10 },
    };
    const request = parseRequest(dte01Request, body);
    const v1 = buildFacturaV1(context('01'), request);
    const v2 = buildFacturaV2(context('01'), request);
    for (const dte of [v1, v2])
      expect(dte.resumen).toMatchObject({
        totalGravada: 22.6,
        totalExenta: 10,
        subTotalVentas: 32.6,
        descuNoSuj: 0,
        descuExenta: 1,
        descuGravada: 2.26,
        porcentajeDescuento: 10,
        totalDescu: 3.26,
        subTotal: 29.34,
        totalIva: 2.34,
        montoTotalOperacion: 29.34,
        totalPagar: 29.34,
        pagos: [{ codigo: '01', montoPago: 29.34, referencia: null, plazo: null, periodo: null }],
      });
    expect(validateMhSchema('fe-fc-v1', v1)).toEqual([]);
    expect(validateMhSchema('fe-f-v2', v2)).toEqual([]);
  });

  it('takes a percentage off a CCF: IVA and the 1 % retention on the discounted taxed amount', () => {
    // By hand (prices exclude IVA):
    //   gravada 3 × 33.33 = 99.99; exenta 1 × 20.00; subTotalVentas 119.99
    //   15 %: descuGravada 14.9985 → 15.00 (half up), descuExenta 3.00; totalDescu 18.00; subTotal 101.99
    //   IVA 13 % of 99.99 − 15.00 = 84.99: 11.0487 → 11.05; montoTotalOperacion 113.04
    //   ivaRete1 1 % of 84.99 = 0.8499 → 0.85; totalPagar 112.19
    const body = {
      receptor: contribuyente,
      items: [
        { descripcion: 'Servicio', cantidad: 3, precioUnitario: 33.33 },
        { descripcion: 'Exento', cantidad: 1, precioUnitario: 20, tipoImpuesto: 'EXENTO' },
      ],
      condicionOperacion: 1,
      isRetenIva: true,
      descuento: { porcentaje: 15 },
    };
    const request = parseRequest(dte03Request, body);
    const v3 = buildCreditoFiscalV3(context('03'), request);
    const v4 = buildCreditoFiscalV4(context('03'), request);
    for (const dte of [v3, v4]) {
      expect(dte.resumen).toMatchObject({
        totalGravada: 99.99,
        totalExenta: 20,
        subTotalVentas: 119.99,
        descuGravada: 15,
        descuExenta: 3,
        descuNoSuj: 0,
        porcentajeDescuento: 15,
        totalDescu: 18,
        subTotal: 101.99,
        tributos: [{ codigo: '20', descripcion: expect.any(String), valor: 11.05 }],
        montoTotalOperacion: 113.04,
        totalPagar: 112.19,
      });
    }
    expect(v3.resumen.ivaRete1).toBe(0.85);
    expect(validateMhSchema('fe-ccf-v3', v3)).toEqual([]);
    expect(validateMhSchema('fe-ccf-v4', v4)).toEqual([]);
  });

  it('takes amounts off their columns; the percentage is then what they make of the sale', () => {
    // 100.00 taxed, 10.00 off: subTotal 90.00, IVA 11.70, montoTotalOperacion 101.70, porcentaje 10.00.
    const dte = buildCreditoFiscalV3(
      context('03'),
      parseRequest(dte03Request, {
        receptor: contribuyente,
        items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 }],
        condicionOperacion: 1,
        descuento: { gravada: 10 },
      }),
    );
    expect(dte.resumen).toMatchObject({
      descuGravada: 10,
      porcentajeDescuento: 10,
      totalDescu: 10,
      subTotal: 90,
      tributos: [{ codigo: '20', descripcion: expect.any(String), valor: 11.7 }],
      montoTotalOperacion: 101.7,
    });
  });

  it('refuses a discount above its column, both forms at once, none, or beyond cents', () => {
    const ccf = (descuento: object) => ({
      receptor: contribuyente,
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 }],
      condicionOperacion: 1,
      descuento,
    });
    const build = (descuento: object) =>
      buildCreditoFiscalV3(context('03'), parseRequest(dte03Request, ccf(descuento)));
    expect(fieldsOf(refusal(() => build({ gravada: 100.01 })))).toEqual(['descuento.gravada']);
    expect(fieldsOf(refusal(() => build({ gravada: 5, exenta: 1 })))).toEqual(['descuento.exenta']);
    const parse = (descuento: object) => fieldsOf(refusal(() => parseRequest(dte03Request, ccf(descuento))));
    expect(parse({ porcentaje: 10, gravada: 5 })).toEqual(['descuento.porcentaje']);
    expect(parse({})).toEqual(['descuento']);
    expect(parse({ porcentaje: 100.5 })).toEqual(['descuento.porcentaje']);
    expect(parse({ gravada: 1.005 })).toEqual(['descuento.gravada']);
    expect(new Set(parse({ otro: 1 }))).toEqual(new Set(['descuento']));
  });
});

describe('discount on a Factura de Sujeto Excluido', () => {
  const body = (descuento: object) => ({
    sujetoExcluido: {
      tipoDocumento: '13',
      numDocumento: '01234567-8',
      nombre: 'María López',
      direccion: contribuyente.direccion,
    },
    items: [
      { descripcion: 'Servicio de limpieza', cantidad: 3, precioUnitario: 45.5, tipoItem: 2 },
      { descripcion: 'Materiales', cantidad: 1, precioUnitario: 12.35, montoDescu: 1 },
    ],
    condicionOperacion: 1,
    applyrent: true,
    descuento,
  });

  it('takes a percentage off the purchase; the 10 % income tax is withheld from what remains', () => {
    // By hand: 3 × 45.50 = 136.50; 12.35 − 1.00 = 11.35; totalCompra 147.85
    //   10 %: descu 14.785 → 14.79 (half up); subTotal 133.06; reteRenta 13.306 → 13.31; totalPagar 119.75
    //   totalDescu 1.00 + 14.79 = 15.79
    const request = parseRequest(dte14Request, body({ porcentaje: 10 }));
    for (const [dte, esquema] of [
      [buildSujetoExcluidoV1(context('14'), request), 'fe-fse-v1'],
      [buildSujetoExcluidoV2(context('14'), request), 'fe-fse-v2'],
    ] as const) {
      expect(dte.resumen).toMatchObject({
        totalCompra: 147.85,
        descu: 14.79,
        totalDescu: 15.79,
        subTotal: 133.06,
        reteRenta: 13.31,
        totalPagar: 119.75,
      });
      expect(validateMhSchema(esquema, dte)).toEqual([]);
    }
  });

  it('refuses an amount above the purchase, or both forms', () => {
    expect(
      fieldsOf(
        refusal(() => buildSujetoExcluidoV1(context('14'), parseRequest(dte14Request, body({ monto: 147.86 })))),
      ),
    ).toEqual(['descuento.monto']);
    expect(fieldsOf(refusal(() => parseRequest(dte14Request, body({ porcentaje: 5, monto: 1 }))))).toEqual([
      'descuento',
    ]);
  });
});
