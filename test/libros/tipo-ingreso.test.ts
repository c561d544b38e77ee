import { randomUUID } from 'node:crypto';
import { emitirCcf, hoy } from '../support/fixtures';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * The accountant's requests on the real stack: the emisor's tipo de ingreso (Renta) is asked once and
 * remembered, and a refusal is JSON whatever file `formato` asked for (docs/anexos-f07.md, "The emisor's
 * tipo de ingreso"; docs/api-rules.md).
 */

const mes = () => hoy().slice(0, 7);

afterAll(() => closeTestDatabase());

async function pedir(tenant: TestTenant, ruta: string) {
  const res = await fetch(`${stack().api}${ruta}`, { headers: tenant.headers });
  return {
    status: res.status,
    tipo: res.headers.get('content-type'),
    disposicion: res.headers.get('content-disposition'),
    texto: await res.text(),
  };
}

/** Column S of each row of anexo 1 (the 19th of DGII's 20), as the file DGII imports carries it. */
async function columnaS(tenant: TestTenant, consulta = '') {
  const res = await pedir(tenant, `/anexos/f07/ventas-contribuyentes?periodo=${mes()}&formato=csv${consulta}`);
  expect([res.status, res.tipo]).toEqual([200, 'text/csv; charset=windows-1252']);
  return res.texto
    .split('\r\n')
    .filter(Boolean)
    .map((fila) => fila.split(';')[18]);
}

describe('the emisor’s tipo de ingreso (Renta)', () => {
  let tenant: TestTenant;
  let otro: TestTenant;

  beforeAll(async () => {
    [tenant, otro] = await Promise.all([createTestTenant(), createTestTenant()]);
    await emitirCcf(tenant, 100);
  });

  it('is refused before it was ever given, as JSON naming the field and every code of DGII’s manual', async () => {
    const res = await pedir(tenant, `/anexos/f07/ventas-contribuyentes?periodo=${mes()}&formato=csv`);
    expect([res.status, res.tipo, res.disposicion]).toEqual([400, 'application/json; charset=utf-8', null]);
    const body = JSON.parse(res.texto);
    expect([body.code, body.errors.map((e: { field: string }) => e.field)]).toEqual([
      'VALIDATION_ERROR',
      ['tipoIngreso'],
    ]);
    // The manual's twelve codes: 1 to 10, 12 and 13 (it has no 11).
    for (const codigo of [
      '1 Profesiones, artes y oficios',
      '10 Otras rentas gravables',
      '13 Sujetos pasivos excluidos',
    ])
      expect(body.errors[0].message).toContain(codigo);
    expect(body.errors[0].message).not.toMatch(/; 11 /);
  });

  it('refuses a code the manual does not have (11, 14), naming it', async () => {
    for (const codigo of [11, 14]) {
      const res = await pedir(
        tenant,
        `/anexos/f07/ventas-contribuyentes?periodo=${mes()}&formato=csv&tipoIngreso=${codigo}`,
      );
      const body = JSON.parse(res.texto);
      expect([codigo, res.status, res.disposicion, body.errors.map((e: { field: string }) => e.field)]).toEqual([
        codigo,
        400,
        null,
        ['tipoIngreso'],
      ]);
    }
  });

  it('is remembered per emisor: the last one given is used when a request omits it', async () => {
    expect(await columnaS(tenant, '&tipoIngreso=3')).toEqual(['3']);
    expect(await columnaS(tenant)).toEqual(['3']);
    expect(await columnaS(tenant, '&tipoIngreso=12')).toEqual(['12']);
    expect(await columnaS(tenant)).toEqual(['12']);
    // The consumer-final annex reads the same emisor's code (a month without Facturas: an empty file).
    const consumidor = await pedir(tenant, `/anexos/f07/ventas-consumidor-final?periodo=${mes()}&formato=csv`);
    expect([consumidor.status, consumidor.texto]).toEqual([200, '']);
    // Another emisor has given none.
    const res = await pedir(otro, `/anexos/f07/ventas-contribuyentes?periodo=${mes()}`);
    expect([res.status, JSON.parse(res.texto).errors[0].field]).toEqual([400, 'tipoIngreso']);
  });
});

describe('a refusal is JSON, without Content-Disposition, whatever file formato asked for', () => {
  let tenant: TestTenant;

  beforeAll(async () => {
    tenant = await createTestTenant();
  });

  const desconocido = randomUUID().toUpperCase();
  it.each([
    [
      'an annex’s CSV refused after its name was set',
      `/anexos/f07/compras?periodo=MES&formato=csv&establecimiento=M001`,
      400,
      'VALIDATION_ERROR',
    ],
    [
      'an annex’s CSV with a bad code',
      `/anexos/f07/ventas-contribuyentes?periodo=MES&formato=csv&tipoIngreso=0`,
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a book’s spreadsheet refused after its name was set',
      `/libros/compras?periodo=MES&formato=xlsx&establecimiento=M001`,
      400,
      'VALIDATION_ERROR',
    ],
    ['a book’s PDF', `/libros/compras?periodo=MES&formato=pdf&establecimiento=M001`, 400, 'VALIDATION_ERROR'],
    [
      'the certification record’s CSV, before any campaign',
      '/certificacion/informe?formato=csv',
      404,
      'CERTIFICATION_NOT_FOUND',
    ],
    [
      'the certification record’s PDF, before any campaign',
      '/certificacion/informe?formato=pdf',
      404,
      'CERTIFICATION_NOT_FOUND',
    ],
    ['the documents’ export', '/dte/export?desde=2026-11-02&hasta=2026-11-01&formato=zip', 400, 'VALIDATION_ERROR'],
    ['a document’s PDF it does not have', `/dte/pdf/${desconocido}?format=download`, 404, 'DOCUMENT_NOT_FOUND'],
    ['a received document’s PDF it does not have', `/compras/${desconocido}/pdf`, 404, 'COMPRA_NOT_FOUND'],
  ])('%s', async (_caso, ruta, status, code) => {
    const res = await pedir(tenant, ruta.replace('MES', mes()));
    expect([res.status, res.tipo, res.disposicion, JSON.parse(res.texto).code]).toEqual([
      status,
      'application/json; charset=utf-8',
      null,
      code,
    ]);
  });
});
