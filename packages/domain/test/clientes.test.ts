import {
  campoCsv,
  celdaLeida,
  claveCliente,
  clienteDelDocumento,
  claveProducto,
  clienteCoincide,
  clienteRequest,
  dte01Request,
  dte03Request,
  dte11Request,
  dte14Request,
  dte15Request,
  encabezadoDe,
  filaDe,
  itemDesdeProducto,
  leerCsv,
  leerFilas,
  MAX_FILAS_IMPORTACION,
  notaRequest,
  parseRequest,
  precioParaTipo,
  productoCoincide,
  productoRequest,
  receptorDesdeCliente,
  seccionDelCliente,
  TABLA_CLIENTES,
  TABLA_PRODUCTOS,
  textoDeCsv,
  TIPOS_CON_LIBRETA,
  type Cliente,
  type Producto,
  type TipoConLibreta,
} from '../src';
import { refusal } from './support/refusal';

/** San Salvador Centro (06/23), distrito San Salvador (CAT-008 14): an address of the 2026 catalogs. */
const direccion = { departamento: '06', municipio: '23', distrito: '14', complemento: 'Colonia Escalón, calle 1 #10' };

/** A taxpayer with everything a CCF asks of its receptor (NIT 0614-030915-112-5: its check digit holds). */
const empresa = {
  nombre: 'Distribuidora Peña, S.A. de C.V.',
  nombreComercial: 'La Peña',
  tipoDocumento: '36',
  numDocumento: '0614-030915-112-5',
  nrc: '123456-7',
  codActividad: '46900',
  direccion,
  telefono: '2222-3333',
  correo: 'compras@pena.example',
};

/** A buyer abroad, for the Factura de Exportación and a donante not domiciled. */
const extranjero = {
  nombre: 'Acme Imports LLC',
  tipoDocumento: '37',
  numDocumento: 'EIN 12-3456789',
  codPais: 'us',
  complemento: '1200 Main Street, Houston, TX',
  tipoPersona: 2,
  descActividad: 'Importación de café',
  correo: 'buyer@acme.example',
};

const cliente = (c: object): Cliente => parseRequest(clienteRequest, c);
const producto = (p: object): Producto => parseRequest(productoRequest, p);

const camposYMensajes = (fn: () => unknown, prefijo = '') =>
  (refusal(fn).details['errors'] as { field: string; message: string }[]).map((e) => ({
    field: e.field.slice(prefijo.length),
    message: e.message,
  }));

