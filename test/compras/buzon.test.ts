import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client, Connection, ScheduleOverlapPolicy } from '@temporalio/client';
import { LecturaBuzones, RecibirCompra } from '@dte/contract';
import { compraId } from '@dte/store';
import { correoDeMaildev, crearCuentaImap, entregarCorreo, flagsDelBuzon, type CuentaImap } from '../support/buzon';
import { eventually } from '../support/eventually';
import { contribuyente, emitirCcf } from '../support/fixtures';
import { mailAttachment, waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

/**
 * The mailbox door of the purchases: a supplier (a second emisor of this service) issues a CCF to the
 * receptor tenant, whose mailbox on the stack's Dovecot receives the very e-mail the supplier's service
 * sent (taken from maildev, appended as the receptor's server files it); reading the mailbox hands its
 * Archivo DTE to the verification, marks the message, and reports what carries no Archivo DTE.
 */
describe('the mailbox of received DTEs', () => {
  let proveedor: TestTenant;
  let receptor: TestTenant;
  let cuenta: CuentaImap;
  let connection: Connection;
  let temporal: Client;

  /** The received document as GET /compras/{cg} shows it, once its verification concluded. */
  const verificada = (codigoGeneracion: string) =>
    eventually(`the received ${codigoGeneracion} to be verified`, async () => {
      const res = await api('GET', `/compras/${codigoGeneracion}`, receptor);
      return res.status === 200 && res.body.data.estado !== 'PENDIENTE_MH' ? res.body.data : undefined;
    });
  const archivo = async (pathname: string) =>
    Buffer.from(await (await fetch(`${stack().api}${pathname}`, { headers: receptor.headers })).arrayBuffer());

  const leer = async (tenant: TestTenant) => api('POST', '/buzon/lectura', tenant);
  /** `npm run admin -- …`'s JSON answer. */
  const admin = async (...args: string[]) =>
    JSON.parse(
      (await exec('node', ['apps/api/dist/admin/cli.js', ...args], { env: { ...process.env, ...stack().env } })).stdout,
    );

  beforeAll(async () => {
    [proveedor, receptor] = await Promise.all([createTestTenant(), createTestTenant()]);
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
    cuenta = crearCuentaImap('compras');
    const res = await api('POST', '/buzon', receptor, cuenta);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ host: cuenta.host, port: cuenta.port, tls: false, usuario: cuenta.usuario });
    expect(JSON.stringify(res.body)).not.toContain(cuenta.password);
  });

  afterAll(async () => {
    await connection?.close();
    await closeTestDatabase();
  });

  it('takes the Archivo DTE of a supplier’s e-mail, verified, and never takes the message twice', async () => {
    // The receptor tenant as the supplier's customer: its NIT and NRC (the dev tenant's), at an address of its own.
    const correo = `compras-${receptor.nit}@cliente.test`;
    const ccf = await emitirCcf(proveedor, 100, {
      receptor: { ...contribuyente(correo), nit: receptor.nit, numDocumento: receptor.nit, nrc: '2345678' },
    });
    const enviado = await waitForMail((m) => m.to.some((t) => t.address === correo));
    expect(enviado.attachments?.map((a) => a.contentType).sort()).toEqual(['application/json', 'application/pdf']);
    const uid = await entregarCorreo(cuenta, await correoDeMaildev(enviado.id));

    const lectura = await leer(receptor);
    expect(lectura.status).toBe(200);
    expect(lectura.body.data).toEqual({
      emisorId: receptor.emisorId,
      mensajes: 1,
      tomados: 1,
      informes: 0,
      quedan: false,
      error: null,
    });

    const compra = await verificada(ccf.codigoGeneracion);
    expect(compra).toMatchObject({ estado: 'VERIFICADO', origen: 'CORREO', pdf: true });
    expect(compra.proveedor.nit).toBe(proveedor.nit);
    // The files kept are the ones the supplier attached.
    const adjunto = (tipo: string) => enviado.attachments!.find((a) => a.contentType === tipo)!.generatedFileName;
    const cg = ccf.codigoGeneracion;
    expect(await archivo(`/compras/${cg}/json`)).toEqual(await mailAttachment(enviado, adjunto('application/json')));
    expect(await archivo(`/compras/${cg}/pdf`)).toEqual(await mailAttachment(enviado, adjunto('application/pdf')));
    // The record traces it back to the e-mail it came in.
    const { Compra } = (await testDatabase()).models;
    expect((await Compra.findById(compraId(receptor.emisorId, cg)).lean())?.mensajeId).toMatch(/^<.+@.+>$/);
    // Marked as taken, and still unread for the people who share the mailbox.
    const flags = (await flagsDelBuzon(cuenta)).get(uid);
    expect(flags).toContain('DteTomado');
    expect(flags).not.toContain('\\Seen');

    // Read again: the marked message is not read, so nothing is taken twice.
    const otra = await leer(receptor);
    expect(otra.body.data).toMatchObject({ mensajes: 0, tomados: 0, informes: 0 });
    const buzon = await api('GET', '/buzon', receptor);
    expect(buzon.body.data.ultimaLectura).toMatchObject({ mensajes: 0, tomados: 0, informes: 0 });
  });

  it('recognises the same Archivo DTE e-mailed again as the document on record', async () => {
    const correo = `repetido-${receptor.nit}@cliente.test`;
    const ccf = await emitirCcf(proveedor, 40, {
      receptor: { ...contribuyente(correo), nit: receptor.nit, numDocumento: receptor.nit, nrc: '2345678' },
    });
    const raw = await correoDeMaildev((await waitForMail((m) => m.to.some((t) => t.address === correo))).id);
    const verificacion = () =>
      temporal.workflow.getHandle(RecibirCompra.workflowId(receptor.emisorId, ccf.codigoGeneracion));
    await entregarCorreo(cuenta, raw);
    expect((await leer(receptor)).body.data).toMatchObject({ mensajes: 1, tomados: 1 });
    expect(await verificacion().result()).toMatchObject({ estado: 'VERIFICADO', duplicado: false });

    await entregarCorreo(cuenta, raw);
    expect((await leer(receptor)).body.data).toMatchObject({ mensajes: 1, tomados: 1 });
    // The reading started the verification again under the document's id; it found the record and left it.
    expect(await verificacion().result()).toMatchObject({ estado: 'VERIFICADO', duplicado: true });
  });

  it('is read by the schedule too', async () => {
    const correo = `programado-${receptor.nit}@cliente.test`;
    const ccf = await emitirCcf(proveedor, 25, {
      receptor: { ...contribuyente(correo), nit: receptor.nit, numDocumento: receptor.nit, nrc: '2345678' },
    });
    const raw = await correoDeMaildev((await waitForMail((m) => m.to.some((t) => t.address === correo))).id);
    const uid = await entregarCorreo(cuenta, raw);
    // Now rather than at the next interval (BUZON_LECTURA_SEGUNDOS); after the run in progress, if any.
    await temporal.schedule.getHandle(LecturaBuzones.scheduleId).trigger(ScheduleOverlapPolicy.BUFFER_ONE);
    expect(await verificada(ccf.codigoGeneracion)).toMatchObject({ estado: 'VERIFICADO', origen: 'CORREO' });
    await eventually('the message to be marked', async () =>
      (await flagsDelBuzon(cuenta)).get(uid)?.includes('DteTomado'),
    );
  });

  it('reports a message without an Archivo DTE and a JSON that is not one, and marks them', async () => {
    const sinAdjunto = await entregarCorreo(cuenta, { subject: 'Factura 118', text: 'Le enviamos su factura.' });
    const noDte = await entregarCorreo(cuenta, {
      subject: 'Factura 119',
      attachments: [{ filename: 'pedido.json', content: JSON.stringify({ pedido: 119 }) }],
    });

    expect((await leer(receptor)).body.data).toMatchObject({ mensajes: 2, tomados: 0, informes: 2 });
    const flags = await flagsDelBuzon(cuenta);
    expect([flags.get(sinAdjunto), flags.get(noDte)]).toEqual([
      expect.arrayContaining(['DteTomado']),
      expect.arrayContaining(['DteTomado']),
    ]);

    const { noLeidos } = (await api('GET', '/buzon', receptor)).body.data;
    expect(noLeidos.slice(0, 2)).toEqual([
      expect.objectContaining({
        asunto: 'Factura 119',
        adjunto: 'pedido.json',
        motivo: 'NO_ES_ARCHIVO_DTE',
        // identificarCompra's refusal, naming each field missing.
        detalle: expect.stringMatching(/identificacion: .+; emisor: /),
      }),
      expect.objectContaining({
        asunto: 'Factura 118',
        adjunto: null,
        motivo: 'SIN_ARCHIVO_DTE',
        detalle: 'el mensaje no trae adjuntos',
      }),
    ]);
    expect((await leer(receptor)).body.data).toMatchObject({ mensajes: 0, informes: 0 });
  });

  it('is set from the admin CLI too, and answers BUZON_INACCESIBLE when the server refuses the login', async () => {
    const ajena = crearCuentaImap('ajena');
    const args = ['--emisor', String(proveedor.emisorId), '--host', ajena.host, '--port', String(ajena.port)];
    const set = await admin('buzon', 'set', ...args, '--sin-tls', '--usuario', ajena.usuario, '--password', 'otra');
    expect(set).toMatchObject({ host: ajena.host, port: ajena.port, tls: false, usuario: ajena.usuario });
    expect(JSON.stringify(set)).not.toContain('otra');

    const res = await leer(proveedor);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      code: 'BUZON_INACCESIBLE',
      detalle: 'AUTHENTICATIONFAILED Authentication failed.',
    });
    const { ultimoError } = (await api('GET', '/buzon', proveedor)).body.data;
    expect(ultimoError.mensaje).toBe('AUTHENTICATIONFAILED Authentication failed.');
    expect((await admin('buzon', 'show', '--emisor', String(proveedor.emisorId))).ultimoError).toEqual(ultimoError);

    expect(await admin('buzon', 'delete', '--emisor', String(proveedor.emisorId))).toEqual({
      emisorId: proveedor.emisorId,
      eliminado: true,
    });
    expect((await leer(proveedor)).body).toMatchObject({ code: 'BUZON_NOT_FOUND' });
  });
});
