import { ANEXOS_F07, ANEXOS_F07_COMPRAS, CODIGOS_TIPO_INGRESO, TIPOS_INGRESO } from '@dte/domain';
import { EMITIDO } from '../openapi/examples';
import { example, json, type Operation } from '../openapi/operation';
import { anexoF07, debitoFiscal, libroCompras, libroConsumidor, libroContribuyentes } from '../openapi/schemas';
import { XLSX } from './libros';

const periodoParam = {
  name: 'periodo',
  in: 'query',
  required: true,
  description: 'The month, YYYY-MM, from 2021-01 to the current one',
  schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
};
/** A book as a file: a spreadsheet or a PDF. */
const archivosLibro = {
  [XLSX]: { schema: { type: 'string', contentMediaType: XLSX } },
  'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
};
/** A book covers a month (`periodo`) or a date range. */
const periodoLibroParams = [
  { ...periodoParam, required: false, description: 'The month, YYYY-MM; or give `desde` and `hasta` instead' },
  {
    name: 'desde',
    in: 'query',
    required: false,
    description:
      'First day of a date range (YYYY-MM-DD, from 2021-01-01), with `hasta`; at most 366 days. Answered as ' +
      '`periodo` "desde/hasta"',
    schema: { type: 'string', format: 'date' },
  },
  {
    name: 'hasta',
    in: 'query',
    required: false,
    description: 'Last day of the date range (YYYY-MM-DD), inclusive; at most tomorrow in El Salvador',
    schema: { type: 'string', format: 'date' },
  },
];
const formatoLibroParam = {
  name: 'formato',
  in: 'query',
  required: false,
  description:
    'JSON; an XLSX spreadsheet, or a PDF (Letter, landscape, pages numbered), each with the emisor, the period, ' +
    'the lines and a totals row',
  schema: { type: 'string', enum: ['json', 'xlsx', 'pdf'], default: 'json' },
};
const establecimientoParam = {
  name: 'establecimiento',
  in: 'query',
  required: false,
  description: 'One establishment’s documents only (its codEstable); all of them without it',
  schema: { type: 'string', pattern: '^[A-Za-z0-9]{4}$' },
};

