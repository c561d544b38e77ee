import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { stack } from '../support/stack';
import { api, auditadas, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

/** `npm run admin -- correlativo fijar …` for the tenant's M001/P001: what it printed as JSON. */
async function fijar(tenant: TestTenant, siguiente: string, { tipo = '01', establecimiento = 'M001' } = {}) {
  const { stdout } = await exec(
    'node',
    [
      ...['apps/api/dist/admin/cli.js', 'correlativo', 'fijar', '--emisor', String(tenant.emisorId)],
      ...['--tipo', tipo, '--establecimiento', establecimiento, '--punto-venta', 'P001', '--siguiente', siguiente],
    ],
    { env: { ...process.env, ...stack().env } },
  );
  return JSON.parse(stdout);
}

const factura = (tenant: TestTenant) =>
  api('POST', '/dte/dte01', tenant, {
    receptor: {},
    items: [{ descripcion: 'Después del proveedor anterior', cantidad: 1, precioUnitario: 3 }],
    condicionOperacion: 1,
  });

/**
 * An emisor that comes from another provider sets its next correlativo with the admin CLI (one worker: the
 * stack's): the next Factura is numbered with it, the series goes on from it, and what cannot be is refused
 * with its code: a number not past the last one issued, a kind this service does not issue, an
 * establishment the emisor does not have, a number out of MH's 15 digits.
 */
describe('admin CLI: correlativo fijar', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  it('numbers the next Factura with the number set, and refuses one not past the last issued', async () => {
    const primera = await factura(tenant);
    expect(primera.status).toBe(201);
    expect(primera.body.data.numeroControl).toMatch(/-000000000000001$/);

    const hecho = await fijar(tenant, '1500');
    expect(hecho).toMatchObject({
      tipoDte: '01',
      codEstable: 'M001',
      codPuntoVenta: 'P001',
      ultimo: 1,
      siguiente: 1500,
    });
    const [despues, otra] = [await factura(tenant), await factura(tenant)];
    expect(despues.body.data.numeroControl).toMatch(/^DTE-01-M001P001-000000000001500$/);
    expect(otra.body.data.numeroControl).toMatch(/-000000000001501$/);

    await expect(fijar(tenant, '1501')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        'El correlativo 1501 ya se emitió o se reservó en esta serie: el siguiente debe ser mayor que 1501 (CORRELATIVO_RETROCEDE)',
      ),
    });
    const entradas = await auditadas(tenant.emisorId, 'CORRELATIVO_FIJADO');
    expect(entradas.map((e) => [e.actor.tipo, e.endpoint, e.detalles])).toEqual([
      [
        'OPERADOR',
        'admin correlativo fijar',
        { tipoDte: '01', codEstable: 'M001', codPuntoVenta: 'P001', year: hecho.year, ultimo: 1, siguiente: 1500 },
      ],
    ]);
  });

  it('sets a series no document started yet, and refuses a kind, an establishment or a number it cannot', async () => {
    expect(await fijar(tenant, '20', { tipo: '03' })).toMatchObject({ tipoDte: '03', ultimo: 0, siguiente: 20 });
    await expect(fijar(tenant, '20', { tipo: '02' })).rejects.toMatchObject({
      stderr: expect.stringContaining('02 no es un tipo de DTE que este servicio emite'),
    });
    await expect(fijar(tenant, '20', { establecimiento: 'M999' })).rejects.toMatchObject({
      stderr: expect.stringContaining('El emisor no tiene el establecimiento M999 (NOT_FOUND)'),
    });
    for (const fuera of ['0', '1000000000000000', '12abc'])
      await expect(fijar(tenant, fuera)).rejects.toMatchObject({
        stderr: expect.stringContaining('Debe ser un número entero de 1 a 999999999999999'),
      });
  });
});
