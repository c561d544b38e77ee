import ExcelJS from 'exceljs';
import { testDatabase, api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';
import { emitir } from '../support/fixtures';
import { auditadas, bajar, conPermisos, datos, duiNuevo, nitNuevo, subir, todos, XLSX } from './libreta';

/** San Salvador Centro (06/23) and its distrito San Salvador (CAT-008 14), of MH's 2026 catalogs. */
const direccion = { departamento: '06', municipio: '23', distrito: '14', complemento: 'Colonia Escalón, calle 1 #10' };

/** A taxpayer with all a CCF asks of its receptor; the NIT a fresh one with its check digit. */
const empresa = (nit = nitNuevo()) => ({
  nombre: 'Distribuidora Peña, S.A. de C.V.',
  nombreComercial: 'La Peña',
  tipoDocumento: '36',
  numDocumento: `${nit.slice(0, 4)}-${nit.slice(4, 10)}-${nit.slice(10, 13)}-${nit.slice(13)}`,
  nrc: '123456-7',
  codActividad: '46900',
  direccion,
  telefono: '2222-3333',
  correo: 'compras@pena.example',
});

/** The NIT with its last digit changed: a check digit that does not hold. */
const otroDigito = (nit: string) => `${nit.slice(0, -1)}${(Number(nit.at(-1)) + 1) % 10}`;

/**
 * The customer book through the API on the real stack (issue 51): validated as the issuance bodies are,
 * found by name, NIT, DUI or NRC, imported from CSV all or nothing with a report by row, exported and
 * imported again as CSV and xlsx by another emisor, filled from a document's receptor; only with
 * CATALOGOS, each emisor its own, every change in the audit log.
 */
describe('customer book (/clientes)', () => {
  let tenant: TestTenant;
  let otro: TestTenant;
  beforeAll(async () => {
    [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
  });
  afterAll(() => closeTestDatabase());

  it('creates, reads, replaces and deletes a customer, each change in the audit log', async () => {
    const nit = nitNuevo();
    const creado = await api('POST', '/clientes', tenant, empresa(nit));
    expect(creado.status).toBe(201);
    const { id } = creado.body.data;
    expect(id).toMatch(new RegExp(`^cli_${tenant.emisorId}_\\d+$`));
    // Kept as the issuance bodies keep it: NIT digits, NRC as MH's registry, the activity's description from CAT-019.
    expect(datos(creado.body.data)).toEqual({
      ...empresa(nit),
      numDocumento: nit,
      nrc: '1234567',
      telefono: '22223333',
      descActividad: 'Venta al por mayor de otros productos',
    });
    expect((await api('GET', `/clientes/${id}`, tenant)).body.data).toEqual(creado.body.data);

    const cambiado = {
      ...empresa(nit),
      nombre: 'Distribuidora Peña Hermanos',
      direccion: { ...direccion, distrito: '08' },
    };
    const reemplazo = await api('PUT', `/clientes/${id}`, tenant, { ...cambiado, nombreComercial: undefined });
    expect(reemplazo.status).toBe(200);
    expect(reemplazo.body.data).toMatchObject({
      id,
      nombre: 'Distribuidora Peña Hermanos',
      direccion: { distrito: '08' },
    });
    // Replaced whole: a field left out is gone.
    expect(reemplazo.body.data).not.toHaveProperty('nombreComercial');
    expect((await api('GET', `/clientes/${id}`, tenant)).body.data).toEqual(reemplazo.body.data);

    expect(await api('DELETE', `/clientes/${id}`, tenant)).toMatchObject({
      status: 200,
      body: { data: { id, eliminado: true } },
    });
    expect(await api('GET', `/clientes/${id}`, tenant)).toMatchObject({
      status: 404,
      body: { code: 'CLIENTE_NOT_FOUND' },
    });
    // Deleted, its NIT is free for another.
    expect((await api('POST', '/clientes', tenant, empresa(nit))).status).toBe(201);

    const entradas = async (accion: string) => (await auditadas(tenant, accion)).filter((e) => e.detalles['id'] === id);
    expect(await entradas('CLIENTE_CREADO')).toEqual([
      expect.objectContaining({ endpoint: 'POST /clientes', detalles: { id, tipoDocumento: '36', numDocumento: nit } }),
    ]);
    expect(await entradas('CLIENTE_MODIFICADO')).toEqual([
      expect.objectContaining({ endpoint: `PUT /clientes/${id}` }),
    ]);
    expect(await entradas('CLIENTE_ELIMINADO')).toEqual([
      expect.objectContaining({ endpoint: `DELETE /clientes/${id}` }),
    ]);
  });

  it('refuses a second customer with the same document, however it is written', async () => {
    const nit = nitNuevo();
    const primero = await api('POST', '/clientes', tenant, { ...empresa(nit), numDocumento: nit });
    const segundo = await api('POST', '/clientes', tenant, { ...empresa(nit), nombre: 'Otra' });
    expect(segundo).toMatchObject({
      status: 409,
      body: { code: 'CLIENTE_EXISTS', id: primero.body.data.id, tipoDocumento: '36', numDocumento: nit },
    });
    // Nor may another customer take it by a change.
    const tercero = await api('POST', '/clientes', tenant, empresa());
    const cambio = await api('PUT', `/clientes/${tercero.body.data.id}`, tenant, { ...empresa(nit), nombre: 'Cambio' });
    expect(cambio).toMatchObject({ status: 409, body: { code: 'CLIENTE_EXISTS', id: primero.body.data.id } });
    expect((await api('GET', `/clientes/${tercero.body.data.id}`, tenant)).body.data.numDocumento).not.toBe(nit);
    // The same document number under another tipo is another customer.
    expect((await api('POST', '/clientes', tenant, { ...empresa(nit), tipoDocumento: '37' })).status).toBe(201);
  });

  it('refuses a NIT whose check digit does not hold with the same error the issuance body gives', async () => {
    const malo = otroDigito(nitNuevo());
    const enLibreta = await api('POST', '/clientes', tenant, { ...empresa(), numDocumento: malo });
    expect(enLibreta).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(enLibreta.body.errors).toEqual([
      { field: 'numDocumento', message: 'El dígito verificador del NIT no corresponde: revise el número' },
    ]);
    const factura = await api('POST', '/dte/dte01', tenant, {
      receptor: { ...empresa(), numDocumento: malo },
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    expect(factura).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(factura.body.errors).toEqual([
      { field: 'receptor.numDocumento', message: enLibreta.body.errors[0].message },
    ]);
    // A CCF names its receptor's NIT as `nit` too: the same refusal, of each.
    const ccf = await api('POST', '/dte/dte03', tenant, {
      receptor: { ...empresa(), numDocumento: malo, nit: malo, descActividad: 'Venta al por mayor' },
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    expect(ccf.body.errors).toEqual(
      ['receptor.nit', 'receptor.numDocumento'].map((field) => ({ field, message: enLibreta.body.errors[0].message })),
    );
    // A DUI's too, and an address's distrito outside its municipio.
    const dui = duiNuevo();
    const duiMalo = await api('POST', '/clientes', tenant, {
      nombre: 'Ana',
      tipoDocumento: '13',
      numDocumento: otroDigito(dui),
    });
    expect(duiMalo.body.errors).toEqual([
      { field: 'numDocumento', message: expect.stringContaining('dígito verificador del DUI') },
    ]);
    const fuera = await api('POST', '/clientes', tenant, { ...empresa(), direccion: { ...direccion, distrito: '01' } });
    expect(fuera.body.errors).toEqual([{ field: 'direccion.distrito', message: expect.stringContaining('municipio') }]);
  });

  it('finds a customer by name without accents or case, trade name, NIT or DUI with or without hyphens, and NRC', async () => {
    const nit = nitNuevo();
    const dui = duiNuevo();
    const [porNit, porDui] = await Promise.all([
      api('POST', '/clientes', tenant, {
        ...empresa(nit),
        nombre: 'Ferretería Núñez',
        nombreComercial: 'El Tornillo Feliz',
        nrc: '98765-4',
      }),
      api('POST', '/clientes', tenant, { nombre: 'José Ángel Martínez', tipoDocumento: '13', numDocumento: dui }),
    ]);
    const ids = async (q: string) => (await todos(tenant, '/clientes', q)).map((c) => c['id']);
    const nitA = porNit.body.data.id;
    const duiA = porDui.body.data.id;
    expect(await ids('ferreteria nunez')).toEqual([nitA]);
    expect(await ids('TORNILLO')).toEqual([nitA]);
    expect(await ids(`${nit.slice(0, 4)}-${nit.slice(4, 10)}-${nit.slice(10, 13)}-${nit.slice(13)}`)).toEqual([nitA]);
    expect(await ids(nit)).toEqual([nitA]);
    expect(await ids('987654')).toEqual([nitA]);
    expect(await ids('jose angel')).toEqual([duiA]);
    expect(await ids(`${dui.slice(0, 8)}-${dui.slice(8)}`)).toEqual([duiA]);
    expect(await ids('martínez josé')).toEqual([duiA]);
    expect(await ids('nadie así')).toEqual([]);
    const pagina = await api('GET', '/clientes?limit=1', tenant);
    expect(pagina.body).toMatchObject({ data: [expect.anything()], cursor: expect.any(String) });
    expect((await api('GET', '/clientes?nombre=x', tenant)).status).toBe(400);
  });

  it('imports a CSV whole, or refuses it whole with a report by row: bad, repeated in the file, already in the book', async () => {
    const [a, b, c, d, e] = [duiNuevo(), duiNuevo(), duiNuevo(), duiNuevo(), duiNuevo()];
    const yaEsta = await api('POST', '/clientes', tenant, { nombre: 'Ya Está', tipoDocumento: '13', numDocumento: d });
    const encabezado =
      'nombre,tipoDocumento,numDocumento,correo,direccion.departamento,direccion.municipio,direccion.distrito,direccion.complemento';
    const filas = (...f: string[]) => [encabezado, ...f].join('\r\n');
    const buenas = [
      `"Núñez, Ana",13,${a.slice(0, 8)}-${a.slice(8)},ana@example.com,06,23,14,"Calle ""El Roble"" 5"`,
      `Bruno Díaz,13,${b},,,,,`,
    ];
    const antes = (await todos(tenant, '/clientes')).length;
    const rechazo = await subir(
      tenant,
      '/clientes/importar',
      filas(
        ...buenas,
        `Carla Mala,13,${otroDigito(c)},,,,,`,
        `Dora Sin Correo,13,${e},no-es-correo,06,23,01,Calle 1`,
        `Bruno Otra Vez,13,${b},,,,,`,
        `Ya Está Otra Vez,13,${d},,,,,`,
      ),
      'text/csv',
    );
    expect(rechazo).toMatchObject({ status: 422, body: { code: 'IMPORT_ROWS_INVALID' } });
    expect(rechazo.body.errores).toEqual([
      { fila: 4, campo: 'numDocumento', mensaje: expect.stringContaining('dígito verificador del DUI') },
      { fila: 5, campo: 'direccion.distrito', mensaje: expect.stringContaining('municipio') },
      { fila: 5, campo: 'correo', mensaje: expect.any(String) },
      { fila: 6, campo: 'numDocumento', mensaje: 'Repite la fila 3' },
      { fila: 7, campo: 'numDocumento', mensaje: `Ya está en la libreta: ${yaEsta.body.data.id}` },
    ]);
    expect((await todos(tenant, '/clientes')).length).toBe(antes);

    const importado = await subir(tenant, '/clientes/importar', filas(...buenas), 'text/csv');
    expect(importado).toMatchObject({ status: 201, body: { data: { creados: 2 } } });
    expect((await todos(tenant, '/clientes', a)).map(datos)).toEqual([
      {
        nombre: 'Núñez, Ana',
        tipoDocumento: '13',
        numDocumento: a,
        correo: 'ana@example.com',
        direccion: { ...direccion, complemento: 'Calle "El Roble" 5' },
      },
    ]);
    expect((await todos(tenant, '/clientes', b)).map(datos)).toEqual([
      { nombre: 'Bruno Díaz', tipoDocumento: '13', numDocumento: b },
    ]);
    expect((await auditadas(tenant, 'CLIENTES_IMPORTADOS'))[0]).toMatchObject({
      endpoint: 'POST /clientes/importar',
      detalles: { creados: 2, formato: 'csv' },
    });
    // A header without a required column, or with one the book does not have, is refused before any row.
    const sinColumna = await subir(tenant, '/clientes/importar', `nombre,numero\r\nX,${duiNuevo()}`, 'text/csv');
    expect(sinColumna.body.errores).toEqual([
      { fila: 1, campo: 'numero', mensaje: expect.stringContaining('No es una columna') },
      { fila: 1, campo: 'tipoDocumento', mensaje: 'Falta la columna' },
      { fila: 1, campo: 'numDocumento', mensaje: 'Falta la columna' },
    ]);
  });

  it('imports nothing when another request takes one of its customers while it runs', async () => {
    const [a, b, c] = [duiNuevo(), duiNuevo(), duiNuevo()];
    // Another request's claim on c's document, on its way (its customer not written yet; dated ahead, so it
    // stays on its way however long the import takes to start): the import meets it after checking the book,
    // with a and b written, and takes them back.
    const db = await testDatabase();
    await db.connection.collection<{ _id: string; id: string; fecha: Date }>('clientes_claves').insertOne({
      _id: `${tenant.emisorId}:13:${c}`,
      id: `cli_${tenant.emisorId}_999999`,
      fecha: new Date(Date.now() + 24 * 3600_000),
    });
    const archivo = ['nombre,tipoDocumento,numDocumento', `A,13,${a}`, `B,13,${b}`, `C,13,${c}`].join('\n');
    const rechazo = await subir(tenant, '/clientes/importar', archivo, 'text/csv');
    expect(rechazo).toMatchObject({
      status: 422,
      body: {
        errores: [{ fila: 4, campo: 'numDocumento', mensaje: `Ya está en la libreta: cli_${tenant.emisorId}_999999` }],
      },
    });
    for (const numero of [a, b, c]) expect(await todos(tenant, '/clientes', numero)).toEqual([]);
    // What it wrote is gone with its claims: a and b import again.
    const otraVez = await subir(tenant, '/clientes/importar', archivo.split('\n').slice(0, 3).join('\n'), 'text/csv');
    expect(otraVez).toMatchObject({ status: 201, body: { data: { creados: 2 } } });
  });

  it('exports the book as CSV and xlsx, which another emisor imports as it is', async () => {
    const propio = await createTestTenant();
    const extranjero = {
      nombre: '=HYPERLINK("http://x.example","Acme")',
      tipoDocumento: '37',
      numDocumento: 'EIN 12-3456789',
      codPais: 'US',
      complemento: '1200 Main Street, Houston, TX',
      tipoPersona: 2,
      descActividad: 'Importación de café',
      telefono: '+1 713 555 0100',
    };
    for (const c of [
      empresa(),
      extranjero,
      { nombre: 'Ana; "la del café"', tipoDocumento: '13', numDocumento: duiNuevo() },
    ])
      expect((await api('POST', '/clientes', propio, c)).status).toBe(201);
    const libro = (await todos(propio, '/clientes')).map(datos).reverse();

    const csv = await bajar(propio, '/clientes/exportar');
    expect(csv.tipo).toMatch(/^text\/csv/);
    const texto = csv.archivo.toString('utf8');
    expect(texto.startsWith('\uFEFFnombre,nombreComercial,tipoDocumento,numDocumento,')).toBe(true);
    // The name a spreadsheet would run is written as text.
    expect(texto).toContain(`"'=HYPERLINK(""http://x.example"",""Acme"")"`);
    const xlsx = await bajar(propio, '/clientes/exportar?formato=xlsx');
    expect(xlsx.tipo).toBe(XLSX);

    for (const [archivo, tipo] of [
      [csv.archivo, 'text/csv'],
      [xlsx.archivo, XLSX],
    ] as const) {
      const destino = await createTestTenant();
      expect(await subir(destino, '/clientes/importar', archivo, tipo)).toMatchObject({
        status: 201,
        body: { data: { creados: 3 } },
      });
      expect((await todos(destino, '/clientes')).map(datos).reverse()).toEqual(libro);
    }
  });

  it('imports an xlsx a person typed: numbers where Excel made them, leading zeros given back', async () => {
    const dui = duiNuevo();
    const nit = nitNuevo();
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Clientes');
    hoja.addRow([
      'nombre',
      'tipoDocumento',
      'numDocumento',
      'direccion.departamento',
      'direccion.municipio',
      'direccion.distrito',
      'direccion.complemento',
      'correo',
    ]);
    hoja.addRow([
      'Pedro Pérez',
      13,
      Number(dui),
      6,
      23,
      14,
      'Calle 2',
      { text: 'pedro@example.com', hyperlink: 'mailto:pedro@example.com' },
    ]);
    hoja.addRow([{ richText: [{ text: 'Empresa ' }, { text: 'Uno', font: { bold: true } }] }, 36, Number(nit)]);
    const archivo = Buffer.from(await libro.xlsx.writeBuffer());
    expect(await subir(tenant, '/clientes/importar', archivo, XLSX)).toMatchObject({
      status: 201,
      body: { data: { creados: 2 } },
    });
    expect((await todos(tenant, '/clientes', dui)).map(datos)).toEqual([
      {
        nombre: 'Pedro Pérez',
        tipoDocumento: '13',
        numDocumento: dui,
        direccion: { ...direccion, complemento: 'Calle 2' },
        correo: 'pedro@example.com',
      },
    ]);
    expect((await todos(tenant, '/clientes', nit)).map(datos)).toEqual([
      { nombre: 'Empresa Uno', tipoDocumento: '36', numDocumento: nit },
    ]);
    // Not an xlsx at all.
    expect(await subir(tenant, '/clientes/importar', Buffer.from('no soy un zip'), XLSX)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', errors: [{ field: 'body' }] },
    });
  });

  it('saves the receptor of one of its documents, once; a consumer known by no document is not saved', async () => {
    const nit = nitNuevo();
    const receptor = { ...empresa(nit), nit, descActividad: 'Venta al por mayor de otros productos' };
    const ccf = await emitir(tenant, '/dte/dte03', {
      receptor,
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    const guardado = await api('POST', `/clientes/desde-dte/${ccf.codigoGeneracion.toLowerCase()}`, tenant);
    expect(guardado.status).toBe(201);
    expect(datos(guardado.body.data)).toEqual({
      ...empresa(nit),
      numDocumento: nit,
      nrc: '1234567',
      telefono: '22223333',
      descActividad: 'Venta al por mayor de otros productos',
    });
    expect(await api('POST', `/clientes/desde-dte/${ccf.codigoGeneracion}`, tenant)).toMatchObject({
      status: 409,
      body: { code: 'CLIENTE_EXISTS', id: guardado.body.data.id },
    });
    const [entrada] = (await auditadas(tenant, 'CLIENTE_CREADO')).filter(
      (e) => e.detalles['id'] === guardado.body.data.id,
    );
    expect(entrada).toMatchObject({
      codigoGeneracion: ccf.codigoGeneracion,
      endpoint: expect.stringContaining('/clientes/desde-dte/'),
    });

    const anonima = await emitir(tenant, '/dte/dte01', {
      receptor: {},
      items: [{ descripcion: 'Café', cantidad: 1, precioUnitario: 2 }],
      condicionOperacion: 1,
    });
    const sinDocumento = await api('POST', `/clientes/desde-dte/${anonima.codigoGeneracion}`, tenant);
    expect(sinDocumento).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(sinDocumento.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'receptor.nombre',
      'receptor.tipoDocumento',
      'receptor.numDocumento',
    ]);
    // Another emisor's document is one it does not have.
    expect(await api('POST', `/clientes/desde-dte/${ccf.codigoGeneracion}`, otro)).toMatchObject({
      status: 404,
      body: { code: 'DOCUMENT_NOT_FOUND' },
    });
  });

  it('is read and changed only with CATALOGOS, and only by its own emisor', async () => {
    const creado = await api('POST', '/clientes', tenant, empresa());
    const { id } = creado.body.data;
    const sinPermiso = await conPermisos(tenant, ['FACTURA_CONSUMIDOR_FINAL', 'CREDITO_FISCAL']);
    for (const [metodo, ruta, cuerpo] of [
      ['GET', '/clientes'],
      ['GET', `/clientes/${id}`],
      ['GET', '/clientes/exportar'],
      ['POST', '/clientes', empresa()],
      ['PUT', `/clientes/${id}`, empresa()],
      ['DELETE', `/clientes/${id}`],
    ] as const)
      expect([metodo, ruta, await api(metodo, ruta, sinPermiso, cuerpo)]).toEqual([
        metodo,
        ruta,
        expect.objectContaining({
          status: 403,
          body: expect.objectContaining({ code: 'PERMISSION_DENIED', permission: 'CATALOGOS' }),
        }),
      ]);
    expect(
      (
        await subir(
          sinPermiso,
          '/clientes/importar',
          'nombre,tipoDocumento,numDocumento\nX,13,' + duiNuevo(),
          'text/csv',
        )
      ).status,
    ).toBe(403);

    for (const [metodo, cuerpo] of [['GET'], ['PUT', empresa()], ['DELETE']] as const)
      expect(await api(metodo, `/clientes/${id}`, otro, cuerpo)).toMatchObject({
        status: 404,
        body: { code: 'CLIENTE_NOT_FOUND', id },
      });
    expect((await api('GET', `/clientes/${id}`, tenant)).body.data).toEqual(creado.body.data);
    expect((await todos(otro, '/clientes')).map((c) => c['id'])).not.toContain(id);
  });
});
