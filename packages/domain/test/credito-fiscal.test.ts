import { buildCreditoFiscalV3, buildCreditoFiscalV4, dte03Request, parseRequest } from '../src';
import { context, contribuyente } from './support/fixtures';
import { validateMhSchema } from '../src';
import { fieldsOf, refusal } from './support/refusal';

const build = (body: object) =>
  buildCreditoFiscalV3(
    context('03'),
    parseRequest(dte03Request, { receptor: contribuyente, condicionOperacion: 1, ...body }),
  );

describe('Crédito fiscal v3 (fe-ccf-v3)', () => {
  // Prices exclude IVA. Hand computation:
  //   1: 3 × 10.25 − 0.75 = 30.00 gravada
  //   2: 0.5 × 7.33       =  3.665 gravada
  //   3: 1 × 5.00         =  5.00 exenta
  //   totalGravada = round2(33.665) = 33.67 ; IVA = round2(33.67 × 0.13 = 4.3771) = 4.38
  //   subTotal = 33.67 + 5.00 = 38.67 ; montoTotalOperacion = 38.67 + 4.38 = 43.05
  //   ivaRete1 = round2(33.67 × 0.01 = 0.3367) = 0.34 ; totalPagar = 43.05 − 0.34 = 42.71
  const dte = build({
    items: [
      { descripcion: 'Resma de papel', cantidad: 3, precioUnitario: 10.25, montoDescu: 0.75, codigo: 'P-1' },
      { descripcion: 'Tóner (fracción)', cantidad: 0.5, precioUnitario: 7.33 },
      { descripcion: 'Libro', cantidad: 1, precioUnitario: 5, tipoImpuesto: 'EXENTO' },
    ],
    isRetenIva: true,
    condicionOperacion: 2,
    pago: { codigo: '05', plazo: '01', periodo: 30, referencia: 'OC-778' },
  });

  it('validates against MH schema fe-ccf-v3', () => {
    expect(validateMhSchema('fe-ccf-v3', dte)).toEqual([]);
  });

  it('lists IVA "20" on taxed items only', () => {
    expect(dte.cuerpoDocumento.map((i) => [i.ventaGravada, i.ventaExenta, i.tributos])).toEqual([
      [30, 0, ['20']],
      [3.665, 0, ['20']],
      [0, 5, null],
    ]);
  });

  it('computes IVA on the total and the 1 % retention', () => {
    expect(dte.resumen).toMatchObject({
      totalGravada: 33.67,
      totalExenta: 5,
      subTotalVentas: 38.67,
      totalDescu: 0.75,
      subTotal: 38.67,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 4.38 }],
      montoTotalOperacion: 43.05,
      ivaRete1: 0.34,
      ivaPerci1: 0,
      totalPagar: 42.71,
      totalLetras: 'CUARENTA Y DOS DÓLARES CON 71/100',
      condicionOperacion: 2,
      pagos: [{ codigo: '05', montoPago: 42.71, referencia: 'OC-778', plazo: '01', periodo: 30 }],
    });
  });

  it('does not sum rounded item IVAs', () => {
    // Three lines of 0.05: each line's IVA 0.0065 would round to 0.01 (sum 0.03); on the total
    // 0.15 × 0.13 = 0.0195 → 0.02.
    const r = build({ items: [1, 2, 3].map((n) => ({ descripcion: `Clip ${n}`, cantidad: 1, precioUnitario: 0.05 })) });
    expect(r.resumen.tributos).toEqual([{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 0.02 }]);
    expect(r.resumen.montoTotalOperacion).toBe(0.17);
    expect(validateMhSchema('fe-ccf-v3', r)).toEqual([]);
  });

  it("reproduces MH's example: 2000 + IVA 260 = 2260", () => {
    const r = build({
      items: [{ descripcion: 'Servicio de consultoría contable', cantidad: 1, precioUnitario: 2000, tipoItem: 2 }],
    });
    expect(r.resumen).toMatchObject({
      totalGravada: 2000,
      subTotal: 2000,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 260 }],
      montoTotalOperacion: 2260,
      ivaRete1: 0,
      totalPagar: 2260,
      totalLetras: 'DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100',
      pagos: [{ codigo: '01', montoPago: 2260, referencia: null, plazo: null, periodo: null }],
    });
    expect(r.receptor).toEqual({
      nit: '06140101901015',
      nrc: '9000009',
      nombre: 'SALVADOR CABAL',
      codActividad: '69100',
      descActividad: 'Actividades jurídicas',
      nombreComercial: null,
      direccion: { departamento: '06', municipio: '23', complemento: 'Distrito 14, Colonia Escalón, calle 1 #10' },
      telefono: '22444444',
      correo: 'contribuyente@example.com',
    });
    expect(validateMhSchema('fe-ccf-v3', r)).toEqual([]);
  });
});

describe('Crédito fiscal v4 (fe-ccf-v4, Normativa DTE 2.0)', () => {
  const body = {
    receptor: contribuyente,
    condicionOperacion: 1,
    items: [
      { descripcion: 'Resma de papel', cantidad: 3, precioUnitario: 10.25, montoDescu: 0.75, codigo: 'P-1' },
      { descripcion: 'Tóner (fracción)', cantidad: 0.5, precioUnitario: 7.33 },
      { descripcion: 'Libro', cantidad: 1, precioUnitario: 5, tipoImpuesto: 'EXENTO' },
    ],
    isRetenIva: true,
    observaciones: 'Pedido 778',
  };
  const dte = buildCreditoFiscalV4(context('03'), parseRequest(dte03Request, body));

  it('validates against MH schema fe-ccf-v4', () => {
    expect(validateMhSchema('fe-ccf-v4', dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ version: 4, tipoDte: '03' });
  });

  it("keeps v3's arithmetic under v4's names: ivaRete and ivaPerci, no reteRenta", () => {
    // As v3 above: totalGravada 33.67, IVA 4.38, montoTotalOperacion 43.05, retention 1 % = 0.34,
    // totalPagar 43.05 − 0.34 = 42.71
    expect(dte.resumen).toMatchObject({
      totalGravada: 33.67,
      totalExenta: 5,
      subTotal: 38.67,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 4.38 }],
      montoTotalOperacion: 43.05,
      ivaPerci: 0,
      ivaRete: 0.34,
      totalPagar: 42.71,
      observaciones: 'Pedido 778',
    });
    for (const gone of ['ivaRete1', 'ivaPerci1', 'reteRenta']) expect(dte.resumen).not.toHaveProperty(gone);
    expect(dte).not.toHaveProperty('extension');
  });

  it("writes the receptor's distrito and refuses an address without one", () => {
    expect(dte.receptor.direccion).toEqual(contribuyente.direccion);
    const sinDistrito = { ...contribuyente, direccion: { ...contribuyente.direccion, distrito: undefined } };
    const e = refusal(() =>
      buildCreditoFiscalV4(context('03'), parseRequest(dte03Request, { ...body, receptor: sinDistrito })),
    );
    expect(fieldsOf(e)).toEqual(['receptor.direccion.distrito']);
  });
});
