import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createActivities, createDependencies } from '@dte/activities';
import { createLogger, loadConfig } from '@dte/config';
import { IssueDte, type IssueDteInput } from '@dte/contract';
import { DteWorkflowClient } from '@dte/contract/client';
import { hashToken, SecretBox, Tenants } from '@dte/store';
import { DEMO_EMISOR } from '../../apps/api/src/admin/dev-tenant';
import { anulacionRescindida } from '../support/fixtures';
import { waitForMail, type MaildevMessage } from '../support/maildev';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/** Idempotency-Key on issuance: retries after a timeout get the original outcome, never a second document. */
describe('Idempotency-Key', () => {
  let tenant: TestTenant;
  let connection: Connection;
  let temporal: Client;
  beforeAll(async () => {
    tenant = await createTestTenant();
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
  });
  afterAll(async () => {
    await connection?.close();
    await closeTestDatabase();
  });

  const body = (descripcion: string) => ({
    receptor: {},
    items: [{ descripcion, cantidad: 1, precioUnitario: 3 }],
    condicionOperacion: 1,
  });
  async function post(who: TestTenant, key: string, payload: unknown, path = '/dte/dte01') {
    const res = await fetch(`${stack().api}${path}`, {
      method: 'POST',
      headers: { ...who.headers, 'idempotency-key': key },
      body: JSON.stringify(payload),
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        code?: string;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        data: any;
      },
    };
  }

  it('10 parallel requests with one key produce exactly one document, transmitted once', async () => {
    const key = `parallel-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => post(tenant, key, body('Una vez'))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const codigos = new Set(results.map((r) => r.body.data.codigoGeneracion));
    expect(codigos.size).toBe(1);
    const [codigoGeneracion] = [...codigos];
    expect(new Set(results.map((r) => r.body.data.numeroControl)).size).toBe(1);

    const db = await testDatabase();
    expect(await db.models.Document.countDocuments({ emisorId: tenant.emisorId, _id: codigoGeneracion })).toBe(1);
    const received = (await (
      await fetch(`${stack().mhSimulator}/__sim/documentos?codigoGeneracion=${codigoGeneracion}`)
    ).json()) as {
      data: { recepciones: number }[];
    };
    expect(received.data).toEqual([expect.objectContaining({ recepciones: 1 })]);

    // A later retry (e.g. after the client timed out) gets the same record.
    const later = await post(tenant, key, body('Una vez'));
    expect(later.status).toBe(201);
    expect(later.body.data).toMatchObject({ codigoGeneracion, id: results[0]!.body.data.id });
  });

  it('refuses the same key with another body (422), and scopes keys to the emisor', async () => {
    const key = `reuse-${Date.now()}`;
    const first = await post(tenant, key, body('Primera'));
    expect(first.status).toBe(201);
    const other = await post(tenant, key, body('Otra cosa'));
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const otherEmisor = await createTestTenant();
    const elsewhere = await post(otherEmisor, key, body('Otra cosa'));
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.data.codigoGeneracion).not.toBe(first.body.data.codigoGeneracion);
  });

  it('refuses a malformed key with 400', async () => {
    const res = await post(tenant, 'no spaces allowed', body('X'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  /** Every exchange the simulator had about a document, by MH service. */
  async function receptions(codigoGeneracion: string): Promise<{ servicio: string }[]> {
    const res = await fetch(`${stack().mhSimulator}/__sim/documentos?codigoGeneracion=${codigoGeneracion}`);
    const { data } = (await res.json()) as { data: { respuestas: { servicio: string }[] }[] };
    return data.flatMap((d) => d.respuestas);
  }

  it('an invalidation retried with one key, in parallel and later, has one outcome and reaches MH once', async () => {
    const factura = await post(tenant, `anulada-${Date.now()}`, {
      ...body('Se anula'),
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
    });
    const { codigoGeneracion } = factura.body.data;
    const anulacion = anulacionRescindida(codigoGeneracion);
    const key = `anulacion-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 3 }, () => post(tenant, key, anulacion, '/dte/anulacion')));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const eventos = new Set(results.map((r) => r.body.data.eventoCodigoGeneracion));
    expect(eventos.size).toBe(1);
    expect(results[0]!.body.data).toMatchObject({ aceptado: true, estado: 'CANCELLED' });

    // Once done: the same key gets the same outcome, a request without it is told the document is cancelled.
    const later = await post(tenant, key, anulacion, '/dte/anulacion');
    expect(later.status).toBe(200);
    expect(later.body.data).toEqual(results[0]!.body.data);
    const fresh = await fetch(`${stack().api}/dte/anulacion`, {
      method: 'POST',
      headers: tenant.headers,
      body: JSON.stringify(anulacion),
    });
    expect(fresh.status).toBe(409);
    const reused = await post(
      tenant,
      key,
      { ...anulacion, motivo: { ...anulacion.motivo, motivoAnulacion: 'Otro motivo' } },
      '/dte/anulacion',
    );
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // MH files the exchange under the event's codigoGeneracion.
    const exchanges = await receptions(results[0]!.body.data.eventoCodigoGeneracion);
    expect(exchanges.filter((r) => r.servicio === 'anulardte')).toHaveLength(1);
  });

  /**
   * A retry that reads the record before the first run records MH's verdict, and reaches Temporal after that
   * run closed, starts a second run (update-with-start joins only a running execution), as a second API
   * replica did in the multi-replica suite. That run answers the verdict on record and does nothing else.
   */
  it('a second run of a settled document asks nothing of MH and e-mails nothing', async () => {
    const correo = `segunda-${Date.now()}@example.test`;
    const factura = await post(tenant, `segunda-${Date.now()}`, {
      ...body('Segunda ejecución'),
      receptor: { nombre: 'Ana Ruiz', tipoDocumento: '13', numDocumento: '012345678', correo },
    });
    expect(factura.status).toBe(201);
    const { codigoGeneracion } = factura.body.data;
    const first = await closedRun(codigoGeneracion);
    await waitForMail((m) => m.to.some((t) => t.address === correo));

    // As the API starts it (apps/api/src/routes/issue.ts).
    const answer = await new DteWorkflowClient(temporal.workflow).executeUpdateWithStart(
      IssueDte,
      IssueDte.documentOutcome,
      {
        workflowId: first.handle.workflowId,
        taskQueue: first.taskQueue,
        args: [first.input],
        workflowIdConflictPolicy: 'USE_EXISTING',
      },
    );
    expect(answer).toEqual({ codigoGeneracion, estado: 'PROCESSED' });
    const second = temporal.workflow.getHandle(first.handle.workflowId);
    expect((await second.describe()).runId).not.toBe(first.runId);
    await second.result();
    expect(activitiesOf(await second.fetchHistory())).toEqual(['issueDocument']);
    expect((await receptions(codigoGeneracion)).map((r) => r.servicio)).toEqual(['recepciondte']);
    const mails = ((await (await fetch(`${stack().maildev}/email`)).json()) as MaildevMessage[]).filter((m) =>
      m.to.some((t) => t.address === correo),
    );
    expect(mails).toHaveLength(1);
    const record = await fetch(`${stack().api}/dte/${codigoGeneracion}`, { headers: tenant.headers });
    expect(((await record.json()) as { data: unknown }).data).toMatchObject({
      estado: 'PROCESSED',
      selloRecibido: factura.body.data.selloRecibido,
    });
  });

  /**
   * The run that recorded the verdict, its worker lost before the workflow task with its local steps
   * completed, re-executes them from `prepareDocument` on another worker: that run must still deliver, so
   * the verdict on record is an earlier run's only when another run recorded it.
   */
  it('tells the run that recorded the verdict, re-executing its steps, from a later run', async () => {
    const factura = await post(tenant, `reejecucion-${Date.now()}`, body('Reejecución'));
    const { codigoGeneracion } = factura.body.data;
    const { handle, runId, input } = await closedRun(codigoGeneracion);
    const deps = await createDependencies(loadConfig(stack().env), createLogger({ LOG_LEVEL: 'silent' }, 'test'));
    try {
      const { prepareDocument } = createActivities(deps);
      const enLaEjecucion = (id: string): Promise<Awaited<ReturnType<typeof prepareDocument>>> =>
        new MockActivityEnvironment({ workflowExecution: { workflowId: handle.workflowId, runId: id } }).run(
          prepareDocument,
          input,
        );
      const mismo = await enLaEjecucion(runId);
      expect(mismo).toMatchObject({ nuevo: false, prepared: { numeroControl: factura.body.data.numeroControl } });
      expect(mismo.liquidado).toBeUndefined();
      expect((await enLaEjecucion('otra-ejecucion')).liquidado).toEqual({ codigoGeneracion, estado: 'PROCESSED' });
    } finally {
      await deps.close();
    }
  });

  /** A document's issuance once its run has closed: that run, and the input and queue it was started with. */
  async function closedRun(codigoGeneracion: string) {
    const handle = temporal.workflow.getHandle(IssueDte.workflowId(codigoGeneracion));
    await handle.result();
    const { runId } = await handle.describe();
    const started = (await handle.fetchHistory()).events![0]!.workflowExecutionStartedEventAttributes!;
    const input = defaultPayloadConverter.fromPayload<IssueDteInput>(started.input!.payloads![0]!);
    return { handle, runId, input, taskQueue: started.taskQueue!.name! };
  }

  /** The activities a history ran: scheduled ones, and local ones (a marker whose data names the type). */
  function activitiesOf(history: Awaited<ReturnType<WorkflowHandle['fetchHistory']>>): string[] {
    return history.events!.flatMap((e) => {
      if (e.activityTaskScheduledEventAttributes) return [e.activityTaskScheduledEventAttributes.activityType!.name!];
      const [data] = e.markerRecordedEventAttributes?.details?.data?.payloads ?? [];
      return data ? [defaultPayloadConverter.fromPayload<{ activity_type: string }>(data).activity_type] : [];
    });
  }

  it('a resend retried with one key, in parallel and later, sends one e-mail', async () => {
    const factura = await post(tenant, `reenviada-${Date.now()}`, body('Se reenvía'));
    const { codigoGeneracion } = factura.body.data;
    const to = `reenvio-${Date.now()}@example.test`;
    const key = `resend-${Date.now()}`;
    const path = `/dte/resend/${codigoGeneracion}`;
    const results = await Promise.all(Array.from({ length: 3 }, () => post(tenant, key, { email: to }, path)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await post(tenant, key, { email: to }, path)).status).toBe(200);
    const other = await post(tenant, key, { email: `otro-${to}` }, path);
    expect(other.status).toBe(422);

    const mails = async () =>
      ((await (await fetch(`${stack().maildev}/email`)).json()) as MaildevMessage[]).filter((m) =>
        m.to.some((t) => t.address === to),
      );
    // Every answer came after its e-mail was accepted, so a second one would be there by now.
    await waitForMail((m) => m.to.some((t) => t.address === to));
    expect(await mails()).toHaveLength(1);
  });

  /**
   * Points of sale number their own sales, so their keys collide: a key is scoped to the token's emisor,
   * establishment and point of sale, as the documents' numeroControl is.
   */
  describe('per point of sale', () => {
    let a: TestTenant; // M001 P001
    let b: TestTenant; // M001 P002
    let c: TestTenant; // M002 P001
    beforeAll(async () => {
      a = await createTestTenant();
      const db = await testDatabase();
      const tenants = new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY));
      const { establecimientoId } = (await db.models.ApiToken.findById(hashToken(a.token)).lean())!;
      const token = async (establecimiento: number, codPuntoVenta: string): Promise<TestTenant> => {
        const puntoVenta = await tenants.createPuntoVenta(a.emisorId, establecimiento, {
          codPuntoVenta,
          codPuntoVentaMH: codPuntoVenta,
        });
        const { token } = await tenants.createToken({
          emisorId: a.emisorId,
          establecimientoId: establecimiento,
          puntoVentaId: puntoVenta.id,
          name: `caja ${codPuntoVenta}`,
          permissions: ['FACTURA_CONSUMIDOR_FINAL', 'ANULACION'],
        });
        return { ...a, token, headers: { ...a.headers, 'x-api-token': token } };
      };
      b = await token(establecimientoId, 'P002');
      const sucursal = await tenants.createEstablecimiento(a.emisorId, {
        codEstable: 'M002',
        codEstableMH: 'M002',
        tipoEstablecimiento: '02',
        nombre: 'Sucursal',
        direccion: DEMO_EMISOR.direccion,
        telefono: DEMO_EMISOR.telefono,
      });
      c = await token(sucursal.id, 'P001');
    });

    /** Rewrites the key's record as the service stored it before the scope: `<emisorId>:<key>`. */
    async function asStoredBeforeTheScope(key: string, codigoGeneracion: string): Promise<void> {
      const keys = (await testDatabase()).connection.collection<{ _id: string }>('idempotency_keys');
      const record = (await keys.findOne({ codigoGeneracion }))!;
      await keys.deleteOne({ _id: record._id });
      await keys.insertOne({ ...record, _id: `${a.emisorId}:${key}` });
    }

    it('the same key and body from three points of sale issue three documents, each in its series', async () => {
      // Each point of sale's first sale of the day, numbered by its own system.
      const key = `venta-1-${Date.now()}`;
      const cajas = [a, b, c];
      const first = await Promise.all(cajas.map((caja) => post(caja, key, body('Venta 1'))));
      expect(first.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(new Set(first.map((r) => r.body.data.codigoGeneracion)).size).toBe(3);
      expect(first.map((r) => r.body.data.numeroControl)).toEqual([
        expect.stringMatching(/^DTE-01-M001P001-\d{15}$/),
        expect.stringMatching(/^DTE-01-M001P002-\d{15}$/),
        expect.stringMatching(/^DTE-01-M002P001-\d{15}$/),
      ]);

      // A retry from each point of sale gets its own document; another body under the key is refused there.
      const retries = await Promise.all(cajas.map((caja) => post(caja, key, body('Venta 1'))));
      expect(retries.map((r) => [r.status, r.body.data.codigoGeneracion, r.body.data.numeroControl])).toEqual(
        first.map((r) => [201, r.body.data.codigoGeneracion, r.body.data.numeroControl]),
      );
      const reused = await post(b, key, body('Venta 2'));
      expect([reused.status, reused.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    });

    it('a key stored before the scope still answers its point of sale, and no other', async () => {
      const key = `previa-${Date.now()}`;
      const previa = await post(a, key, body('Venta previa'));
      expect(previa.status).toBe(201);
      await asStoredBeforeTheScope(key, previa.body.data.codigoGeneracion);

      // The point of sale that issued it gets it again (and its key still refuses another body)...
      const retry = await post(a, key, body('Venta previa'));
      expect([retry.status, retry.body.data.id, retry.body.data.codigoGeneracion]).toEqual([
        201,
        previa.body.data.id,
        previa.body.data.codigoGeneracion,
      ]);
      const reused = await post(a, key, body('Otra venta'));
      expect([reused.status, reused.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);

      // ...another one issues its own sale, and keeps it.
      const otra = await post(b, key, body('Venta previa'));
      expect(otra.status).toBe(201);
      expect(otra.body.data.codigoGeneracion).not.toBe(previa.body.data.codigoGeneracion);
      expect(otra.body.data.numeroControl).toMatch(/^DTE-01-M001P002-\d{15}$/);
      expect((await post(b, key, body('Venta previa'))).body.data.codigoGeneracion).toBe(
        otra.body.data.codigoGeneracion,
      );
    });

    it('an invalidation stored before the scope answers the same request from any point of sale', async () => {
      const factura = await post(a, `anulable-${Date.now()}`, {
        ...body('Se anula'),
        receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
      });
      const anulacion = anulacionRescindida(factura.body.data.codigoGeneracion);
      const key = `anulacion-previa-${Date.now()}`;
      const first = await post(a, key, anulacion, '/dte/anulacion');
      expect([first.status, first.body.data.estado]).toEqual([200, 'CANCELLED']);
      await asStoredBeforeTheScope(key, first.body.data.eventoCodigoGeneracion);

      // The record names an event, which keeps no point of sale; the body names the document: the same
      // request is the same invalidation (a new event would be a 409: the document is already cancelled).
      for (const caja of [a, b]) {
        const retry = await post(caja, key, anulacion, '/dte/anulacion');
        expect([retry.status, retry.body.data]).toEqual([200, first.body.data]);
      }
    });
  });
});
