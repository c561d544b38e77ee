import {
  buildComprobanteLiquidacionV1,
  buildComprobanteLiquidacionV2,
  buildDocumentoContableLiquidacionV1,
  buildDocumentoContableLiquidacionV2,
  dte08Request,
  dte09Request,
  parseRequest,
  validateMhSchema,
} from '../src';
import { context, contribuyente, emisor } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

const uuid = (n: number) => `a1b2c3d4-0000-4000-8000-00000000000${n}`;
const UUID = (n: number) => uuid(n).toUpperCase();

// ─── Comprobante de Liquidación (08) ─────────────────────────────────────────────────────────────────

const cl = {
  receptor: contribuyente,
  cuerpoDocumento: [
    { tipoDte: '03', tipoGeneracion: 2, numeroDocumento: uuid(1), fechaEmision: '2026-11-02', ventaGravada: 1250.5 },
    {
      tipoDte: '01',
      tipoGeneracion: 1,
      numeroDocumento: 'f0001234',
      fechaEmision: '2026-11-05',
      ventaExenta: 300,
      observaciones: 'Venta de libros',
    },
    { tipoDte: '11', tipoGeneracion: 2, numeroDocumento: uuid(3), fechaEmision: '2026-11-10', exportaciones: 2000 },
  ],
  ivaPercibido: 12.51,
  observaciones: 'Ventas por cuenta del mandante, noviembre',
};
const clRequest = parseRequest(dte08Request, cl);
const parseCl = (body: object) => parseRequest(dte08Request, { ...cl, ...body });

describe('Comprobante de liquidación v1 (fe-cl-v1)', () => {
  const dte = buildComprobanteLiquidacionV1(context('08'), clRequest);

  it('validates against MH schema fe-cl-v1', () => {
    expect(validateMhSchema('fe-cl-v1', dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ version: 1, tipoDte: '08', tipoModelo: 1, tipoOperacion: 1 });
    expect(dte.identificacion).not.toHaveProperty('tipoContingencia');
  });

  it('writes one line per sale document, with its IVA and tributos', () => {
    // 1 CCF: gravada 1250.50, IVA 13 % = 162.565 → 162.57, tributo 20
    // 2 FE (paper, number upper-cased): exenta 300.00, no IVA, no tributo
    // 3 FEX: exportaciones 2000.00, C3 (0 %) detailed though its value is 0
    expect(
      dte.cuerpoDocumento.map((c) => [
        c.numItem,
        c.tipoDte,
        c.tipoGeneracion,
        c.numeroDocumento,
        c.fechaGeneracion,
        c.ventaNoSuj,
        c.ventaExenta,
        c.ventaGravada,
        c.exportaciones,
        c.tributos,
        c.ivaItem,
        c.obsItem,
      ]),
    ).toEqual([
      [1, '03', 2, UUID(1), '2026-11-02', 0, 0, 1250.5, 0, ['20'], 162.57, 'Comprobante de crédito fiscal'],
      [2, '01', 1, 'F0001234', '2026-11-05', 0, 300, 0, 0, null, 0, 'Venta de libros'],
      [3, '11', 2, UUID(3), '2026-11-10', 0, 0, 0, 2000, ['C3'], 0, 'Facturas de exportación'],
    ]);
  });

  it('adds the documents up as a CCF resumen, the IVA percibido on top', () => {
    // subTotalVentas = 0 + 300 + 1250.50 + 2000 = 3550.50 ; tributos 20 = 162.57, C3 = 0
    // montoTotalOperacion = 3550.50 + 162.57 = 3713.07 ; total = 3713.07 + 12.51 = 3725.58
    expect(dte.resumen).toEqual({
      totalNoSuj: 0,
      totalExenta: 300,
      totalGravada: 1250.5,
      totalExportacion: 2000,
      subTotalVentas: 3550.5,
      tributos: [
        { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 162.57 },
        { codigo: 'C3', descripcion: 'Impuesto al Valor Agregado (exportaciones) 0%', valor: 0 },
      ],
      montoTotalOperacion: 3713.07,
      ivaPerci: 12.51,
      total: 3725.58,
      totalLetras: 'TRES MIL SETECIENTOS VEINTICINCO DÓLARES CON 58/100',
      condicionOperacion: 1,
    });
    expect(dte.extension?.observaciones).toBe('Ventas por cuenta del mandante, noviembre');
  });

  it('names the mandante by NIT, the distrito inside complemento', () => {
    expect(dte.receptor).toMatchObject({
      nit: '06140101901015',
      nrc: '9000009',
      direccion: { departamento: '06', municipio: '23', complemento: 'Distrito 14, Colonia Escalón, calle 1 #10' },
    });
    expect(dte.emisor).toMatchObject({ codEstableMH: 'M001', codPuntoVenta: 'P001', tipoEstablecimiento: '02' });
  });

  it('cannot be issued in contingency', () => {
    const e = refusal(() =>
      buildComprobanteLiquidacionV1(
        context('08', { contingencia: { tipoContingencia: 1, motivoContin: null } }),
        clRequest,
      ),
    );
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
  });

  it('refuses a nombreComercial of fewer than 5 characters, which fe-cl-v1 does not take', () => {
    const r = parseCl({ receptor: { ...contribuyente, nombreComercial: 'SC' } });
    const e = refusal(() => buildComprobanteLiquidacionV1(context('08'), r));
    expect(fieldsOf(e)).toEqual(['receptor.nombreComercial']);
    expect(validateMhSchema('fe-cl-v2', buildComprobanteLiquidacionV2(context('08'), r))).toEqual([]);
  });
});

