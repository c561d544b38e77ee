import { buildNotaRemisionV3, buildNotaRemisionV4, dte04Request, parseRequest, validateMhSchema } from '../src';
import { context, contribuyente } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

const FACTURA = 'A1B2C3D4-0000-4000-8000-000000000001';
const receptor = { ...contribuyente, bienTitulo: '03' };
const request = (body: object) => parseRequest(dte04Request, { receptor, ...body });

describe('Nota de Remisión (DTE 04)', () => {
  // Goods on consignment, prices without IVA:
  //   1: 10 × 12.50 − 5.00 = 120.00 gravada ; 2: 4 × 7.25 = 29.00 exenta
  //   subTotalVentas 149.00 ; descuento 10 %: gravada 12.00, exenta 2.90 ; totalDescu 5.00 + 14.90 = 19.90
  //   subTotal 149.00 − 14.90 = 134.10 ; IVA 13 % of (120.00 − 12.00) = 14.04 ; montoTotalOperacion 148.14
  const body = {
    documentosRelacionados: [
      { tipoDocumento: '01', tipoGeneracion: 2, numeroDocumento: FACTURA.toLowerCase(), fechaEmision: '2026-11-19' },
    ],
    items: [
      { descripcion: 'Cemento (bolsa)', cantidad: 10, precioUnitario: 12.5, montoDescu: 5, numeroDocumento: FACTURA },
      { descripcion: 'Libros', cantidad: 4, precioUnitario: 7.25, tipoImpuesto: 'EXENTO' },
    ],
    descuento: { porcentaje: 10 },
    observaciones: 'Entrega en bodega de San Miguel',
  };
  const resumen = {
    totalNoSuj: 0,
    totalExenta: 29,
    totalGravada: 120,
    subTotalVentas: 149,
    descuNoSuj: 0,
    descuExenta: 2.9,
    descuGravada: 12,
    porcentajeDescuento: 10,
    totalDescu: 19.9,
    tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 14.04 }],
    subTotal: 134.1,
    montoTotalOperacion: 148.14,
    totalLetras: 'CIENTO CUARENTA Y OCHO DÓLARES CON 14/100',
  };

  it('v3: values the goods as a CCF does, with the document discount, and names the related Factura', () => {
    const dte = buildNotaRemisionV3(context('04'), request(body));
    expect(validateMhSchema('fe-nr-v3', dte)).toEqual([]);
    expect(dte.resumen).toEqual(resumen);
    expect(dte.documentoRelacionado).toEqual([
      { tipoDocumento: '01', tipoGeneracion: 2, numeroDocumento: FACTURA, fechaEmision: '2026-11-19' },
    ]);
    expect(dte.cuerpoDocumento.map((i) => [i.numeroDocumento, i.ventaGravada, i.ventaExenta, i.tributos])).toEqual([
      [FACTURA, 120, 0, ['20']],
      [null, 0, 29, null],
    ]);
    expect(dte.receptor).toMatchObject({ tipoDocumento: '36', bienTitulo: '03', correo: 'contribuyente@example.com' });
    expect(dte.extension?.observaciones).toBe('Entrega en bodega de San Miguel');
  });

  it('v4: the same figures, observaciones in the resumen and the address with its distrito', () => {
    const dte = buildNotaRemisionV4(context('04'), request(body));
    expect(validateMhSchema('fe-nr-v4', dte)).toEqual([]);
    expect(dte.resumen).toEqual({ ...resumen, observaciones: 'Entrega en bodega de San Miguel' });
    expect(dte.receptor.direccion).toMatchObject({ departamento: '06', municipio: '23', distrito: '14' });
  });

  it('moves goods with no related document and no IVA when nothing is taxed', () => {
    // 3 × 20.00 no sujeta = 60.00 ; no tributos ; montoTotalOperacion 60.00
    const dte = buildNotaRemisionV4(
      context('04'),
      request({
        items: [{ descripcion: 'Traslado de equipo', cantidad: 3, precioUnitario: 20, tipoImpuesto: 'NO_SUJETO' }],
      }),
    );
    expect(validateMhSchema('fe-nr-v4', dte)).toEqual([]);
    expect(dte.documentoRelacionado).toBeNull();
    expect(dte.resumen).toMatchObject({ totalNoSuj: 60, tributos: null, montoTotalOperacion: 60 });
  });

  it("names what each generation's schema requires of the receptor", () => {
    const { correo: _c, ...sinCorreo } = receptor;
    const v3 = refusal(() =>
      buildNotaRemisionV3(
        context('04'),
        parseRequest(dte04Request, { receptor: sinCorreo, items: body.items.slice(1) }),
      ),
    );
    expect(v3.code).toBe('VALIDATION_ERROR');
    expect(v3.details['errors']).toEqual([{ field: 'receptor.correo', message: 'Requerido por fe-nr-v3' }]);
    const { codActividad: _a, ...sinActividad } = receptor;
    const v4 = refusal(() =>
      buildNotaRemisionV4(
        context('04'),
        parseRequest(dte04Request, { receptor: sinActividad, items: body.items.slice(1) }),
      ),
    );
    expect(v4.details['errors']).toEqual([{ field: 'receptor.codActividad', message: 'Requerido por fe-nr-v4' }]);
  });

  it('refuses a related document dated after the remisión (2026-11-20), in both versions', () => {
    const r = request({
      ...body,
      documentosRelacionados: [
        body.documentosRelacionados[0],
        { ...body.documentosRelacionados[0], fechaEmision: '2026-11-21' },
      ],
    });
    for (const build of [buildNotaRemisionV3, buildNotaRemisionV4]) {
      expect(refusal(() => build(context('04'), r)).details['errors']).toEqual([
        {
          field: 'documentosRelacionados[1].fechaEmision',
          message: 'Es posterior a la fecha de emisión del documento (2026-11-20)',
        },
      ]);
    }
  });

  it.each([
    ['a bienTitulo outside CAT-025', { receptor: { ...receptor, bienTitulo: '09' } }, 'receptor.bienTitulo'],
    [
      'an item naming a document that is not related',
      { items: [{ ...body.items[0], numeroDocumento: 'F-100' }] },
      'items[0].numeroDocumento',
    ],
    [
      'related documents of two types',
      {
        documentosRelacionados: [
          body.documentosRelacionados[0],
          { tipoDocumento: '03', tipoGeneracion: 1, numeroDocumento: 'CCF-0001', fechaEmision: '2026-11-18' },
        ],
      },
      'documentosRelacionados',
    ],
    [
      'an electronic document not named by its codigoGeneracion',
      { documentosRelacionados: [{ ...body.documentosRelacionados[0], numeroDocumento: 'F-100' }] },
      'documentosRelacionados[0].numeroDocumento',
    ],
  ])('refuses %s (400 VALIDATION_ERROR)', (_caso, cambio, campo) => {
    const error = refusal(() => request({ ...body, ...cambio }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(error)).toContain(campo);
  });
});
