import {
  buildFacturaExportacionV1,
  buildFacturaExportacionV3,
  dte11Request,
  inCatalog,
  mhSchema,
  parseRequest,
  validateMhSchema,
} from '../src';
import { tipoRegimenDe } from '../src/dte/exportacion/regimen';
import { codPaisV1 } from '../src/dte/bloques/pais';
import cat020 from '../src/mh/catalogs/CAT-020.json';
import cat028 from '../src/mh/catalogs/CAT-028.json';
import cat028v2026 from '../src/mh/catalogs/v2026/CAT-028.json';
import { context } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

/** A buyer abroad: a company in the United States (CAT-020 "US"), by its foreign tax id ("37" otro). */
const receptor = {
  nombre: 'COFFEE IMPORTERS INC.',
  tipoDocumento: '37',
  numDocumento: 'EIN 12-3456789',
  nombreComercial: 'Coffee Importers',
  codPais: 'US',
  complemento: '100 Harbor Blvd, Long Beach, CA 90802',
  tipoPersona: 2,
  descActividad: 'Importación y distribución de café',
  telefono: '+1 562 555 0100',
  correo: 'compras@coffee-importers.example',
};

/** Goods leaving by sea through Acajutla (CAT-027 02), definitive export (CAT-028 EX-1.1000.000), CIF. */
const bienes = {
  tipoItemExpor: 1,
  recintoFiscal: '02',
  regimen: 'EX-1.1000.000',
  codIncoterms: '11',
  flete: 650,
  seguro: 125.35,
};

/** 100 qq × 185.50 = 18,550.00 ; 100 × 1.25 − 5.00 = 120.00 ; totalGravada 18,670.00 */
const cafe = [
  { descripcion: 'Café oro lavado (qq)', cantidad: 100, precioUnitario: 185.5, codigo: 'CAFE-SHG', uniMedida: 59 },
  { descripcion: 'Sacos de yute', cantidad: 100, precioUnitario: 1.25, montoDescu: 5 },
];

const body = (extra: object = {}) => ({
  receptor,
  exportacion: bienes,
  items: cafe,
  condicionOperacion: 1,
  ...extra,
});
const request = (extra: object = {}) => parseRequest(dte11Request, body(extra));
const v1 = (extra: object = {}) => buildFacturaExportacionV1(context('11'), request(extra));
const v3 = (extra: object = {}) => buildFacturaExportacionV3(context('11'), request(extra));

