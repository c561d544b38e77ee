import { Client, Connection } from '@temporalio/client';
import { Contingency, type ContingencyEstado, type DocumentRecordView } from '@dte/domain/workflow-contract';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');
import { mailAttachment, waitForMail, type MaildevMessage } from '../support/maildev';
import { stack } from '../support/stack';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/**
 * Contingency on the real stack: MH (the simulator) refuses connections for this tenant's NIT, the
 * document is issued in contingency at once, and once MH answers again the emisor's ContingencyWorkflow
 * reports it in an Evento de Contingencia and sends it by lote.
 */
describe('contingency', () => {
  let tenant: TestTenant;
  let connection: Connection;
  let temporal: Client;
  beforeAll(async () => {
    tenant = await createTestTenant();
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
  });
  afterEach(() => simulator('/outage', { mode: 'none', emisor: tenant.nit }));
  afterAll(async () => {
    await connection?.close();
    await closeTestDatabase();
  });

  const factura = (correo: string, extra: Record<string, unknown> = {}) =>
    api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo },
      items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
      ...extra,
    });

  async function waitForEstado(codigoGeneracion: string, estado: string, timeoutMs = 60000) {
    const { Document } = (await testDatabase()).models;
    const started = Date.now();
    for (;;) {
      const doc = await Document.findById(codigoGeneracion).lean();
      if (doc?.estado === estado) return doc;
      if (Date.now() - started > timeoutMs)
        throw new Error(`${codigoGeneracion} is ${doc?.estado}, expected ${estado}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  /** The emisor's ContingencyWorkflow is started after the first e-mail, so it may not exist yet. */
  async function contingencyEstado(timeoutMs = 30000): Promise<ContingencyEstado> {
    const handle = temporal.workflow.getHandle(Contingency.workflowId(tenant.emisorId));
    const started = Date.now();
    for (;;) {
      try {
        return await handle.query<ContingencyEstado>(Contingency.estadoQuery);
      } catch (err) {
        if (Date.now() - started > timeoutMs) throw err;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  }

  const mailsTo = (correo: string) => (m: MaildevMessage) => m.to.some((t) => t.address === correo);
  async function waitForMails(correo: string, count: number, timeoutMs = 60000): Promise<MaildevMessage[]> {
    const started = Date.now();
    for (;;) {
      const all = (await (await fetch(`${stack().maildev}/email`)).json()) as MaildevMessage[];
      const mine = all.filter(mailsTo(correo));
      if (mine.length >= count) return mine;
      if (Date.now() - started > timeoutMs) throw new Error(`${mine.length} e-mails to ${correo}, expected ${count}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  function expectContingencia(d: DocumentRecordView) {
    expect(d.estado).toBe('CONTINGENCIA');
    expect(d.selloRecibido).toBeNull();
    expect(d.dteJson.identificacion).toMatchObject({
      tipoModelo: 2,
      tipoOperacion: 2,
      tipoContingencia: 1,
      motivoContin: null,
    });
  }

  it('issues in contingency during an outage, delivers at once, and settles with MH once it is back', async () => {
    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    const correo = `contingencia-${Date.now()}@example.test`;
    const res = await factura(correo);
    expect(res.status).toBe(201);
    const d = res.body.data;
    expectContingencia(d);

    // The receptor gets the signed document without sello right away.
    const pdf = await waitForObject(d.dtePdfUrl);
    expect((await pdfParse(pdf)).text).toContain('CONTINGENCIA');
    const first = await waitForMail(mailsTo(correo));
    expect(first.attachments?.map((a) => a.fileName)).toContain(`${d.codigoGeneracion}.pdf`);

    const estado = await contingencyEstado();
    expect(estado.pendientes).toEqual([{ codigoGeneracion: d.codigoGeneracion, fase: 'ESPERANDO_MH' }]);
    expect(estado).toMatchObject({ finCorte: null, plazoEvento: null, alerta: false });

    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    const doc = await waitForEstado(d.codigoGeneracion, 'PROCESSED');
    expect(doc.selloRecibido).toMatch(/^[0-9A-Z]{40}$/);
    const mails = await waitForMails(correo, 2);
    const jsons = await Promise.all(
      mails.map(async (m) => {
        const attachment = m.attachments!.find((a) => a.fileName === `${d.codigoGeneracion}.json`)!;
        return JSON.parse((await mailAttachment(m, attachment.generatedFileName)).toString());
      }),
    );
    // The first without sello, the second with MH's.
    expect(jsons.map((j) => j.selloRecibido).sort()).toEqual([doc.selloRecibido, null]);
    for (const j of jsons) expect(j.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2 });

    // Its IssueDte workflow ends with the document's final estado.
    const issue = temporal.workflow.getHandle(`dte-${d.codigoGeneracion}`);
    await issue.result();
    const { searchAttributes } = await issue.describe();
    expect(searchAttributes.DteEstado).toEqual(['PROCESSED']);
  }, 120000);

  it('ends REJECTED when MH rejects the document in its lote (outage answering 503, login included)', async () => {
    // A tenant MH has never logged in: the outage meets it at authentication.
    tenant = await createTestTenant();
    await simulator('/outage', { mode: '503', emisor: tenant.nit });
    const res = await factura(`rechazo-${Date.now()}@example.test`);
    expect(res.status).toBe(201);
    const d = res.body.data;
    expectContingencia(d);
    await simulator('/reject', {
      codigoGeneracion: d.codigoGeneracion,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: 'Rechazo forzado',
      emisor: tenant.nit,
    });
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    const doc = await waitForEstado(d.codigoGeneracion, 'REJECTED');
    expect(doc.selloRecibido).toBeNull();
    expect(doc.errorTecnico).toContain('Rechazo forzado');
  }, 120000);

  it('testContingencia issues in contingency without an outage', async () => {
    const correo = `forzada-${Date.now()}@example.test`;
    const res = await factura(correo, { testContingencia: true });
    expect(res.status).toBe(201);
    expectContingencia(res.body.data);
    await waitForEstado(res.body.data.codigoGeneracion, 'PROCESSED');
  }, 120000);

  it("tracks MH's deadlines: the event within 24 h of the outage's end, the lotes within 72 h of its sello", async () => {
    // A slow lote keeps the document in flight long enough to look at it.
    await simulator('/lotes', { delayMs: 6000, emisor: tenant.nit });
    try {
      const res = await factura(`plazos-${Date.now()}@example.test`, { testContingencia: true });
      const { codigoGeneracion } = res.body.data;
      let estado = await contingencyEstado();
      for (const started = Date.now(); estado.pendientes[0]?.fase !== 'LOTE'; estado = await contingencyEstado()) {
        if (Date.now() - started > 30000) throw new Error(`never in a lote: ${JSON.stringify(estado)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(estado.pendientes).toEqual([{ codigoGeneracion, fase: 'LOTE' }]);
      const hours = (from: string | null, to: string | null) => (Date.parse(to!) - Date.parse(from!)) / 3600_000;
      expect(hours(estado.finCorte, estado.plazoEvento)).toBe(24);
      expect(hours(estado.selloEvento, estado.plazoLotes)).toBe(72);
      expect(estado.alerta).toBe(false);
      await waitForEstado(codigoGeneracion, 'PROCESSED');
    } finally {
      await simulator('/lotes', { delayMs: 1000, emisor: tenant.nit });
    }
  });

  it('refuses testContingencia in ambiente PROD with 400 VALIDATION_ERROR', async () => {
    const { Emisor } = (await testDatabase()).models;
    const prod = await createTestTenant();
    await Emisor.updateOne({ id: prod.emisorId }, { $set: { ambiente: '01' } });
    const res = await api('POST', '/dte/dte01', prod, {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
      testContingencia: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'VALIDATION_ERROR' });
  });
});
