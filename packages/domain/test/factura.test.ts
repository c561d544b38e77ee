import { buildFacturaV1, buildFacturaV2, dte01Request, parseRequest } from '../src';
import { context, direccion, emisor } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';
import { validateMhSchema } from '../src';

const build = (body: object, ctx = context('01')) => buildFacturaV1(ctx, parseRequest(dte01Request, body));

describe('Factura v1 (fe-fc-v1)', () => {
  // Prices include IVA. Hand computation:
  //   1: 2 × 1.13            = 2.26    ivaItem 2.26×13/113  = 0.26
  //   2: 1.5 × 2.35 − 0.10   = 3.425   ivaItem 3.425×13/113 = 0.394026548… → 0.39402655
  //   3: 0.5 × 2.00          = 1.00    ivaItem 1×13/113     = 0.115044247… → 0.11504425
  //   totalGravada = round2(6.685) = 6.69 (half-up; 6.685 as a double would round to 6.68)
  //   totalIva = round2(6.69 × 13/113 = 0.769646…) = 0.77 ; totalDescu 0.10
  const dte = build({
    receptor: {
      nombre: 'Juan Pérez',
      tipoDocumento: '13',
      numDocumento: '012345678',
      direccion,
      correo: 'juan@example.com',
    },
    items: [
      { descripcion: 'Café', cantidad: 2, precioUnitario: 1.13, codigo: 'CAF-01' },
      { descripcion: 'Azúcar (kg)', cantidad: 1.5, precioUnitario: 2.35, montoDescu: 0.1, uniMedida: 34 },
      { descripcion: 'Pan', cantidad: 0.5, precioUnitario: 2 },
    ],
    condicionOperacion: 1,
    observaciones: 'Entregar en portería',
  });

  it('validates against MH schema fe-fc-v1', () => {
    expect(validateMhSchema('fe-fc-v1', dte)).toEqual([]);
  });

  it('computes each item at 8 decimals', () => {
    expect(
      dte.cuerpoDocumento.map((i) => [i.numItem, i.cantidad, i.precioUni, i.montoDescu, i.ventaGravada, i.ivaItem]),
    ).toEqual([
      [1, 2, 1.13, 0, 2.26, 0.26],
      [2, 1.5, 2.35, 0.1, 3.425, 0.39402655],
      [3, 0.5, 2, 0, 1, 0.11504425],
    ]);
    expect(dte.cuerpoDocumento[0]).toMatchObject({ codigo: 'CAF-01', uniMedida: 59, tributos: null, tipoItem: 1 });
    expect(dte.cuerpoDocumento[1]!.uniMedida).toBe(34);
  });

  it('computes the resumen at 2 decimals, IVA on the total', () => {
    expect(dte.resumen).toMatchObject({
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 6.69,
      subTotalVentas: 6.69,
      totalDescu: 0.1,
      subTotal: 6.69,
      montoTotalOperacion: 6.69,
      totalPagar: 6.69,
      totalIva: 0.77,
      ivaRete1: 0,
      tributos: null,
      totalLetras: 'SEIS DÓLARES CON 69/100',
      condicionOperacion: 1,
      pagos: [{ codigo: '01', montoPago: 6.69, referencia: null, plazo: null, periodo: null }],
    });
  });

  it('writes identificacion, emisor, receptor and observaciones', () => {
    expect(dte.identificacion).toEqual({
      version: 1,
      ambiente: '00',
      tipoDte: '01',
      numeroControl: 'DTE-01-M001P001-000000000000001',
      codigoGeneracion: '341CA743-70F1-4CFE-88BC-7E4AE72E60CB',
      tipoModelo: 1,
      tipoOperacion: 1,
      tipoContingencia: null,
      motivoContin: null,
      fecEmi: '2026-11-20',
      horEmi: '10:19:44',
      tipoMoneda: 'USD',
    });
    expect(dte.emisor.direccion.complemento).toBe('Distrito 14, Av. Alvarado y Diagonal Centroamérica #4');
    // FE v1 writes the DUI with its hyphen.
    expect(dte.receptor).toMatchObject({
      tipoDocumento: '13',
      numDocumento: '01234567-8',
      nrc: null,
      nombre: 'Juan Pérez',
    });
    expect(dte.extension).toEqual({
      nombEntrega: null,
      docuEntrega: null,
      nombRecibe: null,
      docuRecibe: null,
      observaciones: 'Entregar en portería',
      placaVehiculo: null,
    });
  });

  it('puts exempt and non-subject lines in their columns, without IVA', () => {
    // gravada 11.30 (IVA 1.30), exenta 3 × 1.25 = 3.75, no sujeta 2.00
    const mixed = build({
      receptor: {},
      items: [
        { descripcion: 'Gravado', cantidad: 1, precioUnitario: 11.3 },
        { descripcion: 'Exento', cantidad: 3, precioUnitario: 1.25, tipoImpuesto: 'EXENTO' },
        { descripcion: 'No sujeto', cantidad: 1, precioUnitario: 2, tipoImpuesto: 'NO_SUJETO' },
      ],
      condicionOperacion: 1,
    });
    expect(validateMhSchema('fe-fc-v1', mixed)).toEqual([]);
    expect(mixed.cuerpoDocumento.map((i) => [i.ventaGravada, i.ventaExenta, i.ventaNoSuj, i.ivaItem])).toEqual([
      [11.3, 0, 0, 1.3],
      [0, 3.75, 0, 0],
      [0, 0, 2, 0],
    ]);
    expect(mixed.resumen).toMatchObject({
      totalGravada: 11.3,
      totalExenta: 3.75,
      totalNoSuj: 2,
      subTotalVentas: 17.05,
      montoTotalOperacion: 17.05,
      totalIva: 1.3,
      totalPagar: 17.05,
    });
  });

  it('rounds inputs with more than 8 decimals (Manual Funcional §XXI example)', () => {
    // 1.87654321987654 → 1.87654322 ; 3.555555554 → 3.55555555 ; venta = 1.87654322 × 3.55555555 − 1
    // = 5.672153664… → 5.67215366 (MH's table shows 5.67215367, computed from the unrounded inputs;
    // we compute from the values the document shows, 1e-8 apart, within MH's holgura).
    const r = build({
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1.87654321987654, precioUnitario: 3.555555554, montoDescu: 1 }],
      condicionOperacion: 1,
    });
    expect(r.cuerpoDocumento[0]).toMatchObject({
      cantidad: 1.87654322,
      precioUni: 3.55555555,
      ventaGravada: 5.67215366,
    });
    expect(r.resumen.totalGravada).toBe(5.67);
    expect(validateMhSchema('fe-fc-v1', r)).toEqual([]);
  });

  it('records crédito with its pago, plazo and periodo', () => {
    const r = build({
      receptor: {},
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 500, tipoItem: 2 }],
      condicionOperacion: 2,
      pago: { codigo: '01', plazo: '02', periodo: 6 },
    });
    expect(r.resumen.pagos).toEqual([{ codigo: '01', montoPago: 500, referencia: null, plazo: '02', periodo: 6 }]);
    expect(validateMhSchema('fe-fc-v1', r)).toEqual([]);
  });

  it('issues in contingency as diferido / contingencia', () => {
    const r = build(
      { receptor: {}, items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }], condicionOperacion: 1 },
      context('01', { contingencia: { tipoContingencia: 5, motivoContin: 'Falla del proveedor de internet' } }),
    );
    expect(r.identificacion).toMatchObject({
      tipoModelo: 2,
      tipoOperacion: 2,
      tipoContingencia: 5,
      motivoContin: 'Falla del proveedor de internet',
    });
    expect(validateMhSchema('fe-fc-v1', r)).toEqual([]);
  });

  describe('anonymous consumer and MH threshold of $1095', () => {
    it('builds an anonymous receptor at $1094.99', () => {
      const r = build({
        receptor: { nombre: 'Cliente de mostrador' },
        items: [{ descripcion: 'Equipo', cantidad: 1, precioUnitario: 1094.99 }],
        condicionOperacion: 1,
      });
      expect(r.receptor).toEqual({
        tipoDocumento: null,
        numDocumento: null,
        nrc: null,
        nombre: 'Cliente de mostrador',
        codActividad: null,
        descActividad: null,
        direccion: null,
        telefono: null,
        correo: null,
      });
      expect(r.resumen.montoTotalOperacion).toBe(1094.99);
      expect(r.resumen.totalIva).toBe(125.97); // 1094.99 × 13/113 = 125.9733… → 125.97
      expect(validateMhSchema('fe-fc-v1', r)).toEqual([]);
    });

    it('matches the schema: MH refuses the anonymous receptor at $1095.00, which the builder refuses first', () => {
      // 2 × 547.50 = 1095.00 with IVA included: the operation total MH compares with its threshold.
      const items = [{ descripcion: 'Equipo', cantidad: 2, precioUnitario: 547.5 }];
      const faltan = refusal(() => build({ receptor: {}, items, condicionOperacion: 1 }));
      expect([faltan.code, fieldsOf(faltan)]).toEqual([
        'VALIDATION_ERROR',
        ['receptor.tipoDocumento', 'receptor.numDocumento', 'receptor.nombre'],
      ]);
      expect(fieldsOf(refusal(() => build({ receptor: { nombre: 'Ana' }, items, condicionOperacion: 1 })))).toEqual([
        'receptor.tipoDocumento',
        'receptor.numDocumento',
      ]);
      // Bypasses the builder's check on purpose, to show the schema's own threshold is the same.
      const anonymous = {
        ...build({
          receptor: { nombre: 'X', tipoDocumento: '13', numDocumento: '012345678' },
          items,
          condicionOperacion: 1,
        }),
        receptor: {
          ...build({
            receptor: {},
            items: [{ descripcion: 'Equipo', cantidad: 1, precioUnitario: 1 }],
            condicionOperacion: 1,
          }).receptor,
        },
      };
      expect(anonymous.resumen.montoTotalOperacion).toBe(1095);
      expect(validateMhSchema('fe-fc-v1', anonymous).map((v) => v.path)).toEqual(
        expect.arrayContaining(['#/receptor/tipoDocumento', '#/receptor/numDocumento']),
      );
      const identified = build({
        receptor: { tipoDocumento: '36', numDocumento: '06140101901015', nombre: 'Empresa' },
        items,
        condicionOperacion: 1,
      });
      expect(validateMhSchema('fe-fc-v1', identified)).toEqual([]);
    });

    it("reads the threshold after the document discount, as MH's schema does", () => {
      // 2 × 547.50 = 1095.00 reaches $1095; 0.01 off makes montoTotalOperacion 1094.99, below it.
      const items = [{ descripcion: 'Equipo', cantidad: 2, precioUnitario: 547.5 }];
      const dte = build({ receptor: {}, items, condicionOperacion: 1, descuento: { gravada: 0.01 } });
      expect(dte.resumen.montoTotalOperacion).toBe(1094.99);
      expect(validateMhSchema('fe-fc-v1', dte)).toEqual([]);
    });
  });
});