describe('a customer of the book', () => {
  it('keeps a NIT and a DUI as digits, and the NRC as the registry holds it', () => {
    const c = cliente(empresa);
    expect(c).toMatchObject({ tipoDocumento: '36', numDocumento: '06140309151125', nrc: '1234567' });
    expect(cliente({ nombre: 'Ana', tipoDocumento: '13', numDocumento: '01234567-8' }).numDocumento).toBe('012345678');
  });

  it('takes its actividad económica’s description from CAT-019 unless given', () => {
    expect(cliente(empresa).descActividad).toBe('Venta al por mayor de otros productos');
    expect(cliente({ ...empresa, descActividad: 'Mayoreo' }).descActividad).toBe('Mayoreo');
  });

  it('takes an address with a distrito of the 2026 catalogs, and refuses one outside its municipio', () => {
    expect(cliente(empresa).direccion).toEqual(direccion);
    const otro = { ...empresa, direccion: { ...direccion, distrito: '01' } };
    expect(camposYMensajes(() => cliente(otro)).map((e) => e.field)).toEqual(['direccion.distrito']);
  });

  it('refuses a NIT, a DUI or a code as the issuance bodies do, with the same messages', () => {
    for (const malo of [
      { tipoDocumento: '36', numDocumento: '0614-030915-112-0' },
      { tipoDocumento: '13', numDocumento: '01234567-0' },
      { tipoDocumento: '36', numDocumento: '123' },
      { tipoDocumento: '36', numDocumento: '012345670' },
    ]) {
      const receptor = { ...empresa, ...malo };
      const enLibreta = camposYMensajes(() => cliente(receptor));
      const enFactura = camposYMensajes(
        () =>
          parseRequest(dte01Request, {
            receptor,
            items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }],
            condicionOperacion: 1,
          }),
        'receptor.',
      );
      expect(enLibreta).toEqual(enFactura);
      expect(enLibreta).toEqual([{ field: 'numDocumento', message: expect.stringMatching(/NIT|DUI/) }]);
    }
    expect(camposYMensajes(() => cliente({ ...empresa, numDocumento: '0614-030915-112-0' }))[0]!.message).toBe(
      'El dígito verificador del NIT no corresponde: revise el número',
    );
    expect(
      camposYMensajes(() => cliente({ ...empresa, codActividad: '99999', tipoDocumento: '99' })).map((e) => e.field),
    ).toEqual(['tipoDocumento', 'codActividad']);
  });

  it('has a Salvadoran address, or a complemento abroad, not both', () => {
    expect(cliente(extranjero)).toMatchObject({ codPais: 'US', complemento: '1200 Main Street, Houston, TX' });
    expect(camposYMensajes(() => cliente({ ...extranjero, direccion })).map((e) => e.field)).toEqual(['direccion']);
    expect(camposYMensajes(() => cliente({ ...empresa, complemento: 'Calle 5, Houston' })).map((e) => e.field)).toEqual(
      ['complemento'],
    );
  });

  it('is one per identity document, however it was written', () => {
    expect(claveCliente(cliente(empresa))).toBe(claveCliente(cliente({ ...empresa, numDocumento: '06140309151125' })));
    const pasaporte = (n: string) => claveCliente(cliente({ nombre: 'X', tipoDocumento: '03', numDocumento: n }));
    expect(pasaporte('ab 12345')).toBe(pasaporte('AB12345'));
    expect(pasaporte('AB12345')).not.toBe(
      claveCliente(cliente({ nombre: 'X', tipoDocumento: '37', numDocumento: 'AB12345' })),
    );
  });

  it('is found by its name without accents or case, its trade name, NIT or DUI with or without hyphens, and NRC', () => {
    const c = cliente(empresa);
    for (const q of [
      'peña',
      'PENA',
      'distribuidora pena',
      'la peña',
      '0614-030915',
      '06140309151125',
      '1234567',
      '123456-7',
    ])
      expect([q, clienteCoincide(c, q)]).toEqual([q, true]);
    for (const q of ['perez', '0614-030915-112-6', 'peña 999']) expect([q, clienteCoincide(c, q)]).toEqual([q, false]);
    expect(
      clienteCoincide(cliente({ nombre: 'José', tipoDocumento: '13', numDocumento: '012345678' }), '01234567-8'),
    ).toBe(true);
  });
});

describe('a product of the catalog', () => {
  it('keeps its price as the decimal string it was given, with the issuance items’ defaults', () => {
    expect(producto({ codigo: 'CAF-1', descripcion: 'Café molido 500 g', precioUnitario: 6.5 })).toEqual({
      codigo: 'CAF-1',
      descripcion: 'Café molido 500 g',
      precioUnitario: '6.5',
      uniMedida: 59,
      tipoItem: 1,
      tipoVenta: 'GRAVADA',
      precioIncluyeIva: false,
    });
    expect(producto({ codigo: 'A', descripcion: 'Tornillo', precioUnitario: '0.12345678' }).precioUnitario).toBe(
      '0.12345678',
    );
    expect(producto({ codigo: 'A', descripcion: 'Vale', precioUnitario: 0.1 }).precioUnitario).toBe('0.1');
  });

  it('refuses a price an issuance line could not carry, a unit outside CAT-014 and an unknown tipoVenta', () => {
    const campos = (p: object) =>
      camposYMensajes(() => producto({ codigo: 'A', descripcion: 'X', precioUnitario: 1, ...p })).map((e) => e.field);
    expect(campos({ precioUnitario: '1.123456789' })).toEqual(['precioUnitario']);
    expect(campos({ precioUnitario: '1,50' })).toEqual(['precioUnitario']);
    expect(campos({ precioUnitario: -1 })).toEqual(['precioUnitario']);
    expect(campos({ precioUnitario: '100000000000' })).toEqual(['precioUnitario']);
    expect(campos({ precioUnitario: '12345678901.2345678' })).toEqual(['precioUnitario']);
    expect(campos({ uniMedida: 1000 })).toEqual(['uniMedida']);
    expect(campos({ tipoVenta: 'GRAVADO' })).toEqual(['tipoVenta']);
    expect(campos({ codigo: 'X'.repeat(26) })).toEqual(['codigo']);
  });

  it('is one per code whatever its case, and found by code or description', () => {
    expect(claveProducto(producto({ codigo: 'caf-1', descripcion: 'X', precioUnitario: 1 }))).toBe('CAF-1');
    const p = producto({ codigo: 'CAF-1', descripcion: 'Café molido 500 g', precioUnitario: 1 });
    expect(['caf-1', 'cafe molido', 'MOLIDO 500'].map((q) => productoCoincide(p, q))).toEqual([true, true, true]);
    expect(productoCoincide(p, 'té')).toBe(false);
  });
});

