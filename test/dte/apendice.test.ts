// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { emitirCcf, hoy } from '../support/fixtures';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const APENDICE = [
  { campo: 'ordenCompra', etiqueta: 'Orden de compra', valor: 'OC-2026-114' },
  { campo: 'vendedor', etiqueta: 'Vendedor', valor: 'Ana Ruiz' },
];

/** MH's `apendice` (campo, etiqueta, valor) on every kind, in both generations, as given and on the PDF. */
describe('apendice', () => {
  afterAll(() => closeTestDatabase());

  const factura = {
    receptor: {},
    items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
    condicionOperacion: 1,
  };
  const retencion = {
    ...(ISSUANCE_EXAMPLES.COMPROBANTE_RETENCION.body as { receptor: object }),
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoDte: '03',
        tipoGeneracion: 1,
        numDocumento: 'F001234',
        fechaEmision: hoy(),
        montoSujetoGrav: 100,
        codigoRetencionMH: '22',
        ivaRetenido: 1,
        descripcion: 'Retención 1 % IVA',
      },
    ],
  };

  /** Issues each kind with the apendice and answers the records. */
  async function cadaTipo(tenant: TestTenant) {
    const ccf = await emitirCcf(tenant, 100, { apendice: APENDICE });
    const bodies: [string, object][] = [
      ['/dte/dte01', factura],
      ['/dte/dte05', { codigoGeneracion: ccf.codigoGeneracion, items: [{ descripcion: 'D', cantidad: 1, precioUnitario: 10 }], condicionOperacion: 1 }],
      ['/dte/dte06', { codigoGeneracion: ccf.codigoGeneracion, items: [{ descripcion: 'C', cantidad: 1, precioUnitario: 10 }], condicionOperacion: 1 }],
      ['/dte/dte07', retencion],
      ['/dte/dte14', ISSUANCE_EXAMPLES.SUJETO_EXCLUIDO.body as object],
    ]; // prettier-ignore
    const docs = [ccf];
    for (const [ruta, body] of bodies) {
      const res = await api('POST', ruta, tenant, { ...body, apendice: APENDICE });
      expect([ruta, res.status, res.body.data?.estado]).toEqual([ruta, 201, 'PROCESSED']);
      docs.push(res.body.data);
    }
    return docs;
  }

  it('is carried by every kind of the 2023 generation and printed on the PDF', async () => {
    const tenant = await createTestTenant({ generacion: '2023' });
    const docs = await cadaTipo(tenant);
    expect(docs.map((d) => [d.dteJson.identificacion.tipoDte, d.dteJson.identificacion.version])).toEqual([
      ['03', 3],
      ['01', 1],
      ['05', 3],
      ['06', 3],
      ['07', 1],
      ['14', 1],
    ]);
    for (const d of docs) expect(d.dteJson.apendice).toEqual(APENDICE);
    const { text } = await pdfParse(await waitForObject(docs[1]!.dtePdfUrl));
    expect(text).toContain('Orden de compra: OC-2026-114');
    expect(text).toContain('Vendedor: Ana Ruiz');
  });

  it('is carried by every kind of the 2026 generation', async () => {
    const tenant = await createTestTenant();
    const docs = await cadaTipo(tenant);
    expect(docs.map((d) => [d.dteJson.identificacion.tipoDte, d.dteJson.identificacion.version])).toEqual([
      ['03', 4],
      ['01', 2],
      ['05', 4],
      ['06', 4],
      ['07', 2],
      ['14', 2],
    ]);
    for (const d of docs) expect(d.dteJson.apendice).toEqual(APENDICE);
  });

  it('is refused beyond MH’s ten entries or with fields out of MH’s lengths', async () => {
    const tenant = await createTestTenant();
    const once = Array.from({ length: 11 }, (_, i) => ({ campo: `campo${i}`, etiqueta: 'Etiqueta', valor: 'v' }));
    for (const [apendice, campo] of [
      [once, 'apendice'],
      [[], 'apendice'],
      [[{ campo: 'x', etiqueta: 'Etiqueta', valor: 'v' }], 'apendice[0].campo'],
      [[{ campo: 'campo', etiqueta: 'Et', valor: 'v' }], 'apendice[0].etiqueta'],
      [[{ campo: 'campo', etiqueta: 'Etiqueta', valor: 'v'.repeat(151) }], 'apendice[0].valor'],
    ] as const) {
      const res = await api('POST', '/dte/dte01', tenant, { ...factura, apendice });
      expect([campo, res.status, res.body.code, res.body.errors?.map((e: { field: string }) => e.field)]).toEqual([
        campo,
        400,
        'VALIDATION_ERROR',
        [campo],
      ]);
    }
  });
});
