import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { ZipFile } from 'yazl';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';
import { auditadas, bajar, conPermisos, datos, subir, todos, XLSX } from './libreta';

/** A code no other test of the file uses. */
const codigoNuevo = (prefijo = 'P') => `${prefijo}-${randomUUID().slice(0, 8).toUpperCase()}`;

/**
 * The product catalog through the API on the real stack (issue 51): prices kept as the decimals they were
 * given, one product per code whatever its case, found by code or description, imported from CSV or xlsx
 * all or nothing, exported and imported again by another emisor; only with CATALOGOS, each emisor its own,
 * every change in the audit log.
 */
describe('product catalog (/productos)', () => {
  let tenant: TestTenant;
  let otro: TestTenant;
  beforeAll(async () => {
    [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
  });
  afterAll(() => closeTestDatabase());

  it('creates, reads, replaces and deletes a product, its price a decimal string, each change audited', async () => {
    const codigo = codigoNuevo('CAF');
    const creado = await api('POST', '/productos', tenant, {
      codigo,
      descripcion: 'Café molido 500 g',
      precioUnitario: 6.5,
    });
    expect(creado.status).toBe(201);
    const { id } = creado.body.data;
    expect(id).toMatch(new RegExp(`^prd_${tenant.emisorId}_\\d+$`));
    // The issuance items' defaults: unit 59, bienes, gravada; the price without IVA unless said.
    expect(datos(creado.body.data)).toEqual({
      codigo,
      descripcion: 'Café molido 500 g',
      precioUnitario: '6.5',
      uniMedida: 59,
      tipoItem: 1,
      tipoVenta: 'GRAVADA',
      precioIncluyeIva: false,
    });
    const cambio = {
      codigo,
      descripcion: 'Café molido 500 g (tostado oscuro)',
      precioUnitario: '7.34500001',
      uniMedida: 59,
      tipoItem: 1,
      tipoVenta: 'EXENTA',
      precioIncluyeIva: true,
    };
    const reemplazo = await api('PUT', `/productos/${id}`, tenant, cambio);
    expect(reemplazo).toMatchObject({ status: 200, body: { data: { id, ...cambio } } });
    expect((await api('GET', `/productos/${id}`, tenant)).body.data).toEqual(reemplazo.body.data);
    expect((await api('DELETE', `/productos/${id}`, tenant)).status).toBe(200);
    expect(await api('GET', `/productos/${id}`, tenant)).toMatchObject({
      status: 404,
      body: { code: 'PRODUCTO_NOT_FOUND' },
    });

    for (const [accion, endpoint] of [
      ['PRODUCTO_CREADO', 'POST /productos'],
      ['PRODUCTO_MODIFICADO', `PUT /productos/${id}`],
      ['PRODUCTO_ELIMINADO', `DELETE /productos/${id}`],
    ] as const)
      expect((await auditadas(tenant, accion)).filter((e) => e.detalles['id'] === id)).toEqual([
        expect.objectContaining({ endpoint, detalles: { id, codigo } }),
      ]);
  });

  it('refuses a second product with the same code in any case, and what an issuance line would refuse', async () => {
    const codigo = codigoNuevo('te');
    const primero = await api('POST', '/productos', tenant, { codigo, descripcion: 'Té', precioUnitario: '1' });
    expect(
      await api('POST', '/productos', tenant, { codigo: codigo.toUpperCase(), descripcion: 'Otro', precioUnitario: 2 }),
    ).toMatchObject({
      status: 409,
      body: { code: 'PRODUCTO_EXISTS', id: primero.body.data.id },
    });
    const campos = async (cuerpo: object) =>
      (
        await api('POST', '/productos', tenant, {
          codigo: codigoNuevo(),
          descripcion: 'X',
          precioUnitario: 1,
          ...cuerpo,
        })
      ).body.errors.map((e: { field: string }) => e.field);
    expect(await campos({ precioUnitario: '1,50' })).toEqual(['precioUnitario']);
    expect(await campos({ precioUnitario: '0.123456789' })).toEqual(['precioUnitario']);
    expect(await campos({ precioUnitario: -1 })).toEqual(['precioUnitario']);
    expect(await campos({ uniMedida: 1000 })).toEqual(['uniMedida']);
    expect(await campos({ tipoItem: 4 })).toEqual(['tipoItem']);
    expect(await campos({ tipoVenta: 'GRAVADO' })).toEqual(['tipoVenta']);
  });

  it('finds a product by code or description, without accents or case', async () => {
    const codigo = codigoNuevo('PAN');
    const { id } = (
      await api('POST', '/productos', tenant, { codigo, descripcion: 'Pan francés integral', precioUnitario: '0.15' })
    ).body.data;
    const ids = async (q: string) => (await todos(tenant, '/productos', q)).map((p) => p['id']);
    expect(await ids(codigo.toLowerCase())).toEqual([id]);
    expect(await ids('FRANCES integral')).toEqual([id]);
    expect(await ids('pan francés de maíz')).toEqual([]);
  });

  it('imports a CSV whole, or refuses it whole with a report by row', async () => {
    const [a, b, c] = [codigoNuevo(), codigoNuevo(), codigoNuevo()];
    const yaEsta = await api('POST', '/productos', tenant, { codigo: c, descripcion: 'Ya está', precioUnitario: 1 });
    // Separated by semicolons, as a Spanish Excel saves it, and in Windows-1252.
    const archivo = (...filas: string[]) =>
      Buffer.from(['codigo;descripcion;precioUnitario;tipoVenta;precioIncluyeIva', ...filas].join('\r\n'), 'latin1');
    const buenas = [`${a};Jabón de baño;1.25;gravada;sí`, `${b};"Libro ""El Niño""";20;EXENTA;no`];
    const rechazo = await subir(
      tenant,
      '/productos/importar',
      archivo(
        ...buenas,
        `${codigoNuevo()};Mal precio;1,25;GRAVADA;no`,
        `${a.toLowerCase()};Otra vez;1;;`,
        `${c};Repetido;2;;`,
      ),
      'text/csv',
    );
    expect(rechazo).toMatchObject({ status: 422, body: { code: 'IMPORT_ROWS_INVALID' } });
    expect(rechazo.body.errores).toEqual([
      { fila: 4, campo: 'precioUnitario', mensaje: expect.any(String) },
      { fila: 5, campo: 'codigo', mensaje: 'Repite la fila 2' },
      { fila: 6, campo: 'codigo', mensaje: `Ya está en la libreta: ${yaEsta.body.data.id}` },
    ]);
    expect(await todos(tenant, '/productos', a)).toEqual([]);

    expect(await subir(tenant, '/productos/importar', archivo(...buenas), 'text/csv')).toMatchObject({
      status: 201,
      body: { data: { creados: 2 } },
    });
    expect((await todos(tenant, '/productos', a)).map(datos)).toEqual([
      {
        codigo: a,
        descripcion: 'Jabón de baño',
        precioUnitario: '1.25',
        uniMedida: 59,
        tipoItem: 1,
        tipoVenta: 'GRAVADA',
        precioIncluyeIva: true,
      },
    ]);
    expect((await todos(tenant, '/productos', b)).map(datos)).toEqual([
      {
        codigo: b,
        descripcion: 'Libro "El Niño"',
        precioUnitario: '20',
        uniMedida: 59,
        tipoItem: 1,
        tipoVenta: 'EXENTA',
        precioIncluyeIva: false,
      },
    ]);
    expect((await auditadas(tenant, 'PRODUCTOS_IMPORTADOS'))[0]).toMatchObject({
      detalles: { creados: 2, formato: 'csv' },
    });
  });

  it('exports the catalog as xlsx and CSV, which another emisor imports as it is', async () => {
    const propio = await createTestTenant();
    for (const p of [
      { codigo: '001', descripcion: 'Tornillo 1/4"', precioUnitario: '0.05' },
      {
        codigo: 'SRV',
        descripcion: '+Servicio a domicilio',
        precioUnitario: '2.26',
        tipoItem: 2,
        uniMedida: 99,
        precioIncluyeIva: true,
      },
      { codigo: 'LIB', descripcion: 'Libro', precioUnitario: '12345678.12345678', tipoVenta: 'NO_SUJETA' },
    ])
      expect((await api('POST', '/productos', propio, p)).status).toBe(201);
    const catalogo = (await todos(propio, '/productos')).map(datos).reverse();
    for (const formato of ['xlsx', 'csv']) {
      const { archivo, tipo } = await bajar(propio, `/productos/exportar?formato=${formato}`);
      const destino = await createTestTenant();
      expect(await subir(destino, '/productos/importar', archivo, tipo!.split(';')[0]!)).toMatchObject({
        status: 201,
        body: { data: { creados: 3 } },
      });
      expect([formato, (await todos(destino, '/productos')).map(datos).reverse()]).toEqual([formato, catalogo]);
    }
  });

  it('reads the prices a person typed in Excel as the decimals they typed, and refuses a zip that inflates too much', async () => {
    const codigo = codigoNuevo();
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Productos');
    hoja.addRow(['codigo', 'descripcion', 'precioUnitario', 'uniMedida', 'precioIncluyeIva']);
    hoja.addRow([codigo, 'Azúcar 1 kg', 1.1, 59, true]);
    hoja.addRow([`${codigo}-2`, 'Sal', { formula: '0.1+0.2', result: 0.30000000000000004 }, 59, false]);
    const archivo = Buffer.from(await libro.xlsx.writeBuffer());
    expect(await subir(tenant, '/productos/importar', archivo, XLSX)).toMatchObject({ status: 422 });
    hoja.getRow(3).getCell(3).value = 0.3;
    expect(await subir(tenant, '/productos/importar', Buffer.from(await libro.xlsx.writeBuffer()), XLSX)).toMatchObject(
      {
        status: 201,
        body: { data: { creados: 2 } },
      },
    );
    expect(
      (await todos(tenant, '/productos', codigo)).map((p) => [p['codigo'], p['precioUnitario'], p['precioIncluyeIva']]),
    ).toEqual([
      [`${codigo}-2`, '0.3', false],
      [codigo, '1.1', true],
    ]);

    // 64 MB of zeros in a 64 KB file: refused before it is inflated whole.
    const zip = new ZipFile();
    zip.addBuffer(Buffer.alloc(64 * 1024 * 1024), 'xl/worksheets/sheet1.xml');
    zip.end();
    const partes: Buffer[] = [];
    zip.outputStream.on('data', (b: Buffer) => partes.push(b));
    await once(zip.outputStream, 'end');
    const bomba = Buffer.concat(partes);
    expect(bomba.length).toBeLessThan(1024 * 1024);
    expect(await subir(tenant, '/productos/importar', bomba, XLSX)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', errors: [{ field: 'body', message: expect.stringContaining('MB') }] },
    });
  });

  it('is read and changed only with CATALOGOS, and only by its own emisor', async () => {
    const creado = await api('POST', '/productos', tenant, {
      codigo: codigoNuevo(),
      descripcion: 'X',
      precioUnitario: 1,
    });
    const { id } = creado.body.data;
    const sinPermiso = await conPermisos(tenant, ['FACTURA_CONSUMIDOR_FINAL']);
    for (const [metodo, ruta] of [
      ['GET', '/productos'],
      ['GET', `/productos/${id}`],
      ['DELETE', `/productos/${id}`],
      ['GET', '/productos/exportar?formato=xlsx'],
    ] as const)
      expect([ruta, await api(metodo, ruta, sinPermiso)]).toEqual([
        ruta,
        expect.objectContaining({ status: 403, body: expect.objectContaining({ permission: 'CATALOGOS' }) }),
      ]);
    for (const metodo of ['GET', 'DELETE'] as const)
      expect(await api(metodo, `/productos/${id}`, otro)).toMatchObject({
        status: 404,
        body: { code: 'PRODUCTO_NOT_FOUND' },
      });
    expect(
      await api('PUT', `/productos/${id}`, otro, { codigo: 'Z', descripcion: 'Z', precioUnitario: 1 }),
    ).toMatchObject({
      status: 404,
    });
    expect((await api('GET', `/productos/${id}`, tenant)).body.data).toEqual(creado.body.data);
  });
});