/** A body of each kind around its customer section and one line, parsed by the kind's own schema. */
const CUERPOS: Record<TipoConLibreta, { schema: Parameters<typeof parseRequest>[0]; resto: object }> = {
  FACTURA_CONSUMIDOR_FINAL: { schema: dte01Request, resto: { condicionOperacion: 1 } },
  CREDITO_FISCAL: { schema: dte03Request, resto: { condicionOperacion: 1 } },
  NOTA_CREDITO: {
    schema: notaRequest,
    resto: { condicionOperacion: 1, codigoGeneracion: '341CA743-70F1-4CFE-88BC-7E4AE72E60CB' },
  },
  NOTA_DEBITO: {
    schema: notaRequest,
    resto: { condicionOperacion: 1, codigoGeneracion: '341CA743-70F1-4CFE-88BC-7E4AE72E60CB' },
  },
  FACTURA_EXPORTACION: { schema: dte11Request, resto: { condicionOperacion: 1, exportacion: { tipoItemExpor: 2 } } },
  SUJETO_EXCLUIDO: { schema: dte14Request, resto: { condicionOperacion: 1, applyrent: false } },
  COMPROBANTE_DONACION: {
    schema: dte15Request,
    resto: {
      otrosDocumentos: [{ codDocAsociado: 1, descDocumento: 'Resolución', detalleDocumento: 'Calificación 123-2026' }],
    },
  },
};

function emitir(tipo: TipoConLibreta, c: Cliente, p: Producto, cantidad = 2) {
  const { schema, resto } = CUERPOS[tipo];
  return parseRequest(schema, {
    ...resto,
    [seccionDelCliente(tipo)]: receptorDesdeCliente(tipo, c),
    items: [itemDesdeProducto(tipo, p, cantidad)],
  }) as Record<string, Record<string, unknown>> & { items: Record<string, unknown>[] };
}

