import {
  buildComprobanteDonacionV1,
  buildComprobanteDonacionV2,
  dte15Request,
  parseRequest,
  validateMhSchema,
} from '../src';
import { context, direccion, emisor } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

const donante = {
  tipoDocumento: '36',
  numDocumento: '0614-250190-102-5',
  nrc: '123456',
  nombre: 'DISTRIBUIDORA DONANTE, S.A. DE C.V.',
  codActividad: '46900',
  descActividad: 'Venta al por mayor de otros productos',
  direccion,
  telefono: '2299-0000',
  correo: 'donaciones@donante.example',
};
/** The donatario's qualification as a donee, which MH requires (Manual Funcional §XV). */
const resolucion = {
  codDocAsociado: 1,
  descDocumento: 'Resolución 12345-2025',
  detalleDocumento: 'Calificación de entidad de utilidad pública, Ministerio de Gobernación',
};
const body = (extra: object) => ({ donante, otrosDocumentos: [resolucion], ...extra });
const parse = (extra: object) => parseRequest(dte15Request, body(extra));
const buildV1 = (extra: object) => buildComprobanteDonacionV1(context('15'), parse(extra));
const buildV2 = (extra: object) => buildComprobanteDonacionV2(context('15'), parse(extra));

const efectivo = {
  tipoDonacion: 1,
  cantidad: 1,
  descripcion: 'Donación para el programa de becas',
  valorUnitario: 500,
};
// 7 × 1.428571428 → valorUni 1.42857143 (8 decimals, half up) × 7 = 10.00000001
// 2 × 12500.555 − 1000.333 (used, depreciated) = 25001.11 − 1000.333 = 24000.777
// valorTotal 10.00000001 + 24000.777 = 24010.77700001 → 24010.78
const bienes = [
  { tipoDonacion: 2, cantidad: 7, descripcion: 'Resmas de papel bond', valorUnitario: 1.428571428 },
  {
    tipoDonacion: 2,
    cantidad: 2,
    codigo: 'AMB-01',
    uniMedida: 59,
    descripcion: 'Ambulancia Marca Mercedes Benz, Modelo T1, Año 2022',
    depreciacion: 1000.333,
    valorUnitario: 12500.555,
  },
];
// efectivo 1 × 250.50 = 250.50 ; bien 4 × 12.345 − 0.38 = 49.38 − 0.38 = 49.00 ; servicio 10 × 15.25 = 152.50
// valorTotal 250.50 + 49.00 + 152.50 = 452.00 ; pagos 200.00 + 50.50 = 250.50, the cash
const mixta = {
  items: [
    { tipoDonacion: 1, cantidad: 1, descripcion: 'Aporte en efectivo', valorUnitario: 250.5 },
    { tipoDonacion: 2, cantidad: 4, descripcion: 'Sillas plásticas', valorUnitario: 12.345, depreciacion: 0.38 },
    { tipoDonacion: 3, cantidad: 10, descripcion: 'Horas de asesoría contable', valorUnitario: 15.25 },
  ],
  pagos: [
    { codigo: '01', montoPago: 200 },
    { codigo: '05', montoPago: 50.5, referencia: 'TRF-9' },
  ],
};

