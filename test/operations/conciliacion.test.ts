import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { ConciliacionDiaria, SearchAttribute } from '@dte/contract';
import { eventually } from '../support/eventually';
import { anulacionRescindida, emitirCcf, emitirFactura, hoy } from '../support/fixtures';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

/**
 * The reconciliation with MH on the real stack: the simulator is made to hold (or forget) documents so
 * that each kind of difference exists, `npm run admin -- conciliar` runs the reconciliation through
 * Temporal, and the report is read over HTTP and announced to the webhooks.
 */
describe('reconciliation with MH', () => {
  let tenant: TestTenant;
  let connection: Connection;
  let temporal: Client;
  let receptor: ReceptorWebhooks;
  beforeAll(async () => {
    tenant = await createTestTenant();
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
    receptor = await ReceptorWebhooks.iniciar();
  });
  afterAll(async () => {
    await receptor.cerrar();
    await connection.close();
    await closeTestDatabase();
  });

  const conciliar = async (emisorId: number, fecha: string) =>
    JSON.parse(
      (
        await exec(
          'node',
          ['apps/api/dist/admin/cli.js', 'conciliar', '--emisor', String(emisorId), '--fecha', fecha],
          {
            env: { ...process.env, ...stack().env },
          },
        )
      ).stdout,
    );

  /** The codigoGeneracion of the tenant's issuances Temporal has seen, whatever became of them. */
  async function emisionesEnTemporal(): Promise<string[]> {
    const codigos: string[] = [];
    const query = `WorkflowType = 'IssueDteWorkflow' AND ${SearchAttribute.emisor} = '${tenant.emisorId}'`;
    for await (const w of temporal.workflow.list({ query }))
      codigos.push(...((w.searchAttributes[SearchAttribute.codigoGeneracion] ?? []) as string[]));
    return codigos;
  }

  it('reports each kind of difference, stores the report, and tells the webhooks', async () => {
    const fecha = hoy();
    const endpoint = await api('POST', '/webhooks', tenant, {
      url: receptor.url,
      eventos: ['conciliacion.diferencias'],
    });
    const secreto = endpoint.body.data.secreto as string;
    const sinInforme = await api('GET', `/dte/conciliacion?fecha=${fecha}`, tenant);
    expect([sinInforme.status, sinInforme.body.code]).toEqual([404, 'CONCILIACION_NOT_FOUND']);

    const [olvidada, otroSello, anuladaEnMh, enOrden] = await Promise.all(
      [1, 2, 3, 4].map(() => emitirFactura(tenant)),
    );
    const ccf = await emitirCcf(tenant, 50);
    expect((await api('POST', '/dte/anulacion', tenant, anulacionRescindida(ccf.codigoGeneracion))).status).toBe(200);
    await simulator('/reject', { next: 1, codigoMsg: '003', clasificaMsg: '13', emisor: tenant.nit });
    const rechazada = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'Rechazada', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    });
    expect(rechazada.body.data.estado).toBe('REJECTED');
    // A note refused before anything was saved: only Temporal's history knows its codigoGeneracion.
    const antes = await emisionesEnTemporal();
    const refusada = await api('POST', '/dte/dte05', tenant, {
      codigoGeneracion: ccf.codigoGeneracion,
      items: [{ descripcion: 'Más de lo que hubo', cantidad: 1, precioUnitario: 500 }],
      condicionOperacion: 1,
    });
    expect(refusada.status).toBe(400);
    const nuevas = await eventually('the refused note in Temporal', async () => {
      const nuevas = (await emisionesEnTemporal()).filter((c) => !antes.includes(c));
      return nuevas.length > 0 && nuevas;
    });
    expect(nuevas).toHaveLength(1);
    const sinRegistro = nuevas[0]!;
    expect((await api('GET', `/dte/${sinRegistro}`, tenant)).status).toBe(404);

    // What MH holds, made to differ from the record.
    const SELLO_MH = `${fecha.slice(0, 4)}ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ`;
    const emisor = tenant.nit;
    await simulator('/documentos/olvidar', { codigoGeneracion: olvidada.codigoGeneracion });
    await simulator('/documentos', {
      codigoGeneracion: otroSello.codigoGeneracion,
      emisor,
      tipoDte: '01',
      selloRecibido: SELLO_MH,
    });
    await simulator('/documentos', {
      codigoGeneracion: anuladaEnMh.codigoGeneracion,
      emisor,
      tipoDte: '01',
      estado: 'INVALIDADO',
    });
    await simulator('/documentos', {
      codigoGeneracion: rechazada.body.data.codigoGeneracion,
      emisor,
      tipoDte: '01',
      selloRecibido: SELLO_MH,
    });
    await simulator('/documentos', { codigoGeneracion: sinRegistro, emisor, tipoDte: '05', selloRecibido: SELLO_MH });

    const resumen = await conciliar(tenant.emisorId, fecha);
    // The 4 facturas, the CCF, the rejected factura (on the list) and the refused note (from Temporal).
    expect(resumen).toEqual({ emisorId: tenant.emisorId, fecha, consultados: 7, diferencias: 5, sinRespuesta: 0 });

    const res = await api('GET', `/dte/conciliacion?fecha=${fecha}`, tenant);
    expect(res.status).toBe(200);
    const porCodigo = (a: { codigoGeneracion: string }, b: { codigoGeneracion: string }) =>
      a.codigoGeneracion.localeCompare(b.codigoGeneracion);
    expect(res.body.data).toEqual({
      fecha,
      generado: expect.any(String),
      consultados: 7,
      sinRespuesta: [],
      diferencias: [
        {
          tipo: 'NO_EN_MH',
          codigoGeneracion: olvidada.codigoGeneracion,
          tipoDte: '01',
          numeroControl: olvidada.numeroControl,
          local: { estado: 'PROCESSED', selloRecibido: olvidada.selloRecibido },
          mh: null,
        },
        {
          tipo: 'SELLO_DISTINTO',
          codigoGeneracion: otroSello.codigoGeneracion,
          tipoDte: '01',
          numeroControl: otroSello.numeroControl,
          local: { estado: 'PROCESSED', selloRecibido: otroSello.selloRecibido },
          mh: { estado: 'PROCESADO', selloRecibido: SELLO_MH },
        },
        {
          tipo: 'ANULACION_NO_REFLEJADA',
          codigoGeneracion: anuladaEnMh.codigoGeneracion,
          tipoDte: '01',
          numeroControl: anuladaEnMh.numeroControl,
          local: { estado: 'PROCESSED', selloRecibido: anuladaEnMh.selloRecibido },
          mh: { estado: 'INVALIDADO', selloRecibido: anuladaEnMh.selloRecibido },
        },
        {
          tipo: 'ESTADO_DISTINTO',
          codigoGeneracion: rechazada.body.data.codigoGeneracion,
          tipoDte: '01',
          numeroControl: rechazada.body.data.numeroControl,
          local: { estado: 'REJECTED', selloRecibido: null },
          mh: { estado: 'PROCESADO', selloRecibido: SELLO_MH },
        },
        {
          tipo: 'NO_LOCAL',
          codigoGeneracion: sinRegistro,
          tipoDte: '05',
          numeroControl: null,
          local: null,
          mh: { estado: 'PROCESADO', selloRecibido: SELLO_MH },
        },
      ].sort(porCodigo),
    });
    // enOrden and the invalidated CCF agree on both sides.
    const distintos = res.body.data.diferencias.map((d: { codigoGeneracion: string }) => d.codigoGeneracion);
    expect(distintos).not.toContain(enOrden.codigoGeneracion);
    expect(distintos).not.toContain(ccf.codigoGeneracion);

    const [recibido] = await receptor.esperar(1);
    expect(receptor.verificar(secreto, recibido!)).toEqual({
      type: 'conciliacion.diferencias',
      timestamp: expect.any(String),
      data: {
        fecha,
        diferencias: 5,
        porTipo: { NO_EN_MH: 1, SELLO_DISTINTO: 1, ANULACION_NO_REFLEJADA: 1, ESTADO_DISTINTO: 1, NO_LOCAL: 1 },
        url: `${stack().api}/dte/conciliacion?fecha=${fecha}`,
      },
    });

    // Once MH is put right, a new run replaces the report; an empty one is not announced.
    await simulator('/documentos', {
      codigoGeneracion: otroSello.codigoGeneracion,
      emisor,
      tipoDte: '01',
      selloRecibido: otroSello.selloRecibido,
    });
    const segundo = await conciliar(tenant.emisorId, fecha);
    expect(segundo.diferencias).toBe(4);
  });

  it('answers only the token’s emisor, and refuses a bad date', async () => {
    const otro = await createTestTenant();
    const fecha = hoy();
    await emitirFactura(otro);
    expect(await conciliar(otro.emisorId, fecha)).toEqual({
      emisorId: otro.emisorId,
      fecha,
      consultados: 1,
      diferencias: 0,
      sinRespuesta: 0,
    });
    expect((await api('GET', `/dte/conciliacion?fecha=${fecha}`, otro)).body.data.diferencias).toEqual([]);
    // A third emisor has no report of that day, whatever the others have.
    const tercero = await createTestTenant();
    expect((await api('GET', `/dte/conciliacion?fecha=${fecha}`, tercero)).body.code).toBe('CONCILIACION_NOT_FOUND');
    for (const q of ['', '?fecha=23-11-2026', `?fecha=${fecha}&extra=1`, '?fecha=9999-12-31', '?fecha=2020-12-31']) {
      const res = await api('GET', `/dte/conciliacion${q}`, otro);
      expect([q, res.status, res.body.code]).toEqual([q, 400, 'VALIDATION_ERROR']);
    }
    await expect(conciliar(otro.emisorId, 'ayer')).rejects.toThrow(/fecha/);
  });

  it('has a daily Temporal Schedule that reconciles every emisor’s day before', async () => {
    const schedule = await temporal.schedule.getHandle(ConciliacionDiaria.scheduleId).describe();
    // 03:00 in El Salvador (UTC−6).
    expect(schedule.spec.calendars).toEqual([
      expect.objectContaining({ hour: [{ start: 9, end: 9, step: 1 }], minute: [{ start: 0, end: 0, step: 1 }] }),
    ]);
    expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: ConciliacionDiaria.workflowType });
  });
});
