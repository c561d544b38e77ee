import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateCertificadoMH } from '@dte/domain';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);
// A dozen CLI runs one after the other, each a Node process that connects to the database: on a machine busy
// with other work each takes seconds, and jest's default of 120 s is a time budget, not a wait for a condition.
jest.setTimeout(600_000);

/** `npm run admin -- …` against the test stack's database: a tenant made from the shell issues a document. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON printed by the CLI
async function admin(...args: string[]): Promise<any> {
  const { stdout } = await exec('node', ['apps/api/dist/admin/cli.js', ...args], {
    env: { ...process.env, ...stack().env },
  });
  return JSON.parse(stdout);
}

describe('admin CLI', () => {
  afterAll(() => closeTestDatabase());

  it('creates an emisor, establishment, point of sale and token that issue an accepted Factura; revokes the token', async () => {
    const nit = `0614${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-cli-'));
    const certificadoPassword = 'clave-del-certificado';
    const certificado = path.join(dir, `${nit}.crt`);
    fs.writeFileSync(certificado, generateCertificadoMH({ nit, privatePassword: certificadoPassword }).xml);
    const mhPassword = 'Clave-MH-2026!';
    // San Salvador Centro, distrito San Salvador: the 2026 generation needs the distrito.
    const direccion = [
      '--departamento', '06', '--municipio', '23', '--distrito', '14', '--complemento', 'Colonia Escalón, calle 1 #2',
    ]; // prettier-ignore

    const emisor = await admin(
      'emisor', 'create', '--nit', nit, '--nrc', '1234567', '--nombre', 'EMPRESA CLI, S.A. DE C.V.',
      '--cod-actividad', '62010', '--desc-actividad', 'Programación informática', ...direccion,
      '--telefono', '22223333', '--correo', 'cli@example.test', '--ambiente', 'TEST',
      '--mh-password', mhPassword, '--certificado', certificado, '--certificado-password', certificadoPassword,
    ); // prettier-ignore
    // The simulator stands for MH, where the emisor's credentials already exist.
    await fetch(`${stack().mhSimulator}/__sim/emisores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nit, password: mhPassword, certificado: fs.readFileSync(certificado, 'utf8') }),
    });
    const listed = await admin('emisor', 'list');
    const mine = listed.find((e: { nit: string }) => e.nit === nit);
    expect(mine).toMatchObject({ id: emisor.id, nombre: 'EMPRESA CLI, S.A. DE C.V.' });
    expect(JSON.stringify(mine)).not.toMatch(/secrets|mhPassword|certificado/);

    const est = await admin(
      'establecimiento', 'create', '--emisor', String(emisor.id), '--cod-estable', 'M001', '--cod-estable-mh', 'M001',
      '--tipo-establecimiento', '02', '--nombre', 'Casa matriz', ...direccion, '--telefono', '22223333',
    ); // prettier-ignore
    const pv = await admin(
      'punto-venta', 'create', '--emisor', String(emisor.id), '--establecimiento', String(est.id),
      '--cod-punto-venta', 'P001', '--cod-punto-venta-mh', 'P001',
    ); // prettier-ignore
    expect(await admin('establecimiento', 'list', '--emisor', String(emisor.id))).toHaveLength(1);
    expect(await admin('punto-venta', 'list', '--emisor', String(emisor.id))).toHaveLength(1);
    const created = await admin(
      'token', 'create', '--emisor', String(emisor.id), '--establecimiento', String(est.id),
      '--punto-venta', String(pv.id), '--name', 'caja 1', '--permissions', 'FACTURA_CONSUMIDOR_FINAL',
    ); // prettier-ignore
    expect(created.token).toMatch(/^dte_/);
    const tokens = await admin('token', 'list', '--emisor', String(emisor.id));
    expect(tokens).toEqual([expect.objectContaining({ id: created.id, name: 'caja 1', revokedAt: null })]);
    expect(JSON.stringify(tokens)).not.toContain(created.token);

    const tenant: TestTenant = {
      emisorId: emisor.id,
      nit,
      token: created.token,
      publicKeyDer: Buffer.alloc(0),
      headers: { 'x-api-token': created.token, 'content-type': 'application/json' },
    };
    const issued = await api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    expect(issued.status).toBe(201);
    expect(issued.body.data).toMatchObject({ estado: 'PROCESSED', emisorId: emisor.id, tokenId: created.id });
    const denied = await api('POST', '/dte/dte03', tenant, {});
    expect(denied.body.code).toBe('PERMISSION_DENIED');

    expect(await admin('token', 'revoke', String(created.id))).toEqual({ id: created.id, revoked: true });
    // The API refuses it once its tenant cache has let the token go (TENANT_CACHE_SECONDS, 1 s in the suites).
    const revoked = await eventually('the revoked token refused', async () => {
      const res = await api('GET', '/dte/information', tenant);
      return res.status === 401 && res;
    });
    expect(revoked.body.code).toBe('AUTH_TOKEN_INVALID');
    await expect(admin('token', 'create', '--emisor', String(emisor.id))).rejects.toThrow(
      /--establecimiento is required/,
    );
  });

  it('manages an emisor’s webhook endpoints, the secret printed once', async () => {
    const tenant = await createTestTenant();
    const emisor = String(tenant.emisorId);
    const creado = await admin(
      'webhooks', 'create', '--emisor', emisor, '--url', 'http://127.0.0.1:8080/eventos',
      '--eventos', 'dte.procesado,dte.invalidado', '--descripcion', 'ERP',
    ); // prettier-ignore
    expect(creado).toMatchObject({
      id: `whk_${emisor}_1`,
      eventos: ['dte.procesado', 'dte.invalidado'],
      descripcion: 'ERP',
      activo: true,
      secreto: expect.stringMatching(/^whsec_/),
    });
    const listados = await admin('webhooks', 'list', '--emisor', emisor);
    expect(listados.map((e: { id: string }) => e.id)).toEqual([creado.id]);
    expect(JSON.stringify(listados)).not.toContain('whsec_');
    // The API shows the same endpoint to the emisor's token.
    expect((await api('GET', `/webhooks/${creado.id}`, tenant)).body.data.descripcion).toBe('ERP');
    const rotado = await admin('webhooks', 'rotate', '--emisor', emisor, '--webhook', creado.id);
    expect(rotado.secreto).not.toBe(creado.secreto);
    await expect(
      admin('webhooks', 'create', '--emisor', emisor, '--url', 'http://127.0.0.1:8080/e', '--eventos', 'dte.otro'),
    ).rejects.toThrow(/eventos/);
    await expect(
      admin('webhooks', 'delete', '--emisor', String(tenant.emisorId + 1), '--webhook', creado.id),
    ).rejects.toThrow(/no existe/);
    expect(await admin('webhooks', 'delete', '--emisor', emisor, '--webhook', creado.id)).toEqual({
      id: creado.id,
      eliminado: true,
    });
    expect(await admin('webhooks', 'list', '--emisor', emisor)).toEqual([]);
  });

  it('refuses a pre-2024 municipio in an emisor address, naming the 2024 way', async () => {
    const tenant = await createTestTenant();
    await expect(
      admin(
        'establecimiento', 'create', '--emisor', String(tenant.emisorId), '--cod-estable', 'S002',
        '--cod-estable-mh', 'S002', '--tipo-establecimiento', '01', '--nombre', 'Sucursal Usulután',
        '--departamento', '11', '--municipio', '23', '--complemento', 'Calle principal', '--telefono', '26620000',
      ), // prettier-ignore
    ).rejects.toThrow(/municipio 23 is a pre-2024 code; give its 2024 municipio \(CAT-013 25, USULUTAN ESTE\)/);
  });

  it('refuses a distrito outside the address municipio, on creation and when set later', async () => {
    const tenant = await createTestTenant();
    // Distrito 14 (San Salvador) lies in San Salvador Centro (23), not Norte (20).
    await expect(
      admin(
        'establecimiento', 'create', '--emisor', String(tenant.emisorId), '--cod-estable', 'S003',
        '--cod-estable-mh', 'S003', '--tipo-establecimiento', '01', '--nombre', 'Sucursal Aguilares',
        '--departamento', '06', '--municipio', '20', '--distrito', '14', '--complemento', 'Calle principal',
        '--telefono', '22220000',
      ), // prettier-ignore
    ).rejects.toThrow(/distrito: El distrito 14 está en el municipio 23 \(SAN SALVADOR CENTRO\)/);
    // Aguilares (06/01) lies in San Salvador Norte: not a distrito for the tenant's establishment in Centro.
    const [est] = await admin('establecimiento', 'list', '--emisor', String(tenant.emisorId));
    await expect(
      admin('establecimiento', 'distrito', '--establecimiento', String(est.id), '--distrito', '01'),
    ).rejects.toThrow(
      new RegExp(`establecimiento ${est.id}: invalid address: distrito: El distrito 01 está en el municipio 20`),
    );
  });
});
