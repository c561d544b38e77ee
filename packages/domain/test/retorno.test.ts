import {
  buildCreditoFiscalV3,
  buildFacturaV1,
  buildFacturaV2,
  buildRetornoV1,
  buildSujetoExcluidoV1,
  buildSujetoExcluidoV2,
  dte01Request,
  dte03Request,
  dte14Request,
  esquemaDe,
  parseRequest,
  retornoRequest,
} from '../src';
import { context, contribuyente, direccion, emisor } from './support/fixtures';
import { validateMhSchema } from '../src';
import { aceptado } from './support/origen';
import { fieldsOf, refusal } from './support/refusal';

const ORIGINAL = '11111111-2222-4333-8444-555555555555';
const original = { codigoGeneracion: ORIGINAL, numeroControl: 'DTE-01-M001P001-000000000000042', fecEmi: '2026-11-02' };
const facturaRequest = parseRequest(dte01Request, {
  receptor: { nombre: 'Ana', tipoDocumento: '13', numDocumento: '012345678', correo: 'ana@example.com' },
  items: [
    { descripcion: 'Silla', cantidad: 2, precioUnitario: 10 },
    { descripcion: 'Mesa', cantidad: 3, precioUnitario: 5, montoDescu: 1.5, codigo: 'M-3' },
    { descripcion: 'Libro', cantidad: 1, precioUnitario: 8, tipoImpuesto: 'EXENTO' },
  ],
  condicionOperacion: 1,
});
const factura = buildFacturaV1(context('01', original), facturaRequest);
const retorno = (items: { numItem: number; cantidadRetorno: number }[], extra: object = {}) =>
  parseRequest(retornoRequest, { documentoOrigen: ORIGINAL, items, motivo: 'Producto defectuoso', ...extra });
const ctx = context('18');

