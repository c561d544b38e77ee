import {
  buildComprobanteRetencionV1,
  buildComprobanteRetencionV2,
  buildCreditoFiscalV3,
  buildCreditoFiscalV4,
  buildFacturaV1,
  buildFacturaV2,
  buildNotaCreditoV3,
  buildNotaCreditoV4,
  buildNotaDebitoV3,
  buildNotaDebitoV4,
  buildRetornoV1,
  buildSujetoExcluidoV1,
  buildSujetoExcluidoV2,
  dte01Request,
  dte03Request,
  dte07Request,
  dte14Request,
  examples,
  formatNumeroControl,
  notaRequest,
  parseRequest,
  retornoRequest,
  type BuildContext,
  type Dte,
  type EmisorDte,
  type MhSchemaName,
} from '@dte/domain';

/**
 * One document of each kind in both of MH's schema generations (2023, and Normativa DTE 2.0 of 2026),
 * built by the domain's builders from the same requests, with what their legible version and e-mail must
 * show. Documents with more decimals than cents show them rounded (ivaItem 10.39999999 → $10.40).
 */

export const SELLO = '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78';

/** Santa Tecla (CAT-008 05/11), La Libertad Sur (CAT-013 05/28): v1/v3 write the distrito in complemento. */
const emisor: EmisorDte = {
  nit: '06142803901121',
  nrc: '2345678',
  nombre: 'EMPRESA DEMOSTRACION, S.A. DE C.V.',
  nombreComercial: 'DEMO DTE',
  codActividad: '62010',
  descActividad: 'Programación informática',
  tipoEstablecimiento: '02',
  direccion: { departamento: '05', municipio: '28', distrito: '11', complemento: 'Paseo El Carmen #7' },
  telefono: '2222-3333',
  correo: 'facturacion@demo.example',
  codEstableMH: 'M001',
  codEstable: 'M001',
  codPuntoVentaMH: 'P001',
  codPuntoVenta: 'P001',
};

let correlativo = 0;
function ctx(tipoDte: string): BuildContext {
  correlativo++;
  return {
    ambiente: '00',
    codigoGeneracion: `3F2504E0-4F89-41D3-9A0C-${String(correlativo).padStart(12, '0')}`,
    numeroControl: formatNumeroControl(tipoDte, 'M001', 'P001', correlativo),
    fecEmi: '2026-11-20',
    horEmi: '10:19:44',
    emisor,
    contingencia: null,
  };
}

const aceptado = (dte: Dte) => ({ estado: 'PROCESSED', dte, selloRecibido: SELLO });

const factura = parseRequest(dte01Request, {
  receptor: {
    nombre: 'Ana Beatriz Rivas',
    tipoDocumento: '13',
    numDocumento: '012345678',
    correo: 'ana@example.com',
    direccion: examples.direccion,
  },
  items: [
    { descripcion: 'Silla de oficina ergonómica', cantidad: 2, precioUnitario: 45.2 },
    { descripcion: 'Libro de contabilidad', cantidad: 1, precioUnitario: 12, tipoImpuesto: 'EXENTO' },
  ],
  condicionOperacion: 1,
  observaciones: 'Entregar en bodega 3',
});
const creditoFiscal = parseRequest(dte03Request, {
  receptor: examples.contribuyente,
  items: [{ descripcion: 'Cemento gris 42.5 kg', cantidad: 100, precioUnitario: 8.25 }],
  condicionOperacion: 2,
  pago: { codigo: '05', plazo: '01', periodo: 30, referencia: 'TRF-0091' },
  isRetenIva: true,
});
const nota = (codigoGeneracion: string, descripcion: string, precioUnitario: number, cantidad: number) =>
  parseRequest(notaRequest, {
    items: [{ descripcion, cantidad, precioUnitario }],
    condicionOperacion: 1,
    codigoGeneracion,
    isRetenIva: true,
  });
