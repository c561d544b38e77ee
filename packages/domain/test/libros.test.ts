import {
  ANEXOS_F07,
  anexoRequest,
  buildComprobanteRetencionV2,
  buildCreditoFiscalV4,
  buildFacturaExportacionV3,
  buildFacturaV2,
  buildNotaCreditoV4,
  celdaSinFormula,
  csvDgii,
  delEstablecimiento,
  dte01Request,
  dte03Request,
  dte07Request,
  dte11Request,
  filasAnexo,
  formatNumeroControl,
  lecturaDeLibros,
  LIBROS,
  debitoFiscal,
  libroDelMes,
  notaRequest,
  parseRequest,
  periodoDe,
  TIPOS_INGRESO,
  ventasConsumidor,
  ventasContribuyentes,
  type Dte,
  type DocumentoLibro,
} from '../src';
import { context, contribuyente } from './support/fixtures';
import { aceptado } from './support/origen';

/**
 * The books and DGII's F-07 annexes from a month of documents, against files written by hand from DGII's
 * annex manual (docs/anexos-f07.md), not produced by the code.
 */
const SELLO = (n: number) => `2026SELLO${String(n).padStart(31, '0')}`;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sin = (s: string) => s.replace(/-/g, '');

function doc(
  n: number,
  tipoDte: string,
  fecEmi: string,
  build: (ctx: ReturnType<typeof context>) => Dte,
  extra: Partial<DocumentoLibro> = {},
): DocumentoLibro {
  const numeroControl = formatNumeroControl(tipoDte, 'M001', 'P001', n);
  const dte = build(context(tipoDte, { codigoGeneracion: uuid(n), numeroControl, fecEmi, horEmi: `10:00:0${n % 10}` }));
  return {
    tipoDte,
    estado: 'PROCESSED',
    codigoGeneracion: uuid(n),
    numeroControl,
    selloRecibido: SELLO(n),
    fecEmi,
    dte,
    anuladoEl: null,
    ...extra,
  };
}

// CCF 1 (Nov 3): 100.00 gravada + 20.00 exenta ; IVA 13.00 ; retained 1 % = 1.00
const ccf = doc(1, '03', '2026-11-03', (ctx) =>
  buildCreditoFiscalV4(
    ctx,
    parseRequest(dte03Request, {
      receptor: contribuyente,
      items: [
        { descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 },
        { descripcion: 'Libro', cantidad: 1, precioUnitario: 20, tipoImpuesto: 'EXENTO' },
      ],
      condicionOperacion: 1,
      isRetenIva: true,
    }),
  ),
);
// NC 2 (Nov 10) on the CCF: 10.00 gravada ; IVA 1.30 ; retained 0.10
const nc = doc(2, '05', '2026-11-10', (ctx) =>
  buildNotaCreditoV4(
    ctx,
    parseRequest(notaRequest, {
      codigoGeneracion: uuid(1),
      items: [{ descripcion: 'Descuento', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
      isRetenIva: true,
    }),
    [aceptado(ccf.dte)],
  ),
);
const factura = (n: number, fecEmi: string, precio: number) =>
  doc(n, '01', fecEmi, (ctx) =>
    buildFacturaV2(
      ctx,
      parseRequest(dte01Request, {
        receptor: {},
        items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: precio }],
        condicionOperacion: 1,
      }),
    ),
  );