describe('a customer and a product in an issuance body', () => {
  const cafe = producto({ codigo: 'CAF-1', descripcion: 'Café molido 500 g', precioUnitario: '10' });

  it.each(TIPOS_CON_LIBRETA)('%s: its body takes them as a person would type them', (tipo) => {
    const c = cliente(tipo === 'FACTURA_EXPORTACION' ? extranjero : empresa);
    const cuerpo = emitir(tipo, c, cafe);
    const seccion = cuerpo[seccionDelCliente(tipo)]!;
    expect(seccion).toMatchObject({ nombre: c.nombre, tipoDocumento: c.tipoDocumento, numDocumento: c.numDocumento });
    expect(cuerpo.items[0]).toMatchObject({ codigo: 'CAF-1', descripcion: 'Café molido 500 g', cantidad: 2 });
  });

  it('names a CCF’s receptor by its NIT, with its NRC, activity and address', () => {
    const { receptor } = emitir('CREDITO_FISCAL', cliente(empresa), cafe);
    expect(receptor).toMatchObject({
      nit: '06140309151125',
      nrc: '1234567',
      codActividad: '46900',
      descActividad: 'Venta al por mayor de otros productos',
      nombreComercial: 'La Peña',
      direccion,
      correo: 'compras@pena.example',
    });
  });

  it('names a CCF’s receptor known by its DUI by the DUI, a person’s NIT since 2021', () => {
    const persona = cliente({ ...empresa, tipoDocumento: '13', numDocumento: '01234567-8' });
    expect(emitir('CREDITO_FISCAL', persona, cafe).receptor).toMatchObject({ tipoDocumento: '13', nit: '012345678' });
  });

  it('leaves to the kind’s body to name what the customer lacks for it', () => {
    const consumidor = cliente({ nombre: 'Juana Martínez', tipoDocumento: '13', numDocumento: '012345678' });
    expect(emitir('FACTURA_CONSUMIDOR_FINAL', consumidor, cafe).receptor).toEqual({
      nombre: 'Juana Martínez',
      tipoDocumento: '13',
      numDocumento: '012345678',
    });
    const e = refusal(() => emitir('CREDITO_FISCAL', consumidor, cafe));
    const campos = (e.details['errors'] as { field: string }[]).map((x) => x.field);
    expect(campos).toEqual(
      expect.arrayContaining(['receptor.nrc', 'receptor.codActividad', 'receptor.direccion', 'receptor.correo']),
    );
    expect(refusal(() => emitir('FACTURA_EXPORTACION', consumidor, cafe)).details['errors']).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'receptor.codPais' })]),
    );
  });

  it('gives an export its buyer’s country, address abroad and kind of person', () => {
    expect(emitir('FACTURA_EXPORTACION', cliente(extranjero), cafe).receptor).toMatchObject({
      codPais: 'US',
      complemento: '1200 Main Street, Houston, TX',
      tipoPersona: 2,
      descActividad: 'Importación de café',
    });
  });

  it('makes a donante abroad not domiciled, and one here domiciled', () => {
    const abroad = { ...extranjero, tipoDocumento: '03', numDocumento: 'X1234567', complemento: undefined };
    expect(emitir('COMPROBANTE_DONACION', cliente(abroad), cafe).donante).toMatchObject({
      codDomiciliado: 2,
      codPais: 'US',
    });
    expect(emitir('COMPROBANTE_DONACION', cliente(empresa), cafe).donante).toMatchObject({
      codDomiciliado: 1,
      codPais: 'SV',
      nrc: '1234567',
      direccion,
    });
  });

  it('prices a line for the kind: with IVA in a Factura, without it elsewhere', () => {
    const precio = (tipo: TipoConLibreta, p: object) =>
      precioParaTipo(tipo, producto({ codigo: 'A', descripcion: 'X', ...p }));
    // $10.00 without IVA is $11.30 with it (× 1.13), and back.
    expect(precio('FACTURA_CONSUMIDOR_FINAL', { precioUnitario: '10' })).toBe(11.3);
    expect(precio('CREDITO_FISCAL', { precioUnitario: '10' })).toBe(10);
    expect(precio('CREDITO_FISCAL', { precioUnitario: '11.30', precioIncluyeIva: true })).toBe(10);
    expect(precio('FACTURA_CONSUMIDOR_FINAL', { precioUnitario: '11.30', precioIncluyeIva: true })).toBe(11.3);
    // $1.00 with IVA: 1 / 1.13 = 0.884955752…, at MH's 8 decimals.
    expect(precio('NOTA_CREDITO', { precioUnitario: '1', precioIncluyeIva: true })).toBe(0.88495575);
    expect(precio('FACTURA_EXPORTACION', { precioUnitario: '1', precioIncluyeIva: true })).toBe(0.88495575);
    // An exempt price holds no IVA to add or take off.
    expect(precio('FACTURA_CONSUMIDOR_FINAL', { precioUnitario: '10', tipoVenta: 'EXENTA' })).toBe(10);
    expect(precio('CREDITO_FISCAL', { precioUnitario: '10', tipoVenta: 'NO_SUJETA', precioIncluyeIva: true })).toBe(10);
  });

  it('puts a line in the column of its tipoVenta, and donates a service in unit 99', () => {
    const exento = producto({ codigo: 'L-1', descripcion: 'Libro', precioUnitario: '20', tipoVenta: 'EXENTA' });
    expect(emitir('CREDITO_FISCAL', cliente(empresa), exento).items[0]).toMatchObject({ tipoImpuesto: 'EXENTO' });
    const servicio = producto({
      codigo: 'S-1',
      descripcion: 'Asesoría',
      precioUnitario: '50',
      tipoItem: 2,
      uniMedida: 59,
    });
    expect(emitir('COMPROBANTE_DONACION', cliente(empresa), servicio, 1).items[0]).toMatchObject({
      tipoDonacion: 3,
      uniMedida: 99,
      valorUnitario: 50,
    });
    expect(emitir('COMPROBANTE_DONACION', cliente(empresa), cafe, 3).items[0]).toMatchObject({
      tipoDonacion: 2,
      uniMedida: 59,
      cantidad: 3,
      valorUnitario: 10,
    });
  });

  it('refuses a kind issued to nobody of the book', () => {
    expect(refusal(() => receptorDesdeCliente('RETORNO', cliente(empresa))).code).toBe('VALIDATION_ERROR');
    expect(refusal(() => itemDesdeProducto('COMPROBANTE_RETENCION', cafe, 1)).code).toBe('VALIDATION_ERROR');
  });
});

