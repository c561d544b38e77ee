import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { archivoDte, anulacionRescindida, emitir, emitirCcf } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { archivosPrevios, subirImportacion, zipDe, type Archivo } from '../support/importacion';
import { recepcionesDe } from '../support/mh';
import { startWorker } from '../support/processes';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';
import { auditadas, conPermisos } from '../clientes/libreta';

const ROOT = path.resolve(__dirname, '../..');
// 2,000 files signed and held by the simulator, two workers started, the import itself.
jest.setTimeout(600_000);
/** A task queue of this suite's own: its workers alone run the import the CLI starts on it. */
const COLA = 'importacion-prueba';

interface Reporte {
  id: string;
  total: number;
  importados: number;
  rechazados: number;
  rechazadosDetalle: { archivo: string; codigoGeneracion: string | null; motivos: { codigo: string }[] }[];
}

/** The import's results recorded so far (the workflow's, read from the database). */
async function resultado(importacionId: string, indice: number) {
  const db = await testDatabase();
  return db.connection.collection('importacion_resultados').findOne({ _id: `${importacionId}:${indice}` as never });
}

/**
 * Moving in from another provider (issue 53): the Archivos DTE an emisor issued elsewhere, signed with its
 * certificate and held by the simulator as MH holds what it sealed, imported through the admin CLI (a ZIP of
 * 2,000 mixed with another emisor's, its worker killed mid-import) and through POST /importaciones; the
 * imported documents count in the month's books and annexes, are found, never sent again, and can be
 * invalidated.
 */
