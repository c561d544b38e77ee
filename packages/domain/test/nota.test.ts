import {
  buildCreditoFiscalV3,
  buildCreditoFiscalV4,
  buildFacturaV1,
  buildNotaCreditoV3,
  buildNotaCreditoV4,
  buildNotaDebitoV3,
  buildNotaDebitoV4,
  documentKind,
  dte01Request,
  dte03Request,
  notaRequest,
  parseRequest,
} from '../src';
import { context, contribuyente } from './support/fixtures';
import { validateMhSchema } from '../src';
import { aceptado } from './support/origen';
import { fieldsOf, refusal } from './support/refusal';

const ORIGINAL = '11111111-2222-4333-8444-555555555555';
const ccf = (
  isRetenIva = false,
  build: typeof buildCreditoFiscalV3 | typeof buildCreditoFiscalV4 = buildCreditoFiscalV3,
) =>
  build(
    context('03', { codigoGeneracion: ORIGINAL, fecEmi: '2026-11-02' }),
    parseRequest(dte03Request, {
      receptor: contribuyente,
      items: [{ descripcion: 'Resma de papel', cantidad: 10, precioUnitario: 4.5 }],
      condicionOperacion: 1,
      isRetenIva,
    }),
  );
const nota = (body: object = {}) =>
  parseRequest(notaRequest, {
    items: [{ descripcion: 'Devolución 2 resmas', cantidad: 2, precioUnitario: 4.5 }],
    condicionOperacion: 1,
    codigoGeneracion: ORIGINAL,
    ...body,
  });

describe.each([
  ['Nota de crédito v3 (fe-nc-v3)', buildNotaCreditoV3, '05', 'fe-nc-v3'],
  ['Nota de débito v3 (fe-nd-v3)', buildNotaDebitoV3, '06', 'fe-nd-v3'],
] as const)('%s', (_name, build, tipoDte, schema) => {
  const ctx = context(tipoDte);

  it('validates against its MH schema and points at the original CCF', () => {
    const dte = build(ctx, nota({ observaciones: 'Producto dañado' }), [aceptado(ccf())]);
    expect(validateMhSchema(schema, dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ tipoDte, version: 3 });
    expect(dte.documentoRelacionado).toEqual([
      { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: ORIGINAL, fechaEmision: '2026-11-02' },
    ]);
    expect(dte.cuerpoDocumento[0]).toMatchObject({ numeroDocumento: ORIGINAL, ventaGravada: 9, tributos: ['20'] });
    expect(dte.receptor).toEqual(ccf().receptor);
    expect(dte.extension?.observaciones).toBe('Producto dañado');
  });

  it('computes IVA like the CCF', () => {
    // 2 × 4.50 = 9.00 ; IVA 1.17 ; total 10.17
    const dte = build(ctx, nota(), [aceptado(ccf())]);
    expect(dte.resumen).toMatchObject({
      totalGravada: 9,
      subTotal: 9,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 1.17 }],
      ivaRete1: 0,
      montoTotalOperacion: 10.17,
      totalLetras: 'DIEZ DÓLARES CON 17/100',
    });
  });

  it('withholds 1 % when the original did, and refuses a mismatch', () => {
    const dte = build(ctx, nota({ isRetenIva: true }), [aceptado(ccf(true))]);
    expect(dte.resumen.ivaRete1).toBe(0.09);
    expect(validateMhSchema(schema, dte)).toEqual([]);
    const e = refusal(() => build(ctx, nota(), [aceptado(ccf(true))]));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(e)).toEqual(['isRetenIva']);
  });

  it('uses the receptor of the request when given', () => {
    const dte = build(ctx, nota({ receptor: { ...contribuyente, correo: 'otro@prueba.com' } }), [aceptado(ccf())]);
    expect(dte.receptor.correo).toBe('otro@prueba.com');
  });

  it('refuses an unknown, unaccepted or non-CCF original', () => {
    expect(refusal(() => build(ctx, nota(), undefined))).toMatchObject({ code: 'DOCUMENT_NOT_FOUND', httpStatus: 404 });
    for (const estado of ['REJECTED', 'CONTINGENCIA'])
      expect(refusal(() => build(ctx, nota(), [aceptado(ccf(), { estado })]))).toMatchObject({
        code: 'DOCUMENT_NOT_PROCESSED',
      });
    const factura = buildFacturaV1(
      context('01', { codigoGeneracion: ORIGINAL }),
      parseRequest(dte01Request, {
        receptor: {},
        items: [{ descripcion: 'x', cantidad: 1, precioUnitario: 1 }],
        condicionOperacion: 1,
      }),
    );
    expect(refusal(() => build(ctx, nota(), [aceptado(factura)]))).toMatchObject({ code: 'INVALID_ORIGIN_TYPE' });
  });
});