describe('Evento de Retorno v1 (fe-eret-v1, DTE 18)', () => {
  it("is MH's 2026 schema, the only one for the retorno, whatever the emisor's generation", () => {
    expect(esquemaDe('18', 1)).toBe('fe-eret-v1');
  });

  // Mesa: 2 of 3 returned, discount 1.50 × 2/3 = 1.00 → 2 × 5.00 − 1.00 = 9.00, IVA 9 × 13/113 = 1.03539823
  // Silla: 0.5 of 2 → 5.00, IVA 5 × 13/113 = 0.57522124 ; Libro (exento) 1 → 8.00, no IVA
  // totalGravada 14.00, totalExenta 8.00 → subTotalVentas = montoTotalOperacion = totalPagar 22.00 (IVA
  // included, as in the Factura) ; totalIva round2(14 × 13/113 = 1.6106…) = 1.61, informative
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
    [aceptado(factura)],
  );

  it('validates against its schema', () => {
    expect(validateMhSchema('fe-eret-v1', dte)).toEqual([]);
  });

  it("is an event without numeroControl that names the original, the emisor by MH's codes and the receptor", () => {
    expect(dte.identificacion).toMatchObject({ tipoEvento: '18', version: 1, tipoModelo: 1, fusion: null });
    expect(dte.identificacion).not.toHaveProperty('tipoDte');
    expect(dte.identificacion).not.toHaveProperty('numeroControl');
    expect(dte.documentoRelacionado).toEqual([
      { tipoDocumento: '01', codigoGeneracion: ORIGINAL, fechaEmision: '2026-11-02' },
    ]);
    expect(dte.emisor).toEqual({
      nit: emisor.nit,
      nombre: emisor.nombre,
      codEstableMH: 'M001',
      codEstable: 'M001',
      codPuntoVentaMH: 'P001',
      codPuntoVenta: 'P001',
      recintoFiscal: null,
      tipoRegimen: null,
      regimen: null,
      tipoItemExpor: null,
    });
    // Copied from the Factura as it was: FE v1 prints the DUI with its hyphen.
    expect(dte.documento).toEqual({
      tipoDocumento: '13',
      numDocumento: '01234567-8',
      nombre: 'Ana',
      codPais: null,
      nombrePais: null,
      telefono: null,
      correo: 'ana@example.com',
    });
  });

  it("carries the motivo as the first apendice entry, then the request's", () => {
    expect(dte.apendice).toEqual([
      { campo: 'motivoRetorno', etiqueta: 'Motivo del retorno', valor: 'Producto defectuoso' },
      { campo: 'ticket', etiqueta: 'Ticket de soporte', valor: 'T-991' },
    ]);
  });

  it('values each returned line at the original price, column and share of the discount', () => {
    expect(
      dte.cuerpoDocumento.map((l) => [
        l.numItem,
        l.descripcion,
        l.codigoGeneracion,
        l.cantidad,
        l.precioUni,
        l.montoDescu,
        l.ventaGravada,
        l.ventaExenta,
        l.compra,
        l.ivaItem,
      ]),
    ).toEqual([
      [1, 'Mesa', ORIGINAL, 2, 5, 1, 9, 0, 0, 1.03539823],
      [2, 'Silla', ORIGINAL, 0.5, 10, 0, 5, 0, 0, 0.57522124],
      [3, 'Libro', ORIGINAL, 1, 8, 0, 0, 8, 0, 0],
    ]);
    expect(dte.cuerpoDocumento[0]).toMatchObject({ codigo: 'M-3', uniMedida: 59, reteRenta: 0, ivaRete: 0 });
    expect(dte.resumen).toEqual({
      totalNoSuj: 0,
      totalExenta: 8,
      totalGravada: 14,
      totalCompraExcluidos: 0,
      subTotalVentas: 22,
      tributos: null,
      totalSeguro: null,
      totalFlete: null,
      montoTotalOperacion: 22,
      ivaRete: 0,
      reteRenta: 0,
      totalNoGravado: 0,
      totalPagar: 22,
      totalLetras: 'VEINTIDÓS DÓLARES CON 00/100',
      totalNoOnerosas: 0,
      totalIva: 1.61,
      saldoFavor: 0,
    });
  });

  it('returns from a Factura v2 (2026) as from a v1', () => {
    const v2 = buildFacturaV2(context('01', original), facturaRequest);
    const r = buildRetornoV1(ctx, retorno([{ numItem: 1, cantidadRetorno: 2 }]), [aceptado(v2)]);
    // 2 × 10.00 = 20.00 IVA included: totalIva round2(20 × 13/113 = 2.3008…) = 2.30 ; v2 writes the DUI bare.
    expect(r.resumen).toMatchObject({ totalGravada: 20, montoTotalOperacion: 20, totalPagar: 20, totalIva: 2.3 });
    expect(r.documento?.numDocumento).toBe('012345678');
    expect(validateMhSchema('fe-eret-v1', r)).toEqual([]);
  });

  it.each([
    ['v1', buildSujetoExcluidoV1],
    ['v2', buildSujetoExcluidoV2],
  ] as const)('reverses the income-tax retention of a sujeto excluido purchase (FSE %s)', (_v, build) => {
    // 1 of 2 × 100.05 returned: compra 100.05 = totalCompraExcluidos = montoTotalOperacion ;
    // reteRenta 10 % = 10.005 → 10.01 (half-up) ; totalPagar 100.05 − 10.01 = 90.04
    const fse = build(
      context('14', original),
      parseRequest(dte14Request, {
        sujetoExcluido: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Pedro', direccion },
        items: [{ descripcion: 'Asesoría', cantidad: 2, precioUnitario: 100.05, tipoItem: 2 }],
        condicionOperacion: 1,
        applyrent: true,
      }),
    );
    const r = buildRetornoV1(ctx, retorno([{ numItem: 1, cantidadRetorno: 1 }]), [aceptado(fse)]);
    expect(r.cuerpoDocumento[0]).toMatchObject({ compra: 100.05, ventaGravada: 0, ivaItem: 0 });
    expect(r.resumen).toMatchObject({
      totalGravada: 0,
      totalCompraExcluidos: 100.05,
      subTotalVentas: 100.05,
      montoTotalOperacion: 100.05,
      reteRenta: 10.01,
      totalPagar: 90.04,
      totalIva: 0,
      totalLetras: 'NOVENTA DÓLARES CON 04/100',
    });
    expect(r.documentoRelacionado[0]!.tipoDocumento).toBe('14');
    expect(r.documento).toMatchObject({ tipoDocumento: '13', numDocumento: '012345678', nombre: 'Pedro' });
    expect(validateMhSchema('fe-eret-v1', r)).toEqual([]);
  });

  it('refuses an unknown item and more than what is left to return', () => {
    expect(
      refusal(() => buildRetornoV1(ctx, retorno([{ numItem: 9, cantidadRetorno: 1 }]), [aceptado(factura)])),
    ).toMatchObject({
      code: 'ITEM_NOT_FOUND',
      httpStatus: 400,
      details: { numItem: 9 },
    });
    const previos = aceptado(factura, { cantidadesRetornadas: { 2: 2 } });
    expect(buildRetornoV1(ctx, retorno([{ numItem: 2, cantidadRetorno: 1 }]), [previos]).cuerpoDocumento).toHaveLength(
      1,
    );
    expect(
      refusal(() => buildRetornoV1(ctx, retorno([{ numItem: 2, cantidadRetorno: 1.5 }]), [previos])),
    ).toMatchObject({
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
    expect(refusal(() => buildRetornoV1(ctx, req, [aceptado(ccf)]))).toMatchObject({
      code: 'INVALID_ORIGIN_TYPE',
      httpStatus: 400,
    });
    expect(
      refusal(() => buildRetornoV1(ctx, req, [aceptado(factura, { estado: 'REJECTED', selloRecibido: null })])),
    ).toMatchObject({
      code: 'INVALID_ORIGIN_STATUS',
      httpStatus: 400,
    });
  });

  it('may be issued in contingency (its schema admits tipoOperacion 2)', () => {
    const contingencia = context('18', { contingencia: { tipoContingencia: 1, motivoContin: null } });
    const r = buildRetornoV1(contingencia, retorno([{ numItem: 1, cantidadRetorno: 1 }]), [aceptado(factura)]);
    expect(r.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    expect(validateMhSchema('fe-eret-v1', r)).toEqual([]);
  });

  it("keeps the motivo within MH's 150-character apendice value, and 9 apendice entries of the request", () => {
    const campo = { campo: 'dato', etiqueta: 'Dato adicional', valor: 'x' };
    const e = refusal(() =>
      parseRequest(retornoRequest, {
        documentoOrigen: ORIGINAL,
        items: [{ numItem: 1, cantidadRetorno: 1 }],
        motivo: 'm'.repeat(151),
        apendice: Array.from({ length: 10 }, () => campo),
      }),
    );
    expect(fieldsOf(e)).toEqual(['motivo', 'apendice']);
  });
});
