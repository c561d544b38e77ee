import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { SettleOutcomes } from '@dte/contract';
import { DteWorkflowClient } from '@dte/contract/client';
import { eventually } from '../support/eventually';
import { emitirFactura } from '../support/fixtures';
import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { retenidaEnMh } from '../support/mh';
import { closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/**
 * Documents whose MH outcome nobody waits for any more: their IssueDte workflow was terminated while MH
 * held the answer. The `settle-unknown-outcomes` Temporal Schedule asks consultadte and settles them.
 */
describe('unknown MH outcomes', () => {
  let tenant: TestTenant;
  let connection: Connection;
  let temporal: Client;
  beforeAll(async () => {
    tenant = await createTestTenant();
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
    // The worker logs in to MH now, before the slow answers below.
    await emitirFactura(tenant);
  });
  afterAll(async () => {
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    await connection?.close();
    await closeTestDatabase();
  });

  /**
   * Starts an issuance and, once MH holds its document (outage "hold", set by the caller), terminates its
   * workflow: nobody waits for MH's answer any more. Its transmit activity goes on with MH's policy.
   */
  async function orphan(correo: string): Promise<string> {
    const { Document } = (await testDatabase()).models;
    const before = new Set((await Document.find({ emisorId: tenant.emisorId }, { _id: 1 }).lean()).map((d) => d._id));
    // Its answer never comes: the workflow it waits for is terminated.
    void fetch(`${stack().api}/dte/dte01`, {
      method: 'POST',
      headers: tenant.headers,
      body: JSON.stringify({
        receptor: { nombre: 'Ana Ruiz', tipoDocumento: '13', numDocumento: '012345678', correo },
        items: [{ descripcion: 'Sin desenlace', cantidad: 1, precioUnitario: 4 }],
        condicionOperacion: 1,
      }),
    }).catch(() => undefined);
    const doc = await eventually('the PENDIENTE document', async () =>
      (await Document.find({ emisorId: tenant.emisorId, estado: 'PENDIENTE' }).lean()).find((d) => !before.has(d._id)),
    );
    await retenidaEnMh(tenant.nit, '/fesv/recepciondte');
    await temporal.workflow.getHandle(`dte-${doc._id}`).terminate('test: the outcome is left unknown');
    return String(doc._id);
  }

  /**
   * Waits until the transmit activity has run MH's policy to its end without an answer: the document, still
   * PENDIENTE, then says on its record why it waits.
   */
  function rendida(codigoGeneracion: string) {
    return eventually(`the transmission of ${codigoGeneracion} to give up`, async () => {
      const { Document } = (await testDatabase()).models;
      const doc = await Document.findById(codigoGeneracion, { estado: 1, errorTecnico: 1 }).lean();
      return doc?.estado === 'PENDIENTE' && doc.errorTecnico?.startsWith('Sin respuesta del Ministerio de Hacienda: ');
    });
  }

  async function atMh(codigoGeneracion: string) {
    const res = await fetch(`${stack().mhSimulator}/__sim/documentos?codigoGeneracion=${codigoGeneracion}`);
    const { data } = (await res.json()) as { data: { registrado: { selloRecibido: string } | null }[] };
    return data[0]?.registrado ?? null;
  }

  it('settles a document MH accepted and reports one MH never received', async () => {
    const config = loadConfig(stack().env);
    const schedule = temporal.schedule.getHandle(SettleOutcomes.scheduleId);
    // The schedule's own runs (every UNKNOWN_OUTCOME_SCAN_SECONDS) may settle the orphans before the run
    // this test triggers: every run from now on counts.
    const desde = (await schedule.describe()).info.recentActions.length;
    // MH takes the document only once the service has given up on it, every exchange held past its
    // timeout: the service never hears it.
    await simulator('/outage', { mode: 'hold', emisor: tenant.nit });
    const correo = `sin-desenlace-${Date.now()}@example.test`;
    const aceptado = await orphan(correo);
    await rendida(aceptado);
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    const registrado = await eventually('MH to accept it', () => atMh(aceptado));

    // This one never reaches MH: held, then refused once its workflow is gone.
    await simulator('/outage', { mode: 'hold', emisor: tenant.nit });
    const perdido = await orphan(`perdido-${Date.now()}@example.test`);
    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    await rendida(perdido);
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    expect(await atMh(perdido)).toBeNull();

    const before = (await schedule.describe()).info.recentActions.length;
    await new Promise((r) => setTimeout(r, config.UNKNOWN_OUTCOME_MIN_AGE_SECONDS * 1000));
    await schedule.trigger();
    const runs = await eventually('the triggered run', async () => {
      const { info } = await schedule.describe();
      return info.recentActions.length > before ? info.recentActions.slice(desde) : undefined;
    });
    const results = await Promise.all(
      runs.map((run) =>
        new DteWorkflowClient(temporal.workflow)
          .handle(SettleOutcomes, run.action.workflow.workflowId, run.action.workflow.firstExecutionRunId)
          .result(),
      ),
    );
    expect(results.flatMap((r) => r.procesados)).toContain(aceptado);
    // Still PENDIENTE, so the triggered run (the last) reports it whatever an earlier run did.
    expect(results.at(-1)!.desconocidosEnMh).toContain(perdido);

    const { Document } = (await testDatabase()).models;
    const settled = await Document.findById(aceptado).lean();
    expect(settled).toMatchObject({ estado: 'PROCESSED', selloRecibido: registrado.selloRecibido });
    expect((await Document.findById(perdido).lean())?.estado).toBe('PENDIENTE');
    // The receptor gets the document with its sello, as its own workflow would have sent it.
    const mail = await waitForMail((m) => m.to.some((t) => t.address === correo));
    expect(mail.attachments?.map((a) => a.fileName)).toContain(`${aceptado}.json`);
    // MH's policy for the first document runs its five exchanges to their timeouts.
  }, 240000);

  it('is a Temporal Schedule on the configured interval that never overlaps itself', async () => {
    const { spec, policies } = await temporal.schedule.getHandle(SettleOutcomes.scheduleId).describe();
    const every = loadConfig(stack().env).UNKNOWN_OUTCOME_SCAN_SECONDS * 1000;
    expect(spec.intervals?.map((i) => i.every)).toEqual([every]);
    expect(policies.overlap).toBe('SKIP');
  });
});