it('ND adds numPagoElectronico', () => {
  expect(buildNotaDebitoV3(context('06'), nota(), [aceptado(ccf())]).resumen.numPagoElectronico).toBeNull();
});

it('NC never credits more than remains of the CCF after earlier notes', () => {
  // CCF 45.00 + IVA 5.85 = 50.85; this note 10.17; earlier notes 40.68 leave exactly 10.17.
  const ctx = context('05');
  expect(buildNotaCreditoV3(ctx, nota(), [{ ...aceptado(ccf()), montoAcreditado: '40.68' }]).resumen).toMatchObject({
    montoTotalOperacion: 10.17,
  });
  expect(
    refusal(() => buildNotaCreditoV3(ctx, nota(), [{ ...aceptado(ccf()), montoAcreditado: '40.69' }])),
  ).toMatchObject({
    code: 'CREDIT_EXCEEDS_ORIGINAL',
    httpStatus: 400,
    details: { montoTotalOperacion: 10.17, saldoDisponible: 10.16 },
  });
});

describe.each([
  ['Nota de crédito v4 (fe-nc-v4)', buildNotaCreditoV4, '05', 'fe-nc-v4'],
  ['Nota de débito v4 (fe-nd-v4)', buildNotaDebitoV4, '06', 'fe-nd-v4'],
] as const)('%s', (_name, build, tipoDte, schema) => {
  const ctx = context(tipoDte);

  it.each([
    ['v3', buildCreditoFiscalV3],
    ['v4', buildCreditoFiscalV4],
  ] as const)('adjusts a CCF %s: the receptor by its NIT as identity document, distrito included', (_v, ccfDe) => {
    const dte = build(ctx, nota({ observaciones: 'Producto dañado' }), [aceptado(ccf(false, ccfDe))]);
    expect(validateMhSchema(schema, dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ tipoDte, version: 4, fusion: null });
    expect(dte.documentoRelacionado).toEqual([
      { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: ORIGINAL, fechaEmision: '2026-11-02' },
    ]);
    // A CCF v3 carries the distrito inside complemento ("Distrito 14, …"): the note takes it back out.
    expect(dte.receptor).toEqual({
      tipoDocumento: '36',
      numDocumento: contribuyente.nit,
      nrc: contribuyente.nrc,
      nombre: contribuyente.nombre,
      codActividad: contribuyente.codActividad,
      descActividad: contribuyente.descActividad,
      nombreComercial: null,
      direccion: contribuyente.direccion,
      telefono: '22444444',
      correo: contribuyente.correo,
    });
    expect(dte.resumen.observaciones).toBe('Producto dañado');
    expect(dte).not.toHaveProperty('extension');
  });

  it('keeps the IVA in tributo 20, added once; totalIva stays 0 on a note of a CCF', () => {
    // 2 × 4.50 = 9.00 ; IVA 13 % = 1.17 ; montoTotalOperacion 10.17 = totalPagar (no retention)
    const dte = build(ctx, nota(), [aceptado(ccf())]);
    expect(dte.cuerpoDocumento[0]).toMatchObject({
      numeroDocumento: ORIGINAL,
      ventaGravada: 9,
      tributos: ['20'],
      noGravado: 0,
      ivaPerci: 0,
      totalIva: 0,
      ivaRete: 0,
    });
    expect(dte.resumen).toMatchObject({
      totalGravada: 9,
      subTotalVentas: 9,
      totalDescu: 0,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 1.17 }],
      montoTotalOperacion: 10.17,
      ivaPerci: 0,
      totalIva: 0,
      ivaRete: 0,
      totalNoGravado: 0,
      totalPagar: 10.17,
      totalLetras: 'DIEZ DÓLARES CON 17/100',
      codigoRetencionMH: null,
    });
    expect(dte.resumen).not.toHaveProperty('subTotal');
  });

  it('withholds 1 % in ivaRete when the original did: totalPagar = 10.17 − 0.09 = 10.08', () => {
    const dte = build(ctx, nota({ isRetenIva: true }), [aceptado(ccf(true, buildCreditoFiscalV4))]);
    expect(dte.resumen).toMatchObject({ montoTotalOperacion: 10.17, ivaRete: 0.09, totalPagar: 10.08 });
    // Its one line carries the whole retention: the resumen is the sum of the lines.
    expect(dte.cuerpoDocumento[0]).toMatchObject({ ivaRete: 0.09, ivaPerci: 0, totalIva: 0 });
    expect(dte.resumen.totalLetras).toBe('DIEZ DÓLARES CON 08/100');
    expect(validateMhSchema(schema, dte)).toEqual([]);
    expect(fieldsOf(refusal(() => build(ctx, nota(), [aceptado(ccf(true, buildCreditoFiscalV4))])))).toEqual([
      'isRetenIva',
    ]);
  });

  it('needs the receptor in the request when the original CCF v3 knew no distrito', () => {
    const sinDistrito = { ...contribuyente, direccion: { ...contribuyente.direccion, distrito: null } };
    const original = buildCreditoFiscalV3(
      context('03', { codigoGeneracion: ORIGINAL, fecEmi: '2026-11-02' }),
      parseRequest(dte03Request, {
        receptor: sinDistrito,
        items: [{ descripcion: 'Resma de papel', cantidad: 10, precioUnitario: 4.5 }],
        condicionOperacion: 1,
      }),
    );
    expect(fieldsOf(refusal(() => build(ctx, nota(), [aceptado(original)])))).toEqual(['receptor.direccion.distrito']);
    expect(validateMhSchema(schema, build(ctx, nota({ receptor: contribuyente }), [aceptado(original)]))).toEqual([]);
  });
});