describe('Factura de Exportación (DTE 11): goods with flete and seguro', () => {
  // By hand: totalGravada 18,670.00 ; no discount
  //   montoTotalOperacion = 18,670.00 − 0 + seguro 125.35 + flete 650.00 = 19,445.35
  //   no charges outside the base: totalNoGravado 0, totalPagar 19,445.35 (contado: one cash payment)
  const resumen = {
    totalGravada: 18670,
    porcentajeDescuento: 0,
    totalDescu: 5,
    seguro: 125.35,
    flete: 650,
    montoTotalOperacion: 19445.35,
    totalNoGravado: 0,
    totalPagar: 19445.35,
    totalLetras: 'DIECINUEVE MIL CUATROCIENTOS CUARENTA Y CINCO DÓLARES CON 35/100',
    condicionOperacion: 1,
    pagos: [{ codigo: '01', montoPago: 19445.35, referencia: null, plazo: null, periodo: null }],
    codIncoterms: '11',
    descIncoterms: 'CIF- Costo seguro y flete',
    numPagoElectronico: null,
    observaciones: 'Contenedor MSKU 123456-7',
  };
  const extra = { observaciones: 'Contenedor MSKU 123456-7' };
  const dteV1 = v1(extra);
  const dteV3 = v3(extra);

  it('validates against MH schemas fe-fex-v1 and fe-fex-v3', () => {
    expect(validateMhSchema('fe-fex-v1', dteV1)).toEqual([]);
    expect(validateMhSchema('fe-fex-v3', dteV3)).toEqual([]);
  });

  it('v1: totals, the discount as `descuento`, no tributos in the resumen', () => {
    expect(dteV1.resumen).toEqual({ ...resumen, descuento: 0 });
  });

  it('v3: the discount as `descuGravada`, tributo C3 at 0 %, no onerous transfers nor saldo', () => {
    const { codIncoterms, descIncoterms, numPagoElectronico, observaciones, ...montos } = resumen;
    expect(dteV3.resumen).toEqual({
      ...montos,
      descuGravada: 0,
      tributos: [{ codigo: 'C3', descripcion: 'Impuesto al Valor Agregado (exportaciones) 0%', valor: 0 }],
      totalNoOnerosas: 0,
      saldoFavor: 0,
      codIncoterms,
      descIncoterms,
      numPagoElectronico,
      observaciones,
    });
  });

  it('lists each line as venta gravada with tributo C3', () => {
    // 100 × 185.50 = 18,550 ; 100 × 1.25 − 5 = 120
    expect(dteV1.cuerpoDocumento).toEqual([
      {
        numItem: 1,
        cantidad: 100,
        codigo: 'CAFE-SHG',
        uniMedida: 59,
        descripcion: 'Café oro lavado (qq)',
        precioUni: 185.5,
        montoDescu: 0,
        ventaGravada: 18550,
        tributos: ['C3'],
        noGravado: 0,
      },
      {
        numItem: 2,
        cantidad: 100,
        codigo: null,
        uniMedida: 59,
        descripcion: 'Sacos de yute',
        precioUni: 1.25,
        montoDescu: 5,
        ventaGravada: 120,
        tributos: ['C3'],
        noGravado: 0,
      },
    ]);
    // v3 adds tipoItem (the export's kind when the line does not say), numeroDocumento and codTributo.
    expect(dteV3.cuerpoDocumento.map((l) => [l.numItem, l.tipoItem, l.numeroDocumento, l.codTributo])).toEqual([
      [1, 1, null, null],
      [2, 1, null, null],
    ]);
  });

  it('puts the export in the emisor: recinto, régimen and, in v3, its CAT-033 class', () => {
    expect(dteV1.emisor).toMatchObject({ tipoItemExpor: 1, recintoFiscal: '02', regimen: 'EX-1.1000.000' });
    expect(dteV1.emisor).not.toHaveProperty('tipoRegimen');
    // v3 writes the régimen as MH's July 2026 catalog does, its class apart in tipoRegimen.
    expect(dteV3.emisor).toMatchObject({
      tipoItemExpor: 1,
      recintoFiscal: '02',
      tipoRegimen: 'EX-1',
      regimen: '1000.000',
    });
    const reexportacion = v3({ exportacion: { ...bienes, regimen: 'EX-3.3054.000' } });
    expect(reexportacion.emisor).toMatchObject({ tipoRegimen: 'EX-3', regimen: '3054.000' });
    expect(validateMhSchema('fe-fex-v3', reexportacion)).toEqual([]);
  });

  it('reads a CAT-033 class from every régimen of both catalogs, the v1.2 prefix where there is one', () => {
    // v1.2 writes the class first: its prefix and the customs code's first digit agree for every code.
    expect(cat028.items.filter((r) => tipoRegimenDe(r.codigo) !== r.codigo.split('.')[0])).toEqual([]);
    const sinClase = cat028v2026.items.filter((r) => !inCatalog('CAT-033', tipoRegimenDe(r.codigo) ?? '', '2026'));
    expect(sinClase).toEqual([]);
    expect(['1048.055', '2100.065', '3059.033', '0000.000'].map(tipoRegimenDe)).toEqual([
      'EX-1',
      'EX-2',
      'EX-3',
      'TA-1',
    ]);
  });

  it('takes a régimen in either writing and sends each generation its own', () => {
    // 2026 writing in the request, 2023 document: v1.2's writing of the same régimen.
    const nuevo = { exportacion: { ...bienes, regimen: '2200.000' } };
    expect(v1(nuevo).emisor.regimen).toBe('EX-2.2200.000');
    expect(v3(nuevo).emisor).toMatchObject({ tipoRegimen: 'EX-2', regimen: '2200.000' });
    expect(validateMhSchema('fe-fex-v1', v1(nuevo))).toEqual([]);
  });

  it('takes transit (0000.000, TA-1) and the other codes July 2026 added in v3 only', () => {
    for (const regimen of ['0000.000', '3059.033']) {
      const nuevo = { exportacion: { ...bienes, regimen } };
      const dte = v3(nuevo);
      expect(dte.emisor.regimen).toBe(regimen);
      expect(validateMhSchema('fe-fex-v3', dte)).toEqual([]);
      expect(fieldsOf(refusal(() => v1(nuevo)))).toEqual(['exportacion.regimen']);
    }
    expect(v3({ exportacion: { ...bienes, regimen: '0000.000' } }).emisor.tipoRegimen).toBe('TA-1');
  });

  it('takes the recinto fiscal the 2026 workbook adds (42, Z.F. NOVABES) in v3 only', () => {
    const novabes = { exportacion: { ...bienes, recintoFiscal: '42' } };
    const dte = v3(novabes);
    expect(dte.emisor.recintoFiscal).toBe('42');
    expect(validateMhSchema('fe-fex-v3', dte)).toEqual([]);
    const err = refusal(() => v1(novabes));
    expect([err.httpStatus, err.code, fieldsOf(err)]).toEqual([400, 'VALIDATION_ERROR', ['exportacion.recintoFiscal']]);
    expect(fieldsOf(refusal(() => request({ exportacion: { ...bienes, recintoFiscal: '44' } })))).toEqual([
      'exportacion.recintoFiscal',
    ]);
  });

  it("writes the receptor's country as each schema codes it, named from CAT-020", () => {
    // v1: CAT-020 v1.0 code of the United States; v3: ISO alpha-2.
    expect(dteV1.receptor).toMatchObject({ codPais: '9450', nombrePais: 'Estados Unidos', tipoPersona: 2 });
    expect(dteV3.receptor).toMatchObject({ codPais: 'US', nombrePais: 'Estados Unidos', tipoPersona: 2 });
    const guatemala = { receptor: { ...receptor, codPais: 'gt' } };
    expect(v1(guatemala).receptor).toMatchObject({ codPais: '9483', nombrePais: 'Guatemala' });
    expect(v3(guatemala).receptor).toMatchObject({ codPais: 'GT', nombrePais: 'Guatemala' });
    // Germany has no unambiguous v1.0 code (9309/9310 are the two Germanys): 9999 "Otros", named.
    const alemania = { receptor: { ...receptor, codPais: 'DE' } };
    const deV1 = v1(alemania);
    expect(deV1.receptor).toMatchObject({ codPais: '9999', nombrePais: 'Alemania' });
    expect(validateMhSchema('fe-fex-v1', deV1)).toEqual([]);
    expect(v3(alemania).receptor).toMatchObject({ codPais: 'DE', nombrePais: 'Alemania' });
  });

  it('gives every CAT-020 country a code of the fe-fex-v1 enum', () => {
    const schema = mhSchema('fe-fex-v1') as {
      properties: { receptor: { properties: { codPais: { enum: string[] } } } };
    };
    const enumV1 = new Set(schema.properties.receptor.properties.codPais.enum);
    const fuera = cat020.items.map((p) => p.codigo).filter((codigo) => !enumV1.has(codPaisV1(codigo)));
    expect(fuera).toEqual([]);
    expect(['SV', 'MX', 'HN', 'CR', 'PA'].map(codPaisV1)).toEqual(['9300', '9600', '9501', '9411', '9642']);
  });

  it('v1 names the contingency reason motivoContigencia, v3 motivoContin', () => {
    const contingencia = { tipoContingencia: 5, motivoContin: 'Falla del proveedor de internet' };
    const ctx = context('11', { contingencia });
    const c1 = buildFacturaExportacionV1(ctx, request());
    const c3 = buildFacturaExportacionV3(ctx, request());
    expect(c1.identificacion).toMatchObject({
      version: 1,
      tipoDte: '11',
      tipoModelo: 2,
      tipoOperacion: 2,
      tipoContingencia: 5,
      motivoContigencia: 'Falla del proveedor de internet',
    });
    expect(c1.identificacion).not.toHaveProperty('motivoContin');
    expect(c3.identificacion).toMatchObject({ version: 3, motivoContin: 'Falla del proveedor de internet' });
    expect(validateMhSchema('fe-fex-v1', c1)).toEqual([]);
    expect(validateMhSchema('fe-fex-v3', c3)).toEqual([]);
  });

  it("v1 requires the receptor's correo from $10,000 (its root allOf); v3 does not", () => {
    const sinCorreo = { receptor: { ...receptor, correo: null } };
    // montoTotalOperacion 19,445.35 ≥ 10,000
    const e = refusal(() => v1(sinCorreo));
    expect([e.code, fieldsOf(e)]).toEqual(['VALIDATION_ERROR', ['receptor.correo']]);
    expect(validateMhSchema('fe-fex-v3', v3(sinCorreo))).toEqual([]);
  });
});