export const librosOperations: Operation[] = [
  {
    method: 'get',
    path: '/libros/ventas-contribuyentes',
    operationId: 'getLibroVentasContribuyentes',
    tag: 'Books',
    summary: 'Libro de ventas a contribuyentes of a month or date range',
    description:
      'One line per CCF, Nota de Crédito (negative) and Nota de Débito counted in the month, in emission order, ' +
      'and their totals. Written as it is made, a day of documents at a time: a month of any size is answered ' +
      'as JSON or spreadsheet; the PDF is printed up to 5,000 lines.',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [...periodoLibroParams, establecimientoParam, formatoLibroParam],
    responses: {
      200: {
        description: 'The book',
        content: {
          ...archivosLibro,
          ...json(
            libroContribuyentes,
            example('A CCF', {
              status: 'success',
              data: {
                periodo: '2026-11',
                lineas: [
                  {
                    fecha: '2026-11-03',
                    tipoDte: '03',
                    numeroControl: 'DTE-03-M001P001-000000000000001',
                    codigoGeneracion: EMITIDO,
                    selloRecibido: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78',
                    receptor: { nit: '06140101901015', dui: null, nombre: 'SALVADOR CABAL' },
                    montos: {
                      exentas: '0.00',
                      noSujetas: '0.00',
                      gravadas: '100.00',
                      debitoFiscal: '13.00',
                      ivaRetenido: '0.00',
                      total: '113.00',
                    },
                  },
                ],
                totales: {
                  documentos: 1,
                  exentas: '0.00',
                  noSujetas: '0.00',
                  gravadas: '100.00',
                  debitoFiscal: '13.00',
                  ivaRetenido: '0.00',
                  total: '113.00',
                },
                pendientesDeSello: [],
              },
            }),
          ),
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 422: ['BOOK_TOO_LARGE_FOR_PDF'] },
  },
  {
    method: 'get',
    path: '/libros/ventas-consumidor',
    operationId: 'getLibroVentasConsumidor',
    tag: 'Books',
    summary: 'Libro de ventas a consumidor final of a month or date range',
    description:
      'Per day and type (Factura, Factura de Exportación, retorno of a Factura): the first and last document ' +
      'and their totals; a Factura’s gravadas include their IVA, reported apart as débito fiscal; a retorno’s ' +
      'amounts are negative.',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [...periodoLibroParams, establecimientoParam, formatoLibroParam],
    responses: {
      200: {
        description: 'The book',
        content: {
          ...archivosLibro,
          ...json(
            libroConsumidor,
            example('One day of Facturas', {
              status: 'success',
              data: {
                periodo: '2026-11',
                dias: [
                  {
                    fecha: '2026-11-05',
                    tipoDte: '01',
                    documentos: 2,
                    del: { numeroControl: 'DTE-01-M001P001-000000000000003', codigoGeneracion: EMITIDO },
                    al: {
                      numeroControl: 'DTE-01-M001P001-000000000000004',
                      codigoGeneracion: 'B2D4F6A8-2C3E-4F70-9BAC-1D2E3F4A5B6C',
                    },
                    montos: {
                      exentas: '0.00',
                      noSujetas: '0.00',
                      gravadas: '33.90',
                      debitoFiscal: '3.90',
                      exportacionesCentroamerica: '0.00',
                      exportacionesFuera: '0.00',
                      exportacionesServicios: '0.00',
                      total: '33.90',
                    },
                  },
                ],
                totales: {
                  documentos: 2,
                  exentas: '0.00',
                  noSujetas: '0.00',
                  gravadas: '33.90',
                  debitoFiscal: '3.90',
                  exportacionesCentroamerica: '0.00',
                  exportacionesFuera: '0.00',
                  exportacionesServicios: '0.00',
                  total: '33.90',
                },
                pendientesDeSello: [],
              },
            }),
          ),
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
  {
    method: 'get',
    path: '/libros/debito-fiscal',
    operationId: 'getDebitoFiscal',
    tag: 'Books',
    summary: 'The débito fiscal of a month or date range',
    description: 'The IVA of the sales to contribuyentes (notes signed) and to consumidores finales.',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [...periodoLibroParams, establecimientoParam],
    responses: {
      200: {
        description: 'The summary',
        content: json(
          debitoFiscal,
          example('November', {
            status: 'success',
            data: { periodo: '2026-11', contribuyentes: '11.70', consumidorFinal: '3.90', total: '15.60' },
          }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
  {
    method: 'get',
    path: '/libros/compras',
    operationId: 'getLibroCompras',
    tag: 'Books',
    summary: 'Libro de compras of a month or date range',
    description:
      'Reglamento del Código Tributario art. 86: one line per CCF, Nota de Crédito (negative) and Nota de Débito ' +
      'received from a supplier and verified at MH (`VERIFICADO`, or `CONFIRMADO` by a person) with its emission ' +
      'date in the period, in the order the service recorded them, then one per FSE the emisor issued (its ' +
      'purchases from sujetos excluidos); the crédito fiscal, the IVA the supplier perceived and the IVA the emisor ' +
      'withheld, and the totals. A document invalidated by its supplier (`INVALIDADO_EN_MH`) is left out; one MH ' +
      'has not answered for, and one waiting for a person (`POR_CONFIRMAR`), are listed apart. Read a batch of documents at a time: a month of any size is answered as JSON or ' +
      'spreadsheet; the PDF is printed up to 5,000 lines. No `establecimiento`: received documents are none of ' +
      'the emisor’s establishments.',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [...periodoLibroParams, formatoLibroParam],
    responses: {
      200: {
        description: 'The book',
        content: {
          ...archivosLibro,
          ...json(
            libroCompras,
            example('A CCF received', {
              status: 'success',
              data: {
                periodo: '2026-11',
                lineas: [
                  {
                    correlativo: 1,
                    fecha: '2026-11-03',
                    tipoDte: '03',
                    numeroControl: 'DTE-03-S001P001-000000000000001',
                    codigoGeneracion: EMITIDO,
                    selloRecibido: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78',
                    proveedor: { nit: '06142803901121', dui: null, nombre: 'PROVEEDORA, S.A. DE C.V.' },
                    montos: {
                      exentas: '20.00',
                      noSujetas: '0.00',
                      gravadas: '100.00',
                      creditoFiscal: '13.00',
                      ivaPercibido: '1.00',
                      ivaRetenido: '0.00',
                      sujetosExcluidos: '0.00',
                      totalCompras: '120.00',
                    },
                  },
                ],
                totales: {
                  documentos: 1,
                  exentas: '20.00',
                  noSujetas: '0.00',
                  gravadas: '100.00',
                  creditoFiscal: '13.00',
                  ivaPercibido: '1.00',
                  ivaRetenido: '0.00',
                  sujetosExcluidos: '0.00',
                  totalCompras: '120.00',
                },
                pendientesDeVerificacion: [],
                pendientesDeConfirmacion: [],
              },
            }),
          ),
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 422: ['BOOK_TOO_LARGE_FOR_PDF'] },
  },
  {
    method: 'get',
    path: '/anexos/f07/{anexo}',
    operationId: 'getAnexoFormularioIva',
    tag: 'Books',
    summary: 'An annex of the F-07 declaration, as DGII’s portal imports it',
    description:
      '`ventas-contribuyentes` (anexo 1), `ventas-consumidor-final` (anexo 2), `documentos-anulados`, ' +
      '`retenciones` (anexo 10, 1 %) and `retenciones-13` (anexo 12), from the documents the emisor issued; ' +
      '`compras` (anexo 3), `retenciones-recibidas` (anexo 7, the 1 % its clients withheld with the Comprobantes ' +
      'de Retención they sent it) and `percepciones-recibidas` (anexo 8, the 1 % its suppliers perceived), from ' +
      'the documents it received and MH verified; `compras-sujetos-excluidos` (anexo 5) from the FSEs it ' +
      'issued. JSON rows name the documents they report (numeroControl); `formato=csv` is DGII’s file: `;`, no ' +
      'header, CRLF, Windows-1252, dates dd/mm/aaaa, amounts with 2 decimals. From the 2025 periods anexos 1 ' +
      'and 2 need the emisor’s `tipoIngreso` (Renta), given once and remembered. From February 2024 anexos 3 and 5 carry each purchase’s ' +
      'Renta classification: anexo 3 a document’s own or its supplier’s (`PATCH /compras/{codigoGeneracion}`), ' +
      'else the four codes given here; anexo 5 the four codes given here. Anexo 3 with a purchase that has ' +
      'none is refused with 400, naming it.',
    authenticated: true,
    permission: 'LIBROS',
    parameters: [
      {
        name: 'anexo',
        in: 'path',
        required: true,
        schema: { type: 'string', enum: [...ANEXOS_F07, ...Object.keys(ANEXOS_F07_COMPRAS)] },
      },
      periodoParam,
      establecimientoParam,
      {
        name: 'formato',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['json', 'csv'], default: 'json' },
      },
      {
        name: 'tipoIngreso',
        in: 'query',
        required: false,
        description:
          'The emisor’s tipo de ingreso (Renta), column S of anexo 1 and V of anexo 2, a code of DGII’s annex ' +
          'manual v14 (it has no 11). Required by anexos 1 and 2 from the 2025 periods, but only once: the last ' +
          'one given is remembered for the emisor and used when a request omits it. Before any was given, ' +
          `omitting it answers 400 \`VALIDATION_ERROR\` naming \`tipoIngreso\` and the codes. Codes: ${CODIGOS_TIPO_INGRESO}.`,
        schema: {
          type: 'integer',
          enum: Object.keys(TIPOS_INGRESO).map(Number),
          'x-enumDescriptions': TIPOS_INGRESO,
        },
      },
      ...(
        [
          [
            'tipoOperacion',
            'Q / I: 1 gravada, 2 no gravada o exenta, 3 excluido o no constituye renta, 4 mixta',
            [1, 2, 3, 4],
          ],
          ['clasificacion', 'R / J: 1 costo, 2 gasto', [1, 2]],
          [
            'sector',
            'S / K: 1 industria, 2 comercio, 3 agropecuaria, 4 servicios, profesiones, artes y oficios',
            [1, 2, 3, 4],
          ],
          [
            'tipoCostoGasto',
            'T / L: 1–3 gastos de venta, administración, financieros; 4–7 costos (6 and 7 in industry only)',
            [1, 2, 3, 4, 5, 6, 7],
          ],
        ] as const
      ).map(([name, description, valores]) => ({
        name,
        in: 'query',
        required: false,
        description:
          `Anexos 3 and 5: the Renta classification of the purchases without one, ${description}; ` +
          '8 or 9 in all four columns (DGII’s codes for operations in more than one annex, and for the non-deductible)',
        schema: { type: 'integer', enum: [...valores, 8, 9] },
      })),
    ],
    responses: {
      200: {
        description: 'The annex’s rows, or its file',
        content: {
          ...json(
            anexoF07,
            example('The anulados of November', {
              status: 'success',
              data: {
                anexo: 'documentos-anulados',
                periodo: '2026-11',
                filas: [
                  {
                    documentos: ['DTE-01-M001P001-000000000000008'],
                    columnas: [
                      'DTE01M001P001000000000000008',
                      '4',
                      '0',
                      '0',
                      '01',
                      'D',
                      '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78',
                      '0',
                      '0',
                      '3F2504E04F8941D39A0C0305E82C3301',
                    ],
                  },
                ],
              },
            }),
          ),
          'text/csv': { schema: { type: 'string' } },
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
];