describe("the Factura v2's threshold: three minimum wages of commerce and services on the date of issue", () => {
  const build2 = (precioUnitario: number, fecEmi: string, receptor: object = {}) =>
    buildFacturaV2(
      context('01', { fecEmi }),
      parseRequest(dte01Request, {
        receptor,
        items: [{ descripcion: 'Equipo', cantidad: 1, precioUnitario }],
        condicionOperacion: 1,
      }),
    );

  it('is 3 × $408.80 = $1,226.40 since 1 June 2025: anonymous at $1,226.39, identified from $1,226.40', () => {
    expect(build2(1226.39, '2026-12-01').receptor).toMatchObject({ tipoDocumento: null, numDocumento: null });
    expect(fieldsOf(refusal(() => build2(1226.4, '2026-12-01')))).toEqual([
      'receptor.tipoDocumento',
      'receptor.numDocumento',
      'receptor.nombre',
    ]);
    const identificado = build2(1226.4, '2026-12-01', {
      nombre: 'Ana',
      tipoDocumento: '13',
      numDocumento: '012345678',
    });
    expect(validateMhSchema('fe-f-v2', identificado)).toEqual([]);
  });

  it('was 3 × $365.00 = $1,095.00 before, so a document dated then keeps it', () => {
    expect(fieldsOf(refusal(() => build2(1095, '2025-05-31')))).toContain('receptor.numDocumento');
    expect(build2(1095, '2025-06-01').receptor).toMatchObject({ tipoDocumento: null });
  });
});

