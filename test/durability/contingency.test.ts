import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { esquemaDe, puedeEmitirseEnContingencia, tipoDeDte, validateMhSchema, type Dte } from '@dte/domain';
import { Contingencia, type ContingenciaEstado } from '@dte/contract';
import type { DocumentRecordView } from '@dte/store';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');
import { eventually } from '../support/eventually';
import { mailAttachment, waitForMail, type MaildevMessage } from '../support/maildev';
import { contribuyente, direccion, emitirCcf } from '../support/fixtures';
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { stack } from '../support/stack';
import { waitForObject } from '../support/storage';
import {
  api,
  closeTestDatabase,
  createTestTenant,
  enEstado,
  simulator,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

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

  /** The emisor's ContingencyWorkflow is started after the first e-mail, so it may not exist yet. */
  function contingencyEstado(emisorId = tenant.emisorId): Promise<ContingenciaEstado> {
    const handle = temporal.workflow.getHandle(Contingencia.workflowId(emisorId));
    return eventually(`the ContingencyWorkflow of emisor ${emisorId}`, () => handle.query(Contingencia.estado));
  }

  /** The estado once the tenant's first waiting document is in a lote. */
  const enLote = () =>
    eventually('the document in a lote', async () => {
      const estado = await contingencyEstado();
      if (estado.pendientes[0]?.fase !== 'LOTE') throw new Error(`not in a lote: ${JSON.stringify(estado)}`);
      return estado;
    });

  const mailsTo = (correo: string) => (m: MaildevMessage) => m.to.some((t) => t.address === correo);
  const waitForMails = (correo: string, count: number): Promise<MaildevMessage[]> =>
    eventually(`${count} e-mails to ${correo}`, async () => {
      const all = (await (await fetch(`${stack().maildev}/email`)).json()) as MaildevMessage[];
      const mine = all.filter(mailsTo(correo));
      if (mine.length < count) throw new Error(`${mine.length} arrived`);
      return mine;
    });

  function expectContingencia(d: DocumentRecordView) {
    expect(d.estado).toBe('CONTINGENCIA');
    expect(d.selloRecibido).toBeNull();
    // FEX v1 spells the reason's field motivoContigencia.
    const motivo =
      'motivoContigencia' in (d.dteJson as unknown as Dte).identificacion ? 'motivoContigencia' : 'motivoContin';
    expect(d.dteJson.identificacion).toMatchObject({
      tipoModelo: 2,
      tipoOperacion: 2,
      tipoContingencia: 1,
      [motivo]: null,
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
    const doc = await enEstado(d.codigoGeneracion, 'PROCESSED');
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
    const doc = await enEstado(d.codigoGeneracion, 'REJECTED');
    expect(doc.selloRecibido).toBeNull();
    expect(doc.errorTecnico).toContain('Rechazo forzado');
  }, 120000);

  it('testContingencia issues in contingency without an outage', async () => {
    const correo = `forzada-${Date.now()}@example.test`;
    const res = await factura(correo, { testContingencia: true });
    expect(res.status).toBe(201);
    expectContingencia(res.body.data);
    await enEstado(res.body.data.codigoGeneracion, 'PROCESSED');
  }, 120000);

  it("tracks MH's deadlines: the event within 24 h of the outage's end, the lotes within 72 h of its sello", async () => {
    // A slow lote keeps the document in flight long enough to look at it.
    await simulator('/lotes', { delayMs: 6000, emisor: tenant.nit });
    try {
      const res = await factura(`plazos-${Date.now()}@example.test`, { testContingencia: true });
      const { codigoGeneracion } = res.body.data;
      const estado = await enLote();
      expect(estado.pendientes).toEqual([{ codigoGeneracion, fase: 'LOTE' }]);
      const hours = (from: string | null, to: string | null) => (Date.parse(to!) - Date.parse(from!)) / 3600_000;
      // The suite's stack shortens the lotes' window (see global-setup) so the alert test can reach it.
      const config = loadConfig(stack().env);
      expect(hours(estado.finCorte, estado.plazoEvento)).toBe(config.CONTINGENCIA_PLAZO_EVENTO_HORAS);
      expect(hours(estado.selloEvento, estado.plazoLotes)).toBeCloseTo(config.CONTINGENCIA_PLAZO_LOTES_HORAS, 9);
      expect(estado.alerta).toBe(false);
      await enEstado(codigoGeneracion, 'PROCESSED');
    } finally {
      await simulator('/lotes', { delayMs: 1000, emisor: tenant.nit });
    }
  });

  it('raises alerta once less than a quarter of the lotes window is left, and still settles the document', async () => {
    const ventanaMs = loadConfig(stack().env).CONTINGENCIA_PLAZO_LOTES_HORAS * 3600_000;
    // MH keeps the lote's results from the service until the test has seen the alerta.
    await simulator('/outage', { mode: 'hold', ruta: '/fesv/recepcion/consultadtelote', emisor: tenant.nit });
    const res = await factura(`alerta-${Date.now()}@example.test`, { testContingencia: true });
    const { codigoGeneracion } = res.body.data;
    const enLaCola = await enLote();
    const visto = Date.now();
    const enRiesgo = Date.parse(enLaCola.selloEvento!) + ventanaMs * 0.75;
    // Never before the window's last quarter: a query answers as of the workflow's latest activation, which
    // was no later than `visto` (on a loaded machine that may already be past it, and then it may be raised).
    expect(enLaCola.alerta && visto < enRiesgo).toBe(false);
    const enRiesgoVisto = await eventually('the alerta', async () => {
      const estado = await contingencyEstado();
      return estado.alerta && estado;
    });
    expect(Date.now()).toBeGreaterThanOrEqual(enRiesgo);
    expect(enRiesgoVisto.pendientes).toEqual([{ codigoGeneracion, fase: 'LOTE' }]);
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    await enEstado(codigoGeneracion, 'PROCESSED');
  });

  it('issues every kind MH takes in contingency (CAT-023) during an outage and reports them in one event', async () => {
    const own = await createTestTenant();
    const ccf = await emitirCcf(own, 100);
    const item = { descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 };
    const requests: Record<string, Record<string, unknown>> = {
      '/dte/dte01': { receptor: {}, items: [item], condicionOperacion: 1 },
      '/dte/dte03': { receptor: contribuyente(), items: [item], condicionOperacion: 1 },
      '/dte/dte04': ISSUANCE_EXAMPLES.NOTA_REMISION.body as Record<string, unknown>,
      '/dte/dte05': { codigoGeneracion: ccf.codigoGeneracion, items: [item], condicionOperacion: 1 },
      '/dte/dte06': { codigoGeneracion: ccf.codigoGeneracion, items: [item], condicionOperacion: 1 },
      '/dte/dte11': ISSUANCE_EXAMPLES.FACTURA_EXPORTACION.body as Record<string, unknown>,
      '/dte/dte14': {
        sujetoExcluido: { tipoDocumento: '13', numDocumento: '01234567-8', nombre: 'María López', direccion },
        items: [item],
        condicionOperacion: 1,
        applyrent: true,
      },
    };
    await simulator('/outage', { mode: 'refuse', emisor: own.nit });
    let issued: DocumentRecordView[];
    try {
      issued = await Promise.all(
        Object.entries(requests).map(async ([path, body]) => {
          const res = await api('POST', path, own, body);
          expect([path, res.status, res.status === 201 ? null : res.body]).toEqual([path, 201, null]);
          return res.body.data as DocumentRecordView;
        }),
      );
      for (const d of issued) {
        expectContingencia(d);
        const dte = d.dteJson as unknown as Dte;
        expect(puedeEmitirseEnContingencia(dte)).toBe(true);
        expect(validateMhSchema(esquemaDe(tipoDeDte(dte), dte.identificacion.version)!, dte)).toEqual([]);
      }
      const codigos = issued.map((d) => d.codigoGeneracion).sort();
      const estado = await eventually('every document enlisted', async () => {
        const enCurso = await contingencyEstado(own.emisorId);
        if (enCurso.pendientes.length < codigos.length) throw new Error(`not all: ${JSON.stringify(enCurso)}`);
        return enCurso;
      });
      expect(estado.pendientes.map((p) => p.codigoGeneracion).sort()).toEqual(codigos);
    } finally {
      await simulator('/outage', { mode: 'none', emisor: own.nit });
    }

    for (const d of issued) expect((await enEstado(d.codigoGeneracion, 'PROCESSED')).selloRecibido).toBeTruthy();
    // MH saw one Evento de Contingencia and each document once, in a lote.
    const res = await fetch(`${stack().mhSimulator}/__sim/documentos?emisor=${own.nit}`);
    const { data } = (await res.json()) as {
      data: { codigoGeneracion: string; respuestas: { servicio: string; estado: string }[] }[];
    };
    const servicios = data.flatMap((row) => row.respuestas.map((r) => r.servicio));
    expect(servicios.filter((s) => s === 'contingencia')).toHaveLength(1);
    for (const d of issued) {
      const row = data.find((r) => r.codigoGeneracion === d.codigoGeneracion);
      expect(row?.respuestas).toEqual([expect.objectContaining({ servicio: 'recepcionlote', estado: 'PROCESADO' })]);
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