describe('Comprobante de liquidación v2 (fe-cl-v2, Normativa DTE 2.0)', () => {
  const dte = buildComprobanteLiquidacionV2(context('08'), clRequest);

  it('validates against MH schema fe-cl-v2', () => {
    expect(validateMhSchema('fe-cl-v2', dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ version: 2, tipoDte: '08', fusion: null });
  });

  it("writes v1's figures under v2's names, observaciones in the resumen", () => {
    expect(dte.cuerpoDocumento.map((c) => [c.fechaEmision, c.ivaItem, c.tributos, c.observaciones])).toEqual([
      ['2026-11-02', 162.57, ['20'], null],
      ['2026-11-05', 0, null, 'Venta de libros'],
      ['2026-11-10', 0, ['C3'], null],
    ]);
    // Same arithmetic as v1: 3550.50 + 162.57 + 12.51 = 3725.58
    expect(dte.resumen).toMatchObject({
      exportacion: 2000,
      subTotalVentas: 3550.5,
      montoTotalOperacion: 3713.07,
      total: 3725.58,
      observaciones: 'Ventas por cuenta del mandante, noviembre',
    });
    expect(dte.resumen).not.toHaveProperty('totalExportacion');
    expect(dte).not.toHaveProperty('extension');
  });

  it('names the mandante by its identity document, domiciled, with distrito; the emisor by its own codes', () => {
    expect(dte.receptor).toMatchObject({
      tipoDocumento: '36',
      numDocumento: '06140101901015',
      codDomiciliado: 1,
      direccion: contribuyente.direccion,
    });
    expect(dte.receptor).not.toHaveProperty('nit');
    expect(dte.emisor).toMatchObject({ codEstable: 'M001', codPuntoVenta: 'P001', direccion: emisor.direccion });
    expect(dte.emisor).not.toHaveProperty('codEstableMH');
  });

  it('cannot be issued in contingency either', () => {
    const e = refusal(() =>
      buildComprobanteLiquidacionV2(
        context('08', { contingencia: { tipoContingencia: 3, motivoContin: null } }),
        clRequest,
      ),
    );
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
  });
});

