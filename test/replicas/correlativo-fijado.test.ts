import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eventually } from '../support/eventually';
import { startWorker, type ExtraProcess } from '../support/processes';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);
/** Documents asked for before the command is run, and after it returned: the clients go on until then. */
const ANTES = 12;
const DESPUES = 18;
const SIMULTANEOS = 6;
const SIGUIENTE = 5000;

/**
 * Two workers (the stack's and one more) number Facturas of one series at once while the administrator sets
 * the series' next correlativo with the admin CLI: each worker remembers the last number it took, so the
 * number set must reach both through the database before their next one. Every document asked for after
 * the command returned is numbered from it on; none shares a number; the numbers before it and from it on
 * have no gap. Setting it back below the last issued is then refused with its code and the last number.
 */
describe('a correlativo set forward while two workers issue', () => {
  let tenant: TestTenant;
  let workerB: ExtraProcess;
  beforeAll(async () => {
    [tenant, workerB] = await Promise.all([createTestTenant(), startWorker('worker-correlativo')]);
  });
  afterAll(async () => {
    if (workerB?.child.exitCode === null && workerB.child.signalCode === null) workerB.child.kill();
    await closeTestDatabase();
  });

  const fijar = (siguiente: number) =>
    exec(
      'node',
      [
        ...['apps/api/dist/admin/cli.js', 'correlativo', 'fijar', '--emisor', String(tenant.emisorId)],
        ...['--tipo', '01', '--establecimiento', 'M001', '--punto-venta', 'P001', '--siguiente', String(siguiente)],
      ],
      { env: { ...process.env, ...stack().env } },
    );

  it('numbers every document asked for after it from the number set, with no repeat and no gap', async () => {
    const emitidos: { codigo: string; despues: boolean }[] = [];
    let fijado = false;
    const pedidosDespues = () => emitidos.filter((e) => e.despues).length;
    const clientes = Array.from({ length: SIMULTANEOS }, async (_, cliente) => {
      for (let i = 0; !fijado || pedidosDespues() < DESPUES; i++) {
        const despues = fijado;
        const res = await api('POST', '/dte/dte01', tenant, {
          receptor: {},
          items: [{ descripcion: `Documento ${cliente}.${i}`, cantidad: 1, precioUnitario: 2 }],
          condicionOperacion: 1,
        });
        expect([201, 202]).toContain(res.status);
        emitidos.push({ codigo: res.body.data.codigoGeneracion, despues });
      }
    });
    // Some answered, the rest in flight on both workers: the moment to set it.
    await eventually('the first documents answered', () => emitidos.length >= ANTES);
    const { stdout } = await fijar(SIGUIENTE);
    fijado = true;
    await Promise.all(clientes);

    const { Document } = (await testDatabase()).models;
    const numeros = await eventually('every document numbered', async () => {
      const docs = await Promise.all(emitidos.map((e) => Document.findById(e.codigo, { numeroControl: 1 }).lean()));
      return docs.every((d) => d?.numeroControl) && docs.map((d) => Number(d!.numeroControl.slice(-15)));
    });
    const antes = numeros.filter((n) => n < SIGUIENTE).sort((a, b) => a - b);
    const desde = numeros.filter((n) => n >= SIGUIENTE).sort((a, b) => a - b);
    // The command answered the last number taken when it read the series, and the next one: the number set, or,
    // when documents in flight on the workers were numbered from it before the command read the series again,
    // the one after them (fresh18 saw 5001 once).
    const respuesta = JSON.parse(stdout) as { siguiente: number; ultimo: number };
    expect(respuesta).toMatchObject({ ultimo: expect.any(Number) });
    expect(respuesta.siguiente).toBeGreaterThanOrEqual(SIGUIENTE);
    expect(respuesta.siguiente).toBeLessThanOrEqual(SIGUIENTE + desde.length);
    expect(emitidos.filter((e, i) => e.despues && numeros[i]! < SIGUIENTE)).toEqual([]);
    expect(pedidosDespues()).toBeGreaterThanOrEqual(DESPUES);
    expect(antes).toEqual(Array.from({ length: antes.length }, (_, i) => i + 1));
    expect(desde).toEqual(Array.from({ length: desde.length }, (_, i) => SIGUIENTE + i));

    const ultimo = SIGUIENTE + desde.length - 1;
    await expect(fijar(antes.length)).rejects.toMatchObject({
      code: 1,
      stderr:
        `admin: El correlativo ${ultimo} ya se emitió o se reservó en esta serie: el siguiente debe ser mayor ` +
        `que ${ultimo} (CORRELATIVO_RETROCEDE) {"ultimo":${ultimo}}\n`,
    });
  }, 300_000);
});