describe('Factura de Exportación: document discount by percentage', () => {
  // By hand:
  //   line 1: 3 × 33.33 = 99.99 ; line 2: 1 × 50.00 − 0.50 = 49.50 ; totalGravada 149.49
  //   12.5 % of 149.49 = 18.68625 → 18.69 (half up)
  //   totalDescu = 0.50 (lines) + 18.69 = 19.19
  //   montoTotalOperacion = 149.49 − 18.69 + seguro 0 + flete 10.00 = 140.80 = totalPagar
  const extra = {
    items: [
      { descripcion: 'Café tostado 1 lb', cantidad: 3, precioUnitario: 33.33 },
      { descripcion: 'Café molido 2 lb', cantidad: 1, precioUnitario: 50, montoDescu: 0.5 },
    ],
    exportacion: { ...bienes, codIncoterms: '09', flete: 10, seguro: 0 },
    descuento: { porcentaje: 12.5 },
  };
  const resumen = {
    totalGravada: 149.49,
    porcentajeDescuento: 12.5,
    totalDescu: 19.19,
    seguro: 0,
    flete: 10,
    montoTotalOperacion: 140.8,
    totalNoGravado: 0,
    totalPagar: 140.8,
    totalLetras: 'CIENTO CUARENTA DÓLARES CON 80/100',
    descIncoterms: 'FOB-Libre a bordo',
  };

  it('v1 writes it as descuento, v3 as descuGravada; both validate', () => {
    const d1 = v1(extra);
    const d3 = v3(extra);
    expect(d1.resumen).toMatchObject({ ...resumen, descuento: 18.69 });
    expect(d3.resumen).toMatchObject({ ...resumen, descuGravada: 18.69 });
    expect(validateMhSchema('fe-fex-v1', d1)).toEqual([]);
    expect(validateMhSchema('fe-fex-v3', d3)).toEqual([]);
  });

  it('refuses an amount above the taxed total', () => {
    // totalGravada 149.49 < 150.00
    const e = refusal(() => v3({ ...extra, descuento: { monto: 150 } }));
    expect([e.code, fieldsOf(e)]).toEqual(['VALIDATION_ERROR', ['descuento.monto']]);
  });
});