describe('Comprobante de donación v1 (fe-cd-v1)', () => {
  describe('a money donation', () => {
    const dte = buildV1({ items: [efectivo], pago: { codigo: '05', referencia: 'TRF-123' } });

    it('validates against MH schema fe-cd-v1', () => {
      expect(validateMhSchema('fe-cd-v1', dte)).toEqual([]);
    });

    it('is issued by the donatario (by its NIT) to the donante, with no contingency fields', () => {
      expect(dte.identificacion).toEqual({
        version: 1,
        ambiente: '00',
        tipoDte: '15',
        numeroControl: 'DTE-15-M001P001-000000000000001',
        codigoGeneracion: context('15').codigoGeneracion,
        tipoModelo: 1,
        tipoOperacion: 1,
        fecEmi: '2026-11-20',
        horEmi: '10:19:44',
        tipoMoneda: 'USD',
      });
      expect(dte.donatario).toMatchObject({
        tipoDocumento: '36',
        numDocumento: emisor.nit,
        nrc: emisor.nrc,
        tipoEstablecimiento: '02',
        codEstableMH: 'M001',
        codPuntoVentaMH: 'P001',
      });
      expect(dte.donatario).not.toHaveProperty('nit');
      // El Salvador in the numeric CAT-020 that fe-cd-v1 enumerates; the distrito goes inside complemento.
      expect(dte.donante).toMatchObject({
        tipoDocumento: '36',
        numDocumento: '06142501901025',
        codDomiciliado: 1,
        codPais: '9300',
        direccion: { departamento: '06', municipio: '23', complemento: 'Distrito 14, Colonia Escalón, calle 1 #10' },
      });
      expect(dte.otrosDocumentos).toEqual([resolucion]);
    });

    it('is one unit of unit 99 without depreciation, and the pago covers the cash', () => {
      // 1 × 500.00 − 0 = 500.00
      expect(dte.cuerpoDocumento).toEqual([
        {
          numItem: 1,
          tipoDonacion: 1,
          cantidad: 1,
          codigo: null,
          uniMedida: 99,
          descripcion: 'Donación para el programa de becas',
          depreciacion: 0,
          valorUni: 500,
          valor: 500,
        },
      ]);
      expect(dte.resumen).toEqual({
        valorTotal: 500,
        totalLetras: 'QUINIENTOS DÓLARES CON 00/100',
        pagos: [{ codigo: '05', montoPago: 500, referencia: 'TRF-123' }],
      });
      expect(dte.apendice).toBeNull();
    });
  });

  it('values goods at cantidad × valorUni − depreciación, rounded to 8 decimals per line and 2 in total', () => {
    const dte = buildV1({ items: bienes });
    expect(validateMhSchema('fe-cd-v1', dte)).toEqual([]);
    expect(dte.cuerpoDocumento.map((i) => [i.cantidad, i.uniMedida, i.valorUni, i.depreciacion, i.valor])).toEqual([
      [7, 59, 1.42857143, 0, 10.00000001],
      [2, 59, 12500.555, 1000.333, 24000.777],
    ]);
    expect(dte.cuerpoDocumento[1]).toMatchObject({ codigo: 'AMB-01' });
    expect(dte.resumen).toEqual({
      valorTotal: 24010.78,
      totalLetras: 'VEINTICUATRO MIL DIEZ DÓLARES CON 78/100',
      pagos: null,
    });
  });

  it('mixes cash, goods and services; the pagos add up to the cash', () => {
    const dte = buildV1({ ...mixta, observaciones: 'Entregado en oficinas centrales' });
    expect(validateMhSchema('fe-cd-v1', dte)).toEqual([]);
    expect(dte.cuerpoDocumento.map((i) => [i.tipoDonacion, i.cantidad, i.uniMedida, i.depreciacion, i.valor])).toEqual([
      [1, 1, 99, 0, 250.5],
      [2, 4, 59, 0.38, 49],
      [3, 10, 99, 0, 152.5],
    ]);
    expect(dte.resumen).toEqual({
      valorTotal: 452,
      totalLetras: 'CUATROCIENTOS CINCUENTA Y DOS DÓLARES CON 00/100',
      pagos: [
        { codigo: '01', montoPago: 200, referencia: null },
        { codigo: '05', montoPago: 50.5, referencia: 'TRF-9' },
      ],
    });
    // No CD schema has an observaciones field: they ride in the apendice.
    expect(dte.apendice).toEqual([
      { campo: 'observaciones', etiqueta: 'Observaciones', valor: 'Entregado en oficinas centrales' },
    ]);
  });

  it('takes a donante not domiciled, without address or activity', () => {
    const { direccion: _d, codActividad: _c, descActividad: _a, ...sinDomicilio } = donante;
    const dte = buildComprobanteDonacionV1(
      context('15'),
      parseRequest(dte15Request, {
        ...body({ items: [efectivo] }),
        donante: { ...sinDomicilio, codDomiciliado: 2, codPais: 'sv' },
      }),
    );
    expect(validateMhSchema('fe-cd-v1', dte)).toEqual([]);
    expect(dte.donante).toMatchObject({
      codDomiciliado: 2,
      codPais: '9300',
      direccion: null,
      codActividad: null,
      descActividad: null,
    });
  });

  it('names a donante of another country by the numeric CAT-020 code fe-cd-v1 shares with fe-fex-v1', () => {
    // The SSF list's United States, 9450; a country that list does not number goes as 9999 "Otros".
    const { direccion: _d, codActividad: _c, descActividad: _a, ...sinDomicilio } = donante;
    const dte = buildV1({ items: [efectivo], donante: { ...sinDomicilio, codDomiciliado: 2, codPais: 'US' } });
    expect(validateMhSchema('fe-cd-v1', dte)).toEqual([]);
    expect(dte.donante.codPais).toBe('9450');
    expect(
      buildV1({ items: [efectivo], donante: { ...sinDomicilio, codDomiciliado: 2, codPais: 'DE' } }).donante.codPais,
    ).toBe('9999');
  });

  it('refuses contingency, which no CD schema admits', () => {
    const err = refusal(() =>
      buildComprobanteDonacionV1(
        context('15', { contingencia: { tipoContingencia: 1, motivoContin: null } }),
        parse({ items: [efectivo] }),
      ),
    );
    expect(fieldsOf(err)).toEqual(['contingencia']);
  });
});

