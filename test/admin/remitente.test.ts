import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { stack } from '../support/stack';
import { testStore } from '../support/storage';
import { auditadas, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** `npm run admin -- emisor …`: what it printed as JSON. */
async function admin(...args: string[]) {
  const { stdout } = await exec('node', ['apps/api/dist/admin/cli.js', 'emisor', ...args], {
    env: { ...process.env, ...stack().env },
  });
  return JSON.parse(stdout);
}

/**
 * The admin CLI's sender and logo of an emisor: what it sets, what it refuses (with the refusal's code, and
 * nothing changed), and each change in the emisor's audit log as the operator's.
 */
describe('admin CLI: emisor remitente and emisor logo', () => {
  let tenant: TestTenant;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-remitente-'));
  const archivo = (nombre: string, bytes: Buffer) => {
    const ruta = path.join(dir, nombre);
    fs.writeFileSync(ruta, bytes);
    return ruta;
  };

  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(async () => {
    await closeTestDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const entradas = (accion: 'REMITENTE_CAMBIADO' | 'LOGO_CAMBIADO') => auditadas(tenant.emisorId, accion);

  it('sets the sender, keeps a field not given, removes one given empty, and refuses a bad address', async () => {
    const id = String(tenant.emisorId);
    expect(await admin('remitente', '--emisor', id, '--nombre', 'Café Ñandú', '--responder-a', 'hola@cafe.sv')).toEqual(
      {
        emisorId: tenant.emisorId,
        remitente: { nombre: 'Café Ñandú', responderA: 'hola@cafe.sv' },
        anterior: { nombre: null, responderA: null },
      },
    );
    await expect(admin('remitente', '--emisor', id, '--responder-a', 'hola@cafe')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('El remitente no es válido (VALIDATION_ERROR)'),
    });
    expect(await admin('remitente', '--emisor', id, '--responder-a', '')).toMatchObject({
      remitente: { nombre: 'Café Ñandú', responderA: null },
    });
    expect((await entradas('REMITENTE_CAMBIADO')).map((e) => [e.actor.tipo, e.endpoint, e.detalles])).toEqual([
      [
        'OPERADOR',
        'admin emisor remitente',
        { nombre: 'Café Ñandú', responderA: null, nombreAnterior: 'Café Ñandú', responderAAnterior: 'hola@cafe.sv' },
      ],
      [
        'OPERADOR',
        'admin emisor remitente',
        { nombre: 'Café Ñandú', responderA: 'hola@cafe.sv', nombreAnterior: null, responderAAnterior: null },
      ],
    ]);
  });

  it('sets the logo from a PNG, refuses a text file and one too large by their codes, and removes it', async () => {
    const id = String(tenant.emisorId);
    await expect(admin('logo', '--emisor', id, archivo('logo.png', Buffer.from('texto')))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('(LOGO_NOT_IMAGE)'),
    });
    const grande = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    await expect(admin('logo', '--emisor', id, archivo('grande.png', grande))).rejects.toMatchObject({
      stderr: expect.stringContaining('(LOGO_TOO_LARGE)'),
    });
    expect(await entradas('LOGO_CAMBIADO')).toEqual([]);

    const puesto = await admin('logo', '--emisor', id, archivo('logo.png', PNG));
    expect(puesto).toEqual({
      emisorId: tenant.emisorId,
      logoKey: expect.stringMatching(/^emisores\/.+\/branding\/logo\.png$/),
      anterior: null,
    });
    expect(await testStore().get(puesto.logoKey)).toEqual(PNG);
    expect(await admin('logo', '--emisor', id, '--quitar')).toEqual({
      emisorId: tenant.emisorId,
      logoKey: null,
      anterior: puesto.logoKey,
    });
    expect((await entradas('LOGO_CAMBIADO')).map((e) => e.detalles)).toEqual([
      { logoKey: null, anterior: puesto.logoKey },
      { logoKey: puesto.logoKey, anterior: null },
    ]);
  });
});