describe('a CSV file', () => {
  it('is read as RFC 4180 writes it: quotes, doubled quotes, line breaks inside, CRLF or LF', () => {
    expect(leerCsv('a,b,c\r\n"x, y","di ""hola""","dos\nlíneas"\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'di "hola"', 'dos\nlíneas'],
      ['1', '', '3'],
    ]);
  });

  it('takes the semicolons a spreadsheet writes where the decimal separator is a comma', () => {
    expect(leerCsv('nombre;precio\r\n"Café; molido";1,50\r\n')).toEqual([
      ['nombre', 'precio'],
      ['Café; molido', '1,50'],
    ]);
  });

  it('refuses a quote left open', () => {
    expect(refusal(() => leerCsv('a,b\n"x,y\n')).code).toBe('VALIDATION_ERROR');
  });

  it('is UTF-8, its BOM dropped, or Windows-1252 as a Spanish Excel saves it', () => {
    expect(textoDeCsv(Buffer.from('\uFEFFPeña', 'utf8'))).toBe('Peña');
    expect(textoDeCsv(Buffer.from([0x50, 0x65, 0xf1, 0x61]))).toBe('Peña');
  });

  it('gets back the text a cell had before the apostrophe that keeps it from running as a formula', () => {
    for (const v of ['=HYPERLINK("x")', '+50322223333', '@SUM(A1)', '-x', 'normal', "'ya", '-12.5'])
      expect(celdaLeida(leerCsv(campoCsv(v))[0]![0]!)).toBe(v);
  });
});