describe('Comprobante de donación v2 (fe-cd-v2, Normativa DTE 2.0)', () => {
  it('validates a money donation, with the old numeroControl pattern the M001P001 block satisfies', () => {
    const dte = buildV2({ items: [efectivo], pago: { codigo: '01' } });
    expect(validateMhSchema('fe-cd-v2', dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ version: 2, numeroControl: 'DTE-15-M001P001-000000000000001' });
    expect(dte.identificacion).not.toHaveProperty('tipoContingencia');
    expect(dte.resumen).toEqual({
      valorTotal: 500,
      totalLetras: 'QUINIENTOS DÓLARES CON 00/100',
      pagos: [{ codigo: '01', montoPago: 500, referencia: null }],
    });
  });

  it('calls the donatario emisor and the donante receptor, with distrito and ISO country', () => {
    const dte = buildV2({ items: bienes });
    expect(validateMhSchema('fe-cd-v2', dte)).toEqual([]);
    expect(dte).not.toHaveProperty('donatario');
    expect(dte).not.toHaveProperty('donante');
    expect(dte.emisor).toMatchObject({ tipoDocumento: '36', numDocumento: emisor.nit, codEstable: 'M001' });
    expect(dte.emisor).not.toHaveProperty('codEstableMH');
    expect(dte.emisor.direccion).toEqual(emisor.direccion);
    expect(dte.receptor).toMatchObject({ numDocumento: '06142501901025', direccion, codDomiciliado: 1, codPais: 'SV' });
    // As v1: 10.00000001 + 24000.777 → 24010.78
    expect(dte.cuerpoDocumento.map((i) => [i.valorUni, i.tipoDepreciacion, i.valor])).toEqual([
      [1.42857143, 0, 10.00000001],
      [12500.555, 1000.333, 24000.777],
    ]);
    expect(dte.cuerpoDocumento[0]).not.toHaveProperty('depreciacion');
    expect(dte.resumen).toMatchObject({ valorTotal: 24010.78, pagos: null });
  });

  it('validates the mixed donation (452.00) and a foreign donante not domiciled', () => {
    const { direccion: _d, codActividad: _c, descActividad: _a, ...sinDomicilio } = donante;
    const dte = buildComprobanteDonacionV2(
      context('15'),
      parseRequest(dte15Request, {
        ...body(mixta),
        donante: { ...sinDomicilio, tipoDocumento: '03', numDocumento: 'X1234567', codDomiciliado: 2, codPais: 'US' },
      }),
    );
    expect(validateMhSchema('fe-cd-v2', dte)).toEqual([]);
    expect(dte.resumen.valorTotal).toBe(452);
    expect(dte.receptor).toMatchObject({ direccion: null, codDomiciliado: 2, codPais: 'US' });
  });

  it("refuses a donante's address without distrito, which the 2026 schemas require", () => {
    const { distrito: _d, ...sinDistrito } = direccion;
    const request = parse({ items: [efectivo], donante: { ...donante, direccion: sinDistrito } });
    expect(validateMhSchema('fe-cd-v1', buildComprobanteDonacionV1(context('15'), request))).toEqual([]);
    const err = refusal(() => buildComprobanteDonacionV2(context('15'), request));
    expect(fieldsOf(err)).toEqual(['donante.direccion.distrito']);
  });
});

