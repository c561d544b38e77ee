import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { compraId, type DocumentRecordView } from '@dte/store';
import { alReceptor as bloqueReceptor, anulacionRescindida, contribuyente, emitir, hoy } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { legible } from '../support/legible';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, enEstado, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The libro de compras and the purchase annexes of F-07 on the real stack: two supplier emisores of the
 * service (one in each of MH's generations) issue CCFs, an NC and a Comprobante de Retención to the demo
 * receptor, sealed by the simulator; the receptor receives their Archivos DTE by POST /compras, each
 * verified at MH; one its supplier invalidated first. The receptor also buys from a sujeto excluido with an
 * FSE of its own. The book and annexes 3, 5, 7 and 8 are compared with rows written by hand from DGII's
 * annex manual v14 (docs/anexos-f07.md); only the identifiers MH gives are read from the records.
 */
const sin = (s: string) => s.replace(/-/g, '');
const PROVEEDOR = 'EMPRESA DEMOSTRACION, S.A. DE C.V.';
/** The receptor's Renta default for the annexes: a cost of goods bought internally, in commerce. */
const COSTO_INTERNO = 'tipoOperacion=1&clasificacion=1&sector=2&tipoCostoGasto=5';

describe('the libro de compras and the purchase annexes', () => {
  let receptor: TestTenant;
  let proveedor: TestTenant;
  let proveedor2023: TestTenant;
  const periodo = hoy().slice(0, 7);
  const fecha = `${hoy().slice(8, 10)}/${hoy().slice(5, 7)}/${hoy().slice(0, 4)}`;
  const d = {} as Record<'ccf' | 'nc' | 'anulado' | 'ccf2023' | 'cr' | 'fse', DocumentRecordView>;

  /** The receptor's Archivo DTE of a supplier's document, received by POST /compras; its record once verified. */
  async function recibir(de: TestTenant, doc: DocumentRecordView, estado: string) {
    const archivo = await api('GET', `/dte/${doc.codigoGeneracion}/json`, de);
    expect(archivo.status).toBe(200);
    const res = await api('POST', '/compras', receptor, archivo.body);
    expect([doc.numeroControl, res.status]).toEqual([doc.numeroControl, 201]);
    return eventually(`${doc.numeroControl} to be ${estado} for the receptor`, async () => {
      const compra = await api('GET', `/compras/${doc.codigoGeneracion}`, receptor);
      if (compra.body.data?.estado !== estado) throw new Error(JSON.stringify(compra.body));
      return compra.body.data;
    });
  }
  const anexo = (nombre: string, query = '') =>
    fetch(`${stack().api}/anexos/f07/${nombre}?periodo=${periodo}&formato=csv${query}`, { headers: receptor.headers });

  beforeAll(async () => {
    [receptor, proveedor, proveedor2023] = await Promise.all([
      createTestTenant(),
      createTestTenant(),
      createTestTenant({ generacion: '2023' }),
    ]);
    const alReceptor = await bloqueReceptor(receptor);
    // 100.00 gravada + 20.00 exenta ; IVA 13.00 ; the receptor, an agent, withholds 1 % of 100.00 = 1.00
    d.ccf = await emitir(proveedor, '/dte/dte03', {
      receptor: alReceptor,
      items: [
        { descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 },
        { descripcion: 'Libro', cantidad: 1, precioUnitario: 20, tipoImpuesto: 'EXENTO' },
      ],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    // 10.00 gravada back ; IVA 1.30 ; withheld 0.10
    d.nc = await emitir(proveedor, '/dte/dte05', {
      codigoGeneracion: d.ccf.codigoGeneracion,
      items: [{ descripcion: 'Descuento', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    // 50.00 gravada, invalidated by its supplier before it reaches the receptor
    d.anulado = await emitir(proveedor, '/dte/dte03', {
      receptor: alReceptor,
      items: [{ descripcion: 'Servicio anulado', cantidad: 1, precioUnitario: 50 }],
      condicionOperacion: 1,
    });
    expect(
      (await api('POST', '/dte/anulacion', proveedor, anulacionRescindida(d.anulado.codigoGeneracion))).status,
    ).toBe(200);
    await enEstado(d.anulado.codigoGeneracion, 'CANCELLED');
    // A 2023-generation CCF (v3): 200.00 gravada ; IVA 26.00
    d.ccf2023 = await emitir(proveedor2023, '/dte/dte03', {
      receptor: alReceptor,
      items: [{ descripcion: 'Mercadería', cantidad: 4, precioUnitario: 50 }],
      condicionOperacion: 1,
    });
    // A client of the receptor, an agent, withheld 1 % of 200.00 = 2.00 (22) and 13 % of 50.00 = 6.50 (C4)
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
    d.cr = await emitir(proveedor, '/dte/dte07', {
      receptor: alReceptor,
      cuerpoDocumento: [retenido(1, 200, '22', 2), retenido(2, 50, 'C4', 6.5)],
    });
    // The receptor's own purchase from a sujeto excluido: 80.00, no income tax withheld
    d.fse = await emitir(receptor, '/dte/dte14', {
      sujetoExcluido: {
        tipoDocumento: '13',
        numDocumento: '01234567-8',
        nombre: 'María López',
        direccion: contribuyente().direccion,
        correo: 'maria@example.com',
      },
      items: [{ descripcion: 'Servicio de limpieza', cantidad: 1, precioUnitario: 80, tipoItem: 2 }],
      condicionOperacion: 1,
      applyrent: false,
    });
    await recibir(proveedor, d.ccf, 'VERIFICADO');
    await recibir(proveedor, d.nc, 'VERIFICADO');
    await recibir(proveedor, d.anulado, 'INVALIDADO_EN_MH');
    await recibir(proveedor2023, d.ccf2023, 'VERIFICADO');
    await recibir(proveedor, d.cr, 'VERIFICADO');
    // The accountant classifies the CCF as an administration expense; the rest take the annex's default.
    const clasificada = await api('PATCH', `/compras/${d.ccf.codigoGeneracion}`, receptor, {
      clasificacion: { tipoOperacion: 1, clasificacion: 2, sector: 4, tipoCostoGasto: 2 },
    });
    expect(clasificada.status).toBe(200);
    for (const [de, k] of [
      [proveedor, 'ccf'],
      [proveedor, 'nc'],
      [proveedor2023, 'ccf2023'],
      [proveedor, 'cr'],
      [receptor, 'fse'],
    ] as const)
      d[k] = (await api('GET', `/dte/${d[k].codigoGeneracion}`, de)).body.data;
  }, 240_000);
  afterAll(() => closeTestDatabase());

  it('anexo 3: the verified CCFs and the NC in the order received, each with its classification', async () => {
    const res = await anexo('compras', `&${COSTO_INTERNO}`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    const fila = (doc: DocumentRecordView, tipo: string, nit: string, montos: string, renta: string) =>
      `${fecha};4;${tipo};${sin(doc.codigoGeneracion)};${nit};${PROVEEDOR};${montos};;${renta};3\r\n`;
    // G exentas/no sujetas ; H, I 0.00 ; J gravadas ; K, L, M 0.00 ; N crédito fiscal ; O = G + J
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe(
      // 20.00 + 100.00 = 120.00 ; its own classification
      fila(d.ccf, '03', proveedor.nit, '20.00;0.00;0.00;100.00;0.00;0.00;0.00;13.00;120.00', '1;2;4;2') +
        // the NC, positive: 10.00, IVA 1.30
        fila(d.nc, '05', proveedor.nit, '0.00;0.00;0.00;10.00;0.00;0.00;0.00;1.30;10.00', '1;1;2;5') +
        // the invalidated CCF is not there; the 2023 one: 4 × 50.00 = 200.00, IVA 26.00
        fila(d.ccf2023, '03', proveedor2023.nit, '0.00;0.00;0.00;200.00;0.00;0.00;0.00;26.00;200.00', '1;1;2;5'),
    );
  });

  it('anexo 3 without a default is refused, naming the purchases that have no classification', async () => {
    const res = await api('GET', `/anexos/f07/compras?periodo=${periodo}`, receptor);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    const campos = res.body.errors.map((e: { field: string }) => e.field);
    expect(campos).toEqual([
      `compras.${d.nc.codigoGeneracion}.clasificacion`,
      `compras.${d.ccf2023.codigoGeneracion}.clasificacion`,
      'clasificacion',
    ]);
  });

  it('anexo 5: the receptor’s FSE, the sujeto excluido by DUI, with the classification given', async () => {
    // A 2 (DUI) ; G subTotal 80.00 ; H 0.00 (an FSE carries no IVA)
    // Windows-1252: í and ó are one byte each.
    const bytes = Buffer.from(await (await anexo('compras-sujetos-excluidos', `&${COSTO_INTERNO}`)).arrayBuffer());
    expect(bytes.toString('latin1')).toBe(
      `2;012345678;María López;${fecha};${d.fse.selloRecibido};${sin(d.fse.codigoGeneracion)};80.00;0.00;1;1;2;5;5\r\n`,
    );
    expect((await anexo('compras-sujetos-excluidos')).status).toBe(400);
  });

  it('anexo 7: the 1 % the client withheld, from its Comprobante de Retención; anexo 8 empty: no percepción', async () => {
    expect(await (await anexo('retenciones-recibidas')).text()).toBe(
      `${proveedor.nit};${fecha};07;${d.cr.selloRecibido};${sin(d.cr.codigoGeneracion)};200.00;2.00;;7\r\n`,
    );
    // The service's CCFs carry no percepción (ivaPerci 0): anexo 8 has no row (its rows: the domain's tests).
    expect(await (await anexo('percepciones-recibidas')).text()).toBe('');
  });

  it('the libro de compras: the verified documents, the NC negative, then the FSE; totals by hand', async () => {
    const res = await api('GET', `/libros/compras?periodo=${periodo}`, receptor);
    const montos = (valores: string[]) =>
      Object.fromEntries(
        [
          'exentas',
          'noSujetas',
          'gravadas',
          'creditoFiscal',
          'ivaPercibido',
          'ivaRetenido',
          'sujetosExcluidos',
          'totalCompras',
        ].map((k, i) => [k, valores[i]]),
      );
    const linea = (n: number, doc: DocumentRecordView, tipoDte: string, proveedorDe: object, valores: string[]) => ({
      correlativo: n,
      fecha: hoy(),
      tipoDte,
      numeroControl: doc.numeroControl,
      codigoGeneracion: doc.codigoGeneracion,
      selloRecibido: doc.selloRecibido,
      proveedor: proveedorDe,
      montos: montos(valores),
    });
    const de = (t: TestTenant) => ({ nit: t.nit, dui: null, nombre: PROVEEDOR });
    expect(res.body).toEqual({
      status: 'success',
      data: {
        periodo,
        lineas: [
          // exentas, no sujetas, gravadas, crédito fiscal, percibido, retenido, sujetos excluidos, total
          linea(1, d.ccf, '03', de(proveedor), ['20.00', '0.00', '100.00', '13.00', '0.00', '1.00', '0.00', '120.00']),
          linea(2, d.nc, '05', de(proveedor), ['0.00', '0.00', '-10.00', '-1.30', '0.00', '-0.10', '0.00', '-10.00']),
          linea(3, d.ccf2023, '03', de(proveedor2023), [
            '0.00',
            '0.00',
            '200.00',
            '26.00',
            '0.00',
            '0.00',
            '0.00',
            '200.00',
          ]),
          linea(4, d.fse, '14', { nit: null, dui: '012345678', nombre: 'María López' }, [
            '0.00',
            '0.00',
            '0.00',
            '0.00',
            '0.00',
            '0.00',
            '80.00',
            '80.00',
          ]),
        ],
        // gravadas 100 − 10 + 200 = 290 ; crédito 13 − 1.30 + 26 = 37.70 ; retenido 1 − 0.10 = 0.90 ;
        // total 120 − 10 + 200 + 80 = 390
        totales: {
          documentos: 4,
          ...montos(['20.00', '0.00', '290.00', '37.70', '0.00', '0.90', '80.00', '390.00']),
        },
        pendientesDeVerificacion: [],
        pendientesDeConfirmacion: [],
      },
    });
  });

  it('answers the book as a spreadsheet and a PDF, with the totals that add the lines up', async () => {
    const xlsx = await fetch(`${stack().api}/libros/compras?periodo=${periodo}&formato=xlsx`, {
      headers: receptor.headers,
    });
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = libro.worksheets[0]!;
    const celda = (fila: number, columna: number) => ws.getRow(fila).getCell(columna).value;
    expect(celda(1, 1)).toBe('Libro de compras');
    expect([celda(6, 4), celda(7, 4), celda(8, 4), celda(9, 4)]).toEqual(
      [d.ccf, d.nc, d.ccf2023, d.fse].map((x) => x.codigoGeneracion),
    );
    // Crédito fiscal (column 10): 13.00, −1.30, 26.00, 0.00, their sum 37.70
    expect([celda(6, 10), celda(7, 10), celda(8, 10), celda(9, 10)]).toEqual([13, -1.3, 26, 0]);
    expect(celda(10, 10)).toEqual({ formula: 'SUM(J6:J9)', result: 37.7 });
    const pdf = await fetch(`${stack().api}/libros/compras?periodo=${periodo}&formato=pdf`, {
      headers: receptor.headers,
    });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const { texto } = await legible(Buffer.from(await pdf.arrayBuffer()), 'libro-compras');
    for (const t of ['Libro de compras', 'María López', d.ccf.codigoGeneracion, '-1.30', '37.70', '390.00'])
      expect(texto).toContain(t);
  });

  it('answers the same anexo 3 from the admin CLI, the default classification given as options', async () => {
    const salida = path.join(os.tmpdir(), `anexo-compras-${receptor.emisorId}.csv`);
    await promisify(execFile)(
      'node',
      [
        path.resolve(__dirname, '../../apps/api/dist/admin/cli.js'),
        ...['anexos', 'compras', '--emisor', String(receptor.emisorId), '--periodo', periodo],
        ...['--tipo-operacion', '1', '--clasificacion', '1', '--sector', '2', '--tipo-costo-gasto', '5'],
        ...['--salida', salida],
      ],
      { env: { ...process.env, ...stack().env } },
    );
    const api = Buffer.from(await (await anexo('compras', `&${COSTO_INTERNO}`)).arrayBuffer());
    expect(fs.readFileSync(salida).equals(api)).toBe(true);
    fs.rmSync(salida);
  });

  it('keeps each emisor to its own purchases, and takes no establishment', async () => {
    const ajeno = await api('GET', `/libros/compras?periodo=${periodo}`, proveedor);
    expect(ajeno.body.data.totales.documentos).toBe(0);
    const res = await api('GET', `/libros/compras?periodo=${periodo}&establecimiento=M001`, receptor);
    expect([res.status, res.body.code, res.body.errors[0].field]).toEqual([400, 'VALIDATION_ERROR', 'establecimiento']);
  });

  // Last: it leaves the period's entries without what the books read.
  it('reads the records of documents listed before the period’s entries kept a book reading', async () => {
    const respuestas = () =>
      Promise.all([
        api('GET', `/libros/compras?periodo=${periodo}`, receptor).then((r) => r.body),
        anexo('compras', `&${COSTO_INTERNO}`).then((r) => r.text()),
        anexo('retenciones-recibidas').then((r) => r.text()),
      ]);
    const antes = await respuestas();
    const db = await testDatabase();
    const entradas = db.connection.collection<{ _id: string }>('compras_lista');
    for (const doc of [d.ccf, d.nc, d.anulado, d.ccf2023, d.cr]) {
      const r = await db.models.Compra.findById(compraId(receptor.emisorId, doc.codigoGeneracion), {
        periodo: 1,
        periodoN: 1,
      }).lean();
      const { modifiedCount } = await entradas.updateOne(
        { _id: `compras:${receptor.emisorId}:${r!.periodo}:${r!.periodoN}`, libro: { $exists: true } },
        { $unset: { libro: '', estado: '', selloRecibido: '', clasificacion: '' } },
      );
      expect([doc.numeroControl, modifiedCount]).toEqual([doc.numeroControl, 1]);
    }
    expect(await respuestas()).toEqual(antes);
  });
});