describe.each([
  ['NC v4', buildNotaCreditoV4, 'fe-nc-v4'],
  ['ND v4', buildNotaDebitoV4, 'fe-nd-v4'],
] as const)('%s spreads the 1 %% retention over its gravada lines (Anexo IV fields 143–146)', (_n, build, schema) => {
  // 10 × 45.00 = 450.00 + IVA 58.50 = 508.50, withheld: room for every note below.
  const original = aceptado(
    buildCreditoFiscalV4(
      context('03', { codigoGeneracion: ORIGINAL, fecEmi: '2026-11-02' }),
      parseRequest(dte03Request, {
        receptor: contribuyente,
        items: [{ descripcion: 'Resma de papel', cantidad: 10, precioUnitario: 45 }],
        condicionOperacion: 1,
        isRetenIva: true,
      }),
    ),
  );
  const retenida = (items: object[]) => {
    const dte = build(context(schema === 'fe-nc-v4' ? '05' : '06'), nota({ items, isRetenIva: true }), [original]);
    expect(validateMhSchema(schema, dte)).toEqual([]);
    expect(dte.cuerpoDocumento.map((l) => l.ivaPerci)).toEqual(dte.cuerpoDocumento.map(() => 0));
    expect(dte.cuerpoDocumento.map((l) => l.totalIva)).toEqual(dte.cuerpoDocumento.map(() => 0));
    expect(dte.resumen).toMatchObject({ ivaPerci: 0, totalIva: 0 });
    return dte;
  };
  const item = (cantidad: number, precioUnitario: number, tipoImpuesto = 'GRAVADO') => ({
    descripcion: `${cantidad} × ${precioUnitario}`,
    cantidad,
    precioUnitario,
    tipoImpuesto,
  });

  it('one gravada line carries all of it', () => {
    // 3 × 41.15 = 123.45; IVA 16.0485 → 16.05; operation 139.50; retention 1.2345 → 1.23; to pay 138.27.
    const dte = retenida([item(3, 41.15)]);
    expect(dte.cuerpoDocumento.map((l) => l.ivaRete)).toEqual([1.23]);
    expect(dte.resumen).toMatchObject({ montoTotalOperacion: 139.5, ivaRete: 1.23, totalPagar: 138.27 });
  });

  it('three equal gravada lines: 0.33 + 0.33 and the remainder 0.34 on the last', () => {
    // 1 × 33.35, 2 × 16.675, 5 × 6.67: 33.35 each, 100.05 in all; IVA 13.0065 → 13.01; operation 113.06.
    // Retention 1.0005 → 1.00. Each share 1.00 × 33.35 / 100.05 = 0.3333… → 0.33; the last 1.00 − 0.66 = 0.34.
    // To pay 113.06 − 1.00 = 112.06.
    const dte = retenida([item(1, 33.35), item(2, 16.675), item(5, 6.67)]);
    expect(dte.cuerpoDocumento.map((l) => l.ivaRete)).toEqual([0.33, 0.33, 0.34]);
    expect(dte.resumen).toMatchObject({ montoTotalOperacion: 113.06, ivaRete: 1, totalPagar: 112.06 });
  });

  it('seven gravada lines: each share rounded half-up, the remainder on the last', () => {
    // 10.00 + 20.00 + 30.00 + 15.55 + 7.25 + 12.40 + 5.10 = 100.30; IVA 13.039 → 13.04; operation 113.34.
    // Retention 1.003 → 1.00; shares 1.00 × line / 100.30:
    //   10.00 → 0.0997 → 0.10;  20.00 → 0.1994 → 0.20;  30.00 → 0.2991 → 0.30;  15.55 → 0.15503 → 0.16;
    //   7.25 → 0.0723 → 0.07;   12.40 → 0.1236 → 0.12;  the last 1.00 − 0.95 = 0.05 (its own share 0.0508).
    // To pay 113.34 − 1.00 = 112.34.
    const dte = retenida([
      item(1, 10),
      item(2, 10),
      item(3, 10),
      item(1, 15.55),
      item(5, 1.45),
      item(4, 3.1),
      item(6, 0.85),
    ]);
    expect(dte.cuerpoDocumento.map((l) => l.ivaRete)).toEqual([0.1, 0.2, 0.3, 0.16, 0.07, 0.12, 0.05]);
    expect(dte.resumen).toMatchObject({
      totalGravada: 100.3,
      montoTotalOperacion: 113.34,
      ivaRete: 1,
      totalPagar: 112.34,
    });
  });

  it('exenta lines carry 0; the remainder goes on the last gravada line, not the last line', () => {
    // gravada 40.00, exenta 25.00, gravada 26.70, exenta 10.00: 66.70 taxed, 35.00 exempt; IVA 8.671 → 8.67;
    // operation 101.70 + 8.67 = 110.37. Retention 0.667 → 0.67: 0.67 × 40.00 / 66.70 = 0.4018 → 0.40, the
    // last gravada line 0.67 − 0.40 = 0.27. To pay 110.37 − 0.67 = 109.70.
    const dte = retenida([item(4, 10), item(1, 25, 'EXENTO'), item(3, 8.9), item(2, 5, 'EXENTO')]);
    expect(dte.cuerpoDocumento.map((l) => l.ivaRete)).toEqual([0.4, 0, 0.27, 0]);
    expect(dte.resumen).toMatchObject({
      totalGravada: 66.7,
      totalExenta: 35,
      montoTotalOperacion: 110.37,
      ivaRete: 0.67,
      totalPagar: 109.7,
    });
  });

  it('never leaves the last line a negative remainder: the cent comes off the line before it', () => {
    // 3 × 100.70 and 0.10: 302.20; IVA 39.286 → 39.29; operation 341.49. Retention 3.022 → 3.02. Each
    // 100.70 shares 3.02 × 100.70 / 302.20 = 1.00633 → 1.01, three of them 3.03: the last would get −0.01,
    // so the third gives a cent back (1.00) and the last gets 0. To pay 341.49 − 3.02 = 338.47.
    const dte = retenida([item(1, 100.7), item(1, 100.7), item(1, 100.7), item(1, 0.1)]);
    expect(dte.cuerpoDocumento.map((l) => l.ivaRete)).toEqual([1.01, 1.01, 1, 0]);
    expect(dte.resumen).toMatchObject({ montoTotalOperacion: 341.49, ivaRete: 3.02, totalPagar: 338.47 });
  });
});

