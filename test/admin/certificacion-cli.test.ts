import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { RITMO_MAXIMO_CERTIFICACION } from '@dte/domain';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

/** `npm run admin -- …` against the test stack: its JSON, and what it told the person on stderr. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON printed by the CLI
async function admin(...args: string[]): Promise<{ json: any; stderr: string }> {
  const { stdout, stderr } = await exec('node', ['apps/api/dist/admin/cli.js', ...args], {
    env: { ...process.env, ...stack().env },
  });
  return { json: JSON.parse(stdout), stderr };
}

const certificacion = (accion: string, tenant: TestTenant, ...extra: string[]) =>
  admin('certificacion', accion, '--emisor', String(tenant.emisorId), ...extra);

async function estadoCuando(tenant: TestTenant, estado: string) {
  return eventually(`the campaign to be ${estado}`, async () => {
    const { json } = await certificacion('estado', tenant);
    return json.estado === estado ? json : undefined;
  });
}

describe('admin CLI: certificacion', () => {
  afterAll(() => closeTestDatabase());

  it('runs a small campaign to COMPLETA with the emisor’s oldest token, shows its bars, and refuses a second', async () => {
    const tenant = await createTestTenant();
    const [token] = (await admin('token', 'list', '--emisor', String(tenant.emisorId))).json;
    const inicio = await certificacion(
      'iniciar',
      tenant,
      '--plan',
      '01=2,03=1',
      '--ritmo',
      String(RITMO_MAXIMO_CERTIFICACION),
    );
    expect(inicio.json).toEqual({
      workflowId: `certificacion-${tenant.emisorId}`,
      plan: { documentos: { FACTURA_CONSUMIDOR_FINAL: 2, CREDITO_FISCAL: 1 }, invalidaciones: 0, contingencias: 0 },
      ritmo: RITMO_MAXIMO_CERTIFICACION,
      token: { id: token.id, name: token.name, elegido: true },
    });
    expect(inicio.stderr).toContain(`the campaign issues with token ${token.id} (${token.name})`);

    const final = await estadoCuando(tenant, 'COMPLETA');
    const hecho = (n: number) => ({ planificados: n, aceptados: n, rechazados: 0, enCurso: 0 });
    expect(final).toMatchObject({
      emisorId: tenant.emisorId,
      documentos: { FACTURA_CONSUMIDOR_FINAL: hecho(2), CREDITO_FISCAL: hecho(1) },
      invalidaciones: hecho(0),
      contingencias: hecho(0),
      ultimoRechazo: null,
    });
    // No invalidations or contingency events planned: no bar for them; the whole plan is 2 + 1.
    expect(final.progreso).toEqual({
      FACTURA_CONSUMIDOR_FINAL: '[##########] 2/2',
      CREDITO_FISCAL: '[##########] 1/1',
      total: '[##########] 3/3',
    });
    await expect(certificacion('iniciar', tenant, '--plan', '01=1')).rejects.toThrow(
      new RegExp(
        `El emisor ${tenant.emisorId} ya completó su certificación \\(CERTIFICATION_EXISTS\\) \\{"estado":"COMPLETA"\\}`,
      ),
    );
    await expect(certificacion('cancelar', tenant)).rejects.toThrow(/no tiene una campaña de certificación en curso/);
  });

  it('cancels a running campaign with --token, refusing a second start while it runs, and starts anew after', async () => {
    const tenant = await createTestTenant();
    const [token] = (await admin('token', 'list', '--emisor', String(tenant.emisorId))).json;
    // 2 a minute: 30 s between the three Facturas, so the campaign is still running when cancelled.
    const inicio = await certificacion(
      'iniciar',
      tenant,
      '--plan',
      '01=3',
      '--ritmo',
      '2',
      '--token',
      String(token.id),
    );
    expect(inicio.json.token).toEqual({ id: token.id, name: token.name, elegido: false });
    expect(inicio.stderr).not.toContain('the campaign issues with token');
    await expect(certificacion('iniciar', tenant, '--plan', '01=1')).rejects.toThrow(
      /está EN_CURSO: reanúdela o cancélela/,
    );
    expect((await certificacion('cancelar', tenant)).json).toEqual({
      workflowId: `certificacion-${tenant.emisorId}`,
      accion: 'cancelar',
    });
    const cancelada = await estadoCuando(tenant, 'CANCELADA');
    // The step in flight ends, the rest is not issued: fewer than the 3 planned, the bar not full
    // (1/3 of 10 marks is 3.3, shown as 3; 2/3 is 6.7, shown as 6: full only when done).
    const { aceptados } = cancelada.documentos.FACTURA_CONSUMIDOR_FINAL;
    const barras: Record<number, string> = { 0: '[----------] 0/3', 1: '[###-------] 1/3', 2: '[######----] 2/3' };
    expect(barras[aceptados]).toBeDefined();
    expect(cancelada.progreso).toEqual({ FACTURA_CONSUMIDOR_FINAL: barras[aceptados], total: barras[aceptados] });
    expect(
      (await certificacion('iniciar', tenant, '--plan', '01=1', '--ritmo', String(RITMO_MAXIMO_CERTIFICACION))).json
        .plan,
    ).toEqual({
      documentos: { FACTURA_CONSUMIDOR_FINAL: 1 },
      invalidaciones: 0,
      contingencias: 0,
    });
    expect((await estadoCuando(tenant, 'COMPLETA')).progreso.total).toBe('[##########] 1/1');
  });

  it('says clearly when there is no campaign, and when no token may run one', async () => {
    const tenant = await createTestTenant();
    const emisor = String(tenant.emisorId);
    await expect(certificacion('estado', tenant)).rejects.toThrow(
      new RegExp(`admin: El emisor ${emisor} no tiene una campaña de certificación en curso`),
    );
    const [todos] = (await admin('token', 'list', '--emisor', emisor)).json;
    await admin('token', 'revoke', String(todos.id));
    const sinPermiso =
      (await admin(
        'token', 'create', '--emisor', emisor, '--establecimiento', String(todos.establecimientoId),
        '--punto-venta', String(todos.puntoVentaId), '--name', 'caja', '--permissions', 'FACTURA_CONSUMIDOR_FINAL',
      )) // prettier-ignore
      .json;
    await expect(certificacion('iniciar', tenant, '--plan', '01=1')).rejects.toThrow(
      new RegExp(`emisor ${emisor} has no active token with the CERTIFICACION permission`),
    );
    await expect(certificacion('iniciar', tenant, '--token', String(sinPermiso.id))).rejects.toThrow(
      /El token no tiene el permiso CERTIFICACION/,
    );
    await expect(certificacion('iniciar', tenant, '--token', String(todos.id))).rejects.toThrow(
      new RegExp(`token ${todos.id} is revoked`),
    );
    await expect(certificacion('estado', tenant)).rejects.toThrow(/no tiene una campaña de certificación/);
  });
});
