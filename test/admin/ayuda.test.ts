import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator } from '../support/tenant';

const exec = promisify(execFile);

/** `npm run admin -- …`: what it printed, and its exit code. */
async function admin(args: string[], env: NodeJS.ProcessEnv = { ...process.env, ...stack().env }) {
  try {
    const { stdout, stderr } = await exec('node', ['apps/api/dist/admin/cli.js', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('admin CLI for people', () => {
  afterAll(() => closeTestDatabase());

  it('answers help, help <command> and <command> --help without configuration, a database or a stack', async () => {
    // Only PATH: no DTE variable, so nothing but the help text could answer.
    const sinNada = { PATH: process.env.PATH };
    const todo = await admin(['help'], sinNada);
    expect(todo.code).toBe(0);
    for (const comando of ['emisor create', 'token create', 'webhooks create', 'conciliar', 'anexos', 'certificacion'])
      expect(todo.stdout).toContain(comando);
    expect(await admin([], sinNada)).toEqual(todo);

    const emisor = await admin(['emisor', '--help'], sinNada);
    expect(emisor.code).toBe(0);
    expect(emisor.stdout).toMatch(/^usage: npm run admin -- emisor create --nit/);
    expect(emisor.stdout).not.toContain('token create');
    expect(await admin(['emisor', 'create', '--help'], sinNada)).toEqual(emisor);
    expect((await admin(['help', 'token'], sinNada)).stdout).toContain('permissions: FACTURA_CONSUMIDOR_FINAL');
  });

  it('sends a person who got a command wrong to its help', async () => {
    const desconocido = await admin(['frobnicar']);
    expect([desconocido.code, desconocido.stderr]).toEqual([
      1,
      `admin: unknown command "frobnicar": 'npm run admin -- help' lists the commands\n`,
    ]);
    const accion = await admin(['token', 'borrar']);
    expect(accion.stderr).toBe(
      `admin: unknown command "token borrar": 'npm run admin -- token --help' shows its options\n`,
    );
    const falta = await admin(['token', 'list']);
    expect(falta.stderr).toBe(`admin: --emisor is required: 'npm run admin -- token --help' shows its options\n`);
    const opcion = await admin(['webhooks', 'list', '--emisr', '1']);
    expect(opcion.code).toBe(1);
    expect(opcion.stderr).toMatch(/Unknown option '--emisr'.*'npm run admin -- webhooks --help' shows its options/);
  });

  it('reenviar e-mails a sealed document as POST /dte/resend does, and refuses a rejected one with its code', async () => {
    const tenant = await createTestTenant();
    const factura = (correo: string) =>
      api('POST', '/dte/dte01', tenant, {
        receptor: { nombre: 'Cliente', correo },
        items: [{ descripcion: 'Café', cantidad: 1, precioUnitario: 5 }],
        condicionOperacion: 1,
      });
    const sellada = (await factura(`receptor-${randomUUID()}@example.test`)).body.data;
    const otro = `contabilidad-${randomUUID()}@example.test`;
    const hecho = await admin([
      'reenviar', '--emisor', String(tenant.emisorId), '--dte', sellada.codigoGeneracion, '--correo', otro,
    ]); // prettier-ignore
    expect([hecho.code, JSON.parse(hecho.stdout)]).toEqual([
      0,
      expect.objectContaining({ codigoGeneracion: sellada.codigoGeneracion, emailEnviado: otro, correoEnviado: true }),
    ]);
    expect(hecho.stderr).toContain(`admin: document ${sellada.codigoGeneracion} e-mailed to ${otro}`);
    const correo = await waitForMail((m) => m.to.some((t) => t.address === otro));
    expect(correo.attachments?.map((a) => a.contentType).sort()).toEqual(['application/json', 'application/pdf']);

    // MH rejects the tenant's next document: the CLI refuses it as the API does, and sends nothing.
    await simulator('/reject', { next: 1, codigoMsg: '003', clasificaMsg: '13', emisor: tenant.nit });
    const rechazada = (await factura(`rechazada-${randomUUID()}@example.test`)).body.data;
    expect(rechazada.estado).toBe('REJECTED');
    const api409 = await api('POST', `/dte/resend/${rechazada.codigoGeneracion}`, tenant, { email: otro });
    const cli = await admin(['reenviar', '--emisor', String(tenant.emisorId), '--dte', rechazada.codigoGeneracion]);
    expect([api409.body.code, cli.code, cli.stderr]).toEqual([
      'DOCUMENT_REJECTED',
      1,
      'admin: Un documento rechazado por MH no puede reenviarse (DOCUMENT_REJECTED) {"estado":"REJECTED"}\n',
    ]);
  });

  it('says what each command did, beside the JSON a script reads', async () => {
    const tenant = await createTestTenant();
    const tokens = await admin(['token', 'list', '--emisor', String(tenant.emisorId)]);
    const lista = JSON.parse(tokens.stdout) as { id: number }[];
    expect(tokens.stderr).toBe(`admin: ${lista.length} token(s)\n`);
    const [token] = lista;
    const revocado = await admin(['token', 'revoke', String(token!.id)]);
    expect([JSON.parse(revocado.stdout), revocado.stderr]).toEqual([
      { id: token!.id, revoked: true },
      `admin: token ${token!.id} revoked\n`,
    ]);
  });
});
