import {
  buildCreditoFiscalV3,
  buildFacturaV1,
  buildNotaCreditoV3,
  buildNotaDebitoV3,
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
const ccf = (isRetenIva = false) =>
  buildCreditoFiscalV3(
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
    const dte = build(ctx, nota({ observaciones: 'Producto dañado' }), aceptado(ccf()));
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
    const dte = build(ctx, nota(), aceptado(ccf()));
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
    const dte = build(ctx, nota({ isRetenIva: true }), aceptado(ccf(true)));
    expect(dte.resumen.ivaRete1).toBe(0.09);
    expect(validateMhSchema(schema, dte)).toEqual([]);
    const e = refusal(() => build(ctx, nota(), aceptado(ccf(true))));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(e)).toEqual(['isRetenIva']);
  });

  it('uses the receptor of the request when given', () => {
    const dte = build(ctx, nota({ receptor: { ...contribuyente, correo: 'otro@prueba.com' } }), aceptado(ccf()));
    expect(dte.receptor.correo).toBe('otro@prueba.com');
  });

  it('refuses an unknown, unaccepted or non-CCF original', () => {
    expect(refusal(() => build(ctx, nota(), undefined))).toMatchObject({ code: 'DOCUMENT_NOT_FOUND', httpStatus: 404 });
    for (const estado of ['REJECTED', 'CONTINGENCIA'])
      expect(refusal(() => build(ctx, nota(), aceptado(ccf(), { estado })))).toMatchObject({
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
    expect(refusal(() => build(ctx, nota(), aceptado(factura)))).toMatchObject({ code: 'INVALID_ORIGIN_TYPE' });
  });
});

it('ND adds numPagoElectronico', () => {
  expect(buildNotaDebitoV3(context('06'), nota(), aceptado(ccf())).resumen.numPagoElectronico).toBeNull();
});

it('NC never credits more than remains of the CCF after earlier notes', () => {
  // CCF 45.00 + IVA 5.85 = 50.85; this note 10.17; earlier notes 40.68 leave exactly 10.17.
  const ctx = context('05');
  expect(buildNotaCreditoV3(ctx, nota(), { ...aceptado(ccf()), montoAcreditado: '40.68' }).resumen).toMatchObject({
    montoTotalOperacion: 10.17,
  });
  expect(
    refusal(() => buildNotaCreditoV3(ctx, nota(), { ...aceptado(ccf()), montoAcreditado: '40.69' })),
  ).toMatchObject({
    code: 'CREDIT_EXCEEDS_ORIGINAL',
    httpStatus: 400,
    details: { montoTotalOperacion: 10.17, saldoDisponible: 10.16 },
  });
});