describe('Comprobante de liquidación: notas de crédito and invalidated documents', () => {
  // 1 CCF gravada 100.00 → IVA 13.00 ; 2 NC gravada 20.00 → −20.00, IVA −2.60 ;
  // 3 FE exenta 50.00 liquidated before and now invalidated → −50.00
  // totalGravada 80.00, totalExenta −50.00, subTotalVentas 30.00 ; IVA 13.00 − 2.60 = 10.40
  // montoTotalOperacion = total = 40.40
  const r = parseCl({
    cuerpoDocumento: [
      { tipoDte: '03', tipoGeneracion: 2, numeroDocumento: uuid(1), fechaEmision: '2026-11-02', ventaGravada: 100 },
      { tipoDte: '05', tipoGeneracion: 2, numeroDocumento: uuid(2), fechaEmision: '2026-11-03', ventaGravada: 20 },
      {
        tipoDte: '01',
        tipoGeneracion: 2,
        numeroDocumento: uuid(3),
        fechaEmision: '2026-10-30',
        ventaExenta: 50,
        invalidado: true,
      },
    ],
    ivaPercibido: 0,
  });

  it('subtracts them, in both versions', () => {
    const v1 = buildComprobanteLiquidacionV1(context('08'), r);
    const v2 = buildComprobanteLiquidacionV2(context('08'), r);
    expect(validateMhSchema('fe-cl-v1', v1)).toEqual([]);
    expect(validateMhSchema('fe-cl-v2', v2)).toEqual([]);
    expect(v1.cuerpoDocumento.map((c) => [c.ventaGravada, c.ventaExenta, c.ivaItem, c.obsItem])).toEqual([
      [100, 0, 13, 'Comprobante de crédito fiscal'],
      [-20, 0, -2.6, 'Nota de crédito'],
      [0, -50, 0, 'Factura (documento invalidado)'],
    ]);
    expect(v1.resumen).toMatchObject({
      totalGravada: 80,
      totalExenta: -50,
      subTotalVentas: 30,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 10.4 }],
      montoTotalOperacion: 40.4,
      total: 40.4,
      totalLetras: 'CUARENTA DÓLARES CON 40/100',
    });
    expect(v2.resumen).toMatchObject({ totalGravada: 80, totalExenta: -50, total: 40.4 });
  });

  it('refuses a liquidation whose total would be negative', () => {
    const e = refusal(() =>
      parseCl({
        cuerpoDocumento: [
          { tipoDte: '05', tipoGeneracion: 2, numeroDocumento: uuid(2), fechaEmision: '2026-11-03', ventaGravada: 20 },
        ],
        ivaPercibido: 0,
      }),
    );
    // −20.00 − 2.60 = −22.60
    expect(e.details['errors']).toEqual([
      {
        field: 'cuerpoDocumento',
        message:
          'El total de la liquidación sería -22.60: lo que restan las notas de crédito y los documentos invalidados no puede superar lo demás',
      },
    ]);
  });
});

describe('Comprobante de liquidación: declared IVA and other tributos', () => {
  it('takes a declared ivaItem within the cent of holgura and consolidates the other tributos', () => {
    // A Factura of 10.00 IVA included: totalIva 13/113 × 10 = 1.1504 → 1.15, net 8.85.
    // 13 % of 8.85 = 1.1505 → 1.15; declared 1.16 is within ±0.01.
    // FOVIAL (D1) 2.00 + 3.00 = 5.00 ; IVA 1.16 + 13.00 = 14.16
    // subTotalVentas = 8.85 + 100 = 108.85 ; montoTotalOperacion = 108.85 + 14.16 + 5.00 = 128.01
    const r = parseCl({
      cuerpoDocumento: [
        {
          tipoDte: '01',
          tipoGeneracion: 2,
          numeroDocumento: uuid(1),
          fechaEmision: '2026-11-02',
          ventaGravada: 8.85,
          ivaItem: 1.16,
          tributos: [{ codigo: 'D1', valor: 2 }],
        },
        {
          tipoDte: '03',
          tipoGeneracion: 2,
          numeroDocumento: uuid(2),
          fechaEmision: '2026-11-02',
          ventaGravada: 100,
          tributos: [{ codigo: 'D1', valor: 3 }],
        },
      ],
      ivaPercibido: 0,
    });
    const dte = buildComprobanteLiquidacionV1(context('08'), r);
    expect(validateMhSchema('fe-cl-v1', dte)).toEqual([]);
    expect(dte.cuerpoDocumento.map((c) => [c.ivaItem, c.tributos])).toEqual([
      [1.16, ['20', 'D1']],
      [13, ['20', 'D1']],
    ]);
    expect(dte.resumen.tributos).toEqual([
      { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 14.16 },
      { codigo: 'D1', descripcion: 'FOVIAL ($0.20 Ctvs. por galón)', valor: 5 },
    ]);
    expect(dte.resumen).toMatchObject({ subTotalVentas: 108.85, montoTotalOperacion: 128.01, total: 128.01 });
    expect(validateMhSchema('fe-cl-v2', buildComprobanteLiquidacionV2(context('08'), r))).toEqual([]);
  });

  it('refuses a declared ivaItem more than a cent away from 13 %', () => {
    const e = refusal(() =>
      parseCl({
        cuerpoDocumento: [{ ...cl.cuerpoDocumento[0], ivaItem: 162.59 }],
      }),
    );
    expect(e.details['errors']).toEqual([
      { field: 'cuerpoDocumento[0].ivaItem', message: 'No es el 13 % de ventaGravada: se esperaba 162.57 (±0.01)' },
    ]);
  });
});