describe('a file of the book', () => {
  const encabezado = encabezadoDe(TABLA_CLIENTES);
  const fila = (c: object) => filaDe(TABLA_CLIENTES, cliente(c));

  it('writes every field of an entry under its body name, and reads it back the same', () => {
    const c = cliente({ ...empresa, nombreComercial: null });
    const { validas, errores } = leerFilas(TABLA_CLIENTES, [encabezado, filaDe(TABLA_CLIENTES, c), fila(extranjero)]);
    expect(errores).toEqual([]);
    expect(validas.map((v) => v.datos)).toEqual([c, cliente(extranjero)].map(({ nombreComercial: _n, ...r }) => r));
    expect(encabezado).toContain('direccion.municipio');
    const p = producto({ codigo: 'A', descripcion: 'Té', precioUnitario: '0.5', precioIncluyeIva: true });
    const leido = leerFilas(TABLA_PRODUCTOS, [encabezadoDe(TABLA_PRODUCTOS), filaDe(TABLA_PRODUCTOS, p)]);
    expect(filaDe(TABLA_PRODUCTOS, p)).toEqual(['A', 'Té', '0.5', '59', '1', 'GRAVADA', 'sí']);
    expect(leido.validas.map((v) => v.datos)).toEqual([p]);
  });

  it('reports each refused field and each repeated entry by its row, the header being row 1', () => {
    const malo = fila(empresa).map((v, i) => (encabezado[i] === 'numDocumento' ? '0614-030915-112-0' : v));
    const sinNombre = fila(extranjero).map((v, i) => (encabezado[i] === 'nombre' ? '' : v));
    const { validas, errores } = leerFilas(TABLA_CLIENTES, [
      encabezado,
      fila(empresa),
      malo,
      encabezado.map(() => ''),
      sinNombre,
      fila({ ...empresa, numDocumento: '06140309151125', nombre: 'Otra vez' }),
    ]);
    expect(validas.map((v) => v.fila)).toEqual([2]);
    expect(errores).toEqual([
      { fila: 3, campo: 'numDocumento', mensaje: 'El dígito verificador del NIT no corresponde: revise el número' },
      { fila: 5, campo: 'nombre', mensaje: expect.any(String) },
      { fila: 6, campo: 'numDocumento', mensaje: 'Repite la fila 2' },
    ]);
  });

  it('refuses a header without a required column, or with an unknown or repeated one', () => {
    const { errores } = leerFilas(TABLA_CLIENTES, [['nombre', 'nombre', 'numDocumento', 'correo electrónico'], ['x']]);
    expect(errores.map((e) => [e.fila, e.campo])).toEqual([
      [1, 'nombre'],
      [1, 'correo electrónico'],
      [1, 'tipoDocumento'],
    ]);
  });

  it('gives back the leading zeros a spreadsheet drops from codes and identity numbers', () => {
    const celdas: Record<string, string> = {
      nombre: 'Ana',
      tipoDocumento: '13',
      numDocumento: '12345678',
      codActividad: '1111',
      'direccion.departamento': '6',
      'direccion.municipio': '23',
      'direccion.distrito': '14',
      'direccion.complemento': 'Calle 1',
    };
    const { validas, errores } = leerFilas(TABLA_CLIENTES, [Object.keys(celdas), Object.values(celdas)]);
    expect(errores).toEqual([]);
    expect(validas[0]!.datos).toMatchObject({
      numDocumento: '012345678',
      codActividad: '01111',
      direccion: { departamento: '06', municipio: '23', distrito: '14' },
    });
    const nit = leerFilas(TABLA_CLIENTES, [
      ['nombre', 'tipoDocumento', 'numDocumento'],
      ['X', '36', '6140309151125'],
    ]);
    expect(nit.validas[0]!.datos.numDocumento).toBe('06140309151125');
  });

  it(`refuses more than ${MAX_FILAS_IMPORTACION} rows at once`, () => {
    const filas = Array.from({ length: MAX_FILAS_IMPORTACION + 1 }, (_, i) => ['X', '13', String(i)]);
    const encabezado = ['nombre', 'tipoDocumento', 'numDocumento'];
    expect(refusal(() => leerFilas(TABLA_CLIENTES, [encabezado, ...filas])).code).toBe('VALIDATION_ERROR');
  });
});

describe('a customer from a document', () => {
  it('is the section of its issuance request that names whom it was issued to', () => {
    const request = { receptor: { ...cliente(empresa), nit: '06140309151125' }, items: [] };
    expect(clienteDelDocumento('03', request, {})).toEqual(cliente(empresa));
    const sujeto = { sujetoExcluido: { nombre: 'Pedro', tipoDocumento: '13', numDocumento: '012345678', direccion } };
    expect(clienteDelDocumento('14', sujeto, {})).toMatchObject({ nombre: 'Pedro', numDocumento: '012345678' });
  });

  it('is the document’s receptor when the request named none (a note), by its NIT and with its distrito', () => {
    const dte = {
      receptor: {
        nit: '06140309151125',
        nrc: '1234567',
        nombre: 'Distribuidora Peña',
        codActividad: '46900',
        descActividad: 'Venta al por mayor de otros productos',
        direccion: { departamento: '06', municipio: '23', complemento: 'Distrito 14, Colonia Escalón' },
        correo: 'compras@pena.example',
        telefono: null,
      },
    };
    expect(clienteDelDocumento('05', { codigoGeneracion: 'X' }, dte)).toMatchObject({
      tipoDocumento: '36',
      numDocumento: '06140309151125',
      direccion: { departamento: '06', municipio: '23', distrito: '14', complemento: 'Colonia Escalón' },
    });
  });

  it('refuses a consumer known by no document, naming the section’s fields, and a document with nobody', () => {
    const e = refusal(() => clienteDelDocumento('01', { receptor: { nombre: 'Ana', tipoDocumento: null } }, {}));
    expect((e.details['errors'] as { field: string }[]).map((x) => x.field)).toEqual([
      'receptor.tipoDocumento',
      'receptor.numDocumento',
    ]);
    expect(refusal(() => clienteDelDocumento('18', { documentoOrigen: 'X' }, {})).details['errors']).toEqual([
      { field: 'codigoGeneracion', message: 'El documento no tiene receptor' },
    ]);
  });
});