describe('POST /dte/dte15 refusals', () => {
  const refused = (extra: object) => {
    const err = refusal(() => parse(extra));
    expect(err.code).toBe('VALIDATION_ERROR');
    return fieldsOf(err);
  };

  it('a tipoDonacion outside CAT-026', () => {
    expect(refused({ items: [{ ...efectivo, tipoDonacion: 4 }] })).toEqual(['items[0].tipoDonacion']);
  });

  it('a zero quantity', () => {
    expect(refused({ items: [{ ...bienes[0], cantidad: 0 }] })).toEqual(['items[0].cantidad']);
  });

  it('a donante without identity document', () => {
    const { tipoDocumento: _t, numDocumento: _n, ...sinDocumento } = donante;
    expect(refused({ items: [efectivo], donante: sinDocumento })).toEqual([
      'donante.tipoDocumento',
      'donante.numDocumento',
    ]);
  });

  it('cash that is not one unit of unit 99, and cash or a service with depreciation', () => {
    expect(refused({ items: [{ ...efectivo, cantidad: 2, uniMedida: 59 }] })).toEqual([
      'items[0].cantidad',
      'items[0].uniMedida',
    ]);
    expect(refused({ items: [{ ...mixta.items[2], depreciacion: 1 }] })).toEqual(['items[0].depreciacion']);
  });

  it('a depreciation larger than the goods are worth', () => {
    // 4 × 12.345 = 49.38 < 50
    expect(refused({ items: [{ ...mixta.items[1], depreciacion: 50 }] })).toEqual(['items[0].depreciacion']);
  });

  it("no document of the donatario's qualification (otrosDocumentos codDocAsociado 1)", () => {
    expect(refused({ items: [efectivo], otrosDocumentos: [{ ...resolucion, codDocAsociado: 2 }] })).toEqual([
      'otrosDocumentos',
    ]);
    expect(refused({ items: [efectivo], otrosDocumentos: [] })).toEqual(['otrosDocumentos']);
  });

  it('pagos that do not add up to the cash, or pay goods', () => {
    // 200.00 + 50.00 = 250.00 ≠ 250.50
    expect(
      refused({
        ...mixta,
        pagos: [
          { codigo: '01', montoPago: 200 },
          { codigo: '05', montoPago: 50 },
        ],
      }),
    ).toEqual(['pagos']);
    expect(refused({ items: bienes, pago: { codigo: '01' } })).toEqual(['pago']);
  });

  it('a domiciled donante without address, or one not domiciled with one or without country', () => {
    const { direccion: _d, ...sinDireccion } = donante;
    expect(refused({ items: [efectivo], donante: sinDireccion })).toEqual(['donante.direccion']);
    expect(refused({ items: [efectivo], donante: { ...donante, codDomiciliado: 2 } })).toEqual([
      'donante.direccion',
      'donante.codActividad',
      'donante.descActividad',
      'donante.codPais',
    ]);
  });
});
