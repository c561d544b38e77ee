import { anulacionRescindida, contribuyente, emitirCcf, emitirFactura, hoy } from '../support/fixtures';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/** GET /dte: the emisor's documents, newest first, by cursor, on the real stack. */
describe('listing documents', () => {
  let tenant: TestTenant;
  let otro: TestTenant;
  const emitidos: { codigoGeneracion: string; tipo: string; numeroControl: string; estado: string }[] = [];
  let rechazado: string;

  beforeAll(async () => {
    [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
    // Seven Facturas, two CCFs (one to another receptor) and one Factura MH rejects, one after another.
    for (let i = 0; i < 7; i++) emitidos.push(await emitirFactura(tenant));
    emitidos.push(await emitirCcf(tenant, 10));
    emitidos.push(await emitirCcf(tenant, 20, { receptor: { ...contribuyente(), nit: '06140101001022' } }));
    await simulator('/reject', { next: 1, codigoMsg: '096', clasificaMsg: '98', emisor: tenant.nit });
    const r = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    });
    rechazado = r.body.data.codigoGeneracion;
    emitidos.push(r.body.data);
  });
  afterAll(() => closeTestDatabase());

  const listar = async (query: string) => api('GET', `/dte${query}`, tenant);

  it('walks every document newest first across pages, with no duplicate and no gap', async () => {
    const vistos: string[] = [];
    let cursor: string | null = null;
    let paginas = 0;
    do {
      const res = await listar(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      vistos.push(...res.body.data.map((d: { codigoGeneracion: string }) => d.codigoGeneracion));
      cursor = res.body.cursor;
      paginas++;
    } while (cursor);
    expect(paginas).toBe(4);
    expect(vistos).toEqual(emitidos.map((d) => d.codigoGeneracion).reverse());
  });

  it('shows each document where it stands, its total and receptor', async () => {
    const res = await listar('?limit=2');
    const [ultimo, penultimo] = res.body.data;
    expect(ultimo).toMatchObject({ codigoGeneracion: rechazado, estado: 'REJECTED', selloRecibido: null });
    expect(penultimo).toMatchObject({
      tipo: 'CREDITO_FISCAL',
      estado: 'PROCESSED',
      // By hand: 20.00 + 13 % IVA = 22.60.
      total: '22.60',
      fecEmi: hoy(),
      receptor: { nombre: contribuyente().nombre, identificadores: expect.arrayContaining(['06140101001022']) },
    });
  });

  it('filters by kind, estado, receptor, numeroControl and emission dates', async () => {
    const codigos = async (query: string) =>
      (await listar(query)).body.data.map((d: { codigoGeneracion: string }) => d.codigoGeneracion);
    const ccfs = emitidos.filter((d) => d.tipo === 'CREDITO_FISCAL').map((d) => d.codigoGeneracion);
    expect(await codigos('?tipo=CREDITO_FISCAL')).toEqual([...ccfs].reverse());
    expect(await codigos('?estado=REJECTED')).toEqual([rechazado]);
    expect(await codigos('?receptor=06140101001022')).toEqual([ccfs[1]]);
    const septima = emitidos[6]!;
    expect(await codigos(`?numeroControl=${septima.numeroControl}`)).toEqual([septima.codigoGeneracion]);
    expect(await codigos(`?desde=${hoy()}&hasta=${hoy()}&limit=100`)).toHaveLength(emitidos.length);
    expect(await codigos('?hasta=2021-01-31')).toEqual([]);
    // Tomorrow in El Salvador, the last day a query may name.
    expect(await codigos(`?desde=${new Date(Date.parse(hoy()) + 86_400_000).toISOString().slice(0, 10)}`)).toEqual([]);
  });

  it('follows a document’s estado: an invalidated one is listed CANCELLED', async () => {
    const ccf = emitidos.find((d) => d.tipo === 'CREDITO_FISCAL')!;
    expect((await api('POST', '/dte/anulacion', tenant, anulacionRescindida(ccf.codigoGeneracion))).status).toBe(200);
    const res = await listar('?estado=CANCELLED');
    expect(res.body.data).toEqual([
      expect.objectContaining({ codigoGeneracion: ccf.codigoGeneracion, estado: 'CANCELLED' }),
    ]);
    const todos = (await listar('?limit=100')).body.data.map((d: { codigoGeneracion: string }) => d.codigoGeneracion);
    expect(todos).toEqual(emitidos.map((d) => d.codigoGeneracion).reverse());
  });

  it('never lists another emisor’s documents', async () => {
    const res = await api('GET', '/dte', otro);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: [], cursor: null });
  });

  it('lists documents saved before the list existed once the upgrade step has run (admin CLI)', async () => {
    const viejo = await createTestTenant();
    const antiguos = [await emitirFactura(viejo), await emitirCcf(viejo, 30), await emitirFactura(viejo)];
    // As the records were before the list: no number, no entries, no claims on the emisor's series.
    const { connection, models } = await testDatabase();
    const serie = `lista:${viejo.emisorId}`;
    await models.Document.updateMany({ emisorId: viejo.emisorId }, { $unset: { listaN: 1 } });
    for (let n = 1; n <= antiguos.length; n++) {
      await connection.collection<{ _id: string }>('documentos_lista').deleteOne({ _id: `${serie}:${n}` });
      await connection.collection<{ _id: string }>('claims').deleteOne({ _id: `${serie}:${n}` });
    }
    await connection.collection<{ _id: string }>('claim_hints').deleteOne({ _id: serie });
    for (const d of antiguos)
      await connection.collection<{ _id: string }>('claims').deleteOne({ _id: `${serie}:owner:${d.codigoGeneracion}` });
    expect((await api('GET', '/dte', viejo)).body.data).toEqual([]);

    const listarAnteriores = async () => {
      const { stdout } = await promisify(execFile)(
        'node',
        ['apps/api/dist/admin/cli.js', 'documentos', 'listar', '--emisor', String(viejo.emisorId)],
        { env: { ...process.env, ...stack().env } },
      );
      return JSON.parse(stdout);
    };
    expect(await listarAnteriores()).toEqual({ emisorId: viejo.emisorId, listados: 3 });
    const lista = (await api('GET', '/dte', viejo)).body.data;
    expect(lista.map((d: { codigoGeneracion: string }) => d.codigoGeneracion)).toEqual(
      antiguos.map((d) => d.codigoGeneracion).reverse(),
    );
    expect(lista[1]).toMatchObject({ tipo: 'CREDITO_FISCAL', estado: 'PROCESSED', total: '33.90' });
    // A document issued afterwards comes first, and the step finds nothing more to list.
    const nuevo = await emitirFactura(viejo);
    expect((await api('GET', '/dte?limit=1', viejo)).body.data[0].codigoGeneracion).toBe(nuevo.codigoGeneracion);
    expect(await listarAnteriores()).toEqual({ emisorId: viejo.emisorId, listados: 0 });
  });

  it.each([
    ['?tipo=FACTURA', 'tipo'],
    ['?estado=ACEPTADO', 'estado'],
    ['?desde=2026-02-30', 'desde'],
    ['?desde=2026-11-23&hasta=2026-11-01', 'desde'],
    // Beyond what a query can mean: before the first DTEs (2021), after tomorrow in El Salvador.
    ['?hasta=2020-12-31', 'hasta'],
    ['?desde=2099-01-01', 'desde'],
    ['?desde=2026-01-01&hasta=9999-12-31', 'hasta'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?numeroControl=123', 'numeroControl'],
    ['?cursor=no-es-un-cursor', 'cursor'],
    ['?tipos=CREDITO_FISCAL', ''],
  ])('refuses %s with 400 VALIDATION_ERROR', async (query, field) => {
    const res = await listar(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    if (field) expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });
});
