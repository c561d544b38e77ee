import {
  buildCreditoFiscalV3,
  buildCreditoFiscalV4,
  buildFacturaV1,
  dte01Request,
  dte03Request,
  parseRequest,
  validateMhSchema,
} from '../src';
import { context, contribuyente } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

/** Several payments (`pagos`) on the kinds whose resumen has them. */
describe('pagos', () => {
  const factura = (extra: object) => ({
    receptor: {},
    items: [{ descripcion: 'Producto A', cantidad: 2, precioUnitario: 11.3 }],
    condicionOperacion: 1,
    ...extra,
  });
  // Two units at 11.30, IVA included: montoTotalOperacion = totalPagar = 22.60.
  const facturaV1 = (extra: object) => buildFacturaV1(context('01'), parseRequest(dte01Request, factura(extra)));

  it('splits a Factura between cash and a debit card, as given', () => {
    const dte = facturaV1({
      pagos: [
        { codigo: '01', montoPago: 20 },
        { codigo: '02', montoPago: 2.6, referencia: 'VISA 4321' },
      ],
    });
    expect(dte.resumen.totalPagar).toBe(22.6);
    expect(dte.resumen.pagos).toEqual([
      { codigo: '01', montoPago: 20, referencia: null, plazo: null, periodo: null },
      { codigo: '02', montoPago: 2.6, referencia: 'VISA 4321', plazo: null, periodo: null },
    ]);
    expect(validateMhSchema('fe-fc-v1', dte)).toEqual([]);
  });

  it('refuses payments that do not add up to the amount to pay, to the cent', () => {
    for (const montos of [
      [20, 2.59],
      [20, 2.61],
      [22.6, 0.01],
    ]) {
      const e = refusal(() => facturaV1({ pagos: montos.map((montoPago) => ({ codigo: '01', montoPago })) }));
      expect([montos, e.code, fieldsOf(e)]).toEqual([montos, 'VALIDATION_ERROR', ['pagos']]);
      expect((e.details.errors as { message: string }[])[0]!.message).toContain('22.60');
    }
  });

  it('splits a CCF on credit between a card and a transfer, each with its plazo, in both generations', () => {
    // One service of 100.00 plus 13 % IVA: totalPagar = 113.00 = 63.00 + 50.00.
    const body = {
      receptor: contribuyente,
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 }],
      condicionOperacion: 2,
      pagos: [
        { codigo: '03', montoPago: 63, plazo: '01', periodo: 30 },
        { codigo: '05', montoPago: 50, plazo: '02', periodo: 1, referencia: 'TRF-88' },
      ],
    };
    const v3 = buildCreditoFiscalV3(context('03'), parseRequest(dte03Request, body));
    const v4 = buildCreditoFiscalV4(context('03'), parseRequest(dte03Request, body));
    for (const dte of [v3, v4]) {
      expect(dte.resumen.totalPagar).toBe(113);
      expect(dte.resumen.pagos).toEqual([
        { codigo: '03', montoPago: 63, referencia: null, plazo: '01', periodo: 30 },
        { codigo: '05', montoPago: 50, referencia: 'TRF-88', plazo: '02', periodo: 1 },
      ]);
    }
    expect(validateMhSchema('fe-ccf-v3', v3)).toEqual([]);
    expect(validateMhSchema('fe-ccf-v4', v4)).toEqual([]);
  });

  it('refuses pago and pagos together, a credit payment without its plazo, and amounts beyond cents', () => {
    const fields = (body: object) => fieldsOf(refusal(() => parseRequest(dte01Request, factura(body)))).sort();
    expect(fields({ pago: { codigo: '01' }, pagos: [{ codigo: '01', montoPago: 22.6 }] })).toEqual(['pagos']);
    expect(
      fields({
        condicionOperacion: 2,
        pagos: [
          { codigo: '03', montoPago: 10, plazo: '01', periodo: 30 },
          { codigo: '03', montoPago: 12.6 },
        ],
      }),
    ).toEqual(['pagos[1].periodo', 'pagos[1].plazo']);
    expect(fields({ pagos: [{ codigo: '01', montoPago: 22.599 }] })).toEqual(['pagos[0].montoPago']);
    expect(fields({ pagos: [] })).toEqual(['pagos']);
    expect(fields({ pagos: [{ codigo: '77', montoPago: 22.6 }] })).toEqual(['pagos[0].codigo']);
  });
});