describe('Factura v2 (fe-f-v2, Normativa DTE 2.0)', () => {
  const build2 = (body: object, ctx = context('01')) => buildFacturaV2(ctx, parseRequest(dte01Request, body));
  // The v1 example above, with the same hand computation: prices include IVA, items 2.26 + 3.425 + 1.00,
  // totalGravada 6.69, totalIva 0.77, totalDescu 0.10.
  const body = {
    receptor: {
      nombre: 'Juan Pérez',
      tipoDocumento: '13',
      numDocumento: '012345678',
      direccion,
      correo: 'juan@example.com',
    },
    items: [
      { descripcion: 'Café', cantidad: 2, precioUnitario: 1.13, codigo: 'CAF-01' },
      { descripcion: 'Azúcar (kg)', cantidad: 1.5, precioUnitario: 2.35, montoDescu: 0.1, uniMedida: 34 },
      { descripcion: 'Pan', cantidad: 0.5, precioUnitario: 2 },
    ],
    condicionOperacion: 1,
    observaciones: 'Entregar en portería',
  };
  const dte = build2(body);

  it('validates against MH schema fe-f-v2', () => {
    expect(validateMhSchema('fe-f-v2', dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ version: 2, tipoDte: '01' });
  });

  it("keeps v1's arithmetic, under v2's names: ivaRete, no ivaRete1 nor reteRenta", () => {
    expect(dte.cuerpoDocumento.map((i) => [i.ventaGravada, i.ivaItem])).toEqual([
      [2.26, 0.26],
      [3.425, 0.39402655],
      [1, 0.11504425],
    ]);
    expect(dte.resumen).toEqual({
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 6.69,
      subTotalVentas: 6.69,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      porcentajeDescuento: 0,
      totalDescu: 0.1,
      tributos: null,
      subTotal: 6.69,
      ivaRete: 0,
      montoTotalOperacion: 6.69,
      totalNoGravado: 0,
      totalPagar: 6.69,
      totalLetras: 'SEIS DÓLARES CON 69/100',
      totalIva: 0.77,
      saldoFavor: 0,
      condicionOperacion: 1,
      pagos: [{ codigo: '01', montoPago: 6.69, referencia: null, plazo: null, periodo: null }],
      numPagoElectronico: null,
      observaciones: 'Entregar en portería',
    });
    expect(dte).not.toHaveProperty('extension');
  });

  it("names the emisor by the taxpayer's codes, and every address by its distrito", () => {
    expect(dte.emisor).toEqual({
      nit: emisor.nit,
      nrc: emisor.nrc,
      nombre: emisor.nombre,
      codActividad: emisor.codActividad,
      descActividad: emisor.descActividad,
      nombreComercial: emisor.nombreComercial,
      direccion: emisor.direccion,
      telefono: emisor.telefono,
      correo: emisor.correo,
      codEstable: 'M001',
      codPuntoVenta: 'P001',
    });
    // v2 has no DUI pattern; the DUI is its 9 digits.
    expect(dte.receptor).toMatchObject({ tipoDocumento: '13', numDocumento: '012345678', direccion });
  });

  it('refuses a receptor address without distrito, naming the field', () => {
    const e = refusal(() =>
      build2({ ...body, receptor: { ...body.receptor, direccion: { ...direccion, distrito: null } } }),
    );
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
    expect(fieldsOf(e)).toEqual(['receptor.direccion.distrito']);
  });

  it('refuses to issue for an establishment without distrito: the tenant must be completed, not the request', () => {
    const sinDistrito = { ...emisor, direccion: { ...emisor.direccion, distrito: null } };
    expect(refusal(() => build2(body, context('01', { emisor: sinDistrito })))).toMatchObject({
      code: 'EMISOR_DISTRITO_MISSING',
      httpStatus: 409,
      details: { codEstable: 'M001' },
    });
    // Distrito 14 (San Salvador) lies in San Salvador Centro (23), not Norte (20): stored so before the CLI checked it.
    const fueraDelMunicipio = { ...emisor, direccion: { ...emisor.direccion, municipio: '20', distrito: '14' } };
    expect(refusal(() => build2(body, context('01', { emisor: fueraDelMunicipio })))).toMatchObject({
      code: 'EMISOR_DISTRITO_MISSING',
      httpStatus: 409,
      details: { codEstable: 'M001', municipio: '20', distrito: '14' },
    });
  });

  it('may be issued in contingency, as v1', () => {
    const r = build2(body, context('01', { contingencia: { tipoContingencia: 1, motivoContin: null } }));
    expect(r.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    expect(validateMhSchema('fe-f-v2', r)).toEqual([]);
  });
});
