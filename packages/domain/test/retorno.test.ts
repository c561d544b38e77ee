import {
  buildCreditoFiscalV3,
  buildFacturaV1,
  buildRetornoV1,
  buildSujetoExcluidoV1,
  dte01Request,
  dte03Request,
  dte14Request,
  dteSchemaByTipoVersion,
  mhSchemas,
  parseRequest,
  retornoRequest,
} from '../src';
import { context, contribuyente, direccion } from './support/fixtures';
import { validateMhSchema } from '../src';
import { aceptado, SELLO } from './support/origen';
import { refusal } from './support/refusal';

const ORIGINAL = '11111111-2222-4333-8444-555555555555';
const original = { codigoGeneracion: ORIGINAL, numeroControl: 'DTE-01-M001P001-000000000000042', fecEmi: '2026-11-02' };
const factura = buildFacturaV1(
  context('01', original),
  parseRequest(dte01Request, {
    receptor: { nombre: 'Ana', tipoDocumento: '13', numDocumento: '012345678', correo: 'ana@example.com' },
    items: [
      { descripcion: 'Silla', cantidad: 2, precioUnitario: 10 },
      { descripcion: 'Mesa', cantidad: 3, precioUnitario: 5, montoDescu: 1.5, codigo: 'M-3' },
      { descripcion: 'Libro', cantidad: 1, precioUnitario: 8, tipoImpuesto: 'EXENTO' },
    ],
    condicionOperacion: 1,
  }),
);
const retorno = (items: { numItem: number; cantidadRetorno: number }[], extra: object = {}) =>
  parseRequest(retornoRequest, { documentoOrigen: ORIGINAL, items, motivo: 'Producto defectuoso', ...extra });
const ctx = context('18');