describe('Factura de Exportación: split payments on credit', () => {
  // totalPagar 19,445.35 (first describe) = 15,000.00 + 4,445.35
  const pagos = [
    { codigo: '05', montoPago: 15000, referencia: 'SWIFT 7781', plazo: '01', periodo: 30 },
    { codigo: '04', montoPago: 4445.35, plazo: '01', periodo: 60 },
  ];

  it('keeps each payment as given, in both versions', () => {
    const esperado = [
      { codigo: '05', montoPago: 15000, referencia: 'SWIFT 7781', plazo: '01', periodo: 30 },
      { codigo: '04', montoPago: 4445.35, referencia: null, plazo: '01', periodo: 60 },
    ];
    const d1 = v1({ condicionOperacion: 2, pagos });
    const d3 = v3({ condicionOperacion: 2, pagos });
    expect(d1.resumen).toMatchObject({ totalPagar: 19445.35, condicionOperacion: 2, pagos: esperado });
    expect(d3.resumen).toMatchObject({ totalPagar: 19445.35, condicionOperacion: 2, pagos: esperado });
    expect(validateMhSchema('fe-fex-v1', d1)).toEqual([]);
    expect(validateMhSchema('fe-fex-v3', d3)).toEqual([]);
  });

  it('refuses payments that are not the amount to pay, to the cent', () => {
    // 15,000.00 + 4,445.34 = 19,445.34 ≠ 19,445.35
    const e = refusal(() => v1({ condicionOperacion: 2, pagos: [pagos[0], { ...pagos[1], montoPago: 4445.34 }] }));
    expect([e.code, fieldsOf(e)]).toEqual(['VALIDATION_ERROR', ['pagos']]);
    expect((e.details.errors as { message: string }[])[0]!.message).toBe(
      'Los montoPago suman 19445.34; el total a pagar es 19445.35',
    );
  });
});

