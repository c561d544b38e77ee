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

  describe("with the original's document discount", () => {
    // Factura (FE v1, prices with IVA) with a 5 % document discount:
    //   1 Lámpara 3 × 33.33 = 99.99 gravada ; 2 Sofá 1 × 50.00 = 50.00 gravada ; 3 Cojín 7 × 1.43 = 10.01 gravada ;
    //   4 Revista 2 × 12.50 = 25.00 exenta
    //   totalGravada 160.00, descuGravada 5 % = 8.00 → 152.00 paid ; totalExenta 25.00, descuExenta 1.25 → 23.75
    //   montoTotalOperacion = totalPagar = 152.00 + 23.75 = 175.75 ; totalIva 152 × 13/113 = 17.4867… → 17.49
    // What each line was paid, the column's 152.00 shared in proportion to the amounts (half-up, remainder last):
    //   Lámpara 152 × 99.99/160 = 94.9905 → 94.99 ; Sofá 152 × 50/160 = 47.50 ; Cojín 152 − 94.99 − 47.50 = 9.51
    //   (9.5095 exactly: the uneven split) ; Revista, alone in its column, 23.75
    const conDescuento = buildFacturaV1(
      context('01', original),
      parseRequest(dte01Request, {
        receptor: { nombre: 'Ana' },
        items: [
          { descripcion: 'Lámpara', cantidad: 3, precioUnitario: 33.33 },
          { descripcion: 'Sofá', cantidad: 1, precioUnitario: 50 },
          { descripcion: 'Cojín', cantidad: 7, precioUnitario: 1.43 },
          { descripcion: 'Revista', cantidad: 2, precioUnitario: 12.5, tipoImpuesto: 'EXENTO' },
        ],
        condicionOperacion: 1,
        descuento: { porcentaje: 5 },
      }),
    );
    const todo = [1, 2, 3, 4].map((numItem) => ({
      numItem,
      cantidadRetorno: conDescuento.cuerpoDocumento[numItem - 1]!.cantidad,
    }));

    it('gives back exactly what the Factura was paid when everything is returned', () => {
      expect(conDescuento.resumen).toMatchObject({ montoTotalOperacion: 175.75, totalPagar: 175.75, totalIva: 17.49 });
      const r = buildRetornoV1(ctx, retorno(todo), [aceptado(conDescuento)]);
      // Each line is its paid amount, its discount the rest of cantidad × precioUni:
      //   Lámpara 99.99 − 94.99 = 5.00, IVA 94.99 × 13/113 = 10.92805310 ; Sofá 50 − 47.50 = 2.50, IVA 5.46460177 ;
      //   Cojín 10.01 − 9.51 = 0.50, IVA 9.51 × 13/113 = 1.09407080 ; Revista 25 − 23.75 = 1.25, no IVA
      expect(
        r.cuerpoDocumento.map((l) => [l.cantidad, l.precioUni, l.montoDescu, l.ventaGravada, l.ventaExenta, l.ivaItem]),
      ).toEqual([
        [3, 33.33, 5, 94.99, 0, 10.9280531],
        [1, 50, 2.5, 47.5, 0, 5.46460177],
        [7, 1.43, 0.5, 9.51, 0, 1.0940708],
        [2, 12.5, 1.25, 0, 23.75, 0],
      ]);
      // totalGravada 152.00, totalExenta 23.75 → montoTotalOperacion = totalPagar 175.75 = the Factura's ;
      // totalIva 152 × 13/113 → 17.49 = the Factura's (not 160 × 13/113 → 18.41, the IVA before the discount)
      expect(r.resumen).toMatchObject({
        totalGravada: 152,
        totalExenta: 23.75,
        subTotalVentas: 175.75,
        montoTotalOperacion: 175.75,
        totalPagar: 175.75,
        totalIva: 17.49,
      });
      expect(validateMhSchema('fe-eret-v1', r)).toEqual([]);
    });

    it('adds up to exactly what was paid over a sequence of partial returns', () => {
      // Each return is worth its quantity counted from the start (to the cent) less the earlier returns:
      //   R1 Lámpara 1 of 3: 94.99 × 1/3 = 31.663… → 31.66 ; Cojín 2 of 7: 9.51 × 2/7 = 2.717… → 2.72 ;
      //      Revista 1 of 2: 23.75/2 = 11.875 → 11.88 ; gravada 34.38, exenta 11.88, total 46.26
      //   R2 Lámpara 2nd: 94.99 × 2/3 = 63.326… → 63.33 − 31.66 = 31.67 ; Sofá 1 of 1: 47.50 ;
      //      gravada 79.17, total 79.17
      //   R3 Lámpara 3rd: 94.99 − 63.33 = 31.66 ; Cojín the other 5: 9.51 − 2.72 = 6.79 ; Revista 2nd:
      //      23.75 − 11.88 = 11.87 ; gravada 38.45, exenta 11.87, total 50.32
      //   together: gravada 34.38 + 79.17 + 38.45 = 152.00, exenta 11.88 + 11.87 = 23.75,
      //   total 46.26 + 79.17 + 50.32 = 175.75 = the Factura's totalPagar
      const r1 = buildRetornoV1(
        ctx,
        retorno([
          { numItem: 1, cantidadRetorno: 1 },
          { numItem: 3, cantidadRetorno: 2 },
          { numItem: 4, cantidadRetorno: 1 },
        ]),
        [aceptado(conDescuento)],
      );
      const r2 = buildRetornoV1(
        ctx,
        retorno([
          { numItem: 1, cantidadRetorno: 1 },
          { numItem: 2, cantidadRetorno: 1 },
        ]),
        [aceptado(conDescuento, { cantidadesRetornadas: { 1: 1, 3: 2, 4: 1 } })],
      );
      const r3 = buildRetornoV1(
        ctx,
        retorno([
          { numItem: 1, cantidadRetorno: 1 },
          { numItem: 3, cantidadRetorno: 5 },
          { numItem: 4, cantidadRetorno: 1 },
        ]),
        [aceptado(conDescuento, { cantidadesRetornadas: { 1: 2, 2: 1, 3: 2, 4: 1 } })],
      );
      const lineas = (r: typeof r1) => r.cuerpoDocumento.map((l) => l.ventaGravada + l.ventaExenta);
      expect([lineas(r1), lineas(r2), lineas(r3)]).toEqual([
        [31.66, 2.72, 11.88],
        [31.67, 47.5],
        [31.66, 6.79, 11.87],
      ]);
      // R1's Lámpara: 33.33 − 31.66 = 1.67 of discount, so cantidad × precioUni − montoDescu is its value.
      expect(r1.cuerpoDocumento[0]).toMatchObject({ precioUni: 33.33, montoDescu: 1.67 });
      // Each IVA is 13/113 of its own gravada: 34.38 → 3.9552… → 3.96 ; 79.17 → 9.1080… → 9.11 ; 38.45 → 4.4234… → 4.42
      expect(
        [r1, r2, r3].map((r) => [
          r.resumen.totalGravada,
          r.resumen.totalExenta,
          r.resumen.totalPagar,
          r.resumen.totalIva,
        ]),
      ).toEqual([
        [34.38, 11.88, 46.26, 3.96],
        [79.17, 0, 79.17, 9.11],
        [38.45, 11.87, 50.32, 4.42],
      ]);
      for (const r of [r1, r2, r3]) expect(validateMhSchema('fe-eret-v1', r)).toEqual([]);
    });

    it.each([
      ['v1', buildSujetoExcluidoV1],
      ['v2', buildSujetoExcluidoV2],
    ] as const)("reverses exactly an FSE %s's renta after its descu", (_v, build) => {
      // FSE: 2 × 100.05 = 200.10 + 1 × 49.93 = 49.93 → totalCompra 250.03 ; descu 5 % = 12.5015 → 12.50 ;
      // subTotal 237.53 ; reteRenta 10 % = 23.753 → 23.75 ; totalPagar 237.53 − 23.75 = 213.78
      // Paid per line: 237.53 × 200.10/250.03 = 190.0962… → 190.10 ; the last 237.53 − 190.10 = 47.43
      const fse = build(
        context('14', original),
        parseRequest(dte14Request, {
          sujetoExcluido: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Pedro', direccion },
          items: [
            { descripcion: 'Asesoría', cantidad: 2, precioUnitario: 100.05, tipoItem: 2 },
            { descripcion: 'Transporte', cantidad: 1, precioUnitario: 49.93, tipoItem: 2 },
          ],
          condicionOperacion: 1,
          applyrent: true,
          descuento: { porcentaje: 5 },
        }),
      );
      expect(fse.resumen).toMatchObject({ totalCompra: 250.03, descu: 12.5, reteRenta: 23.75, totalPagar: 213.78 });
      const r = buildRetornoV1(
        ctx,
        retorno([
          { numItem: 1, cantidadRetorno: 2 },
          { numItem: 2, cantidadRetorno: 1 },
        ]),
        [aceptado(fse)],
      );
      // Discounts 200.10 − 190.10 = 10.00 and 49.93 − 47.43 = 2.50 ; compra 237.53 ; renta 23.753 → 23.75 ;
      // totalPagar 237.53 − 23.75 = 213.78: the FSE's (not 250.03 − 25.00 = 225.03, the purchase before descu)
      expect(r.cuerpoDocumento.map((l) => [l.montoDescu, l.compra])).toEqual([
        [10, 190.1],
        [2.5, 47.43],
      ]);
      expect(r.resumen).toMatchObject({
        totalCompraExcluidos: 237.53,
        montoTotalOperacion: 237.53,
        reteRenta: 23.75,
        totalPagar: 213.78,
      });
      expect(validateMhSchema('fe-eret-v1', r)).toEqual([]);
    });
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
