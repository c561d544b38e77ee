import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fichasDeBusqueda } from '@dte/domain';
import type { EntradaLista } from '@dte/store';
import { contribuyente, emitir, emitirCcf } from '../support/fixtures';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/** GET /dte?q=: one box that finds a document the way a customer describes it, on the real stack. */
describe('searching documents', () => {
  let tenant: TestTenant;
  let otro: TestTenant;
  let ferreteria: { codigoGeneracion: string; numeroControl: string };
  let ccf: { codigoGeneracion: string; numeroControl: string };
  let jose: { codigoGeneracion: string; numeroControl: string };
  let ajeno: { codigoGeneracion: string };

  const factura = (nombre: string, numDocumento: string) => ({
    receptor: { nombre, tipoDocumento: '13', numDocumento },
    items: [{ descripcion: 'Clavos', cantidad: 1, precioUnitario: 5 }],
    condicionOperacion: 1,
  });

  beforeAll(async () => {
    [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
    // Factura 1, CCF 1 and Factura 2 of the tenant; the other emisor sells to the same ferretería.
    ferreteria = await emitir(tenant, '/dte/dte01', factura('Ferretería Núñez', '012345678'));
    ccf = await emitirCcf(tenant, 10);
    jose = await emitir(tenant, '/dte/dte01', factura('José Álvarez', '098765432'));
    ajeno = await emitir(otro, '/dte/dte01', factura('Ferretería Núñez', '012345678'));
  });
  afterAll(() => closeTestDatabase());

  const buscar = async (q: string, quien = tenant) => {
    const res = await api('GET', `/dte?q=${encodeURIComponent(q)}`, quien);
    expect(res.status).toBe(200);
    return res.body.data.map((d: { codigoGeneracion: string }) => d.codigoGeneracion);
  };

  it('finds the receptor by a fragment of its name, in lower case and without accents', async () => {
    expect(await buscar('ferre')).toEqual([ferreteria.codigoGeneracion]);
    expect(await buscar('nunez')).toEqual([ferreteria.codigoGeneracion]);
    expect(await buscar('FERRETERÍA nu')).toEqual([ferreteria.codigoGeneracion]);
    expect(await buscar('alvarez jose')).toEqual([jose.codigoGeneracion]);
    expect(await buscar('ferre jose')).toEqual([]);
    // The CCF's receptor is the contribuyente of the fixtures.
    expect(await buscar(contribuyente().nombre.toLowerCase().slice(0, 5))).toEqual([ccf.codigoGeneracion]);
  });

  it('finds a DUI with and without its dash, a NIT and an NRC', async () => {
    expect(await buscar('01234567-8')).toEqual([ferreteria.codigoGeneracion]);
    expect(await buscar('012345678')).toEqual([ferreteria.codigoGeneracion]);
    expect(await buscar('0614-010190-101-5')).toEqual([ccf.codigoGeneracion]);
    expect(await buscar('900000-9')).toEqual([ccf.codigoGeneracion]);
    // The receptor filter takes the same forms.
    const res = await api('GET', '/dte?receptor=01234567-8', tenant);
    expect(res.body.data.map((d: { codigoGeneracion: string }) => d.codigoGeneracion)).toEqual([
      ferreteria.codigoGeneracion,
    ]);
  });

  it('finds a número de control by its ending, in lower case, and a codigoGeneracion by its beginning', async () => {
    // "m001p001-000000000000001" ends both number 1s of the same serie: the CCF and the first Factura.
    expect(await buscar(ccf.numeroControl.slice('DTE-03-'.length).toLowerCase())).toEqual([
      ccf.codigoGeneracion,
      ferreteria.codigoGeneracion,
    ]);
    expect(await buscar(ccf.numeroControl.toLowerCase())).toEqual([ccf.codigoGeneracion]);
    // The second Factura's correlativo, as a person reads it off the paper.
    expect(await buscar('2')).toEqual([jose.codigoGeneracion]);
    expect(await buscar('000000000000002')).toEqual([jose.codigoGeneracion]);
    expect(await buscar(jose.codigoGeneracion.slice(0, 13).toLowerCase())).toEqual([jose.codigoGeneracion]);
    expect(await buscar(jose.codigoGeneracion.toLowerCase())).toEqual([jose.codigoGeneracion]);
    // A whole número de control in lower case is a filter too.
    const res = await api('GET', `/dte?numeroControl=${ccf.numeroControl.toLowerCase()}`, tenant);
    expect(res.body.data.map((d: { codigoGeneracion: string }) => d.codigoGeneracion)).toEqual([ccf.codigoGeneracion]);
  });

  it('never finds another emisor’s document', async () => {
    expect(await buscar(ajeno.codigoGeneracion)).toEqual([]);
    expect(await buscar('ferre', otro)).toEqual([ajeno.codigoGeneracion]);
    expect(await buscar('01234567-8', otro)).toEqual([ajeno.codigoGeneracion]);
  });

  it('combines the search with the other filters and pages it by cursor', async () => {
    const codigos = async (query: string) =>
      (await api('GET', `/dte?q=000000000000001${query}`, tenant)).body as {
        data: { codigoGeneracion: string }[];
        cursor: string | null;
      };
    expect((await codigos('&tipo=FACTURA_CONSUMIDOR_FINAL')).data.map((d) => d.codigoGeneracion)).toEqual([
      ferreteria.codigoGeneracion,
    ]);
    const primera = await codigos('&limit=1');
    expect(primera.data.map((d) => d.codigoGeneracion)).toEqual([ccf.codigoGeneracion]);
    const segunda = await codigos(`&limit=1&cursor=${primera.cursor}`);
    expect(segunda.data.map((d) => d.codigoGeneracion)).toEqual([ferreteria.codigoGeneracion]);
  });

  it('finds documents listed before the search existed once the upgrade step has run (admin CLI)', async () => {
    const viejo = await createTestTenant();
    const antiguo = await emitir(viejo, '/dte/dte01', factura('Librería Cañas', '055555555'));
    // As the list was before the search: its one entry without the flag, no index.
    const { connection } = await testDatabase();
    const entrada = await connection
      .collection<EntradaLista>('documentos_lista')
      .findOneAndUpdate({ _id: `lista:${viejo.emisorId}:1` }, { $unset: { buscable: 1 } });
    expect(entrada?.codigoGeneracion).toBe(antiguo.codigoGeneracion);
    for (const ficha of fichasDeBusqueda(entrada!))
      await connection
        .collection<{ _id: string }>('documentos_busqueda')
        .deleteOne({ _id: `${viejo.emisorId}:${ficha}:1` });
    expect(await buscar('canas', viejo)).toEqual([]);

    const buscables = async () => {
      const { stdout } = await promisify(execFile)(
        'node',
        ['apps/api/dist/admin/cli.js', 'documentos', 'buscables', '--emisor', String(viejo.emisorId)],
        { env: { ...process.env, ...stack().env } },
      );
      return JSON.parse(stdout);
    };
    expect(await buscables()).toEqual({ emisorId: viejo.emisorId, buscables: 1 });
    expect(await buscar('canas', viejo)).toEqual([antiguo.codigoGeneracion]);
    expect(await buscar('05555555-5', viejo)).toEqual([antiguo.codigoGeneracion]);
    // Run again, it finds nothing more to index.
    expect(await buscables()).toEqual({ emisorId: viejo.emisorId, buscables: 0 });
  });

  it.each(['ab', 'de la', '-'])('refuses q=%s, which can find nothing, with 400 VALIDATION_ERROR', async (q) => {
    const res = await api('GET', `/dte?q=${encodeURIComponent(q)}`, tenant);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'q' })]);
  });
});
