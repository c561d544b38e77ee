import { documentKind, examples, versionEn, type DteTipo } from '@dte/domain';
import type { z } from 'zod';
import type { documentRecord } from './schemas';

const { contribuyente, direccion } = examples;
/** The taxpayer as DTE 04's receptor and DTE 15's donante take it: by its document, without the CCF's `nit`. */
const { nit: _nit, ...porDocumento } = contribuyente;

/**
 * Example bodies the reference's operations share, and those the integration tests issue; the rest are beside
 * their route's operations (`<route>.openapi.ts`). The unit test parses each request example with its route's
 * schema and validates every example against the document, so they cannot drift from what the API takes and
 * answers.
 */

export interface Example {
  summary: string;
  value: unknown;
}

export const CCF = '7DB52D4B-5C2E-4D0F-9E9A-3C1B2A8F6E01';
export const FACTURA = 'A1C3E5F7-1B2D-4E6F-8A9B-0C1D2E3F4A5B';
export const REEMPLAZO = 'B2D4F6A8-2C3E-4F70-9BAC-1D2E3F4A5B6C';
export const EMITIDO = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';

/** One realistic body per kind, with the `total` its document comes to (worked out by hand). */
export const ISSUANCE_EXAMPLES: Record<DteTipo, { summary: string; body: unknown; total: string }> = {
  FACTURA_CONSUMIDOR_FINAL: {
    summary: 'Two units at $11.30, IVA included, paid in cash',
    body: {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo: 'juan@example.com' },
      items: [{ descripcion: 'Producto A', cantidad: 2, precioUnitario: 11.3 }],
      condicionOperacion: 1,
      observaciones: 'Entregar en recepción',
    },
    total: '22.60',
  },
  CREDITO_FISCAL: {
    summary: 'A $100 service on 30 days credit; 13 % IVA added',
    body: {
      receptor: contribuyente,
      items: [{ descripcion: 'Asesoría legal', cantidad: 1, precioUnitario: 100, codigo: 'SERV-01', tipoItem: 2 }],
      condicionOperacion: 2,
      pago: { codigo: '05', plazo: '01', periodo: 30 },
      isRetenIva: false,
    },
    total: '113.00',
  },
  NOTA_REMISION: {
    summary: 'Goods sent on consignment for a Factura; 13 % IVA added on the taxed line',
    body: {
      receptor: { ...porDocumento, bienTitulo: '03' },
      documentosRelacionados: [
        { tipoDocumento: '01', tipoGeneracion: 2, numeroDocumento: FACTURA, fechaEmision: '2026-11-20' },
      ],
      items: [
        { descripcion: 'Cemento (bolsa)', cantidad: 10, precioUnitario: 12.5, numeroDocumento: FACTURA },
        { descripcion: 'Libros', cantidad: 2, precioUnitario: 15, tipoImpuesto: 'EXENTO' },
      ],
      observaciones: 'Entrega en bodega de San Miguel',
    },
    // 125.00 gravada + 30.00 exenta + 13 % of 125.00 (16.25)
    total: '171.25',
  },
  NOTA_CREDITO: {
    summary: 'A $10 discount on a CCF; the receptor is the original one',
    body: {
      codigoGeneracion: CCF,
      items: [{ descripcion: 'Descuento por pronto pago', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    },
    total: '11.30',
  },
  NOTA_DEBITO: {
    summary: 'A $5 late-payment charge on a CCF',
    body: {
      codigoGeneracion: CCF,
      items: [{ descripcion: 'Intereses por mora', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    },
    total: '5.65',
  },
  COMPROBANTE_RETENCION: {
    summary: '1 % IVA withheld on an electronic CCF, 13 % on a paper invoice',
    body: {
      receptor: {
        tipoDocumento: '36',
        numDocumento: '06140101901015',
        nombre: 'PROVEEDOR RETENIDO, S.A.',
        correo: 'retenido@example.com',
        nrc: '9000009',
        codActividad: '69100',
        descActividad: 'Actividades jurídicas',
        direccion,
      },
      cuerpoDocumento: [
        {
          numItem: 1,
          tipoDte: '03',
          tipoGeneracion: 2,
          numDocumento: CCF,
          fechaEmision: '2025-11-20',
          montoSujetoGrav: 250,
          codigoRetencionMH: '22',
          ivaRetenido: 2.5,
          descripcion: 'Retención 1 % IVA',
        },
        {
          numItem: 2,
          tipoDte: '03',
          tipoGeneracion: 1,
          numDocumento: 'F001234',
          fechaEmision: '2025-11-20',
          montoSujetoGrav: 100,
          codigoRetencionMH: 'C4',
          ivaRetenido: 13,
          descripcion: 'Retención 13 % IVA',
        },
      ],
    },
    total: '15.50',
  },
  COMPROBANTE_LIQUIDACION: {
    summary: 'Two sales made for the mandante: an electronic CCF and a paper Factura',
    body: {
      receptor: contribuyente,
      cuerpoDocumento: [
        { tipoDte: '03', tipoGeneracion: 2, numeroDocumento: CCF, fechaEmision: '2026-11-02', ventaGravada: 1000 },
        {
          tipoDte: '01',
          tipoGeneracion: 1,
          numeroDocumento: 'F0001234',
          fechaEmision: '2026-11-05',
          ventaExenta: 200,
          observaciones: 'Venta de libros',
        },
      ],
      observaciones: 'Ventas por cuenta del mandante, noviembre',
    },
    // 1,000.00 gravada + 200.00 exenta + IVA 13 % of 1,000.00 = 130.00
    total: '1330.00',
  },
  DOCUMENTO_CONTABLE_LIQUIDACION: {
    summary: 'A fortnight of card sales liquidated to an afiliado, with 3 % commission',
    body: {
      receptor: { ...contribuyente, nombreComercial: 'Bufete Cabal', tipoEstablecimiento: '01' },
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
      extension: { nombEntrega: 'Ana María López', docuEntrega: '01234567-8' },
    },
    // subTotal 5,650.00 ; IVA 13/113 = 650.00 ; percibido 2 % of 5,000.00 = 100.00 ; IVA of the commission
    // 22.48 ; paid 5,763.00 − 100.00 − 172.89 − 22.48 = 5,467.63
    total: '5467.63',
  },
  FACTURA_EXPORTACION: {
    summary: 'Coffee shipped CIF through Acajutla, with flete and seguro',
    body: {
      receptor: {
        nombre: 'COFFEE IMPORTERS INC.',
        tipoDocumento: '37',
        numDocumento: 'EIN 12-3456789',
        codPais: 'US',
        complemento: '100 Harbor Blvd, Long Beach, CA 90802',
        tipoPersona: 2,
        descActividad: 'Importación y distribución de café',
        correo: 'compras@coffee-importers.example',
      },
      exportacion: {
        tipoItemExpor: 1,
        recintoFiscal: '02',
        regimen: '1000.000',
        codIncoterms: '11',
        flete: 650,
        seguro: 125.35,
      },
      items: [{ descripcion: 'Café oro lavado (qq)', cantidad: 100, precioUnitario: 185.5, uniMedida: 59 }],
      condicionOperacion: 1,
    },
    // 100 × 185.50 = 18,550.00 + seguro 125.35 + flete 650.00, IVA 0 %
    total: '19325.35',
  },
  SUJETO_EXCLUIDO: {
    summary: 'Services bought from a person without IVA registration; 10 % income tax withheld',
    body: {
      sujetoExcluido: {
        tipoDocumento: '13',
        numDocumento: '01234567-8',
        nombre: 'María López',
        direccion,
        correo: 'maria@example.com',
      },
      items: [
        { descripcion: 'Servicio de limpieza', cantidad: 3, precioUnitario: 45.5, tipoItem: 2 },
        { descripcion: 'Materiales', cantidad: 1, precioUnitario: 12.35, montoDescu: 1 },
      ],
      condicionOperacion: 1,
      applyrent: true,
    },
    total: '133.06',
  },
  COMPROBANTE_DONACION: {
    summary: 'A donation in cash and in used goods to a qualified foundation',
    body: {
      donante: { ...porDocumento, codDomiciliado: 1 },
      otrosDocumentos: [
        {
          codDocAsociado: 1,
          descDocumento: 'Resolución 12345-2025',
          detalleDocumento: 'Calificación de entidad de utilidad pública',
        },
      ],
      items: [
        { tipoDonacion: 1, cantidad: 1, descripcion: 'Aporte para becas', valorUnitario: 300 },
        { tipoDonacion: 2, cantidad: 5, descripcion: 'Computadoras usadas', valorUnitario: 250, depreciacion: 400 },
      ],
      pagos: [{ codigo: '05', montoPago: 300, referencia: 'TRF-88812' }],
    },
    // 300.00 cash + 5 × 250.00 − 400.00 depreciation = 850.00 goods
    total: '1150.00',
  },
  RETORNO: {
    summary: 'Two of the four chairs of a Factura come back',
    body: {
      documentoOrigen: FACTURA,
      items: [{ numItem: 1, cantidadRetorno: 2 }],
      motivo: 'Producto defectuoso',
    },
    total: '44.20',
  },
};

export const ANULACION_EXAMPLE: Example = {
  summary: 'Replace a Factura that had a wrong price (tipoAnulacion 1)',
  value: {
    codigoGeneracion: FACTURA,
    codigoGeneracionR: REEMPLAZO,
    motivo: {
      tipoAnulacion: 1,
      motivoAnulacion: 'Error en el precio',
      nombreResponsable: 'María Gómez',
      tipDocResponsable: '13',
      numDocResponsable: '012345678',
      nombreSolicita: 'Juan Pérez',
      tipDocSolicita: '13',
      numDocSolicita: '023456783',
    },
  },
};

export const respuestaMh = (codigoGeneracion: string) => ({
  estado: 'PROCESSED' as const,
  version: 2,
  ambiente: '00',
  codigoMsg: '001',
  versionApp: 2,
  clasificaMsg: '10',
  observaciones: [],
  selloRecibido: '2025K4Q9T2ZB7XH1M3C8R6P0W5N4J2D9F7L1A3S5',
  descripcionMsg: 'RECIBIDO',
  fhProcesamiento: '22/11/2025 10:15:30',
  codigoGeneracion,
});

/** The record of an issuance of `tipo`, accepted or rejected by MH; `dteJson` is cut to its identificacion. */
export function recordExamples(tipo: DteTipo): Record<'processed' | 'rejected', Example> {
  const { tipoDte } = documentKind(tipo);
  const version = versionEn(tipo, '2026');
  const numeroControl = `DTE-${tipoDte}-M001P001-000000000000001`;
  // The Evento de Retorno names its type tipoEvento and carries no numeroControl (the record still does).
  const tipoYNumero = tipoDte === '18' ? { tipoEvento: tipoDte } : { tipoDte, numeroControl };
  const files = `emisores/empresa-demo/DTES/TEST/2025/11/22/DTE${tipoDte}`;
  const accepted = respuestaMh(EMITIDO);
  const base: z.input<typeof documentRecord> = {
    id: 42,
    tipo,
    codigoGeneracion: EMITIDO,
    numeroControl,
    estado: 'PROCESSED',
    ambiente: 'TEST',
    total: ISSUANCE_EXAMPLES[tipo].total,
    dteJson: {
      identificacion: {
        version,
        ambiente: '00',
        ...tipoYNumero,
        codigoGeneracion: EMITIDO,
        tipoModelo: 1,
        tipoOperacion: 1,
        fecEmi: '2025-11-22',
        horEmi: '10:15:28',
        tipoMoneda: 'USD',
      },
    },
    dteFirmado: 'eyJhbGciOiJSUzUxMiJ9.eyJpZGVudGlmaWNhY2lvbiI6ey4uLn19.Q2bX…',
    selloRecibido: accepted.selloRecibido,
    respuestaMh: accepted,
    dteJsonUrl: `${files}/json/${EMITIDO}.json`,
    dtePdfUrl: `${files}/pdf/${EMITIDO}.pdf`,
    sequenceNumber: '1',
    sequenceId: 7,
    serie: 'P001',
    emisorId: 1,
    branchId: 1,
    pointOfSaleId: 1,
    tokenId: 3,
    errorTecnico: null,
    createdAt: '2025-11-22T16:15:31.204Z',
    analisisHacienda: {
      estadoDocumento: 'PROCESSED',
      aceptadoPorMH: true,
      tieneObservaciones: false,
      observaciones: [],
      erroresValidacion: [],
      mensaje: 'Documento recibido por el Ministerio de Hacienda: RECIBIDO',
    },
  };
  const motivo = '[receptor.numDocumento] VALOR DEL CAMPO NO VALIDO';
  return {
    processed: { summary: 'Accepted by MH', value: { status: 'success', data: base } },
    rejected: {
      summary: 'Rejected by MH (still 201)',
      value: {
        status: 'success',
        data: {
          ...base,
          estado: 'REJECTED',
          selloRecibido: null,
          respuestaMh: {
            ...accepted,
            estado: 'RECHAZADO',
            codigoMsg: '003',
            clasificaMsg: '13',
            selloRecibido: null,
            descripcionMsg: motivo,
          },
          dteJsonUrl: null,
          dtePdfUrl: null,
          errorTecnico: `Documento rechazado por el Ministerio de Hacienda: ${motivo}`,
          analisisHacienda: {
            estadoDocumento: 'REJECTED',
            aceptadoPorMH: false,
            tieneObservaciones: false,
            observaciones: [],
            erroresValidacion: [motivo],
            mensaje: motivo,
          },
        },
      },
    },
  };
}