describe('importing documents issued with a previous provider', () => {
  let emisor: TestTenant;
  let otro: TestTenant;
  /** Archivos DTE of documents MH's schemas took (issued here by a third emisor): a CCF of 100.00 + IVA and a Factura of 11.30. */
  let ccf: Archivo;
  let fe: Archivo;
  /** A Nota de Crédito of 40.00 + IVA 5.20 = 45.20 on that CCF. */
  let nc: Archivo;

  beforeAll(async () => {
    let plantillas: TestTenant;
    [emisor, otro, plantillas] = await Promise.all([createTestTenant(), createTestTenant(), createTestTenant()]);
    const deCcf = await emitirCcf(plantillas, 100);
    ccf = await archivoDte(plantillas, deCcf);
    nc = await archivoDte(
      plantillas,
      await emitir(plantillas, '/dte/dte05', {
        codigoGeneracion: deCcf.codigoGeneracion,
        items: [{ descripcion: 'Devolución parcial', cantidad: 1, precioUnitario: 40 }],
        condicionOperacion: 1,
      }),
    );
    fe = await archivoDte(
      plantillas,
      await emitir(plantillas, '/dte/dte01', {
        receptor: {},
        items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 11.3 }],
        condicionOperacion: 1,
      }),
    );
  });

  afterAll(() => closeTestDatabase());

  it('imports the emisor’s 1,900 of a ZIP of 2,000 through a worker killed mid-import, nothing twice, and the month’s books hold them', async () => {
    const propios = [
      ...(await archivosPrevios(emisor, ccf, 950, { fecEmi: '2026-11-10', desde: 1 })),
      ...(await archivosPrevios(emisor, ccf, 950, { fecEmi: '2026-11-20', desde: 951 })),
    ];
    const ajenos = await archivosPrevios(otro, ccf, 100, { fecEmi: '2026-11-10' });
    // Every twentieth file another emisor's: each batch of a hundred holds five, which need no MH to refuse.
    const archivos: Record<string, Archivo | Buffer> = {};
    const nombresAjenos: string[] = [];
    for (let i = 0, p = 0, a = 0; i < 2000; i++) {
      const nombre = `${String(i).padStart(4, '0')}.json`;
      if (i % 20 === 0) nombresAjenos.push(nombre);
      archivos[nombre] = i % 20 === 0 ? ajenos[a++]! : propios[p++]!;
    }
    const pdfPrevio = Buffer.from('%PDF-1.4\n% la representación gráfica del proveedor anterior\n%%EOF\n');
    archivos['0001.pdf'] = pdfPrevio;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'importacion-'));
    const zip = path.join(dir, 'documentos-2026.zip');
    fs.writeFileSync(zip, await zipDe(archivos));

    // MH down for the emisor: the first batch records its other emisor's files, then waits for MH.
    await simulator('/outage', { mode: 'refuse', emisor: emisor.nit });
    const primero = await startWorker('worker-importacion-1', { TEMPORAL_TASK_QUEUE: COLA });
    const cli = spawn(
      process.execPath,
      [path.join(ROOT, 'apps/api/dist/admin/cli.js'), 'importar', '--emisor', String(emisor.emisorId), zip],
      {
        env: { ...process.env, ...stack().env, TEMPORAL_TASK_QUEUE: COLA },
      },
    );
    let salida = '';
    let avance = '';
    cli.stdout.on('data', (b: Buffer) => (salida += b.toString()));
    cli.stderr.on('data', (b: Buffer) => (avance += b.toString()));
    const fin = new Promise<number | null>((resolve) => cli.once('exit', resolve));

    const db = await testDatabase();
    let id = '';
    await eventually('the import to be recorded', async () => {
      const [importacion] = await db.connection
        .collection('importaciones')
        .find({ emisorId: emisor.emisorId })
        .toArray();
      return !!(id = String(importacion?._id ?? ''));
    });
    await eventually('the first batch to record an other emisor’s file', async () => !!(await resultado(id, 0)));
    primero.child.kill('SIGKILL');
    await primero.exited;
    await simulator('/outage', { mode: 'none', emisor: emisor.nit });
    await startWorker('worker-importacion-2', { TEMPORAL_TASK_QUEUE: COLA });

    expect(await fin).toBe(0);
    const reporte = JSON.parse(salida) as Reporte;
    expect(reporte).toMatchObject({ id, total: 2000, importados: 1900, rechazados: 100, estado: 'TERMINADA' });
    expect(reporte.rechazadosDetalle.map((r) => r.archivo)).toEqual(nombresAjenos);
    expect(new Set(reporte.rechazadosDetalle.flatMap((r) => r.motivos.map((m) => m.codigo)))).toEqual(
      new Set(['OTRO_EMISOR']),
    );
    expect(avance).toMatch(/2000 of 2000 files: 1900 imported, 100 refused/);

    // Nothing twice: one record per document, one line each in the book.
    expect(await db.models.Document.countDocuments({ emisorId: emisor.emisorId })).toBe(1900);
    const libro = await api('GET', '/libros/ventas-contribuyentes?periodo=2026-11', emisor);
    expect(libro.status).toBe(200);
    expect(libro.body.data.lineas.map((l: { numeroControl: string }) => l.numeroControl).sort()).toEqual(
      propios.map((a) => a.identificacion.numeroControl).sort(),
    );
    // 1,900 × (100.00 gravadas, 13.00 IVA, 113.00)
    expect(libro.body.data.totales).toMatchObject({
      documentos: 1900,
      gravadas: '190000.00',
      debitoFiscal: '24700.00',
      total: '214700.00',
    });
    const anexo = await fetch(
      `${stack().api}/anexos/f07/ventas-contribuyentes?periodo=2026-11&formato=csv&tipoIngreso=2`,
      {
        headers: emisor.headers,
      },
    );
    const filas = Buffer.from(await anexo.arrayBuffer())
      .toString('latin1')
      .trim()
      .split('\r\n');
    expect(filas).toHaveLength(1900);
    // The first of the emisor's files, 0001.json, came with its PDF, 0001.pdf.
    const muestra = propios[0]!;
    expect(filas.some((f) => f.includes(muestra.identificacion.codigoGeneracion.replace(/-/g, '')))).toBe(true);

    // Found as a customer describes it, PROCESSED with its sello, its PDF the previous provider's.
    const buscado = await api('GET', `/dte?q=${muestra.identificacion.numeroControl}`, emisor);
    expect(buscado.body.data.map((d: { codigoGeneracion: string }) => d.codigoGeneracion)).toEqual([
      muestra.identificacion.codigoGeneracion,
    ]);
    const leido = await api('GET', `/dte/${muestra.identificacion.codigoGeneracion}`, emisor);
    expect(leido.body.data).toMatchObject({ estado: 'PROCESSED', selloRecibido: muestra.selloRecibido });
    const pdf = await fetch(`${stack().api}/dte/pdf/${muestra.identificacion.codigoGeneracion}?format=download`, {
      headers: emisor.headers,
    });
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(pdfPrevio);
    const json = await api('GET', `/dte/${muestra.identificacion.codigoGeneracion}/json`, emisor);
    expect(json.body).toEqual(muestra);

    // Never sent again: not to its receptor, not to MH.
    const reenvio = await api('POST', `/dte/resend/${muestra.identificacion.codigoGeneracion}`, emisor, {});
    expect([reenvio.status, reenvio.body.code]).toEqual([409, 'DOCUMENTO_IMPORTADO']);
    expect((await recepcionesDe(emisor.nit)).filter((d) => d.respuestas.length > 0)).toEqual([]);

    const [auditada] = await auditadas(emisor, 'IMPORTACION_INICIADA');
    expect(auditada).toMatchObject({
      actor: { tipo: 'OPERADOR' },
      endpoint: 'admin importar',
      detalles: { importacionId: id },
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('through POST /importaciones reports what it does not import and why; an imported Factura can be invalidated', async () => {
    const [bueno, sinMh, otroSello, invalidado] = [
      ...(await archivosPrevios(emisor, fe, 1, { fecEmi: '2026-12-01', desde: 1 })),
      ...(await archivosPrevios(emisor, fe, 1, { fecEmi: '2026-12-01', desde: 2, enMh: false })),
      ...(await archivosPrevios(emisor, fe, 2, { fecEmi: '2026-12-01', desde: 3 })),
    ] as Archivo[];
    const cambiado = { ...otroSello!, selloRecibido: `${otroSello!.selloRecibido.slice(0, -1)}B` };
    await simulator('/documentos', {
      codigoGeneracion: invalidado!.identificacion.codigoGeneracion,
      emisor: emisor.nit,
      tipoDte: '01',
      estado: 'INVALIDADO',
      selloRecibido: invalidado!.selloRecibido,
    });
    const emitidoAqui = await archivoDte(emisor, await emitirCcf(emisor, 10));
    const zip = await zipDe({
      'a.json': bueno!,
      'b.json': sinMh!,
      'c.json': cambiado,
      'd.json': invalidado!,
      'e.json': emitidoAqui,
    });

    const sinPermiso = await subirImportacion(await conPermisos(emisor, ['LIBROS']), 'x.zip', zip);
    expect([sinPermiso.status, sinPermiso.body.code]).toEqual([403, 'PERMISSION_DENIED']);
    for (const [nombre, contenido] of [
      ['notas.txt', Buffer.from('no es un documento')],
      ['vacio.zip', await zipDe({ 'leeme.pdf': Buffer.from('%PDF-1.4') })],
    ] as const) {
      const malo = await subirImportacion(emisor, nombre, contenido);
      expect([malo.status, malo.body.code]).toEqual([400, 'IMPORTACION_INVALIDA']);
    }

    const subida = await subirImportacion(emisor, 'diciembre.zip', zip);
    expect(subida.status).toBe(202);
    const id = subida.body.data.id as string;
    const terminada = async () => {
      const r = await api('GET', `/importaciones/${id}`, emisor);
      return r.body.data.estado === 'TERMINADA' ? r.body.data : null;
    };
    await eventually('the import to end', terminada);
    expect(await terminada()).toMatchObject({
      nombre: 'diciembre.zip',
      total: 5,
      procesados: 5,
      importados: 1,
      rechazados: 4,
    });
    const rechazados = await api('GET', `/importaciones/${id}/rechazados`, emisor);
    expect(
      rechazados.body.data.map((r: { archivo: string; motivos: { codigo: string }[] }) => [
        r.archivo,
        r.motivos.map((m) => m.codigo),
      ]),
    ).toEqual([
      ['b.json', ['NO_ESTA_EN_MH']],
      ['c.json', ['SELLO_DIFIERE']],
      ['d.json', ['INVALIDADO_EN_MH']],
      ['e.json', ['YA_EXISTE']],
    ]);
    expect((await api('GET', `/importaciones/${id}`, otro)).status).toBe(404);
    expect((await api('GET', '/importaciones', emisor)).body.data.map((i: { id: string }) => i.id)).toContain(id);

    // The same document again, alone: already here.
    const otraVez = await subirImportacion(emisor, 'a.json', Buffer.from(JSON.stringify(bueno)));
    const idOtraVez = otraVez.body.data.id as string;
    await eventually(
      'the second import to end',
      async () => (await api('GET', `/importaciones/${idOtraVez}`, emisor)).body.data.estado === 'TERMINADA',
    );
    const repetido = await api('GET', `/importaciones/${idOtraVez}/rechazados`, emisor);
    expect(repetido.body.data.map((r: { motivos: { codigo: string }[] }) => r.motivos[0]!.codigo)).toEqual([
      'YA_EXISTE',
    ]);

    // Invalidated at MH as a document issued here is: its list entry and its books follow.
    const cg = bueno!.identificacion.codigoGeneracion as string;
    const anulada = await api('POST', '/dte/anulacion', emisor, anulacionRescindida(cg));
    expect(anulada.status).toBe(200);
    expect((await api('GET', `/dte/${cg}`, emisor)).body.data.estado).toBe('CANCELLED');
    const lista = await api('GET', `/dte?estado=CANCELLED&desde=2026-12-01&hasta=2026-12-01`, emisor);
    expect(lista.body.data.map((d: { codigoGeneracion: string }) => d.codigoGeneracion)).toContain(cg);
  });

  it('counts an imported Nota de Crédito against its imported CCF: a note issued here credits what remains, no more', async () => {
    const [suCcf] = await archivosPrevios(emisor, ccf, 1, { fecEmi: '2026-12-02', desde: 7001 });
    const ccfCg = suCcf!.identificacion.codigoGeneracion as string;
    // The previous provider's note names the imported CCF, in its documentoRelacionado and on its line.
    const plantilla = structuredClone(nc);
    plantilla.documentoRelacionado[0].numeroDocumento = ccfCg;
    for (const linea of plantilla.cuerpoDocumento) linea.numeroDocumento = ccfCg;
    const [suNota] = await archivosPrevios(emisor, plantilla, 1, { fecEmi: '2026-12-02', desde: 7002 });
    const subida = await subirImportacion(emisor, 'notas.zip', await zipDe({ 'ccf.json': suCcf!, 'nc.json': suNota! }));
    const id = subida.body.data.id as string;
    const terminada = await eventually('the import to end', async () => {
      const { data } = (await api('GET', `/importaciones/${id}`, emisor)).body;
      return data.estado === 'TERMINADA' && data;
    });
    expect(terminada).toMatchObject({ importados: 2, rechazados: 0 });

    // By hand: 113.00 − 45.20 credited by the imported note = 67.80 left; 61.00 + IVA 7.93 = 68.93 is too much.
    const nota = (precioUnitario: number) =>
      api('POST', '/dte/dte05', emisor, {
        codigoGeneracion: ccfCg,
        items: [{ descripcion: 'Descuento', cantidad: 1, precioUnitario }],
        condicionOperacion: 1,
      });
    const demasiado = await nota(61);
    expect([demasiado.status, demasiado.body.code, demasiado.body.saldoDisponible]).toEqual([
      400,
      'CREDIT_EXCEEDS_ORIGINAL',
      67.8,
    ]);
    // 60.00 + IVA 7.80 = 67.80: exactly what is left.
    const justo = await nota(60);
    expect([justo.status, justo.body.data.estado]).toEqual([201, 'PROCESSED']);
  });
});
