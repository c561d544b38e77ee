import {
  documentKind,
  esquemaDe,
  tipoDeDte,
  validateMhSchema,
  type Dte,
  type DteTipo,
  type Generacion,
} from '@dte/domain';
import { type DocumentRecordView } from '@dte/store';
import { ENDPOINTS } from '../../apps/api/src/routes/issue';
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { anulacionRescindida } from '../support/fixtures';
import { legible } from '../support/legible';
import { waitForMail } from '../support/maildev';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * The kinds MH defines beyond the first six, on the real stack: each issued in both generations of MH's
 * schemas and accepted by the simulator, valid against its official schema, invalidated, its legible
 * version rendered to PNG among the test artefacts and read back, and bad input refused with its code.
 */

interface Caso {
  tipo: DteTipo;
  /** What a person must find on the legible version, besides its codigoGeneracion and numeroControl. */
  textos: string[];
  /** Bad input, each changing the documented example: the answer's status, code and offending field. */
  rechazos: { caso: string; cambio: (body: Json) => Json; status: number; code: string; campo?: string }[];
  /**
   * MH's 2023 invalidation schema cannot name a DTE of type 13 or above (its numeroControl pattern stops at
   * 12): such a document is invalidated once its emisor issues in the 2026 generation.
   */
  sinAnulacion2023?: true;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Each kind is issued with its documented example (`ISSUANCE_EXAMPLES`, whose total is worked out by hand
 * there), so the reference's examples are proven on the real stack in both generations.
 */
const casos: Caso[] = [
  {
    tipo: 'NOTA_REMISION',
    textos: [
      'NOTA DE REMISIÓN',
      'Título de los bienes: Consignación',
      'Cemento (bolsa)',
      'DOCUMENTOS RELACIONADOS',
      '$171.25',
    ],
    rechazos: [
      {
        caso: 'a title outside CAT-025',
        cambio: (b) => ({ ...b, receptor: { ...b.receptor, bienTitulo: '07' } }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'receptor.bienTitulo',
      },
      {
        caso: 'an item naming an unrelated document',
        cambio: (b) => ({
          ...b,
          items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1, numeroDocumento: 'F-9' }],
        }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'items[0].numeroDocumento',
      },
      {
        caso: 'a related document dated after the remisión',
        cambio: (b) => ({
          ...b,
          documentosRelacionados: [{ ...b.documentosRelacionados[0], fechaEmision: '2099-01-01' }],
        }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'documentosRelacionados[0].fechaEmision',
      },
    ],
  },
  {
    tipo: 'COMPROBANTE_LIQUIDACION',
    textos: ['COMPROBANTE DE LIQUIDACIÓN', 'COMISIONISTA', 'MANDANTE', 'F0001234', 'Venta de libros', '$1,330.00'],
    rechazos: [
      {
        caso: 'a line of a kind that is not liquidated',
        cambio: (b) => ({ ...b, cuerpoDocumento: [{ ...b.cuerpoDocumento[0], tipoDte: '07' }] }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'cuerpoDocumento[0].tipoDte',
      },
      {
        caso: 'a mandante without its NIT',
        cambio: (b) => ({ ...b, receptor: { ...b.receptor, nit: undefined } }),
        status: 400,
        code: 'RECEPTOR_VALIDATION_ERROR',
      },
    ],
  },
  {
    tipo: 'DOCUMENTO_CONTABLE_LIQUIDACION',
    textos: [
      'DOCUMENTO CONTABLE DE LIQUIDACIÓN',
      'AGENTE PERCEPTOR',
      'AFILIADO',
      'IVA percibido (2%): $100.00',
      '$5,467.63',
    ],
    rechazos: [
      {
        caso: 'a period that ends before it starts',
        cambio: (b) => ({ ...b, cuerpoDocumento: { ...b.cuerpoDocumento, periodoLiquidacionFechaFin: '2026-10-31' } }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'cuerpoDocumento.periodoLiquidacionFechaFin',
      },
      {
        caso: 'a negative commission',
        cambio: (b) => ({ ...b, cuerpoDocumento: { ...b.cuerpoDocumento, comision: -1 } }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'cuerpoDocumento.comision',
      },
    ],
  },
  {
    tipo: 'FACTURA_EXPORTACION',
    textos: [
      'FACTURA DE EXPORTACIÓN',
      'EXPORTADOR',
      'Marítima de Acajutla',
      'COFFEE IMPORTERS INC.',
      'Flete: $650.00',
      '$19,325.35',
    ],
    rechazos: [
      {
        caso: 'a country outside CAT-020',
        cambio: (b) => ({ ...b, receptor: { ...b.receptor, codPais: '9450' } }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'receptor.codPais',
      },
      {
        caso: 'goods without their customs office',
        cambio: (b) => ({ ...b, exportacion: { ...b.exportacion, recintoFiscal: undefined } }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'exportacion.recintoFiscal',
      },
      {
        caso: 'a negative flete',
        cambio: (b) => ({ ...b, exportacion: { ...b.exportacion, flete: -5 } }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'exportacion.flete',
      },
    ],
  },
  {
    tipo: 'COMPROBANTE_DONACION',
    sinAnulacion2023: true,
    textos: [
      'COMPROBANTE DE DONACIÓN',
      'DONATARIO',
      'DONANTE',
      'Computadoras usadas',
      'Resolución 12345-2025',
      '$1,150.00',
    ],
    rechazos: [
      {
        caso: 'payments that are not the cash given',
        cambio: (b) => ({ ...b, pagos: [{ codigo: '05', montoPago: 200 }] }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'pagos',
      },
      {
        caso: 'a donation without the donatario’s qualification',
        cambio: (b) => ({ ...b, otrosDocumentos: [{ ...b.otrosDocumentos[0], codDocAsociado: 2 }] }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'otrosDocumentos',
      },
      {
        caso: 'a tipoDonacion outside CAT-026',
        cambio: (b) => ({ ...b, items: [{ tipoDonacion: 4, cantidad: 1, descripcion: 'X', valorUnitario: 1 }] }),
        status: 400,
        code: 'VALIDATION_ERROR',
        campo: 'items[0].tipoDonacion',
      },
    ],
  },
];
const APENDICE = [{ campo: 'ordenCompra', etiqueta: 'Orden de compra', valor: 'OC-2026-114' }];
const ejemplo = (tipo: DteTipo) => structuredClone(ISSUANCE_EXAMPLES[tipo].body) as Json;

const rutaDe = (tipo: DteTipo) => Object.entries(ENDPOINTS).find(([, t]) => t === tipo)![0];

describe('every MH kind beyond the first six', () => {
  const emisores = {} as Record<Generacion, TestTenant>;

  beforeAll(async () => {
    emisores['2023'] = await createTestTenant({ generacion: '2023' });
    emisores['2026'] = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  describe.each(casos.map((c) => [c.tipo, c] as const))('%s', (tipo, caso) => {
    const emitidos = {} as Record<Generacion, DocumentRecordView>;

    it.each(['2023', '2026'] as const)(
      'is issued in the %s generation with an apendice, valid against its schema, accepted by MH',
      async (g) => {
        const res = await api('POST', rutaDe(tipo), emisores[g], { ...ejemplo(tipo), apendice: APENDICE });
        expect([res.status, res.body.data?.estado, res.body.data?.total]).toEqual([
          201,
          'PROCESSED',
          ISSUANCE_EXAMPLES[tipo].total,
        ]);
        const dte = res.body.data.dteJson as Dte;
        const esquema = esquemaDe(tipoDeDte(dte), dte.identificacion.version)!;
        expect(esquema).toMatch(g === '2026' ? /-v(2|3|4)$/ : /-v(1|3)$/);
        expect(validateMhSchema(esquema, dte)).toEqual([]);
        expect(dte.apendice).toEqual(APENDICE);
        expect(res.body.data.selloRecibido).toMatch(/^\d{4}/);
        emitidos[g] = res.body.data;
      },
    );

    it('prints a legible version a person can read', async () => {
      const doc = emitidos['2026'];
      const { texto, paginas } = await legible(await waitForObject(doc.dtePdfUrl!), tipo.toLowerCase());
      expect(paginas).toBeGreaterThanOrEqual(1);
      for (const t of [...caso.textos, doc.codigoGeneracion, doc.numeroControl!]) expect(texto).toContain(t);
    });

    it('e-mails its counterpart the PDF and the JSON', async () => {
      const doc = emitidos['2026'];
      const correo = documentKind(tipo).receptorCorreo(doc.dteJson as unknown as Dte);
      const archivos = [`${doc.codigoGeneracion}.json`, `${doc.codigoGeneracion}.pdf`];
      const mail = await waitForMail((m) => !!m.attachments?.some((a) => a.fileName === archivos[1]));
      expect(mail.to.map((t) => t.address)).toEqual([correo]);
      expect(mail.attachments!.map((a) => a.fileName).sort()).toEqual(archivos);
    });

    it.each(['2023', '2026'] as const)('is invalidated in the %s generation', async (g) => {
      const doc = emitidos[g];
      const res = await api('POST', '/dte/anulacion', emisores[g], anulacionRescindida(doc.codigoGeneracion));
      if (g === '2023' && caso.sinAnulacion2023)
        expect([res.status, res.body.code, res.body.errors?.[0]?.field]).toEqual([
          400,
          'VALIDATION_ERROR',
          '#/documento/numeroControl',
        ]);
      else expect([res.status, res.body.data?.estado ?? res.body]).toEqual([200, 'CANCELLED']);
    });

    it.each(caso.rechazos.map((r) => [r.caso, r] as const))('refuses %s', async (_, r) => {
      const res = await api('POST', rutaDe(tipo), emisores['2026'], r.cambio(ejemplo(tipo)));
      expect([res.status, res.body.code]).toEqual([r.status, r.code]);
      if (r.campo) expect(res.body.errors?.map((e: { field: string }) => e.field)).toContain(r.campo);
    });
  });

  /**
   * The régimen of an export as MH's July 2026 catalogs write it (CAT-028 `1000.000`, its class in CAT-033):
   * fe-fex-v3 sends it so, fe-fex-v1 keeps v1.2's `EX-1.1000.000`; a request may use either writing.
   */
  describe('FACTURA_EXPORTACION: the régimen of July 2026', () => {
    const conRegimen = (regimen: string) => {
      const body = ejemplo('FACTURA_EXPORTACION');
      return { ...body, exportacion: { ...body.exportacion, regimen } };
    };
    const emitir = (g: Generacion, regimen: string) => api('POST', '/dte/dte11', emisores[g], conRegimen(regimen));

    it.each([
      ['1000.000', 'EX-1', '1000.000'],
      ['EX-2.2200.000', 'EX-2', '2200.000'],
      // Transit, and a code v1.2 did not have.
      ['0000.000', 'TA-1', '0000.000'],
      ['3059.033', 'EX-3', '3059.033'],
    ])('fe-fex-v3 with %s is accepted by MH, sent as tipoRegimen %s, regimen %s', async (regimen, tipo, enviado) => {
      const res = await emitir('2026', regimen);
      expect([res.status, res.body.data?.estado]).toEqual([201, 'PROCESSED']);
      expect(res.body.data.dteJson.identificacion.version).toBe(3);
      expect(res.body.data.dteJson.emisor).toMatchObject({ tipoRegimen: tipo, regimen: enviado });
    });

    it('fe-fex-v1 keeps v1.2’s writing, and refuses a régimen only the 2026 catalog has', async () => {
      for (const regimen of ['1000.000', 'EX-1.1000.000']) {
        const res = await emitir('2023', regimen);
        expect([res.status, res.body.data?.estado, res.body.data?.dteJson.emisor.regimen]).toEqual([
          201,
          'PROCESSED',
          'EX-1.1000.000',
        ]);
        expect(res.body.data.dteJson.emisor).not.toHaveProperty('tipoRegimen');
      }
      const transito = await emitir('2023', '0000.000');
      expect([transito.status, transito.body.code, transito.body.errors?.[0]?.field]).toEqual([
        400,
        'VALIDATION_ERROR',
        'exportacion.regimen',
      ]);
    });
  });
});