it('NC v4 shares the credit cap of the CCF with every earlier note', () => {
  // CCF 45.00 + IVA 5.85 = 50.85; this note 10.17; earlier notes 40.69 leave 10.16.
  expect(
    refusal(() => buildNotaCreditoV4(context('05'), nota(), [{ ...aceptado(ccf()), montoAcreditado: '40.69' }])),
  ).toMatchObject({ code: 'CREDIT_EXCEEDS_ORIGINAL', details: { saldoDisponible: 10.16 } });
});

describe('a note that adjusts several CCFs, electronic or on paper', () => {
  const OTRO = '99999999-8888-4777-8666-555555555555';
  // CCF A (ORIGINAL): 10 × 4.50 = 45.00 + IVA 5.85 = 50.85 ; CCF B (OTRO): 3 × 20.00 = 60.00 + IVA 7.80 = 67.80
  const ccfB = () =>
    buildCreditoFiscalV3(
      context('03', { codigoGeneracion: OTRO, fecEmi: '2026-11-09' }),
      parseRequest(dte03Request, {
        receptor: contribuyente,
        items: [{ descripcion: 'Toner', cantidad: 3, precioUnitario: 20 }],
        condicionOperacion: 1,
      }),
    );
  const dos = (items: object[], extra: object = {}) =>
    parseRequest(notaRequest, {
      documentosRelacionados: [
        { tipoGeneracion: 2, numeroDocumento: ORIGINAL.toLowerCase() },
        { tipoGeneracion: 2, numeroDocumento: OTRO },
      ],
      items,
      condicionOperacion: 1,
      ...extra,
    });
  const devolucion = [
    { descripcion: 'Devolución 2 resmas', cantidad: 2, precioUnitario: 4.5, numeroDocumento: ORIGINAL },
    { descripcion: 'Devolución 1 toner', cantidad: 1, precioUnitario: 20, numeroDocumento: OTRO.toLowerCase() },
  ];

  it.each([
    ['fe-nc-v3', buildNotaCreditoV3],
    ['fe-nc-v4', buildNotaCreditoV4],
  ] as const)('%s lists both CCFs and names each line’s', (schema, build) => {
    // 9.00 (A) + 20.00 (B) = 29.00 gravada ; IVA 3.77 ; montoTotalOperacion 32.77
    const dte = build(context('05'), dos(devolucion), [aceptado(ccfB()), aceptado(ccf())]);
    expect(validateMhSchema(schema, dte)).toEqual([]);
    expect(dte.documentoRelacionado).toEqual([
      { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: ORIGINAL, fechaEmision: '2026-11-02' },
      { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: OTRO, fechaEmision: '2026-11-09' },
    ]);
    expect(dte.cuerpoDocumento.map((i) => i.numeroDocumento)).toEqual([ORIGINAL, OTRO]);
    expect(dte.resumen.montoTotalOperacion).toBe(32.77);
  });

  it('credits each CCF its own lines with their IVA, against what remains of it', () => {
    // A: 9.00 + 1.17 = 10.17 of 50.85 ; B: 20.00 + 2.60 = 22.60 of 67.80, of which 45.21 credited: 22.59 left
    const e = refusal(() =>
      buildNotaCreditoV3(context('05'), dos(devolucion), [
        aceptado(ccf()),
        { ...aceptado(ccfB()), montoAcreditado: '45.21' },
      ]),
    );
    expect(e).toMatchObject({
      code: 'CREDIT_EXCEEDS_ORIGINAL',
      details: { numeroDocumento: OTRO, montoTotalOperacion: 22.6, saldoDisponible: 22.59 },
    });
    // 45.20 credited leaves exactly 22.60.
    expect(() =>
      buildNotaCreditoV3(context('05'), dos(devolucion), [
        aceptado(ccf()),
        { ...aceptado(ccfB()), montoAcreditado: '45.2' },
      ]),
    ).not.toThrow();
  });

  it('read back from its DTE when imported, credits each CCF what the same note issued here does', () => {
    const importada = documentKind('NOTA_CREDITO').consumoOrigen!.deImportado!;
    // 32.77 split by the lines' sales, 9.00 and 20.00 of 29.00: A 10.1697… → 10.17, B 22.6000… → 22.60
    const dte = buildNotaCreditoV3(context('05'), dos(devolucion), [aceptado(ccf()), aceptado(ccfB())]);
    expect(importada(dte)).toEqual({
      [ORIGINAL]: { montoTotalOperacion: '10.17' },
      [OTRO]: { montoTotalOperacion: '22.60' },
    });
    // A note of one CCF credits it its whole montoTotalOperacion: 2 × 4.50 = 9.00 + IVA 1.17.
    const una = buildNotaCreditoV4(
      context('05'),
      parseRequest(notaRequest, { codigoGeneracion: ORIGINAL, items: [devolucion[0]], condicionOperacion: 1 }),
      [aceptado(ccf(false, buildCreditoFiscalV4))],
    );
    expect(importada(una)).toEqual({ [ORIGINAL]: { montoTotalOperacion: '10.17' } });
  });

  it('adjusts a paper CCF by its number and date, with the receptor of the request', () => {
    // 1 × 100.00 + IVA 13.00 = 113.00 ; a debit note on a CCF the service never issued
    const dte = buildNotaDebitoV4(
      context('06'),
      parseRequest(notaRequest, {
        receptor: contribuyente,
        documentosRelacionados: [{ tipoGeneracion: 1, numeroDocumento: 'CCF-A-000123', fechaEmision: '2026-10-15' }],
        items: [{ descripcion: 'Intereses por mora', cantidad: 1, precioUnitario: 100 }],
        condicionOperacion: 1,
      }),
      [],
    );
    expect(validateMhSchema('fe-nd-v4', dte)).toEqual([]);
    expect(dte.documentoRelacionado).toEqual([
      { tipoDocumento: '03', tipoGeneracion: 1, numeroDocumento: 'CCF-A-000123', fechaEmision: '2026-10-15' },
    ]);
    expect(dte.cuerpoDocumento[0]!.numeroDocumento).toBe('CCF-A-000123');
    expect(dte.resumen.montoTotalOperacion).toBe(113);
  });

  const conUnItem = (body: object) => () =>
    parseRequest(notaRequest, {
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
      ...body,
    });
  it.each([
    [
      'a line that names no CCF when there are several',
      () => dos([{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }]),
      'items[0].numeroDocumento',
    ],
    [
      'a line naming a CCF the note does not adjust',
      () => dos([{ ...devolucion[0], numeroDocumento: 'CCF-9' }]),
      'items[0].numeroDocumento',
    ],
    [
      'both ways of naming the CCF',
      conUnItem({ documentosRelacionados: [{ tipoGeneracion: 2, numeroDocumento: OTRO }], codigoGeneracion: ORIGINAL }),
      'codigoGeneracion',
    ],
    [
      'a paper CCF without its date',
      conUnItem({ receptor: contribuyente, documentosRelacionados: [{ tipoGeneracion: 1, numeroDocumento: 'F-1' }] }),
      'documentosRelacionados[0].fechaEmision',
    ],
    [
      'paper CCFs only and no receptor',
      conUnItem({
        documentosRelacionados: [{ tipoGeneracion: 1, numeroDocumento: 'F-1', fechaEmision: '2026-10-15' }],
      }),
      'receptor',
    ],
    [
      'the same CCF twice',
      conUnItem({
        documentosRelacionados: [
          { tipoGeneracion: 2, numeroDocumento: OTRO },
          { tipoGeneracion: 2, numeroDocumento: OTRO.toLowerCase() },
        ],
      }),
      'documentosRelacionados',
    ],
  ])('refuses %s', (_caso, parse, campo) => {
    const e = refusal(parse);
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(e)).toContain(campo);
  });

  it('refuses CCFs of two receptors', () => {
    const otroReceptor = buildCreditoFiscalV3(
      context('03', { codigoGeneracion: OTRO, fecEmi: '2026-11-09' }),
      parseRequest(dte03Request, {
        receptor: { ...contribuyente, nit: '06140202901016', numDocumento: '06140202901016' },
        items: [{ descripcion: 'Toner', cantidad: 3, precioUnitario: 20 }],
        condicionOperacion: 1,
      }),
    );
    const e = refusal(() =>
      buildNotaCreditoV3(context('05'), dos(devolucion), [aceptado(ccf()), aceptado(otroReceptor)]),
    );
    expect(fieldsOf(e)).toEqual(['documentosRelacionados']);
  });
});