describe('Retorno v1 (DTE 18, provisional fe-eret-v1)', () => {
  it('is registered as schema 18/1, marked provisional', () => {
    expect(dteSchemaByTipoVersion['18/1']).toBe('fe-eret-v1');
    expect(mhSchemas['fe-eret-v1'].description).toMatch(/^PROVISIONAL/);
  });

  // Mesa: 2 of 3 returned, discount 1.50 × 2/3 = 1.00 → 2 × 5.00 − 1.00 = 9.00, IVA 9 × 13/113 = 1.03539823
  // Silla: 0.5 of 2 → 5.00, IVA 5 × 13/113 = 0.57522124 ; Libro (exento) 1 → 8.00, no IVA
  // totalGravada 14.00 ; totalIva round2(14 × 13/113 = 1.6106…) = 1.61 ; totalRetorno 22.00
  const dte = buildRetornoV1(
    ctx,
    retorno(
      [
        { numItem: 2, cantidadRetorno: 2 },
        { numItem: 1, cantidadRetorno: 0.5 },
        { numItem: 3, cantidadRetorno: 1 },
      ],
      { apendice: [{ campo: 'ticket', etiqueta: 'Ticket de soporte', valor: 'T-991' }] },
    ),
    aceptado(factura),
  );

  it('validates against its schema', () => {
    expect(validateMhSchema('fe-eret-v1', dte)).toEqual([]);
  });

  it('names the original and its receptor', () => {
    expect(dte.identificacion).toMatchObject({ tipoDte: '18', version: 1, tipoModelo: 1, tipoOperacion: 1 });
    expect(dte.documentoRelacionado).toEqual({ tipoDte: '01', ...original, selloRecibido: SELLO });
    expect(dte.receptor).toEqual({
      tipoDocumento: '13',
      numDocumento: '01234567-8',
      nombre: 'Ana',
      correo: 'ana@example.com',
    });
    expect(dte.motivo).toBe('Producto defectuoso');
    expect(dte.apendice).toEqual([{ campo: 'ticket', etiqueta: 'Ticket de soporte', valor: 'T-991' }]);
  });

  it('values each returned line at the original price and its share of the discount', () => {
    expect(
      dte.cuerpoDocumento.map((l) => [
        l.numItem,
        l.numItemOrigen,
        l.cantidad,
        l.precioUni,
        l.montoDescu,
        l.montoRetorno,
        l.ivaItem,
      ]),
    ).toEqual([
      [1, 2, 2, 5, 1, 9, 1.03539823],
      [2, 1, 0.5, 10, 0, 5, 0.57522124],
      [3, 3, 1, 8, 0, 8, 0],
    ]);
    expect(dte.cuerpoDocumento[0]).toMatchObject({ descripcion: 'Mesa', codigo: 'M-3', uniMedida: 59 });
    expect(dte.resumen).toEqual({
      totalGravada: 14,
      totalRetorno: 22,
      totalIva: 1.61,
      reteRenta: 0,
      montoTotalRetorno: 22,
      totalLetras: 'VEINTIDÓS DÓLARES CON 00/100',
    });
  });

  it('reverses the income-tax retention of a sujeto excluido purchase', () => {
    // 1 of 2 × 100.05 returned: 100.05 ; reteRenta 10 % = 10.005 → 10.01 ; montoTotalRetorno 90.04
    const fse = buildSujetoExcluidoV1(
      context('14', original),
      parseRequest(dte14Request, {
        sujetoExcluido: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Pedro', direccion },
        items: [{ descripcion: 'Asesoría', cantidad: 2, precioUnitario: 100.05, tipoItem: 2 }],
        condicionOperacion: 1,
        applyrent: true,
      }),
    );
    const r = buildRetornoV1(ctx, retorno([{ numItem: 1, cantidadRetorno: 1 }]), aceptado(fse));
    expect(r.resumen).toEqual({
      totalGravada: 0,
      totalRetorno: 100.05,
      totalIva: 0,
      reteRenta: 10.01,
      montoTotalRetorno: 90.04,
      totalLetras: 'NOVENTA DÓLARES CON 04/100',
    });
    expect(r.receptor).toEqual({ tipoDocumento: '13', numDocumento: '012345678', nombre: 'Pedro', correo: null });
    expect(validateMhSchema('fe-eret-v1', r)).toEqual([]);
  });

  it('refuses an unknown item and more than what is left to return', () => {
    expect(
      refusal(() => buildRetornoV1(ctx, retorno([{ numItem: 9, cantidadRetorno: 1 }]), aceptado(factura))),
    ).toMatchObject({
      code: 'ITEM_NOT_FOUND',
      httpStatus: 400,
      details: { numItem: 9 },
    });
    const previos = aceptado(factura, { cantidadesRetornadas: { 2: 2 } });
    expect(buildRetornoV1(ctx, retorno([{ numItem: 2, cantidadRetorno: 1 }]), previos).cuerpoDocumento).toHaveLength(1);
    expect(refusal(() => buildRetornoV1(ctx, retorno([{ numItem: 2, cantidadRetorno: 1.5 }]), previos))).toMatchObject({
      code: 'OVER_RETURN_ERROR',
      httpStatus: 400,
      details: { numItem: 2, cantidadRetorno: 1.5, cantidadDisponible: 1 },
    });
  });

  it('refuses an origin that is missing, not a FE/FSE, or not accepted', () => {
    const req = retorno([{ numItem: 1, cantidadRetorno: 1 }]);
    expect(refusal(() => buildRetornoV1(ctx, req, undefined))).toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
      httpStatus: 404,
    });
    const ccf = buildCreditoFiscalV3(
      context('03', original),
      parseRequest(dte03Request, {
        receptor: contribuyente,
        items: [{ descripcion: 'x', cantidad: 1, precioUnitario: 1 }],
        condicionOperacion: 1,
      }),
    );
    expect(refusal(() => buildRetornoV1(ctx, req, aceptado(ccf)))).toMatchObject({
      code: 'INVALID_ORIGIN_TYPE',
      httpStatus: 400,
    });
    expect(
      refusal(() => buildRetornoV1(ctx, req, aceptado(factura, { estado: 'REJECTED', selloRecibido: null }))),
    ).toMatchObject({
      code: 'INVALID_ORIGIN_STATUS',
      httpStatus: 400,
    });
  });

  it('cannot be issued in contingency (CAT-023 does not list 18)', () => {
    const contingencia = context('18', { contingencia: { tipoContingencia: 1, motivoContin: null } });
    expect(
      refusal(() => buildRetornoV1(contingencia, retorno([{ numItem: 1, cantidadRetorno: 1 }]), aceptado(factura)))
        .code,
    ).toBe('VALIDATION_ERROR');
  });
});