describe('Comprobante de liquidación: refusals', () => {
  it('refuses a line whose document is not a sale the CLE takes (CAT-002)', () => {
    const e = refusal(() =>
      parseCl({ cuerpoDocumento: [cl.cuerpoDocumento[0], { ...cl.cuerpoDocumento[1], tipoDte: '07' }] }),
    );
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
    expect(e.details['errors']).toEqual([
      {
        field: 'cuerpoDocumento[1].tipoDte',
        message:
          'Debe ser un documento de venta que el CLE admite (01 factura, 03 crédito fiscal, 05 nota de crédito, 06 nota de débito, 11 exportación)',
      },
    ]);
  });

  it('keeps exportaciones to the export invoice, and the export invoice to exportaciones', () => {
    const e = refusal(() =>
      parseCl({
        cuerpoDocumento: [
          { ...cl.cuerpoDocumento[0], exportaciones: 10 },
          { ...cl.cuerpoDocumento[2], ventaGravada: 10 },
        ],
      }),
    );
    expect(fieldsOf(e)).toEqual(['cuerpoDocumento[0].exportaciones', 'cuerpoDocumento[1].ventaGravada']);
  });

  it('refuses a document liquidated twice (once more only as invalidado)', () => {
    const e = refusal(() =>
      parseCl({
        cuerpoDocumento: [
          cl.cuerpoDocumento[0],
          { ...cl.cuerpoDocumento[0], invalidado: true },
          { ...cl.cuerpoDocumento[0], numeroDocumento: UUID(1) },
        ],
      }),
    );
    expect(e.details['errors']).toEqual([
      {
        field: 'cuerpoDocumento[2].numeroDocumento',
        message:
          'El documento ya está en cuerpoDocumento[0]: se liquida una sola vez (y, si fue invalidado, una vez más con invalidado true)',
      },
    ]);
  });

  it('refuses a number that is not the document its tipoGeneracion says', () => {
    const e = refusal(() =>
      parseCl({
        cuerpoDocumento: [
          { ...cl.cuerpoDocumento[0], numeroDocumento: 'F0001234' },
          { ...cl.cuerpoDocumento[1], numeroDocumento: 'F-0001' },
        ],
      }),
    );
    expect(fieldsOf(e)).toEqual(['cuerpoDocumento[0].numeroDocumento', 'cuerpoDocumento[1].numeroDocumento']);
  });

  it('refuses a sale document dated after the comprobante, in both versions', () => {
    const r = parseCl({ cuerpoDocumento: [{ ...cl.cuerpoDocumento[0], fechaEmision: '2026-11-21' }] });
    for (const build of [buildComprobanteLiquidacionV1, buildComprobanteLiquidacionV2]) {
      const e = refusal(() => build(context('08'), r));
      expect(e.details['errors']).toEqual([
        {
          field: 'cuerpoDocumento[0].fechaEmision',
          message: 'Es posterior a la fecha de emisión del documento (2026-11-20)',
        },
      ]);
    }
  });

  it('refuses a descActividad shorter than every CL and DCL schema takes', () => {
    const e = refusal(() => parseCl({ receptor: { ...contribuyente, descActividad: 'Ley' } }));
    expect(e.details['errors']).toEqual([
      {
        field: 'receptor.descActividad',
        message: 'Debe tener al menos 5 caracteres (MH, Comprobante y Documento Contable de Liquidación)',
      },
    ]);
  });

  it('answers a missing receptor as the DTE 03 does', () => {
    const e = refusal(() => parseCl({ receptor: undefined }));
    expect(e).toMatchObject({ code: 'RECEPTOR_VALIDATION_ERROR' });
    expect(e.details['requiredFields']).toEqual(['tipoDocumento', 'numDocumento', 'nit', 'nombre']);
  });
});

// ─── Documento Contable de Liquidación (09) ─────────────────────────────────────────────────────────