const retencion = (ccf: Dte) =>
  parseRequest(dte07Request, {
    receptor: examples.contribuyente,
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoDte: '03',
        tipoGeneracion: 2,
        numDocumento: ccf.identificacion.codigoGeneracion,
        fechaEmision: ccf.identificacion.fecEmi,
        montoSujetoGrav: 1500,
        codigoRetencionMH: '22',
        ivaRetenido: 15,
        descripcion: 'Retención IVA 1% compra de herramientas',
      },
    ],
  });
const sujetoExcluido = parseRequest(dte14Request, {
  sujetoExcluido: {
    tipoDocumento: '13',
    numDocumento: '045678903',
    nombre: 'José Antonio Pérez',
    // Ilopango (CAT-008 06/07), San Salvador Este (CAT-013 06/22).
    direccion: { departamento: '06', municipio: '22', distrito: '07', complemento: 'Cantón Santa Lucía' },
  },
  items: [{ descripcion: 'Asesoría agrícola', cantidad: 2, precioUnitario: 100.05, tipoItem: 2 }],
  condicionOperacion: 1,
  applyrent: true,
});
const retorno = (original: Dte, cantidadRetorno: number) =>
  parseRequest(retornoRequest, {
    documentoOrigen: original.identificacion.codigoGeneracion,
    items: [{ numItem: 1, cantidadRetorno }],
    motivo: 'Producto defectuoso',
  });

const fe1 = buildFacturaV1(ctx('01'), factura);
const fe2 = buildFacturaV2(ctx('01'), factura);
const ccf3 = buildCreditoFiscalV3(ctx('03'), creditoFiscal);
const ccf4 = buildCreditoFiscalV4(ctx('03'), creditoFiscal);
const fse1 = buildSujetoExcluidoV1(ctx('14'), sujetoExcluido);
const fse2 = buildSujetoExcluidoV2(ctx('14'), sujetoExcluido);

export interface Documento {
  nombre: string;
  /** As the service names it (deliver.ts): MH's CAT-002, 2026 edition. */
  tipoNombre: string;
  schema: MhSchemaName;
  dte: Dte;
  item: string;
  /** The title of the receptor's party, and its name. */
  parte: string;
  receptor: string;
  /** The settled total, printed in bold. */
  total: [label: string, value: string];
  /** Label and value pairs the legible version must show. */
  campos: [label: string, value: string][];
}

/** CAT-013 and CAT-008 spell names in capitals, CAT-012 does not. */
const DIRECCION_RECEPTOR_2026 =
  'Colonia Escalón, calle 1 #10, Distrito SAN SALVADOR, SAN SALVADOR CENTRO, San Salvador';
const DIRECCION_RECEPTOR_2023 = 'Distrito 14, Colonia Escalón, calle 1 #10, SAN SALVADOR CENTRO, San Salvador';