describe('a document discount (2023 notes) and charges outside the taxable base (2026 notes)', () => {
  it('NC v3 takes a percentage off each column, the IVA on the discounted gravada', () => {
    // gravada 2 × 4.50 = 9.00, exenta 1 × 5.00 = 5.00 ; 10 %: descuGravada 0.90, descuExenta 0.50
    // subTotal 14.00 − 1.40 = 12.60 ; IVA 13 % of 8.10 = 1.053 → 1.05 ; montoTotalOperacion 13.65
    const dte = buildNotaCreditoV3(
      context('05'),
      nota({
        items: [
          { descripcion: 'Devolución 2 resmas', cantidad: 2, precioUnitario: 4.5 },
          { descripcion: 'Devolución de un libro', cantidad: 1, precioUnitario: 5, tipoImpuesto: 'EXENTO' },
        ],
        descuento: { porcentaje: 10 },
      }),
      [aceptado(ccf())],
    );
    expect(validateMhSchema('fe-nc-v3', dte)).toEqual([]);
    expect(dte.resumen).toMatchObject({
      totalGravada: 9,
      totalExenta: 5,
      descuGravada: 0.9,
      descuExenta: 0.5,
      totalDescu: 1.4,
      subTotal: 12.6,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 1.05 }],
      montoTotalOperacion: 13.65,
    });
  });

  it('NC v4 refuses a document discount, which its schema has no field for', () => {
    const e = refusal(() =>
      buildNotaCreditoV4(context('05'), nota({ descuento: { porcentaje: 10 } }), [aceptado(ccf())]),
    );
    expect(fieldsOf(e)).toEqual(['descuento']);
  });

  it('ND v4 adds a charge outside the taxable base to what is paid, not to the operation', () => {
    // 1 × 100.00 + IVA 13.00 = 113.00 ; a $2.50 fee outside the base: totalPagar 115.50
    const dte = buildNotaDebitoV4(
      context('06'),
      nota({
        items: [
          { descripcion: 'Intereses por mora', cantidad: 1, precioUnitario: 100 },
          { descripcion: 'Gasto de cobranza', cantidad: 1, precioUnitario: 0, uniMedida: 99, noGravado: 2.5 },
        ],
      }),
      [aceptado(ccf())],
    );
    expect(validateMhSchema('fe-nd-v4', dte)).toEqual([]);
    expect(dte.cuerpoDocumento.map((i) => i.noGravado)).toEqual([0, 2.5]);
    expect(dte.resumen).toMatchObject({ montoTotalOperacion: 113, totalNoGravado: 2.5, totalPagar: 115.5 });
    expect(dte.resumen.totalLetras).toBe('CIENTO QUINCE DÓLARES CON 50/100');
  });

  it('ND v3 refuses a charge outside the taxable base, which its schema has no field for', () => {
    const e = refusal(() =>
      buildNotaDebitoV3(
        context('06'),
        nota({ items: [{ descripcion: 'Cobranza', cantidad: 1, precioUnitario: 0, uniMedida: 99, noGravado: 2.5 }] }),
        [aceptado(ccf())],
      ),
    );
    expect(fieldsOf(e)).toEqual(['items[0].noGravado']);
  });

  it('refuses a discount by amounts on a note of several CCFs', () => {
    const e = refusal(() =>
      parseRequest(notaRequest, {
        documentosRelacionados: [
          { tipoGeneracion: 2, numeroDocumento: ORIGINAL },
          { tipoGeneracion: 2, numeroDocumento: '99999999-8888-4777-8666-555555555555' },
        ],
        items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1, numeroDocumento: ORIGINAL }],
        condicionOperacion: 1,
        descuento: { gravada: 0.5 },
      }),
    );
    expect(fieldsOf(e)).toEqual(['descuento']);
  });
});