const afiliado = { ...contribuyente, nombreComercial: 'Bufete Cabal', tipoEstablecimiento: '01', codigoMH: 'M002' };
const dcl = {
  receptor: afiliado,
  cuerpoDocumento: {
    periodoLiquidacionFechaInicio: '2026-11-01',
    periodoLiquidacionFechaFin: '2026-11-15',
    codLiquidacion: 'LIQ-2026-11-A',
    cantidadDoc: 48,
    valorOperaciones: 5763,
    montoSinPercepcion: 113,
    descripSinPercepcion: 'Propinas',
    comision: 172.89,
    porcentComision: 3,
  },
  extension: { nombEntrega: 'Ana María López', docuEntrega: '01234567-8', codEmpleado: 'E-104' },
  observaciones: 'Primera quincena de noviembre',
};
const dclRequest = parseRequest(dte09Request, dcl);
const parseDcl = (cuerpo: object, body: object = {}) =>
  parseRequest(dte09Request, { ...dcl, ...body, cuerpoDocumento: { ...dcl.cuerpoDocumento, ...cuerpo } });

// subTotal = 5763.00 − 113.00 = 5650.00 ; iva = 5650 × 13/113 = 650.00 ; montoSujetoPercepcion = 5000.00
// ivaPercibido = 2 % × 5000 = 100.00 ; comision 172.89 ; ivaComision = 13 % × 172.89 = 22.4757 → 22.48
// liquidoApagar = 5763.00 − 100.00 − 172.89 − 22.48 = 5467.63
const liquidacionEsperada = {
  periodoLiquidacionFechaInicio: '2026-11-01',
  periodoLiquidacionFechaFin: '2026-11-15',
  codLiquidacion: 'LIQ-2026-11-A',
  cantidadDoc: 48,
  valorOperaciones: 5763,
  montoSinPercepcion: 113,
  descripSinPercepcion: 'Propinas',
  subTotal: 5650,
  iva: 650,
  montoSujetoPercepcion: 5000,
  ivaPercibido: 100,
  comision: 172.89,
  ivaComision: 22.48,
  liquidoApagar: 5467.63,
  totalLetras: 'CINCO MIL CUATROCIENTOS SESENTA Y SIETE DÓLARES CON 63/100',
  observaciones: 'Primera quincena de noviembre',
};

describe('Documento contable de liquidación v1 (fe-dcl-v1)', () => {
  const dte = buildDocumentoContableLiquidacionV1(context('09'), dclRequest);

  it('validates against MH schema fe-dcl-v1', () => {
    expect(validateMhSchema('fe-dcl-v1', dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ version: 1, tipoDte: '09' });
    expect(dte.identificacion).not.toHaveProperty('tipoContingencia');
    expect(dte).not.toHaveProperty('resumen');
  });

  it('liquidates the period: IVA percibido 2 %, commission and its IVA off what is paid', () => {
    expect(dte.cuerpoDocumento).toEqual({ ...liquidacionEsperada, porcentComision: '3.00%' });
    expect(dte.extension).toEqual({ nombEntrega: 'Ana María López', docuEntrega: '01234567-8', codEmpleado: 'E-104' });
  });

  it("uses fe-dcl-v1's names and 8-digit telephones for the parties", () => {
    expect(dte.emisor).toMatchObject({
      codigoMH: 'M001',
      codigo: 'M001',
      puntoVentaMH: 'P001',
      puntoVentaContri: 'P001',
      telefono: '22223333',
      tipoEstablecimiento: '02',
    });
    expect(dte.emisor).not.toHaveProperty('puntoVenta');
    expect(dte.receptor).toMatchObject({
      nit: '06140101901015',
      tipoEstablecimiento: '01',
      telefono: '22444444',
      codigoMH: 'M002',
      puntoVentaMH: null,
    });
  });

  it("writes a telephone with El Salvador's code as its 8 digits, and refuses one that has not 8", () => {
    const con503 = parseDcl({}, { receptor: { ...afiliado, telefono: '+503 2244-4444' } });
    expect(buildDocumentoContableLiquidacionV1(context('09'), con503).receptor.telefono).toBe('22444444');
    const largo = parseDcl({}, { receptor: { ...afiliado, telefono: '2244-4444-1' } });
    const e = refusal(() => buildDocumentoContableLiquidacionV1(context('09'), largo));
    expect(fieldsOf(e)).toEqual(['receptor.telefono']);
    expect(validateMhSchema('fe-dcl-v2', buildDocumentoContableLiquidacionV2(context('09'), largo))).toEqual([]);
  });

  it('cannot be issued in contingency', () => {
    const e = refusal(() =>
      buildDocumentoContableLiquidacionV1(
        context('09', { contingencia: { tipoContingencia: 1, motivoContin: null } }),
        dclRequest,
      ),
    );
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
  });
});

