import type { Browser } from 'puppeteer-core';
import { ApplicationFailure, Client, Connection, WorkflowUpdateFailedError } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { Contingencia, DTE_ERROR_FAILURE, type DteErrorDetails } from '@dte/contract';
import { DteWorkflowClient } from '@dte/contract/client';
import { hashToken, SecretBox, Tenants } from '@dte/store';
import { abrirNavegador, enviar, entrarComo, revisar, textoDe } from '../support/consola';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

const HORA = 3600;
const factura = {
  receptor: {},
  items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 5 }],
  condicionOperacion: 1,
};

/**
 * "Probar MH ahora" (issue 52): during an outage, `POST /operaciones/sondeo` (and the console's button)
 * has the emisor's contingency probe MH at once. Each test's contingency runs with an hour's backoff, so
 * that only the probe asked for explains MH being asked again, and the contingency going on, within it.
 */
describe('probing MH now during a contingency', () => {
  let connection: Connection;
  let workflows: DteWorkflowClient;
  let browser: Browser;
  const tenants: TestTenant[] = [];
  const { TEMPORAL_TASK_QUEUE: taskQueue, SECRET_KEY } = loadConfig(stack().env);

  beforeAll(async () => {
    connection = await Connection.connect({ address: stack().temporalGrpc });
    workflows = new DteWorkflowClient(new Client({ connection }).workflow);
    browser = await abrirNavegador();
  });
  afterEach(async () => {
    for (const t of tenants.splice(0)) await simulator('/outage', { mode: 'none', emisor: t.nit });
  });
  afterAll(async () => {
    await browser?.close();
    await connection?.close();
    await closeTestDatabase();
  });

  async function nuevoEmisor(): Promise<TestTenant> {
    const t = await createTestTenant();
    tenants.push(t);
    return t;
  }

  /** Another token of the tenant's point of sale with these permissions, and its id. */
  async function otroToken(t: TestTenant, name: string, permissions: string[]) {
    const db = await testDatabase();
    const propio = (await db.models.ApiToken.findById(hashToken(t.token)).lean())!;
    const { token, record } = await new Tenants(db, new SecretBox(SECRET_KEY)).createToken({
      emisorId: t.emisorId,
      establecimientoId: propio.establecimientoId,
      puntoVentaId: propio.puntoVentaId,
      name,
      permissions,
    });
    return { id: record.id, tenant: { ...t, token, headers: { ...t.headers, 'x-api-token': token } } };
  }

  const idDeToken = async (t: TestTenant) =>
    (await (await testDatabase()).models.ApiToken.findById(hashToken(t.token)).lean())!.id;

  /**
   * MH refuses the emisor; a Factura is issued in contingencia, and the contingency the issuance started
   * (with the stack's 1–2 s backoff) runs again with an hour's. Answers the document and the workflow's handle
   * once the new run's first probe went unanswered.
   */
  async function contingenciaConEsperaLarga(t: TestTenant) {
    await simulator('/outage', { mode: 'refuse', emisor: t.nit });
    const { body } = await api('POST', '/dte/dte01', t, factura);
    expect(body.data.estado).toBe('CONTINGENCIA');
    const codigo = body.data.codigoGeneracion as string;
    const id = Contingencia.workflowId(t.emisorId);
    const handle = workflows.handle(Contingencia, id);
    // Enlisted first, so no later enlistment starts a run with the short backoff after the one below.
    await eventually('the document enlisted in the contingency', async () =>
      (await handle.query(Contingencia.estado)).pendientes.some((p) => p.codigoGeneracion === codigo),
    );
    await handle.terminate('the test runs it again with an hour’s backoff');
    await workflows.signalWithStart(Contingencia, {
      workflowId: id,
      taskQueue,
      args: [
        {
          emisorId: t.emisorId,
          sondeo: { inicialSegundos: HORA, maxSegundos: HORA },
          plazos: { eventoHoras: 24, lotesHoras: 72 },
        },
      ],
      signal: Contingencia.documento,
      signalArgs: [codigo],
    });
    const estado = await eventually('the first probe unanswered', async () => {
      const e = await handle.query(Contingencia.estado);
      return e.proximoSondeo ? e : null;
    });
    return { codigo, handle, estado };
  }

  it('probes at once through the API: unanswered while MH is down, then answered and the documents settled without waiting for the backoff', async () => {
    const t = await nuevoEmisor();
    const sinPermiso = await otroToken(t, 'Caja sin sondeo', ['FACTURA_CONSUMIDOR_FINAL', 'CONSOLA']);
    const sinContingencia = await api('POST', '/operaciones/sondeo', t);
    expect([sinContingencia.status, sinContingencia.body.code]).toEqual([409, 'MH_NOT_AWAITED']);

    const { codigo, estado } = await contingenciaConEsperaLarga(t);
    const antes = Date.now();
    const caido = await api('POST', '/operaciones/sondeo', t, {});
    expect(caido.status).toBe(200);
    expect(caido.body.data).toEqual({ en: expect.any(String), respondio: false, proximoSondeo: expect.any(String) });
    const en = new Date(caido.body.data.en).getTime();
    // A probe of its own, made now: not the one the run made before.
    expect(en).toBeGreaterThanOrEqual(antes - 1000);
    expect(caido.body.data.en).not.toBe(estado.ultimoSondeo!.en);
    expect(new Date(caido.body.data.proximoSondeo).getTime() - en).toBe(HORA * 1000);

    const prohibido = await api('POST', '/operaciones/sondeo', sinPermiso.tenant);
    expect([prohibido.status, prohibido.body.code]).toEqual([403, 'PERMISSION_DENIED']);
    const conCuerpo = await api('POST', '/operaciones/sondeo', t, { ahora: true });
    expect([conCuerpo.status, conCuerpo.body.code]).toEqual([400, 'VALIDATION_ERROR']);

    await simulator('/outage', { mode: 'none', emisor: t.nit });
    const arriba = await api('POST', '/operaciones/sondeo', t);
    expect(arriba.status).toBe(200);
    expect(arriba.body.data).toMatchObject({ respondio: true, proximoSondeo: null });
    // An hour's backoff: only the probe asked for lets the event and the lote reach MH this soon.
    await eventually('the document sealed by its lote', async () => {
      const { body } = await api('GET', `/dte/${codigo}`, t);
      return body.data.estado === 'PROCESSED';
    });
    console.log(`issue 52: probe asked for to the document PROCESSED: ${Date.now() - antes} ms`);
    await eventually('the contingency over', async () => {
      const res = await api('POST', '/operaciones/sondeo', t);
      return res.status === 409 && res.body.code === 'MH_NOT_AWAITED';
    });

    const { body: log } = await api('GET', '/auditoria?accion=SONDEO_MH', t);
    const entradas = (log.data as { accion: string; actor: { tipo: string; id: number }; detalles: object }[]).map(
      (e) => [e.accion, e.actor.tipo, e.actor.id, e.detalles],
    );
    const id = await idDeToken(t);
    expect(entradas.reverse()).toEqual([
      ['SONDEO_MH', 'TOKEN', id, { en: caido.body.data.en, respondio: false }],
      ['SONDEO_MH', 'TOKEN', id, { en: arriba.body.data.en, respondio: true }],
    ]);
  });

  it('is refused by the workflow itself for a requester the API would refuse (an update from any client)', async () => {
    const t = await nuevoEmisor();
    const ajeno = await createTestTenant();
    const sinPermiso = await otroToken(t, 'Caja sin sondeo', ['FACTURA_CONSUMIDOR_FINAL']);
    const { handle, estado } = await contingenciaConEsperaLarga(t);

    const rechazo = async (tokenId: number) => {
      const err = await handle.executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId }] }).then(
        () => null,
        (e: unknown) => e,
      );
      const cause = err instanceof WorkflowUpdateFailedError ? err.cause : undefined;
      if (!(cause instanceof ApplicationFailure) || cause.type !== DTE_ERROR_FAILURE) throw err;
      const d = cause.details![0] as DteErrorDetails;
      return [d.httpStatus, d.code];
    };
    // Another emisor's token, one without the permission, one that does not exist.
    expect(await rechazo(await idDeToken(ajeno))).toEqual([401, 'AUTH_TOKEN_INVALID']);
    expect(await rechazo(sinPermiso.id)).toEqual([403, 'PERMISSION_DENIED']);
    expect(await rechazo(2 ** 31)).toEqual([401, 'AUTH_TOKEN_INVALID']);
    // Refused before probing: MH was not asked again.
    expect((await handle.query(Contingencia.estado)).ultimoSondeo).toEqual(estado.ultimoSondeo);

    // The tenant's own token, from the same client, is let through.
    const propio = await handle.executeUpdate(Contingencia.sondearAhora, { args: [{ tokenId: await idDeToken(t) }] });
    expect(propio.respondio).toBe(false);
  });

  it('is a button on Operaciones for the roles that may probe, while MH is waited for', async () => {
    const t = await nuevoEmisor();
    const soporte = await entrarComo(browser, t.emisorId, 'SOPORTE', 'Sara Sondeo');
    const contador = await entrarComo(browser, t.emisorId, 'CONTADOR', 'Carlos Cuentas');
    const operaciones = `${stack().api}/consola/operaciones`;
    await soporte.goto(operaciones);
    expect(await soporte.$('form[action="/consola/operaciones/sondeo"]')).toBeNull();

    await contingenciaConEsperaLarga(t);
    await contador.goto(operaciones);
    expect(await contador.$('#sondeo')).not.toBeNull();
    expect(await contador.$('form[action="/consola/operaciones/sondeo"]')).toBeNull();

    await soporte.goto(operaciones);
    await enviar(soporte, 'form[action="/consola/operaciones/sondeo"] button');
    const caido = await soporte.$eval('#resultado-sondeo', (p) => (p as HTMLElement).innerText);
    expect(caido).toMatch(
      /^MH sigue sin responder \(sondeo de las \d\d:\d\d:\d\d\); próximo intento a las \d\d:\d\d:\d\d\.$/,
    );
    console.log(`issue 52: ${caido}`);
    await revisar(soporte, 'operaciones-probar-mh');

    await simulator('/outage', { mode: 'none', emisor: t.nit });
    await enviar(soporte, 'form[action="/consola/operaciones/sondeo"] button');
    const arriba = await soporte.$eval('#resultado-sondeo', (p) => (p as HTMLElement).innerText);
    expect(arriba).toMatch(/^MH respondió a las \d\d:\d\d:\d\d: la contingencia sigue con el evento y los lotes\.$/);
    expect(await textoDe(soporte)).not.toContain('Probar MH ahora');
    console.log(`issue 52: ${arriba}`);
  });
});