describe('Factura de Exportación: services', () => {
  // By hand:
  //   120 h × 45.00 = 5,400.00 ; 1 × 350.00 = 350.00 ; totalGravada 5,750.00
  //   reimbursed travel: a line outside the taxable base, noGravado 120.40 (ventaGravada 0)
  //   descuento 250.00 → porcentajeDescuento 250 / 5,750 × 100 = 4.3478… → 4.35 ; totalDescu 250.00
  //   montoTotalOperacion = 5,750.00 − 250.00 = 5,500.00 (no flete, no seguro)
  //   totalNoGravado 120.40 ; totalPagar = 5,500.00 + 120.40 = 5,620.40
  const extra = {
    receptor: {
      ...receptor,
      nombre: 'María José Hernández',
      tipoDocumento: '13',
      numDocumento: '01234567-8',
      nombreComercial: null,
      codPais: 'GT',
      complemento: '6a. Avenida 10-20 zona 10, Ciudad de Guatemala',
      tipoPersona: 1,
      descActividad: 'Comercio de productos en línea',
      correo: null,
    },
    exportacion: { tipoItemExpor: 2 },
    items: [
      { descripcion: 'Desarrollo de software (horas)', cantidad: 120, precioUnitario: 45, uniMedida: 99 },
      { descripcion: 'Soporte mensual', cantidad: 1, precioUnitario: 350, uniMedida: 99 },
      { descripcion: 'Reembolso de viáticos', cantidad: 1, precioUnitario: 0, uniMedida: 99, noGravado: 120.4 },
    ],
    descuento: { monto: 250 },
  };
  const d1 = v1(extra);
  const d3 = v3(extra);

  it('validates against MH schemas fe-fex-v1 and fe-fex-v3', () => {
    expect(validateMhSchema('fe-fex-v1', d1)).toEqual([]);
    expect(validateMhSchema('fe-fex-v3', d3)).toEqual([]);
  });

  it('has no recinto fiscal nor régimen (nor tipoRegimen)', () => {
    expect(d1.emisor).toMatchObject({ tipoItemExpor: 2, recintoFiscal: null, regimen: null });
    expect(d3.emisor).toMatchObject({ tipoItemExpor: 2, recintoFiscal: null, tipoRegimen: null, regimen: null });
  });

  it('adds the charge outside the taxable base to what is paid, with no tributo on its line', () => {
    const totales = {
      totalGravada: 5750,
      porcentajeDescuento: 4.35,
      totalDescu: 250,
      seguro: 0,
      flete: 0,
      montoTotalOperacion: 5500,
      totalNoGravado: 120.4,
      totalPagar: 5620.4,
      totalLetras: 'CINCO MIL SEISCIENTOS VEINTE DÓLARES CON 40/100',
      codIncoterms: null,
      descIncoterms: null,
    };
    expect(d1.resumen).toMatchObject({ ...totales, descuento: 250 });
    expect(d3.resumen).toMatchObject({ ...totales, descuGravada: 250 });
    expect(d3.cuerpoDocumento.map((l) => [l.tipoItem, l.ventaGravada, l.tributos, l.noGravado])).toEqual([
      [2, 5400, ['C3'], 0],
      [2, 350, ['C3'], 0],
      [2, 0, null, 120.4],
    ]);
  });

  it('writes a DUI with its hyphen in v1 and as 9 digits in v3', () => {
    expect(d1.receptor).toMatchObject({ tipoDocumento: '13', numDocumento: '01234567-8', codPais: '9483' });
    expect(d3.receptor).toMatchObject({ tipoDocumento: '13', numDocumento: '012345678', codPais: 'GT' });
  });
});

