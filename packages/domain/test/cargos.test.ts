import {
  buildCreditoFiscalV3,
  buildCreditoFiscalV4,
  buildFacturaV1,
  buildFacturaV2,
  dte01Request,
  dte03Request,
  parseRequest,
  validateMhSchema,
} from '../src';
import { context, contribuyente } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

/** Per-line `noGravado` (charges and credits outside the taxable base) and `psv` on Facturas and CCFs. */
describe('charges outside the taxable base', () => {
  it('adds a Factura line’s charge to what is paid, not to the operation’s amount', () => {
    // By hand: 2 × 11.30 = 22.60 taxed (IVA 2.60 inside); a 5.00 deposit on the line: totalPagar 27.60.
    const request = parseRequest(dte01Request, {
      receptor: {},
      items: [{ descripcion: 'Garrafón', cantidad: 2, precioUnitario: 11.3, noGravado: 5, psv: 12 }],
      condicionOperacion: 1,
    });
    for (const [dte, esquema] of [
      [buildFacturaV1(context('01'), request), 'fe-fc-v1'],
      [buildFacturaV2(context('01'), request), 'fe-f-v2'],
    ] as const) {
      expect(dte.cuerpoDocumento[0]).toMatchObject({ ventaGravada: 22.6, noGravado: 5, psv: 12, ivaItem: 2.6 });
      expect(dte.resumen).toMatchObject({
        montoTotalOperacion: 22.6,
        totalIva: 2.6,
        totalNoGravado: 5,
        totalPagar: 27.6,
        totalLetras: 'VEINTISIETE DÓLARES CON 60/100',
        pagos: [{ codigo: '01', montoPago: 27.6, referencia: null, plazo: null, periodo: null }],
      });
      expect(validateMhSchema(esquema, dte)).toEqual([]);
    }
  });

  it('takes a CCF line’s credit off what is paid, after the 1 % retention', () => {
    // By hand: 100.00 + IVA 13.00 = 113.00; retention 1.00; a 3.00 credit: totalPagar 113 − 1 − 3 = 109.00.
    const request = parseRequest(dte03Request, {
      receptor: contribuyente,
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100, noGravado: -3 }],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    const v3 = buildCreditoFiscalV3(context('03'), request);
    const v4 = buildCreditoFiscalV4(context('03'), request);
    expect(v3.resumen).toMatchObject({ montoTotalOperacion: 113, ivaRete1: 1, totalNoGravado: -3, totalPagar: 109 });
    expect(v4.resumen).toMatchObject({ montoTotalOperacion: 113, ivaRete: 1, totalNoGravado: -3, totalPagar: 109 });
    expect(validateMhSchema('fe-ccf-v3', v3)).toEqual([]);
    expect(validateMhSchema('fe-ccf-v4', v4)).toEqual([]);
  });

  it('refuses credits larger than what is paid, and a negative psv', () => {
    const body = (item: object) => ({
      receptor: contribuyente,
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100, ...item }],
      condicionOperacion: 1,
    });
    expect(
      fieldsOf(
        refusal(() => buildCreditoFiscalV3(context('03'), parseRequest(dte03Request, body({ noGravado: -113.01 })))),
      ),
    ).toEqual(['items']);
    expect(fieldsOf(refusal(() => parseRequest(dte03Request, body({ psv: -1 }))))).toEqual(['items[0].psv']);
    expect(fieldsOf(refusal(() => parseRequest(dte03Request, body({ noGravado: 1.001 }))))).toEqual([
      'items[0].noGravado',
    ]);
  });
});