describe('Documento contable de liquidación v2 (fe-dcl-v2, Normativa DTE 2.0)', () => {
  const dte = buildDocumentoContableLiquidacionV2(context('09'), dclRequest);

  it('validates against MH schema fe-dcl-v2, extension still required', () => {
    expect(validateMhSchema('fe-dcl-v2', dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ version: 2, tipoDte: '09' });
    expect(dte.extension).toEqual({ nombEntrega: 'Ana María López', docuEntrega: '01234567-8', codEmpleado: 'E-104' });
  });

  it("has v1's figures, porcentComision as a number", () => {
    expect(dte.cuerpoDocumento).toEqual({ ...liquidacionEsperada, porcentComision: 3 });
  });

  it('names the emisor by its own codes, the afiliado without MH codes, both with distrito', () => {
    expect(dte.emisor).toMatchObject({ codEstable: 'M001', codPuntoVenta: 'P001', direccion: emisor.direccion });
    expect(dte.emisor).not.toHaveProperty('codigoMH');
    expect(dte.receptor).toMatchObject({
      nit: '06140101901015',
      tipoEstablecimiento: '01',
      direccion: contribuyente.direccion,
    });
    expect(dte.receptor).not.toHaveProperty('codigoMH');
  });
});

describe('Documento contable de liquidación: rounding', () => {
  it('takes the IVA out of the operations and rounds each figure to the cent', () => {
    // subTotal 1000.00 ; iva = 1000 × 13/113 = 115.0442… → 115.04 ; montoSujetoPercepcion = 884.96
    // ivaPercibido = 2 % × 884.96 = 17.6992 → 17.70 ; ivaComision = 13 % × 25.00 = 3.25
    // liquidoApagar = 1000.00 − 17.70 − 25.00 − 3.25 = 954.05
    const r = parseDcl({ valorOperaciones: 1000, montoSinPercepcion: 0, comision: 25, porcentComision: 2.5 });
    const dte = buildDocumentoContableLiquidacionV1(context('09'), r);
    expect(validateMhSchema('fe-dcl-v1', dte)).toEqual([]);
    expect(dte.cuerpoDocumento).toMatchObject({
      subTotal: 1000,
      iva: 115.04,
      montoSujetoPercepcion: 884.96,
      ivaPercibido: 17.7,
      ivaComision: 3.25,
      liquidoApagar: 954.05,
      porcentComision: '2.50%',
      totalLetras: 'NOVECIENTOS CINCUENTA Y CUATRO DÓLARES CON 05/100',
    });
  });
});

describe('Documento contable de liquidación: refusals', () => {
  it('refuses a period that ends before it starts', () => {
    const e = refusal(() => parseDcl({ periodoLiquidacionFechaFin: '2026-10-31' }));
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
    expect(e.details['errors']).toEqual([
      {
        field: 'cuerpoDocumento.periodoLiquidacionFechaFin',
        message: 'El fin del periodo no puede ser anterior a su inicio (2026-11-01)',
      },
    ]);
  });

  it('refuses a negative commission', () => {
    const e = refusal(() => parseDcl({ comision: -5 }));
    expect(e.details['errors']).toEqual([
      { field: 'cuerpoDocumento.comision', message: 'La comisión no puede ser negativa' },
    ]);
  });

  it('refuses a commission that leaves nothing to pay, and values not subject to percepción that take it all', () => {
    // 5763.00 − 100.00 − 5100.00 − 663.00 < 0
    expect(fieldsOf(refusal(() => parseDcl({ comision: 5100 })))).toEqual(['cuerpoDocumento.comision']);
    expect(fieldsOf(refusal(() => parseDcl({ montoSinPercepcion: 5763 })))).toEqual([
      'cuerpoDocumento.montoSinPercepcion',
    ]);
  });

  it('refuses a period that ends after the document, in both versions', () => {
    const r = parseDcl({ periodoLiquidacionFechaFin: '2026-11-30' });
    for (const build of [buildDocumentoContableLiquidacionV1, buildDocumentoContableLiquidacionV2])
      expect(fieldsOf(refusal(() => build(context('09'), r)))).toEqual(['cuerpoDocumento.periodoLiquidacionFechaFin']);
  });

  it('requires who generates the liquidation and an establishment type of CAT-009', () => {
    const e = refusal(() =>
      parseRequest(dte09Request, {
        ...dcl,
        extension: undefined,
        receptor: { ...afiliado, tipoEstablecimiento: '20' },
      }),
    );
    expect(fieldsOf(e)).toEqual(['receptor.tipoEstablecimiento', 'extension']);
  });
});
