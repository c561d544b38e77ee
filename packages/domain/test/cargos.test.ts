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

/** A tributo billed as its own line (CAT-011 tipoItem 4, CAT-015 §2), taxed with IVA like any gravada line. */
describe('tributo lines (tipoItem 4)', () => {
  const cemento = {
    descripcion: 'Contribución especial',
    cantidad: 1,
    precioUnitario: 2.26,
    tipoItem: 4,
    codTributo: '57',
    uniMedida: 99,
  };
  const bolsa = { descripcion: 'Cemento 42.5 kg', cantidad: 2, precioUnitario: 11.3 };

  it('goes on a Factura with its codTributo, unit 99 and no tributos (FE lists none per line)', () => {
    // By hand (IVA included): 22.60 + 2.26 = 24.86 taxed; IVA inside 24.86 × 13 / 113 = 2.86.
    const dte = buildFacturaV1(
      context('01'),
      parseRequest(dte01Request, { receptor: {}, items: [bolsa, cemento], condicionOperacion: 1 }),
    );
    expect(dte.cuerpoDocumento[1]).toMatchObject({
      tipoItem: 4,
      codTributo: '57',
      uniMedida: 99,
      ventaGravada: 2.26,
      tributos: null,
      ivaItem: 0.26,
    });
    expect(dte.resumen).toMatchObject({ totalGravada: 24.86, totalIva: 2.86, montoTotalOperacion: 24.86 });
    expect(validateMhSchema('fe-fc-v1', dte)).toEqual([]);
  });

  it('goes on a CCF with IVA ("20") on it', () => {
    // By hand: 2 × 10.00 + 2.00 = 22.00 taxed; IVA 2.86; montoTotalOperacion 24.86.
    const request = parseRequest(dte03Request, {
      receptor: contribuyente,
      items: [
        { descripcion: 'Cemento 42.5 kg', cantidad: 2, precioUnitario: 10 },
        { ...cemento, precioUnitario: 2 },
      ],
      condicionOperacion: 1,
    });
    const v3 = buildCreditoFiscalV3(context('03'), request);
    expect(v3.cuerpoDocumento[1]).toMatchObject({ tipoItem: 4, codTributo: '57', uniMedida: 99, tributos: ['20'] });
    expect(v3.resumen).toMatchObject({ totalGravada: 22, montoTotalOperacion: 24.86 });
    expect(validateMhSchema('fe-ccf-v3', v3)).toEqual([]);
    expect(validateMhSchema('fe-ccf-v4', buildCreditoFiscalV4(context('03'), request))).toEqual([]);
  });

  it('is refused without its codTributo, with one outside CAT-015 §2, in another unit, or untaxed', () => {
    const fields = (item: object) =>
      fieldsOf(
        refusal(() => parseRequest(dte01Request, { receptor: {}, items: [item], condicionOperacion: 1 })),
      ).sort();
    expect(fields({ ...cemento, codTributo: undefined })).toEqual(['items[0].codTributo']);
    expect(fields({ ...cemento, codTributo: 'A1' })).toEqual(['items[0].codTributo']);
    expect(fields({ ...bolsa, codTributo: '57' })).toEqual(['items[0].codTributo']);
    expect(fields({ ...cemento, uniMedida: 59 })).toEqual(['items[0].uniMedida']);
    expect(fields({ ...cemento, tipoImpuesto: 'EXENTO' })).toEqual(['items[0].tipoImpuesto']);
  });
});

describe('totals that depend on discounts and charges', () => {
  it("counts a Factura's charges toward MH's maximum of what is paid", () => {
    const body = (noGravado: number) => ({
      receptor: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Juan Pérez' },
      items: [{ descripcion: 'Obra', cantidad: 1, precioUnitario: 99999999990, noGravado }],
      condicionOperacion: 1,
    });
    expect(parseRequest(dte01Request, body(9.99)).items[0]!.noGravado).toBe(9.99);
    expect(fieldsOf(refusal(() => parseRequest(dte01Request, body(10))))).toEqual(['items']);
  });
});
