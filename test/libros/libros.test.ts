import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { loadConfig } from '@dte/config';
import { hashToken, SecretBox, type DocumentRecordView } from '@dte/store';
import { Tenants } from '../../apps/api/src/admin/tenants';
import { anulacionRescindida, contribuyente, hoy } from '../support/fixtures';
import { legible } from '../support/legible';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The books and DGII's F-07 annexes of a month issued over HTTP on the real stack, compared byte for byte
 * with files written by hand from DGII's annex manual (docs/anexos-f07.md); only the documents'
 * identifiers, which MH gives, are filled in from their records.
 */
const exec = promisify(execFile);

describe('books and F-07 annexes', () => {
  let tenant: TestTenant;
  const periodo = hoy().slice(0, 7);
  const fecha = `${hoy().slice(8, 10)}/${hoy().slice(5, 7)}/${hoy().slice(0, 4)}`;
  const sin = (s: string) => s.replace(/-/g, '');
  const d = {} as Record<
    'ccf' | 'nc' | 'nd' | 'fe1' | 'fe2' | 'anulada' | 'rechazada' | 'fex' | 'cr',
    DocumentRecordView
  >;

  async function emitir(ruta: string, body: object): Promise<DocumentRecordView> {
    const res = await api('POST', ruta, tenant, body);
    if (res.status !== 201) throw new Error(`${ruta}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }
  // Identified: MH's 2023 invalidation event cannot name an anonymous consumer.
  const factura = (precioUnitario: number) =>
    emitir('/dte/dte01', {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario }],
      condicionOperacion: 1,
    });
  const anexo = async (
    nombre: string,
    quien: TestTenant = tenant,
    query = `periodo=${periodo}&formato=csv&tipoIngreso=2`,
  ) => fetch(`${stack().api}/anexos/f07/${nombre}?${query}`, { headers: quien.headers });

  beforeAll(async () => {
    tenant = await createTestTenant();
    // 100.00 gravada + 20.00 exenta, IVA 13.00, retained 1 %
    d.ccf = await emitir('/dte/dte03', {
      receptor: contribuyente(),
      items: [
        { descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 },
        { descripcion: 'Libro', cantidad: 1, precioUnitario: 20, tipoImpuesto: 'EXENTO' },
      ],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    d.nc = await emitir('/dte/dte05', {
      codigoGeneracion: d.ccf.codigoGeneracion,
      items: [{ descripcion: 'Descuento', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    // 5.00 of interest: IVA 0.65, retained 0.05
    d.nd = await emitir('/dte/dte06', {
      codigoGeneracion: d.ccf.codigoGeneracion,
      items: [{ descripcion: 'Intereses', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    d.fe1 = await factura(11.3);
    d.fe2 = await factura(22.6);
    d.anulada = await factura(9);
    const anulacion = await api('POST', '/dte/anulacion', tenant, anulacionRescindida(d.anulada.codigoGeneracion));
    expect(anulacion.status).toBe(200);
    await simulator('/reject', { next: 1, codigoMsg: '003', clasificaMsg: '13', emisor: tenant.nit });
    d.rechazada = await factura(1000);
    expect(d.rechazada.estado).toBe('REJECTED');
    d.fex = await emitir('/dte/dte11', {
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
    d.cr = await emitir('/dte/dte07', {
      receptor: contribuyente(),
      cuerpoDocumento: [retenido(1, 200, '22', 2), retenido(2, 50, 'C4', 6.5)],
    });
  });
  afterAll(() => closeTestDatabase());

  const NIT = '06140101901012';
  const id = (doc: DocumentRecordView) => [sin(doc.numeroControl), doc.selloRecibido, sin(doc.codigoGeneracion)];

  it('anexo 1, ventas a contribuyentes: the CCF and its NC, byte for byte', async () => {
    const res = await anexo('ventas-contribuyentes');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe(
      `${fecha};4;03;${id(d.ccf).join(';')};;${NIT};SALVADOR CABAL;20.00;0.00;100.00;13.00;0.00;0.00;120.00;;4;2;1\r\n` +
        `${fecha};4;05;${id(d.nc).join(';')};;${NIT};SALVADOR CABAL;0.00;0.00;10.00;1.30;0.00;0.00;10.00;;1;2;1\r\n` +
        `${fecha};4;06;${id(d.nd).join(';')};;${NIT};SALVADOR CABAL;0.00;0.00;5.00;0.65;0.00;0.00;5.00;;1;2;1\r\n`,
    );
  });

  it('anexo 2, consumidor final: one row for the day’s two Facturas (not the invalidated nor the rejected one) and one for the export', async () => {
    expect(Buffer.from(await (await anexo('ventas-consumidor-final')).arrayBuffer()).toString('latin1')).toBe(
      `${fecha};4;01;N/A;N/A;N/A;N/A;${sin(d.fe1.codigoGeneracion)};${sin(d.fe2.codigoGeneracion)};;0.00;0.00;0.00;33.90;0.00;0.00;0.00;0.00;0.00;33.90;1;2;2\r\n` +
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

  it('the books: lines naming their documents, totals equal to the sum of the lines, the débito fiscal', async () => {
    const contribuyentes = await api('GET', `/libros/ventas-contribuyentes?periodo=${periodo}`, tenant);
    expect(contribuyentes.body.data.lineas.map((l: { numeroControl: string }) => l.numeroControl)).toEqual([
      d.ccf.numeroControl,
      d.nc.numeroControl,
      d.nd.numeroControl,
    ]);
    // 133.00 − 11.30 + 5.65 = 127.35 ; 13.00 − 1.30 + 0.65 = 12.35
    expect(contribuyentes.body.data.totales).toMatchObject({ documentos: 3, debitoFiscal: '12.35', total: '127.35' });
    const consumidor = await api('GET', `/libros/ventas-consumidor?periodo=${periodo}`, tenant);
    // 33.90 with IVA 3.90 ; 500.00 exported to Guatemala
    expect(consumidor.body.data.totales).toMatchObject({
      documentos: 3,
      gravadas: '33.90',
      debitoFiscal: '3.90',
      total: '533.90',
    });
    const debito = await api('GET', `/libros/debito-fiscal?periodo=${periodo}`, tenant);
    expect(debito.body.data).toEqual({ periodo, contribuyentes: '12.35', consumidorFinal: '3.90', total: '16.25' });
    const json = await api('GET', `/anexos/f07/ventas-consumidor-final?periodo=${periodo}&tipoIngreso=2`, tenant);
    expect(json.body.data.filas.map((f: { documentos: string[] }) => f.documentos)).toEqual([
      [d.fe1.numeroControl, d.fe2.numeroControl],
      [d.fex.numeroControl],
    ]);
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
    expect([celda(6, 3), celda(7, 3), celda(8, 3)]).toEqual([
      d.ccf.numeroControl,
      d.nc.numeroControl,
      d.nd.numeroControl,
    ]);
    // Débito fiscal (column 9): 13.00, −1.30 and 0.65, their sum 12.35 in the totals row, as a formula.
    expect([celda(6, 9), celda(7, 9), celda(8, 9)]).toEqual([13, -1.3, 0.65]);
    expect(celda(9, 1)).toBe('Totales');
    expect(celda(9, 9)).toEqual({ formula: 'SUM(I6:I8)', result: 12.35 });
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
      // Débito fiscal 13.00, −1.30 and 0.65; total 133.00, −11.30 and 5.65; their sums 12.35 and 127.35
      '13.00',
      '-1.30',
      '0.65',
      'Totales',
      '12.35',
      '127.35',
      'Página 1 de 1',
    ])
      expect(texto).toContain(t);
    const consumidor = await fetch(`${stack().api}/libros/ventas-consumidor?periodo=${periodo}&formato=pdf`, {
      headers: tenant.headers,
    });
    const { texto: dias } = await legible(Buffer.from(await consumidor.arrayBuffer()), 'libro-ventas-consumidor');
    for (const t of ['Libro de ventas a consumidor final', d.fe1.numeroControl, d.fe2.numeroControl, '533.90'])
      expect(dias).toContain(t);
  });

  it('answers the same from the admin CLI, for an accountant without an API token', async () => {
    const salida = path.join(os.tmpdir(), `anexo-${tenant.emisorId}.csv`);
    const cli = (...args: string[]) =>
      exec('node', [path.resolve(__dirname, '../../apps/api/dist/admin/cli.js'), ...args], {
        env: { ...process.env, ...stack().env },
      });
    const comun = ['--emisor', String(tenant.emisorId), '--periodo', periodo];
    await cli('anexos', 'ventas-contribuyentes', ...comun, '--tipo-ingreso', '2', '--salida', salida);
    const api = Buffer.from(await (await anexo('ventas-contribuyentes')).arrayBuffer());
    expect(fs.readFileSync(salida).equals(api)).toBe(true);
    const { stdout } = await cli('libros', 'debito-fiscal', ...comun);
    expect(JSON.parse(stdout)).toEqual({ periodo, contribuyentes: '12.35', consumidorFinal: '3.90', total: '16.25' });
  });

  it('keeps each emisor to its own documents and needs the LIBROS permission', async () => {
    const otro = await createTestTenant();
    expect(await (await anexo('ventas-contribuyentes', otro)).text()).toBe('');
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
    ['an annex DGII does not have', `/anexos/f07/compras?periodo=2026-11`, 'anexo'],
    [
      'a 2026 sales annex without the tipo de ingreso',
      `/anexos/f07/ventas-contribuyentes?periodo=2026-11`,
      'tipoIngreso',
    ],
  ])('refuses %s with 400 VALIDATION_ERROR', async (_caso, ruta, campo) => {
    const res = await api('GET', ruta, tenant);
    expect([res.status, res.body.code, res.body.errors?.map((e: { field: string }) => e.field)]).toEqual([
      400,
      'VALIDATION_ERROR',
      [campo],
    ]);
  });
});
