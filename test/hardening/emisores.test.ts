import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { hashToken } from '@dte/store';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import {
  api,
  cambioLeido,
  closeTestDatabase,
  createTestTenant,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

const exec = promisify(execFile);
const factura = { receptor: {}, items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }], condicionOperacion: 1 };

/** `npm run admin -- …` against the test stack's database: the printed JSON, or the refusal it printed. */
async function admin(...args: string[]): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout } = await exec('node', [path.resolve(__dirname, '../../apps/api/dist/admin/cli.js'), ...args], {
      env: { ...process.env, ...stack().env },
    });
    return { ok: true, out: stdout };
  } catch (err) {
    return { ok: false, out: (err as { stderr: string }).stderr };
  }
}

/** Tokens whose issuer does not hold together, and the admin CLI that no longer lets one be made. */
describe('hardening: emisores, establishments and points of sale', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    [a, b] = [await createTestTenant(), await createTestTenant()];
  });
  afterAll(() => closeTestDatabase());

  async function registros(t: TestTenant) {
    const { ApiToken } = (await testDatabase()).models;
    return (await ApiToken.findById(hashToken(t.token)).lean())!;
  }

  it('answers 401 before anything starts, for issuance and information, when the token names a foreign or missing point of sale', async () => {
    const { ApiToken } = (await testDatabase()).models;
    const tokenA = await registros(a);
    const tokenB = await registros(b);
    try {
      // A's token pointed at B's point of sale (as a mistaken direct write could leave it).
      await ApiToken.updateOne({ _id: tokenA._id }, { $set: { puntoVentaId: tokenB.puntoVentaId } });
      // The API reads a token's change within TENANT_CACHE_SECONDS (1 s in the suites).
      await eventually('the changed token read', async () => (await api('GET', '/dte/information', a)).status === 401);
      for (const [method, ruta, body] of [
        ['POST', '/dte/dte01', factura],
        ['GET', '/dte/information', undefined],
      ] as const) {
        const res = await api(method, ruta, a, body);
        expect([ruta, res.status, res.body.code]).toEqual([ruta, 401, 'AUTH_TOKEN_INVALID']);
      }
      // Refused at authentication: no request stored, so no workflow was started for it.
      const { IssueRequest } = (await testDatabase()).models;
      expect(await IssueRequest.countDocuments({ emisorId: tokenA.emisorId })).toBe(0);
      await ApiToken.updateOne({ _id: tokenA._id }, { $set: { puntoVentaId: 987654 } });
      expect((await api('GET', '/dte/information', a)).status).toBe(401);
    } finally {
      await ApiToken.updateOne({ _id: tokenA._id }, { $set: { puntoVentaId: tokenA.puntoVentaId } });
    }
    await eventually('the restored token read', async () => (await api('GET', '/dte/information', a)).status === 200);
  });

  it('refuses with the admin CLI a token, point of sale or establishment that would not belong together', async () => {
    const tokenA = await registros(a);
    const tokenB = await registros(b);
    const token = (emisor: number, est: number, pv: number) =>
      admin(
        'token', 'create', '--emisor', String(emisor), '--establecimiento', String(est), '--punto-venta', String(pv),
        '--name', 'x', '--permissions', 'ALL',
      ); // prettier-ignore
    for (const intento of [
      token(77_777, tokenA.establecimientoId, tokenA.puntoVentaId),
      token(a.emisorId, tokenB.establecimientoId, tokenB.puntoVentaId),
      token(a.emisorId, tokenA.establecimientoId, tokenB.puntoVentaId),
      admin(
        'punto-venta', 'create', '--emisor', String(a.emisorId), '--establecimiento', String(tokenB.establecimientoId),
        '--cod-punto-venta', 'P002', '--cod-punto-venta-mh', 'P002',
      ), // prettier-ignore
      admin(
        'establecimiento', 'create', '--emisor', '77777', '--cod-estable', 'S002', '--cod-estable-mh', 'S002',
        '--tipo-establecimiento', '01', '--nombre', 'Sucursal', '--departamento', '06', '--municipio', '23',
        '--complemento', 'Calle 1', '--telefono', '22223333',
      ), // prettier-ignore
    ]) {
      const { ok, out } = await intento;
      expect([ok, out]).toEqual([false, expect.stringMatching(/does not exist|is not of emisor/)]);
    }
    const { ApiToken, PuntoVenta } = (await testDatabase()).models;
    expect(await ApiToken.countDocuments({ emisorId: a.emisorId })).toBe(1);
    expect(await PuntoVenta.countDocuments({ emisorId: a.emisorId })).toBe(1);
  });

  it('deactivates a point of sale (its tokens stop issuing, 401) and reactivates it', async () => {
    const { puntoVentaId } = await registros(a);
    expect((await admin('punto-venta', 'deactivate', '--punto-venta', String(puntoVentaId))).ok).toBe(true);
    await cambioLeido();
    expect((await api('POST', '/dte/dte01', a, factura)).status).toBe(401);
    expect((await admin('punto-venta', 'activate', '--punto-venta', String(puntoVentaId))).ok).toBe(true);
    await cambioLeido();
    expect((await api('POST', '/dte/dte01', a, factura)).status).toBe(201);
  });

  it('deletes an establishment without documents (revoking its tokens) and refuses one with documents', async () => {
    const { establecimientoId } = await registros(a);
    const conDocumentos = await admin('establecimiento', 'delete', '--establecimiento', String(establecimientoId));
    expect(conDocumentos).toEqual({ ok: false, out: expect.stringContaining('deactivate it instead') });

    const { establecimientoId: deB, puntoVentaId: pvB } = await registros(b);
    expect(JSON.parse((await admin('establecimiento', 'delete', '--establecimiento', String(deB))).out)).toEqual({
      establecimientoId: deB,
      deleted: true,
    });
    const { Establecimiento, PuntoVenta } = (await testDatabase()).models;
    expect(await Establecimiento.exists({ id: deB })).toBeNull();
    expect(await PuntoVenta.exists({ id: pvB })).toBeNull();
    expect((await registros(b)).revokedAt).toBeInstanceOf(Date);
    // Refused once the API's tenant cache lets the token go (TENANT_CACHE_SECONDS, 1 s in the suites).
    await eventually('the revoked token refused', async () => (await api('GET', '/dte/information', b)).status === 401);
  });
});