// Facturas 3 and 4 (Nov 5): 11.30 + 22.60 = 33.90 with IVA, of which IVA 1.30 + 2.60 = 3.90
const fe3 = factura(3, '2026-11-05', 11.3);
const fe4 = factura(4, '2026-11-05', 22.6);
// Factura 5 (Nov 5) was rejected; Factura 6 (Oct 31) belongs to October; Factura 7 (Nov 6) is in contingencia.
const fe5 = { ...factura(5, '2026-11-05', 1000), estado: 'REJECTED', selloRecibido: null };
const fe6 = factura(6, '2026-10-31', 50);
const fe7 = { ...factura(7, '2026-11-06', 5), estado: 'CONTINGENCIA', selloRecibido: null };
// Factura 8 (Oct 20) invalidated on Nov 2: it goes to November's anulados.
const fe8 = { ...factura(8, '2026-10-20', 9), estado: 'CANCELLED', anuladoEl: '2026-11-02' };
// FEX 9 (Nov 7) to Guatemala: 500.00 of goods
const fex = doc(9, '11', '2026-11-07', (ctx) =>
  buildFacturaExportacionV3(
    ctx,
    parseRequest(dte11Request, {
      receptor: {
        nombre: 'IMPORTADORA GT',
        tipoDocumento: '37',
        numDocumento: 'GT-1',
        codPais: 'GT',
        complemento: 'Zona 10, Guatemala',
        tipoPersona: 2,
        descActividad: 'Importación',
      },
      exportacion: { tipoItemExpor: 1, recintoFiscal: '01', regimen: 'EX-1.1000.000' },
      items: [{ descripcion: 'Café', cantidad: 10, precioUnitario: 50 }],
      condicionOperacion: 1,
    }),
  ),
);
// CR 10 (Nov 12): 1 % of 200.00 (22) and 13 % of 50.00 (C4)
const cr = doc(10, '07', '2026-11-12', (ctx) =>
  buildComprobanteRetencionV2(
    ctx,
    parseRequest(dte07Request, {
      receptor: contribuyente,
      cuerpoDocumento: [
        {
          numItem: 1,
          tipoDte: '03',
          tipoGeneracion: 1,
          numDocumento: 'A1',
          fechaEmision: '2026-11-11',
          montoSujetoGrav: 200,
          codigoRetencionMH: '22',
          ivaRetenido: 2,
          descripcion: 'Retención 1 %',
        },
        {
          numItem: 2,
          tipoDte: '03',
          tipoGeneracion: 1,
          numDocumento: 'A2',
          fechaEmision: '2026-11-11',
          montoSujetoGrav: 50,
          codigoRetencionMH: 'C4',
          ivaRetenido: 6.5,
          descripcion: 'Retención 13 %',
        },
      ],
    }),
  ),
);
const mes = [ccf, nc, fe3, fe4, fe5, fe6, fe7, fe8, fex, cr];
const noviembre = periodoDe('2026-11');
const csv = (anexo: Parameters<typeof filasAnexo>[0]) =>
  csvDgii(filasAnexo(anexo, mes, noviembre, { tipoIngreso: 2 })).toString('latin1');
const NIT = contribuyente.nit;

