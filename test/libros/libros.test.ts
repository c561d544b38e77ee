import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { loadConfig } from '@dte/config';
import { hashToken, SecretBox, Tenants, type DocumentRecordView } from '@dte/store';
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { anulacionRescindida, contribuyente, emitir, hoy } from '../support/fixtures';
import { legible } from '../support/legible';
import { stack } from '../support/stack';
import {
  api,
  closeTestDatabase,
  createTestTenant,
  enEstado,
  simulator,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

/**
 * The books and DGII's F-07 annexes of a month of every kind issued over HTTP on the real stack (discounts,
 * a 1 % retention, an NC and an ND, a retorno, a document sealed in contingencia and one whose lote is
 * sealed after the month's book was first asked for, an invalidation, a rejection, and the kinds no book
 * lists), compared with files written by hand from DGII's annex manual (docs/anexos-f07.md), byte for byte
 * for the annexes; only the documents' identifiers, which MH gives, are filled in from their records.
 */
const exec = promisify(execFile);

// Identified: MH's 2023 invalidation event cannot name an anonymous consumer.
const CONSUMIDOR = { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' };
/** 100.00 gravada + 20.00 exenta, IVA 13.00, 1 % retained 1.00, total 133.00. */
const ccfConRetencion = () => ({
  receptor: contribuyente(),
  items: [
    { descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 },
    { descripcion: 'Libro', cantidad: 1, precioUnitario: 20, tipoImpuesto: 'EXENTO' },
  ],
  condicionOperacion: 1,
  isRetenIva: true,
});

describe('books and F-07 annexes', () => {
  let tenant: TestTenant;
  const periodo = hoy().slice(0, 7);
  const fecha = `${hoy().slice(8, 10)}/${hoy().slice(5, 7)}/${hoy().slice(0, 4)}`;
  const sin = (s: string) => s.replace(/-/g, '');
  const d = {} as Record<
    | 'ccf'
    | 'nc'
    | 'nd'
    | 'ccf2'
    | 'fe1'
    | 'fe2'
    | 'fe3'
    | 'retorno'
    | 'anulada'
    | 'rechazada'
    | 'fex'
    | 'cr'
    | 'contingencia'
    | 'tardia',
    DocumentRecordView
  >;
  /** The consumer-final book while the late contingency document awaited its lote's sello. */
  let antesDelSello: { totales: Record<string, unknown>; pendientesDeSello: unknown[] };

  const emitirPropio = (ruta: string, body: object) => emitir(tenant, ruta, body);
  const factura = (precioUnitario: number, extra: object = {}) =>
    emitirPropio('/dte/dte01', {
      receptor: CONSUMIDOR,
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario }],
      condicionOperacion: 1,
      ...extra,
    });
  const anexo = async (
    nombre: string,
    quien: TestTenant = tenant,
    query = `periodo=${periodo}&formato=csv&tipoIngreso=2`,
  ) => fetch(`${stack().api}/anexos/f07/${nombre}?${query}`, { headers: quien.headers });

  beforeAll(async () => {
    tenant = await createTestTenant();
    d.ccf = await emitirPropio('/dte/dte03', ccfConRetencion());
    d.nc = await emitirPropio('/dte/dte05', {
      codigoGeneracion: d.ccf.codigoGeneracion,
      items: [{ descripcion: 'Descuento', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    // 5.00 of interest: IVA 0.65, retained 0.05
    d.nd = await emitirPropio('/dte/dte06', {
      codigoGeneracion: d.ccf.codigoGeneracion,
      items: [{ descripcion: 'Intereses', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    // 200.00 gravada less a 50.00 discount: 150.00, IVA 19.50, 169.50
    d.ccf2 = await emitirPropio('/dte/dte03', {
      receptor: contribuyente(),
      items: [{ descripcion: 'Consultoría', cantidad: 1, precioUnitario: 200 }],
      condicionOperacion: 1,
      descuento: { gravada: 50 },
    });
    d.fe1 = await factura(11.3);
    // Two units at 11.30 (IVA 2.60), one returned: the retorno gives back 11.30, IVA 1.30
    d.fe2 = await emitirPropio('/dte/dte01', {
      receptor: CONSUMIDOR,
      items: [{ descripcion: 'Producto', cantidad: 2, precioUnitario: 11.3 }],
      condicionOperacion: 1,
    });
    d.retorno = await emitirPropio('/dte/retorno', {
      documentoOrigen: d.fe2.codigoGeneracion,
      items: [{ numItem: 1, cantidadRetorno: 1 }],
      motivo: 'Producto defectuoso',
    });
    // 56.50 less an 11.30 discount: 45.20, IVA 5.20
    d.fe3 = await factura(56.5, { descuento: { gravada: 11.3 } });
    // The kinds no sales book lists: a remisión, the liquidations, a purchase from a sujeto excluido, a donation.
    for (const [ruta, tipo] of [
      ['/dte/dte04', 'NOTA_REMISION'],
      ['/dte/dte08', 'COMPROBANTE_LIQUIDACION'],
      ['/dte/dte09', 'DOCUMENTO_CONTABLE_LIQUIDACION'],
      ['/dte/dte14', 'SUJETO_EXCLUIDO'],
      ['/dte/dte15', 'COMPROBANTE_DONACION'],
    ] as const)
      await emitirPropio(ruta, structuredClone(ISSUANCE_EXAMPLES[tipo].body) as object);
    d.anulada = await factura(9);
    const anulacion = await api('POST', '/dte/anulacion', tenant, anulacionRescindida(d.anulada.codigoGeneracion));
    expect(anulacion.status).toBe(200);
    await simulator('/reject', { next: 1, codigoMsg: '003', clasificaMsg: '13', emisor: tenant.nit });
    d.rechazada = await factura(1000);
    expect(d.rechazada.estado).toBe('REJECTED');
    d.fex = await emitirPropio('/dte/dte11', {
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
    });
    const retenido = (numItem: number, monto: number, codigo: string, iva: number) => ({
      numItem,
      tipoDte: '03',
      tipoGeneracion: 1,
      numDocumento: `A${numItem}`,
      fechaEmision: hoy(),
      montoSujetoGrav: monto,
      codigoRetencionMH: codigo,
      ivaRetenido: iva,
      descripcion: 'Retención',
    });
    d.cr = await emitirPropio('/dte/dte07', {
      receptor: contribuyente(),
      cuerpoDocumento: [retenido(1, 200, '22', 2), retenido(2, 50, 'C4', 6.5)],
    });
    // Issued in contingencia and sealed with its lote within the month: 5.65, IVA 0.65
    d.contingencia = await factura(5.65, { testContingencia: true });
    expect(d.contingencia.estado).toBe('CONTINGENCIA');
    await enEstado(d.contingencia.codigoGeneracion, 'PROCESSED');
    // Issued while MH refuses the emisor; its lote is sealed only after the month's book was asked for: 3.39, IVA 0.39
    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    try {
      d.tardia = await factura(3.39);
      expect(d.tardia.estado).toBe('CONTINGENCIA');
      antesDelSello = (await api('GET', `/libros/ventas-consumidor?periodo=${periodo}`, tenant)).body.data;
    } finally {
      await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    }
    await enEstado(d.tardia.codigoGeneracion, 'PROCESSED');
    for (const k of Object.keys(d) as (keyof typeof d)[])
      d[k] = (await api('GET', `/dte/${d[k].codigoGeneracion}`, tenant)).body.data ?? d[k];
  }, 240_000);
  afterAll(() => closeTestDatabase());

  const NIT = '06140101901015';
  const id = (doc: DocumentRecordView) => [sin(doc.numeroControl), doc.selloRecibido, sin(doc.codigoGeneracion)];

  it('anexo 1, ventas a contribuyentes: the CCFs and the notes, byte for byte', async () => {
    const res = await anexo('ventas-contribuyentes');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe(
      `${fecha};4;03;${id(d.ccf).join(';')};;${NIT};SALVADOR CABAL;20.00;0.00;100.00;13.00;0.00;0.00;120.00;;4;2;1\r\n` +
        `${fecha};4;05;${id(d.nc).join(';')};;${NIT};SALVADOR CABAL;0.00;0.00;10.00;1.30;0.00;0.00;10.00;;1;2;1\r\n` +
        `${fecha};4;06;${id(d.nd).join(';')};;${NIT};SALVADOR CABAL;0.00;0.00;5.00;0.65;0.00;0.00;5.00;;1;2;1\r\n` +
        `${fecha};4;03;${id(d.ccf2).join(';')};;${NIT};SALVADOR CABAL;0.00;0.00;150.00;19.50;0.00;0.00;150.00;;1;2;1\r\n`,
    );
  });

  it('anexo 2, consumidor final: one row for the day’s Facturas (the discounted one, both sealed in contingencia; not the invalidated nor the rejected one) and one for the export; DGII’s file has no row for a retorno', async () => {
    // 11.30 + 22.60 + 45.20 + 5.65 + 3.39 = 88.14, from the first Factura of the day to the last
    expect(Buffer.from(await (await anexo('ventas-consumidor-final')).arrayBuffer()).toString('latin1')).toBe(
      `${fecha};4;01;N/A;N/A;N/A;N/A;${sin(d.fe1.codigoGeneracion)};${sin(d.tardia.codigoGeneracion)};;0.00;0.00;0.00;88.14;0.00;0.00;0.00;0.00;0.00;88.14;1;2;2\r\n` +
        `${fecha};4;11;N/A;N/A;N/A;N/A;${sin(d.fex.codigoGeneracion)};${sin(d.fex.codigoGeneracion)};;0.00;0.00;0.00;0.00;500.00;0.00;0.00;0.00;0.00;500.00;1;7;2\r\n`,
    );
  });

  it('documentos anulados and retenciones 1 % / 13 %', async () => {
    expect(await (await anexo('documentos-anulados')).text()).toBe(
      `${sin(d.anulada.numeroControl)};4;0;0;01;D;${d.anulada.selloRecibido};0;0;${sin(d.anulada.codigoGeneracion)}\r\n`,
    );
    const [resolucion, serie, numero] = id(d.cr);
    expect(await (await anexo('retenciones')).text()).toBe(
      `${NIT};${fecha};07;${resolucion};${serie};${numero};200.00;2.00;;10\r\n`,
    );
    expect(await (await anexo('retenciones-13')).text()).toBe(
      `${NIT};${fecha};07;${serie};${resolucion};${numero};50.00;6.50;;12\r\n`,
    );
  });

  it('the books: every line, its amounts and the totals, as written by hand; the débito fiscal', async () => {
    const linea = (doc: DocumentRecordView, tipoDte: string, montos: string[]) => ({
      fecha: hoy(),
      tipoDte,
      numeroControl: doc.numeroControl,
      codigoGeneracion: doc.codigoGeneracion,
      selloRecibido: doc.selloRecibido,
      receptor: { nit: NIT, dui: null, nombre: 'SALVADOR CABAL' },
      montos: Object.fromEntries(
        ['exentas', 'noSujetas', 'gravadas', 'debitoFiscal', 'ivaRetenido', 'total'].map((k, i) => [k, montos[i]]),
      ),
    });
    const contribuyentes = await api('GET', `/libros/ventas-contribuyentes?periodo=${periodo}`, tenant);
    expect(contribuyentes.body).toEqual({
      status: 'success',
      data: {
        periodo,
        lineas: [
          // exentas, no sujetas, gravadas, débito fiscal, IVA retenido 1 %, total
          linea(d.ccf, '03', ['20.00', '0.00', '100.00', '13.00', '1.00', '133.00']),
          linea(d.nc, '05', ['0.00', '0.00', '-10.00', '-1.30', '-0.10', '-11.30']),
          linea(d.nd, '06', ['0.00', '0.00', '5.00', '0.65', '0.05', '5.65']),
          linea(d.ccf2, '03', ['0.00', '0.00', '150.00', '19.50', '0.00', '169.50']),
        ],
        // 100 − 10 + 5 + 150 = 245 ; 13 − 1.30 + 0.65 + 19.50 = 31.85 ; 1 − 0.10 + 0.05 = 0.95 ;
        // 133 − 11.30 + 5.65 + 169.50 = 296.85
        totales: {
          documentos: 4,
          exentas: '20.00',
          noSujetas: '0.00',
          gravadas: '245.00',
          debitoFiscal: '31.85',
          ivaRetenido: '0.95',
          total: '296.85',
        },
        pendientesDeSello: [],
      },
    });
    const dia = (tipoDte: string, del: DocumentRecordView, al: DocumentRecordView, n: number, montos: string[]) => ({
      fecha: hoy(),
      tipoDte,
      documentos: n,
      del: { numeroControl: del.numeroControl, codigoGeneracion: del.codigoGeneracion },
      al: { numeroControl: al.numeroControl, codigoGeneracion: al.codigoGeneracion },
      montos: Object.fromEntries(
        [
          'exentas',
          'noSujetas',
          'gravadas',
          'debitoFiscal',
          'exportacionesCentroamerica',
          'exportacionesFuera',
          'exportacionesServicios',
          'total',
        ].map((k, i) => [k, montos[i]]),
      ),
    });
    const consumidor = await api('GET', `/libros/ventas-consumidor?periodo=${periodo}`, tenant);
    expect(consumidor.body.data).toEqual({
      periodo,
      dias: [
        // 11.30 + 22.60 + 45.20 + 5.65 + 3.39 = 88.14 ; IVA 1.30 + 2.60 + 5.20 + 0.65 + 0.39 = 10.14
        dia('01', d.fe1, d.tardia, 5, ['0.00', '0.00', '88.14', '10.14', '0.00', '0.00', '0.00', '88.14']),
        dia('11', d.fex, d.fex, 1, ['0.00', '0.00', '0.00', '0.00', '500.00', '0.00', '0.00', '500.00']),
        // one of the two units of 11.30 returned, IVA 1.30 inside
        dia('18', d.retorno, d.retorno, 1, ['0.00', '0.00', '-11.30', '-1.30', '0.00', '0.00', '0.00', '-11.30']),
      ],
      // 88.14 − 11.30 = 76.84 ; 10.14 − 1.30 = 8.84 ; 76.84 + 500.00 = 576.84
      totales: {
        documentos: 7,
        exentas: '0.00',
        noSujetas: '0.00',
        gravadas: '76.84',
        debitoFiscal: '8.84',
        exportacionesCentroamerica: '500.00',
        exportacionesFuera: '0.00',
        exportacionesServicios: '0.00',
        total: '576.84',
      },
      pendientesDeSello: [],
    });
    const debito = await api('GET', `/libros/debito-fiscal?periodo=${periodo}`, tenant);
    // 31.85 + 8.84 = 40.69
    expect(debito.body.data).toEqual({ periodo, contribuyentes: '31.85', consumidorFinal: '8.84', total: '40.69' });
    const json = await api('GET', `/anexos/f07/ventas-consumidor-final?periodo=${periodo}&tipoIngreso=2`, tenant);
    expect(json.body.data.filas.map((f: { documentos: string[] }) => f.documentos)).toEqual([
      [d.fe1, d.fe2, d.fe3, d.contingencia, d.tardia].map((x) => x.numeroControl),
      [d.fex.numeroControl],
    ]);
  });

  it('covers a date range as it covers a month', async () => {
    const mes = await api('GET', `/libros/ventas-contribuyentes?periodo=${periodo}`, tenant);
    const rango = await api('GET', `/libros/ventas-contribuyentes?desde=${hoy()}&hasta=${hoy()}`, tenant);
    expect(rango.body.data).toEqual({ ...mes.body.data, periodo: `${hoy()}/${hoy()}` });
    const antes = await api('GET', `/libros/debito-fiscal?desde=2026-01-01&hasta=${periodo}-01`, tenant);
    expect(antes.body.data.total).toBe(hoy().endsWith('-01') ? '40.69' : '0.00');
  });

  it('a document issued in contingencia counts by its emission date once sealed: before, it is listed apart', () => {
    expect(antesDelSello.pendientesDeSello).toEqual([
      { numeroControl: d.tardia.numeroControl, codigoGeneracion: d.tardia.codigoGeneracion, fecha: hoy() },
    ]);
    // Without its 3.39 (IVA 0.39): 76.84 − 3.39 = 73.45 ; 8.84 − 0.39 = 8.45 ; 576.84 − 3.39 = 573.45
    expect(antesDelSello.totales).toMatchObject({
      documentos: 6,
      gravadas: '73.45',
      debitoFiscal: '8.45',
      total: '573.45',
    });
  });

  it('answers each book as a spreadsheet: title, emisor, period, the lines and totals that add them up', async () => {
    const res = await fetch(`${stack().api}/libros/ventas-contribuyentes?periodo=${periodo}&formato=xlsx`, {
      headers: tenant.headers,
    });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = libro.worksheets[0]!;
    const celda = (fila: number, columna: number) => ws.getRow(fila).getCell(columna).value;
    expect(celda(1, 1)).toBe('Libro de ventas a contribuyentes');
    expect(celda(2, 1)).toBe(`EMPRESA DEMOSTRACION, S.A. DE C.V. — NIT ${tenant.nit}`);
    expect(celda(3, 1)).toBe(`Período: ${periodo}`);
    expect([celda(6, 3), celda(7, 3), celda(8, 3), celda(9, 3)]).toEqual([
      d.ccf.numeroControl,
      d.nc.numeroControl,
      d.nd.numeroControl,
      d.ccf2.numeroControl,
    ]);
    // Débito fiscal (column 9): 13.00, −1.30, 0.65 and 19.50, their sum 31.85 in the totals row, as a formula.
    expect([celda(6, 9), celda(7, 9), celda(8, 9), celda(9, 9)]).toEqual([13, -1.3, 0.65, 19.5]);
    expect(celda(10, 1)).toBe('Totales');
    expect(celda(10, 9)).toEqual({ formula: 'SUM(I6:I9)', result: 31.85 });
  });

  it('prints each book as a PDF: headings, the emisor, the period, the lines and totals that add them up', async () => {
    const res = await fetch(`${stack().api}/libros/ventas-contribuyentes?periodo=${periodo}&formato=pdf`, {
      headers: tenant.headers,
    });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const { texto, paginas } = await legible(Buffer.from(await res.arrayBuffer()), 'libro-ventas-contribuyentes');
    expect(paginas).toBe(1);
    for (const t of [
      'Libro de ventas a contribuyentes',
      `EMPRESA DEMOSTRACION, S.A. DE C.V. — NIT ${tenant.nit}`,
      `Período: ${periodo}`,
      'Débito fiscal',
      d.ccf.numeroControl,
      d.nc.numeroControl,
      d.nd.numeroControl,
      d.ccf2.numeroControl,
      // Débito fiscal 13.00, −1.30, 0.65 and 19.50; total 133.00, −11.30, 5.65 and 169.50; their sums 31.85 and 296.85
      '13.00',
      '-1.30',
      '0.65',
      '19.50',
      'Totales',
      '31.85',
      '296.85',
      'Página 1 de 1',
    ])
      expect(texto).toContain(t);
    const consumidor = await fetch(`${stack().api}/libros/ventas-consumidor?periodo=${periodo}&formato=pdf`, {
      headers: tenant.headers,
    });
    const { texto: dias } = await legible(Buffer.from(await consumidor.arrayBuffer()), 'libro-ventas-consumidor');
    for (const t of [
      'Libro de ventas a consumidor final',
      d.fe1.numeroControl,
      d.tardia.numeroControl,
      d.retorno.numeroControl,
      '-11.30',
      '576.84',
    ])
      expect(dias).toContain(t);
  });

  it('answers the same from the admin CLI, for an accountant without an API token', async () => {
    const salida = path.join(os.tmpdir(), `anexo-${tenant.emisorId}.csv`);
    const cli = (...args: string[]) =>
      exec('node', [path.resolve(__dirname, '../../apps/api/dist/admin/cli.js'), ...args], {
        env: { ...process.env, ...stack().env },
      });
    const comun = ['--emisor', String(tenant.emisorId), '--periodo', periodo];
    const escrito = await cli('anexos', 'ventas-contribuyentes', ...comun, '--tipo-ingreso', '2', '--salida', salida);
    const api = Buffer.from(await (await anexo('ventas-contribuyentes')).arrayBuffer());
    expect(fs.readFileSync(salida).equals(api)).toBe(true);
    // It says what it wrote: one CRLF-ended row per line of the file.
    const filas = api.toString('latin1').split('\r\n').length - 1;
    expect(escrito.stderr).toContain(`admin: wrote ${salida} (${filas} row(s))`);
    const { stdout } = await cli('libros', 'debito-fiscal', ...comun);
    expect(JSON.parse(stdout)).toEqual({ periodo, contribuyentes: '31.85', consumidorFinal: '8.84', total: '40.69' });
  });

  it('reads the record of a document listed before the books existed (its list entry keeps no book reading)', async () => {
    const antes = Buffer.from(await (await anexo('ventas-contribuyentes')).arrayBuffer());
    const db = await testDatabase();
    const { listaN } = (await db.models.Document.findById(d.ccf2.codigoGeneracion, { listaN: 1 }).lean())!;
    const entradas = db.connection.collection<{ _id: string }>('documentos_lista');
    const { modifiedCount } = await entradas.updateOne(
      { _id: `lista:${tenant.emisorId}:${listaN}` },
      { $unset: { libro: '', anuladoEl: '' } },
    );
    expect(modifiedCount).toBe(1);
    expect(Buffer.from(await (await anexo('ventas-contribuyentes')).arrayBuffer()).equals(antes)).toBe(true);
  });

  it('keeps each emisor to its own documents and needs the LIBROS permission', async () => {
    const otro = await createTestTenant();
    for (const nombre of [
      'ventas-contribuyentes',
      'ventas-consumidor-final',
      'documentos-anulados',
      'retenciones',
      'retenciones-13',
    ])
      expect([nombre, await (await anexo(nombre, otro)).text()]).toEqual([nombre, '']);
    const ajenos = await Promise.all(
      ['ventas-contribuyentes', 'ventas-consumidor', 'debito-fiscal'].map(
        async (libro) => (await api('GET', `/libros/${libro}?periodo=${periodo}`, otro)).body.data,
      ),
    );
    expect(ajenos.map((l) => l.totales?.documentos ?? l.total)).toEqual([0, 0, '0.00']);
    // By establishment: all of them were issued at M001.
    const deM001 = await anexo('retenciones', tenant, `periodo=${periodo}&formato=csv&establecimiento=m001`);
    expect((await deM001.text()).split('\r\n')).toHaveLength(2);
    const deM002 = await anexo('retenciones', tenant, `periodo=${periodo}&formato=csv&establecimiento=M002`);
    expect(await deM002.text()).toBe('');
    const db = await testDatabase();
    const token = await db.models.ApiToken.findById(hashToken(tenant.token)).lean();
    const { token: sinLibros } = await new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY)).createToken({
      emisorId: token!.emisorId,
      establecimientoId: token!.establecimientoId,
      puntoVentaId: token!.puntoVentaId,
      name: 'caja',
      permissions: ['FACTURA_CONSUMIDOR_FINAL'],
    });
    const conCaja = { ...tenant, headers: { ...tenant.headers, 'x-api-token': sinLibros } };
    for (const ruta of [
      '/libros/ventas-contribuyentes',
      '/libros/ventas-consumidor',
      '/libros/debito-fiscal',
      '/anexos/f07/retenciones',
    ]) {
      const res = await api('GET', `${ruta}?periodo=${periodo}`, conCaja);
      expect([ruta, res.status, res.body.code]).toEqual([ruta, 403, 'PERMISSION_DENIED']);
    }
  });

  it.each([
    ['a period that is not a month', '/libros/ventas-contribuyentes?periodo=2026-13', 'periodo'],
    ['no period', '/libros/ventas-consumidor', 'periodo'],
    [
      'a month and a date range',
      '/libros/ventas-consumidor?periodo=2026-11&desde=2026-11-01&hasta=2026-11-02',
      'periodo',
    ],
    ['a range without its end', '/libros/ventas-consumidor?desde=2026-11-01', 'hasta'],
    ['a range ending before it starts', '/libros/ventas-consumidor?desde=2026-11-02&hasta=2026-11-01', 'desde'],
    ['a range longer than a year', '/libros/debito-fiscal?desde=2025-01-01&hasta=2026-01-02', 'hasta'],
    ['a day that does not exist', '/libros/debito-fiscal?desde=2026-02-30&hasta=2026-03-01', 'desde'],
    ['a month after this one', '/libros/ventas-contribuyentes?periodo=9999-12', 'periodo'],
    ['a range ending after tomorrow', '/libros/ventas-consumidor?desde=2026-11-01&hasta=9999-12-31', 'hasta'],
    ['a month before the first DTEs', '/anexos/f07/documentos-anulados?periodo=2020-12', 'periodo'],
    ['an annex DGII does not have', `/anexos/f07/inventario?periodo=2026-11`, 'anexo'],
  ])('refuses %s with 400 VALIDATION_ERROR', async (_caso, ruta, campo) => {
    const res = await api('GET', ruta, tenant);
    expect([res.status, res.body.code, res.body.errors?.map((e: { field: string }) => e.field)]).toEqual([
      400,
      'VALIDATION_ERROR',
      [campo],
    ]);
  });
});

/**
 * A month bigger than a test can issue: 5,001 CCFs and 5 Facturas over three days, stored as issuing
 * stores them on the emisor's list (which is all the books read), each a copy of a document issued over
 * HTTP. It checks the day-at-a-time reading (a Factura numbered among the next day's, as documents issued
 * seconds apart around midnight can be), the totals of a month written as it is made, and the PDF's bound.
 */
describe('a month of 5,006 documents over three days', () => {
  const N_CCF = 5001;
  let grande: TestTenant;
  const facturas: string[] = [];

  beforeAll(async () => {
    const tenant = await createTestTenant();
    // A CCF of 133.00 and a Factura of 11.30
    const ccf = await emitir(tenant, '/dte/dte03', ccfConRetencion());
    const fe = await emitir(tenant, '/dte/dte01', {
      receptor: CONSUMIDOR,
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 11.3 }],
      condicionOperacion: 1,
    });
    const db = await testDatabase();
    const entradas = db.connection.collection<Record<string, unknown> & { _id: string }>('documentos_lista');
    const entrada = async (codigo: string) => {
      const { listaN } = (await db.models.Document.findById(codigo, { listaN: 1 }).lean())!;
      return (await entradas.findOne({ _id: `lista:${tenant.emisorId}:${listaN}` }))!;
    };
    const [deCcf, deFe] = [await entrada(ccf.codigoGeneracion), await entrada(fe.codigoGeneracion)];

    grande = await createTestTenant();
    // In list order: day 1 holds CCFs 1–2000 and Facturas F1, F2; day 2 opens with 10 CCFs, then F3 of day 1
    // (numbered late), then the rest of its CCFs and F4; day 3 the last CCFs and F5.
    const orden: [string, 'ccf' | 'fe'][] = [];
    const ccfs = (desde: number, hasta: number, dia: string) => {
      for (let k = desde; k <= hasta; k++) orden.push([dia, 'ccf']);
    };
    ccfs(1, 2000, '2026-10-01');
    orden.push(['2026-10-01', 'fe'], ['2026-10-01', 'fe']);
    ccfs(2001, 2010, '2026-10-02');
    orden.push(['2026-10-01', 'fe']);
    ccfs(2011, 4000, '2026-10-02');
    orden.push(['2026-10-02', 'fe']);
    ccfs(4001, N_CCF, '2026-10-03');
    orden.push(['2026-10-03', 'fe']);
    const nuevas = orden.map(([fecEmi, tipo], i) => {
      const base = { ...(tipo === 'ccf' ? deCcf : deFe) };
      const codigoGeneracion = randomUUID().toUpperCase();
      if (tipo === 'fe') facturas.push(codigoGeneracion);
      return {
        ...base,
        _id: `lista:${grande.emisorId}:${i + 1}`,
        codigoGeneracion,
        fecEmi,
        numeroControl: `DTE-${tipo === 'ccf' ? '03' : '01'}-M001P001-${String(i + 1).padStart(15, '0')}`,
      };
    });
    for (let i = 0; i < nuevas.length; i += 1000) await entradas.insertMany(nuevas.slice(i, i + 1000));
    await db.connection
      .collection<{ _id: string; n: number }>('claim_hints')
      .updateOne({ _id: `lista:${grande.emisorId}` }, { $set: { n: nuevas.length } }, { upsert: true });
  }, 120_000);

  it('groups the Facturas per day, the one numbered among the next day’s included, byte for byte', async () => {
    const res = await fetch(
      `${stack().api}/anexos/f07/ventas-consumidor-final?periodo=2026-10&formato=csv&tipoIngreso=2`,
      { headers: grande.headers },
    );
    const cg = (i: number) => facturas[i]!.replace(/-/g, '');
    // Day 1: F1, F2 and F3, 3 × 11.30 = 33.90 ; days 2 and 3: 11.30 each
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe(
      `01/10/2026;4;01;N/A;N/A;N/A;N/A;${cg(0)};${cg(2)};;0.00;0.00;0.00;33.90;0.00;0.00;0.00;0.00;0.00;33.90;1;2;2\r\n` +
        `02/10/2026;4;01;N/A;N/A;N/A;N/A;${cg(3)};${cg(3)};;0.00;0.00;0.00;11.30;0.00;0.00;0.00;0.00;0.00;11.30;1;2;2\r\n` +
        `03/10/2026;4;01;N/A;N/A;N/A;N/A;${cg(4)};${cg(4)};;0.00;0.00;0.00;11.30;0.00;0.00;0.00;0.00;0.00;11.30;1;2;2\r\n`,
    );
  });

  it('totals 5,001 CCFs in the book written as it is made', async () => {
    const { status, body } = await api('GET', '/libros/ventas-contribuyentes?periodo=2026-10', grande);
    expect(status).toBe(200);
    expect(body.data.lineas).toHaveLength(N_CCF);
    // 5,001 × (20.00, 100.00, 13.00, 1.00, 133.00)
    expect(body.data.totales).toEqual({
      documentos: 5001,
      exentas: '100020.00',
      noSujetas: '0.00',
      gravadas: '500100.00',
      debitoFiscal: '65013.00',
      ivaRetenido: '5001.00',
      total: '665133.00',
    });
  });

  it('prints a book of at most 5,000 lines: beyond, 422 BOOK_TOO_LARGE_FOR_PDF', async () => {
    const res = await api('GET', '/libros/ventas-contribuyentes?periodo=2026-10&formato=pdf', grande);
    expect([res.status, res.body.code, res.body.maxLineas]).toEqual([422, 'BOOK_TOO_LARGE_FOR_PDF', 5000]);
  });
});