describe('Factura de Exportación: refusals of the request', () => {
  const refusedFields = (extra: object) => {
    const e = refusal(() => request(extra));
    expect(e.code).toBe('VALIDATION_ERROR');
    return fieldsOf(e);
  };

  it('refuses a country that is not a CAT-020 ISO code, including the old v1.0 numbers', () => {
    expect(refusedFields({ receptor: { ...receptor, codPais: 'XX' } })).toEqual(['receptor.codPais']);
    expect(refusedFields({ receptor: { ...receptor, codPais: '9450' } })).toEqual(['receptor.codPais']);
  });

  it('refuses goods without recinto fiscal or régimen, and a services export with them', () => {
    const { recintoFiscal: _r, ...sinRecinto } = bienes;
    expect(refusedFields({ exportacion: sinRecinto })).toEqual(['exportacion.recintoFiscal']);
    const { regimen: _g, ...sinRegimen } = bienes;
    expect(refusedFields({ exportacion: { ...sinRegimen, tipoItemExpor: 3 } })).toEqual(['exportacion.regimen']);
    expect(refusedFields({ exportacion: { tipoItemExpor: 2, recintoFiscal: '02' } })).toEqual([
      'exportacion.recintoFiscal',
    ]);
  });

  it('refuses codes outside CAT-027, CAT-028, CAT-031 and CAT-029', () => {
    expect(
      refusedFields({ exportacion: { ...bienes, recintoFiscal: '13', regimen: 'EX-9.0000.000', codIncoterms: '12' } }),
    ).toEqual(['exportacion.recintoFiscal', 'exportacion.regimen', 'exportacion.codIncoterms']);
    // A 2026 code under a v1.2 prefix no catalog writes, and a customs code no catalog lists.
    for (const regimen of ['EX-1.0000.000', '1000.001'])
      expect(refusedFields({ exportacion: { ...bienes, regimen } })).toEqual(['exportacion.regimen']);
    expect(refusedFields({ receptor: { ...receptor, tipoPersona: 3 } })).toEqual(['receptor.tipoPersona']);
  });

  it('refuses a negative flete or seguro, and amounts beyond cents', () => {
    expect(refusedFields({ exportacion: { ...bienes, flete: -1 } })).toEqual(['exportacion.flete']);
    expect(refusedFields({ exportacion: { ...bienes, seguro: 10.005 } })).toEqual(['exportacion.seguro']);
  });

  it('refuses credits outside the taxable base beyond what is paid', () => {
    // 19,445.35 − 20,000.00 < 0
    const abono = { descripcion: 'Nota de abono', cantidad: 1, precioUnitario: 0, uniMedida: 99, noGravado: -20000 };
    expect(fieldsOf(refusal(() => v3({ items: [...cafe, abono] })))).toEqual(['items']);
  });

  it('refuses a receptor without its activity or with too short an address', () => {
    const { descActividad: _d, ...sinActividad } = receptor;
    expect(refusedFields({ receptor: sinActividad })).toEqual(['receptor.descActividad']);
    expect(refusedFields({ receptor: { ...receptor, complemento: 'LA' } })).toEqual(['receptor.complemento']);
  });
});
