import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { DteWorkflowClient } from '@dte/contract/client';
import { DteError, type TipoEnlace } from '@dte/domain';
import { Auditoria, Personas, SecretBox, Usuarios } from '@dte/store';
import { enviarEnlace } from '../../apps/api/src/personas/enlaces';
import { eventually } from '../support/eventually';
import { waitForMail, type MaildevMessage } from '../support/maildev';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

/** What maildev answers of a message beyond its headers. */
type Mensaje = MaildevMessage & { text: string; html: string };

/**
 * The console's access links (issue 50) on the real stack: the worker makes the link and e-mails it
 * (maildev), the link works once; the activity refuses a person who is not an active member of the
 * emisor, whoever started the workflow; the admin CLI invites the first administrator with a link.
 */
describe('access links (EnlaceDeAccesoWorkflow)', () => {
  let tenant: TestTenant;
  let connection: Connection;
  let ctx: Parameters<typeof enviarEnlace>[0];
  const config = loadConfig(stack().env);
  const box = new SecretBox(config.SECRET_KEY);
  const correo = () => `persona-${randomUUID()}@empresa.sv`;

  beforeAll(async () => {
    tenant = await createTestTenant();
    connection = await Connection.connect({ address: stack().temporalGrpc });
    ctx = { config, workflows: new DteWorkflowClient(new Client({ connection }).workflow) };
  });
  afterAll(async () => {
    await connection?.close();
    await closeTestDatabase();
  });

  const personas = async () => new Personas(await testDatabase(), box);
  const usuarios = async () => new Usuarios((await testDatabase()).connection, box);
  const emisorNombre = async () =>
    (await (await testDatabase()).models.Emisor.findOne({ id: tenant.emisorId }).lean())!.nombre;

  /** The message to `to`, and the link it carries to `ruta` (the token at its end). */
  async function enlaceEn(to: string, ruta: string) {
    const mensaje = (await waitForMail((m) => m.to.some((t) => t.address === to))) as Mensaje;
    const patron = new RegExp(
      `${config.API_PUBLIC_URL ?? `http://${config.API_HOST}:${config.API_PORT}`}${ruta}/([A-Za-z0-9_-]+)`,
    );
    const enlace = patron.exec(mensaje.text);
    if (!enlace) throw new Error(`no link to ${ruta} in: ${mensaje.text}`);
    expect(mensaje.html).toContain(`href="${enlace[0]}"`);
    return { mensaje, token: enlace[1]! };
  }

  async function usadoUnaVez(token: string, tipo: TipoEnlace, usuarioId: string) {
    const repo = await usuarios();
    expect((await repo.usarEnlace(token, tipo))._id).toBe(usuarioId);
    await expect(repo.usarEnlace(token, tipo)).rejects.toThrow('ya se usó o venció');
  }

  it('e-mails an invitation naming who invited the person to which emisor, with a link that works once', async () => {
    const to = correo();
    const { usuario } = await (
      await personas()
    ).invitar(to, 'Ana López', { emisorId: tenant.emisorId, rol: 'SOPORTE' });
    await enviarEnlace(ctx, {
      usuarioId: usuario._id,
      tipo: 'INVITACION',
      emisorId: tenant.emisorId,
      invitadoPor: 'Carlos Pérez',
    });
    const { mensaje, token } = await enlaceEn(to, '/consola/invitacion');
    const nombre = await emisorNombre();
    expect(mensaje.subject).toBe(`Invitación a la consola de facturación electrónica de ${nombre}`);
    expect(mensaje.text).toContain('Hola, Ana López:');
    expect(mensaje.text).toContain(`Carlos Pérez le invitó a la consola de facturación electrónica de ${nombre}`);
    // The emisor's name ends in "S.A. DE C.V.": the sentence's period is not doubled.
    expect(mensaje.text).not.toContain('..');
    expect(mensaje.text).toContain('El enlace es válido por 7 días y se puede usar una sola vez.');
    // A reset link is not an invitation.
    await expect((await usuarios()).usarEnlace(token, 'RESTABLECER')).rejects.toThrow('ya se usó o venció');
    await usadoUnaVez(token, 'INVITACION', usuario._id);
    // The link's secret is in no history: only the activity knew it.
    const client = new Client({ connection });
    const ejecuciones = await eventually("the workflow in the emisor's list", async () => {
      const ids: { workflowId: string; runId: string }[] = [];
      const query = `WorkflowType = 'EnlaceDeAccesoWorkflow' AND DteEmisor = '${tenant.emisorId}'`;
      for await (const w of client.workflow.list({ query })) ids.push(w);
      return ids.length > 0 && ids;
    });
    for (const w of ejecuciones) {
      // Payloads as their JSON reads, not base64.
      const historia = JSON.stringify(
        await client.workflow.getHandle(w.workflowId, w.runId).fetchHistory(),
        (clave, valor: unknown) =>
          clave === 'data' && typeof valor === 'string' ? Buffer.from(valor, 'base64').toString('utf8') : valor,
      );
      expect(historia).toContain(usuario._id);
      expect(historia).not.toContain(token);
    }
  });

  it('e-mails a password reset valid for an hour, once, telling a person who did not ask to ignore it', async () => {
    const to = correo();
    const { usuario } = await (
      await personas()
    ).invitar(to, 'Beto Ruiz', { emisorId: tenant.emisorId, rol: 'CONTADOR' });
    await enviarEnlace(ctx, { usuarioId: usuario._id, tipo: 'RESTABLECER', emisorId: tenant.emisorId });
    const { mensaje, token } = await enlaceEn(to, '/consola/restablecer');
    expect(mensaje.subject).toBe('Restablecer su contraseña de la consola de facturación electrónica');
    expect(mensaje.text).toContain('El enlace es válido por 1 hora y se puede usar una sola vez.');
    expect(mensaje.text).toContain('Si usted no lo solicitó, ignore este mensaje: su contraseña no cambia.');
    await usadoUnaVez(token, 'RESTABLECER', usuario._id);
  });

  it('refuses, at once and making no link, a person who is not an active member of the emisor', async () => {
    const p = await personas();
    const otro = await createTestTenant();
    const ajeno = (await p.invitar(correo(), 'De otro emisor', { emisorId: otro.emisorId, rol: 'FACTURADOR' })).usuario;
    const deshabilitado = (await p.invitar(correo(), 'Deshabilitado', { emisorId: tenant.emisorId, rol: 'SOPORTE' }))
      .usuario;
    await p.setDeshabilitada(deshabilitado._id, tenant.emisorId, true);
    for (const usuarioId of [ajeno._id, deshabilitado._id, randomUUID()]) {
      const rechazo = await enviarEnlace(ctx, { usuarioId, tipo: 'RESTABLECER', emisorId: tenant.emisorId }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(rechazo).toBeInstanceOf(DteError);
      expect(rechazo).toMatchObject({
        code: 'NOT_FOUND',
        httpStatus: 404,
        message: `La persona ${usuarioId} no es usuario activo del emisor ${tenant.emisorId}: no se le envía ningún enlace`,
      });
      expect(await (await testDatabase()).connection.collection('usuarios_enlaces').countDocuments({ usuarioId })).toBe(
        0,
      );
    }
    // Started as from the Temporal UI with a query for an id instead of one: refused as malformed, once.
    const client = new Client({ connection });
    const handle = await client.workflow.start('EnlaceDeAccesoWorkflow', {
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowId: `enlace-a-mano-${randomUUID()}`,
      args: [{ usuarioId: { $ne: null }, tipo: 'RESTABLECER', emisorId: tenant.emisorId }],
    });
    await expect(handle.result()).rejects.toMatchObject({
      cause: { type: 'DteError', message: 'El pedido de enlace no es válido', nonRetryable: true },
    });
    const historia = await handle.fetchHistory();
    expect(historia.events!.filter((e) => e.activityTaskStartedEventAttributes)).toHaveLength(1);
    expect(
      historia.events!.find((e) => e.activityTaskStartedEventAttributes)!.activityTaskStartedEventAttributes!.attempt,
    ).toBe(1);
  });

  it('admin CLI usuario crear prints an invitation link that works, and records the invitation as the operator', async () => {
    const to = correo();
    const run = (...args: string[]) =>
      exec('node', ['apps/api/dist/admin/cli.js', 'usuario', 'crear', '--emisor', String(tenant.emisorId), ...args], {
        env: { ...process.env, ...stack().env },
      });
    const { stdout, stderr } = await run(
      '--correo',
      to.toUpperCase(),
      '--rol',
      'ADMINISTRADOR',
      '--nombre',
      'Dora Díaz',
    );
    const impreso = JSON.parse(stdout);
    expect(impreso).toMatchObject({
      correo: to,
      nombre: 'Dora Díaz',
      emisorId: tenant.emisorId,
      rol: 'ADMINISTRADOR',
      creado: true,
    });
    expect(stderr).toContain(`${to} invited to emisor ${tenant.emisorId} as ADMINISTRADOR`);
    const base = config.API_PUBLIC_URL ?? `http://${config.API_HOST}:${config.API_PORT}`;
    expect(impreso.enlace.startsWith(`${base}/consola/invitacion/`)).toBe(true);
    await usadoUnaVez(impreso.enlace.split('/').at(-1), 'INVITACION', impreso.usuarioId);

    const { entradas } = await new Auditoria((await testDatabase()).connection).pagina(
      tenant.emisorId,
      { accion: 'USUARIO_INVITADO' },
      null,
      10,
    );
    expect(entradas.find((e) => e.detalles.usuarioId === impreso.usuarioId)).toMatchObject({
      actor: { tipo: 'OPERADOR' },
      endpoint: 'admin usuario crear',
      detalles: { correo: to, rol: 'ADMINISTRADOR' },
    });

    // Refusals, each a clear line and exit code 1.
    const rechazo = (...args: string[]) =>
      run(...args).then(
        () => 'accepted',
        (e: { stderr: string }) => e.stderr.trim(),
      );
    expect(await rechazo('--correo', correo(), '--rol', 'JEFE')).toBe(
      'admin: unknown role "JEFE"; known: ADMINISTRADOR, FACTURADOR, SOPORTE, CONTADOR, AUDITOR',
    );
    expect(await rechazo('--correo', 'sin-arroba', '--rol', 'SOPORTE')).toBe(
      'admin: «sin-arroba» no es una dirección de correo',
    );
    expect(await rechazo('--correo', to, '--rol', 'SOPORTE')).toBe(
      `admin: ${to} ya es usuario del emisor ${tenant.emisorId}`,
    );
    const desconocido = await exec(
      'node',
      [
        'apps/api/dist/admin/cli.js',
        'usuario',
        'crear',
        '--emisor',
        '987654321',
        '--correo',
        correo(),
        '--rol',
        'SOPORTE',
      ],
      { env: { ...process.env, ...stack().env } },
    ).then(
      () => 'accepted',
      (e: { stderr: string }) => e.stderr.trim(),
    );
    expect(desconocido).toBe('admin: emisor 987654321 does not exist');
  });
});