describe('F-07 annexes, byte for byte', () => {
  it('ventas a contribuyentes: the CCF and the NC, positive, total without IVA', () => {
    expect(csv('ventas-contribuyentes')).toBe(
      `03/11/2026;4;03;DTE03M001P001000000000000001;${SELLO(1)};${sin(uuid(1))};;${NIT};SALVADOR CABAL;20.00;0.00;100.00;13.00;0.00;0.00;120.00;;4;2;1\r\n` +
        `10/11/2026;4;05;DTE05M001P001000000000000002;${SELLO(2)};${sin(uuid(2))};;${NIT};SALVADOR CABAL;0.00;0.00;10.00;1.30;0.00;0.00;10.00;;1;2;1\r\n`,
    );
  });

  it('ventas a consumidor final: a row per day and type, first and last codigoGeneracion, IVA included', () => {
    expect(csv('ventas-consumidor-final')).toBe(
      `05/11/2026;4;01;N/A;N/A;N/A;N/A;${sin(uuid(3))};${sin(uuid(4))};;0.00;0.00;0.00;33.90;0.00;0.00;0.00;0.00;0.00;33.90;1;2;2\r\n` +
        `07/11/2026;4;11;N/A;N/A;N/A;N/A;${sin(uuid(9))};${sin(uuid(9))};;0.00;0.00;0.00;0.00;500.00;0.00;0.00;0.00;0.00;500.00;1;7;2\r\n`,
    );
  });

  it('names the documents of each row', () => {
    expect(filasAnexo('ventas-consumidor-final', mes, noviembre, { tipoIngreso: 2 }).map((f) => f.documentos)).toEqual([
      ['DTE-01-M001P001-000000000000003', 'DTE-01-M001P001-000000000000004'],
      ['DTE-11-M001P001-000000000000009'],
    ]);
  });

  it('documentos anulados: the October Factura invalidated in November', () => {
    expect(csv('documentos-anulados')).toBe(
      `DTE01M001P001000000000000008;4;0;0;01;D;${SELLO(8)};0;0;${sin(uuid(8))}\r\n`,
    );
  });

  it('retenciones: 1 % in anexo 10, 13 % in anexo 12 (serie before resolución)', () => {
    expect(csv('retenciones')).toBe(
      `${NIT};12/11/2026;07;DTE07M001P001000000000000010;${SELLO(10)};${sin(uuid(10))};200.00;2.00;;10\r\n`,
    );
    expect(csv('retenciones-13')).toBe(
      `${NIT};12/11/2026;07;${SELLO(10)};DTE07M001P001000000000000010;${sin(uuid(10))};50.00;6.50;;12\r\n`,
    );
  });

  it('requires the tipo de ingreso from the 2025 periods, and writes 0 before', () => {
    expect(() => filasAnexo('ventas-contribuyentes', mes, noviembre, {})).toThrow('tipo de ingreso');
    const octubre2024 = periodoDe('2024-10');
    const viejo = { ...fe6, fecEmi: '2024-10-31' };
    expect(csvDgii(filasAnexo('ventas-consumidor-final', [viejo], octubre2024, {})).toString('latin1')).toBe(
      `31/10/2024;4;01;N/A;N/A;N/A;N/A;${sin(uuid(6))};${sin(uuid(6))};;0.00;0.00;0.00;50.00;0.00;0.00;0.00;0.00;0.00;50.00;0;0;2\r\n`,
    );
  });

  it('refuses without the tipo de ingreso naming the field and every code of DGII’s manual v14, which has no 11', () => {
    expect(() => filasAnexo('ventas-consumidor-final', mes, noviembre, {})).toThrow(
      expect.objectContaining({
        details: {
          errors: [
            {
              field: 'tipoIngreso',
              message: expect.stringContaining(
                '9 Exportaciones de servicios; 10 Otras rentas gravables; 12 Ingresos que ya fueron sujetos de retención',
              ),
            },
          ],
        },
      }),
    );
    const pedido = (tipoIngreso: string) =>
      parseRequest(anexoRequest, { anexo: 'ventas-contribuyentes', periodo: '2026-11', tipoIngreso });
    expect(['1', '10', '12', '13'].map((c) => pedido(c).tipoIngreso)).toEqual([1, 10, 12, 13]);
    for (const c of ['0', '11', '14', '2.5'])
      expect(() => pedido(c)).toThrow(
        expect.objectContaining({ details: { errors: [expect.objectContaining({ field: 'tipoIngreso' })] } }),
      );
    expect(Object.keys(TIPOS_INGRESO)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '13']);
  });

  it('writes Windows-1252 bytes: ñ and ó are one byte each, a character 1252 lacks is ?', () => {
    const bytes = csvDgii([{ columnas: ['PEÑA', 'LÓPEZ Ω'] }]);
    expect(bytes.length).toBe(14);
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x45, 0xd1, 0x41]);
    expect(bytes.toString('latin1')).toBe('PEÑA;LÓPEZ ?\r\n');
  });

  it('writes a name a spreadsheet would run as a formula after an apostrophe, and amounts as numbers', () => {
    const bytes = csvDgii([
      { columnas: ["=cmd|' /C calc'!A0", '@SUM(A1)', '+1', '-2+3', '\t=1', '-11.30', '0.00', 'N/A'] },
    ]);
    expect(bytes.toString('latin1')).toBe("'=cmd|' /C calc'!A0;'@SUM(A1);'+1;'-2+3;'\t=1;-11.30;0.00;N/A\r\n");
    // The export's cells too: a carriage return before the formula, a name left alone, a negative number.
    expect(['\r=1', 'Juan Pérez', '-5'].map(celdaSinFormula)).toEqual(["'\r=1", 'Juan Pérez', '-5']);
  });
});