export const documentos: Documento[] = [
  {
    nombre: 'FE v1',
    tipoNombre: 'FACTURA',
    schema: 'fe-fc-v1',
    dte: fe1,
    item: 'Silla de oficina ergonómica',
    parte: 'RECEPTOR',
    receptor: 'Ana Beatriz Rivas',
    total: ['Total a pagar', '$102.40'],
    campos: [
      ['Dirección', DIRECCION_RECEPTOR_2023],
      ['IVA retenido', '$0.00'],
      ['IVA incluido en las ventas gravadas', '$10.40'],
      ['Observaciones', 'Entregar en bodega 3'],
    ],
  },
  {
    nombre: 'FE v2',
    tipoNombre: 'FACTURA',
    schema: 'fe-f-v2',
    dte: fe2,
    item: 'Silla de oficina ergonómica',
    parte: 'RECEPTOR',
    receptor: 'Ana Beatriz Rivas',
    total: ['Total a pagar', '$102.40'],
    campos: [
      ['Dirección', DIRECCION_RECEPTOR_2026],
      ['Dirección', 'Paseo El Carmen #7, Distrito SANTA TECLA, LA LIBERTAD SUR, La Libertad'],
      ['IVA retenido', '$0.00'],
      ['IVA incluido en las ventas gravadas', '$10.40'],
      ['Observaciones', 'Entregar en bodega 3'],
    ],
  },
  {
    nombre: 'CCF v3',
    tipoNombre: 'COMPROBANTE DE CRÉDITO FISCAL',
    schema: 'fe-ccf-v3',
    dte: ccf3,
    item: 'Cemento gris 42.5 kg',
    parte: 'RECEPTOR',
    receptor: 'SALVADOR CABAL',
    total: ['Total a pagar', '$924.00'],
    campos: [
      ['Impuesto al Valor Agregado 13%', '$107.25'],
      ['IVA percibido', '$0.00'],
      ['IVA retenido', '$8.25'],
      ['Monto total de la operación', '$932.25'],
    ],
  },
  {
    nombre: 'CCF v4',
    tipoNombre: 'COMPROBANTE DE CRÉDITO FISCAL',
    schema: 'fe-ccf-v4',
    dte: ccf4,
    item: 'Cemento gris 42.5 kg',
    parte: 'RECEPTOR',
    receptor: 'SALVADOR CABAL',
    total: ['Total a pagar', '$924.00'],
    campos: [
      ['Dirección', DIRECCION_RECEPTOR_2026],
      ['Impuesto al Valor Agregado 13%', '$107.25'],
      ['IVA percibido', '$0.00'],
      ['IVA retenido', '$8.25'],
      ['Monto total de la operación', '$932.25'],
    ],
  },
  {
    nombre: 'NC v3',
    tipoNombre: 'NOTA DE CRÉDITO',
    schema: 'fe-nc-v3',
    dte: buildNotaCreditoV3(ctx('05'), nota(ccf3.identificacion.codigoGeneracion, 'Devolución cemento', 8.25, 10), [
      aceptado(ccf3),
    ]),
    item: 'Devolución cemento',
    parte: 'RECEPTOR',
    receptor: 'SALVADOR CABAL',
    total: ['Monto total de la operación', '$93.23'],
    campos: [
      ['Impuesto al Valor Agregado 13%', '$10.73'],
      ['IVA retenido', '$0.83'],
    ],
  },
  {
    nombre: 'NC v4',
    tipoNombre: 'NOTA DE CRÉDITO',
    schema: 'fe-nc-v4',
    dte: buildNotaCreditoV4(ctx('05'), nota(ccf4.identificacion.codigoGeneracion, 'Devolución cemento', 8.25, 10), [
      aceptado(ccf4),
    ]),
    item: 'Devolución cemento',
    parte: 'RECEPTOR',
    receptor: 'SALVADOR CABAL',
    total: ['Total a pagar', '$92.40'],
    campos: [
      ['Dirección', DIRECCION_RECEPTOR_2026],
      ['Impuesto al Valor Agregado 13%', '$10.73'],
      ['IVA percibido', '$0.00'],
      ['IVA retenido', '$0.83'],
      ['Monto total de la operación', '$93.23'],
    ],
  },
  {
    nombre: 'ND v3',
    tipoNombre: 'NOTA DE DÉBITO',
    schema: 'fe-nd-v3',
    dte: buildNotaDebitoV3(ctx('06'), nota(ccf3.identificacion.codigoGeneracion, 'Intereses por mora', 20, 1), [
      aceptado(ccf3),
    ]),
    item: 'Intereses por mora',
    parte: 'RECEPTOR',
    receptor: 'SALVADOR CABAL',
    total: ['Monto total de la operación', '$22.60'],
    campos: [
      ['Impuesto al Valor Agregado 13%', '$2.60'],
      ['IVA retenido', '$0.20'],
    ],
  },
  {
    nombre: 'ND v4',
    tipoNombre: 'NOTA DE DÉBITO',
    schema: 'fe-nd-v4',
    dte: buildNotaDebitoV4(ctx('06'), nota(ccf4.identificacion.codigoGeneracion, 'Intereses por mora', 20, 1), [
      aceptado(ccf4),
    ]),
    item: 'Intereses por mora',
    parte: 'RECEPTOR',
    receptor: 'SALVADOR CABAL',
    total: ['Total a pagar', '$22.40'],
    campos: [
      ['Impuesto al Valor Agregado 13%', '$2.60'],
      ['IVA retenido', '$0.20'],
      ['Monto total de la operación', '$22.60'],
    ],
  },
  {
    nombre: 'CR v1',
    tipoNombre: 'COMPROBANTE DE RETENCIÓN',
    schema: 'fe-cr-v1',
    dte: buildComprobanteRetencionV1(ctx('07'), retencion(ccf3)),
    item: 'Retención IVA 1% compra de herramientas',
    parte: 'SUJETO DE RETENCIÓN',
    receptor: 'SALVADOR CABAL',
    total: ['Total IVA retenido', '$15.00'],
    campos: [
      ['Total monto sujeto a retención', '$1,500.00'],
      ['Valor en letras', 'QUINCE DÓLARES CON 00/100'],
    ],
  },
  {
    nombre: 'CR v2',
    tipoNombre: 'COMPROBANTE DE RETENCIÓN',
    schema: 'fe-cr-v2',
    dte: buildComprobanteRetencionV2(ctx('07'), retencion(ccf4)),
    item: 'Retención IVA 1% compra de herramientas',
    parte: 'SUJETO DE RETENCIÓN',
    receptor: 'SALVADOR CABAL',
    total: ['Total IVA retenido', '$15.00'],
    campos: [
      ['Dirección', DIRECCION_RECEPTOR_2026],
      ['Total monto sujeto a retención', '$1,500.00'],
      ['IVA del monto sujeto a retención', '$195.00'],
      ['Valor en letras', 'QUINCE DÓLARES CON 00/100'],
    ],
  },
  {
    nombre: 'FSE v1',
    tipoNombre: 'FACTURA DE SUJETO EXCLUIDO',
    schema: 'fe-fse-v1',
    dte: fse1,
    item: 'Asesoría agrícola',
    parte: 'SUJETO EXCLUIDO',
    receptor: 'José Antonio Pérez',
    total: ['Total a pagar', '$180.09'],
    campos: [
      ['Dirección', 'Distrito 07, Cantón Santa Lucía, SAN SALVADOR ESTE, San Salvador'],
      ['Sumatoria de compras', '$200.10'],
      ['Retención de renta', '$20.01'],
    ],
  },
  {
    nombre: 'FSE v2',
    tipoNombre: 'FACTURA DE SUJETO EXCLUIDO',
    schema: 'fe-fse-v2',
    dte: fse2,
    item: 'Asesoría agrícola',
    parte: 'SUJETO EXCLUIDO',
    receptor: 'José Antonio Pérez',
    total: ['Total a pagar', '$180.09'],
    campos: [
      ['Dirección', 'Cantón Santa Lucía, Distrito ILOPANGO, SAN SALVADOR ESTE, San Salvador'],
      ['Sumatoria de compras', '$200.10'],
      ['Retención de renta', '$20.01'],
    ],
  },
  {
    nombre: 'retorno de una FE v1',
    tipoNombre: 'EVENTO DE RETORNO',
    schema: 'fe-eret-v1',
    dte: buildRetornoV1(ctx('18'), retorno(fe1, 1), [aceptado(fe1)]),
    item: 'Silla de oficina ergonómica',
    parte: 'RECEPTOR',
    receptor: 'Ana Beatriz Rivas',
    total: ['Total a pagar', '$45.20'],
    campos: [
      ['Motivo del retorno', 'Producto defectuoso'],
      ['Total ventas gravadas', '$45.20'],
      ['IVA incluido en las ventas gravadas', '$5.20'],
      ['Total operaciones no onerosas', '$0.00'],
    ],
  },
  {
    nombre: 'retorno de una FSE v2',
    tipoNombre: 'EVENTO DE RETORNO',
    schema: 'fe-eret-v1',
    dte: buildRetornoV1(ctx('18'), retorno(fse2, 1), [aceptado(fse2)]),
    item: 'Asesoría agrícola',
    parte: 'RECEPTOR',
    receptor: 'José Antonio Pérez',
    total: ['Total a pagar', '$90.04'],
    campos: [
      ['Motivo del retorno', 'Producto defectuoso'],
      ['Total compras a sujetos excluidos', '$100.05'],
      ['Retención de renta', '$10.01'],
    ],
  },
];