it('tells an establishment’s documents by their numeroControl', () => {
  expect(delEstablecimiento(ccf, 'M001')).toBe(true);
  expect(delEstablecimiento(ccf, 'M002')).toBe(false);
});

describe('the books of the month', () => {
  it('ventas a contribuyentes: lines in order, the NC reducing, totals the sum of the lines', () => {
    const libro = libroDelMes(ventasContribuyentes(noviembre), mes, noviembre, 'lineas');
    expect(
      libro.lineas.map((l) => [l.numeroControl, l.montos.gravadas, l.montos.debitoFiscal, l.montos.total]),
    ).toEqual([
      ['DTE-03-M001P001-000000000000001', '100.00', '13.00', '133.00'],
      ['DTE-05-M001P001-000000000000002', '-10.00', '-1.30', '-11.30'],
    ]);
    // 100.00 − 10.00 = 90.00 ; 13.00 − 1.30 = 11.70 ; 133.00 − 11.30 = 121.70 ; retained 1.00 − 0.10 = 0.90
    expect(libro.totales).toEqual({
      documentos: 2,
      exentas: '20.00',
      noSujetas: '0.00',
      gravadas: '90.00',
      debitoFiscal: '11.70',
      ivaRetenido: '0.90',
      total: '121.70',
    });
  });

  it('ventas a consumidor final: per day, the contingency document apart until sealed', () => {
    const libro = libroDelMes(ventasConsumidor(noviembre), mes, noviembre, 'dias');
    expect(
      libro.dias.map((d) => [
        d.fecha,
        d.tipoDte,
        d.documentos,
        d.del.numeroControl,
        d.al.numeroControl,
        d.montos.total,
      ]),
    ).toEqual([
      ['2026-11-05', '01', 2, 'DTE-01-M001P001-000000000000003', 'DTE-01-M001P001-000000000000004', '33.90'],
      ['2026-11-07', '11', 1, 'DTE-11-M001P001-000000000000009', 'DTE-11-M001P001-000000000000009', '500.00'],
    ]);
    // 33.90 + 500.00 = 533.90 ; IVA inside the Facturas 1.30 + 2.60 = 3.90
    expect(libro.totales).toMatchObject({
      documentos: 3,
      gravadas: '33.90',
      debitoFiscal: '3.90',
      exportacionesCentroamerica: '500.00',
      total: '533.90',
    });
    expect(libro.pendientesDeSello).toEqual([
      { numeroControl: 'DTE-01-M001P001-000000000000007', codigoGeneracion: uuid(7), fecha: '2026-11-06' },
    ]);
  });

  it('débito fiscal of the period: 11.70 + 3.90 = 15.60', () => {
    expect(libroDelMes(debitoFiscal(noviembre), mes, noviembre)).toEqual({
      periodo: '2026-11',
      contribuyentes: '11.70',
      consumidorFinal: '3.90',
      total: '15.60',
    });
  });
});

it('reads from what the emisor’s list keeps of each document (lecturaDeLibros) every book and annex the whole DTE gives', () => {
  const leido = mes.map((d) => ({ ...d, dte: lecturaDeLibros(d.dte, d.tipoDte) }));
  expect(JSON.stringify(leido[0]!.dte).length).toBeLessThan(JSON.stringify(ccf.dte).length / 2);
  for (const anexo of ANEXOS_F07)
    expect(filasAnexo(anexo, leido, noviembre, { tipoIngreso: 2 })).toEqual(
      filasAnexo(anexo, mes, noviembre, { tipoIngreso: 2 }),
    );
  for (const { iniciar } of Object.values(LIBROS))
    expect(libroDelMes(iniciar(noviembre), leido, noviembre, 'lineas')).toEqual(
      libroDelMes(iniciar(noviembre), mes, noviembre, 'lineas'),
    );
});
