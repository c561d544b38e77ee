import { eventually } from '../support/eventually';
import { waitForMail } from '../support/maildev';
import { labelValues, sample, scrape, scrapeUntil } from '../support/metrics';
import { stack } from '../support/stack';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/**
 * `GET /metrics` on the API and on the worker's metrics port: the series an operator alerts on exist and
 * move when a document is issued. Other suites run at the same time, so counters are compared as "grew
 * by at least", never by exact amounts.
 */
describe('Prometheus metrics', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const factura = (correo: string, extra: Record<string, unknown> = {}) =>
    api('POST', '/dte/dte01', tenant, {
      receptor: { nombre: 'Ana Gómez', tipoDocumento: '13', numDocumento: '012345678', correo },
      items: [{ descripcion: 'Métrica', cantidad: 1, precioUnitario: 3 }],
      condicionOperacion: 1,
      ...extra,
    });

  it('count HTTP answers by route pattern, issuance latency, MH outcomes, PDF renders, e-mails and database operations', async () => {
    const http201 = { method: 'POST', route: '/dte/dte01', status: '201' };
    const issued = { tipo: 'FACTURA_CONSUMIDOR_FINAL', estado: 'PROCESSED' };
    const mh001 = { endpoint: '/fesv/recepciondte', result: 'PROCESADO', codigo: '001' };
    const apiBefore = await scrape(stack().api);
    const workerBefore = await scrape(stack().workerMetrics);
    const temporalBefore = await scrape(stack().temporalMetrics);

    const correo = `metricas-${Date.now()}@example.test`;
    const res = await factura(correo);
    expect(res.status).toBe(201);
    const doc = res.body.data;
    expect(doc.estado).toBe('PROCESSED');
    await waitForObject(doc.dtePdfUrl);
    await waitForMail((m) => m.to.some((t) => t.address === correo));
    const pdf = await api('GET', `/dte/pdf/${doc.codigoGeneracion}?format=url`, tenant);
    expect(pdf.status).toBe(200);
    expect((await fetch(`${stack().api}/no/such/${doc.codigoGeneracion}`)).status).toBe(404);

    const apiAfter = await scrape(stack().api);
    const grew = (before: string, after: string, name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(grew(apiBefore, apiAfter, 'dte_http_requests_total', http201)).toBeGreaterThanOrEqual(1);
    expect(grew(apiBefore, apiAfter, 'dte_http_request_duration_seconds_count', http201)).toBeGreaterThanOrEqual(1);
    expect(grew(apiBefore, apiAfter, 'dte_issuance_duration_seconds_count', issued)).toBeGreaterThanOrEqual(1);
    expect(sample(apiAfter, 'dte_issuance_duration_seconds_sum', issued)).toBeGreaterThan(0);
    // Routes are the Express patterns: no codigoGeneracion ever becomes a label value.
    const routes = labelValues(apiAfter, 'dte_http_requests_total', 'route');
    expect(routes).toEqual(expect.arrayContaining(['/dte/dte01', '/dte/pdf/:codigoGeneracion', 'unmatched']));
    expect(apiAfter).not.toContain(doc.codigoGeneracion);
    expect(sample(apiAfter, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    // Each operation grew by at least one: the API stored the request before it started the workflow, and
    // read the record to answer.
    const crecieron = (before: string, after: string, pares: [string, string][]) =>
      pares.forEach(([operation, collection]) =>
        expect(grew(before, after, 'dte_db_operations_total', { operation, collection })).toBeGreaterThanOrEqual(1),
      );
    crecieron(apiBefore, apiAfter, [
      ['insertOne', 'issue_requests'],
      ['findOne', 'documents'],
    ]);

    // The worker renders and mails after the API answered; wait for its counters rather than guess a delay.
    const workerAfter = await scrapeUntil(
      stack().workerMetrics,
      (after) => grew(workerBefore, after, 'dte_emails_sent_total') >= 1,
    );
    expect(grew(workerBefore, workerAfter, 'dte_mh_responses_total', mh001)).toBeGreaterThanOrEqual(1);
    expect(
      grew(workerBefore, workerAfter, 'dte_pdf_render_duration_seconds_count', { result: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(grew(workerBefore, workerAfter, 'dte_emails_sent_total')).toBeGreaterThanOrEqual(1);
    // The worker saved the record, recorded MH's verdict on it, and recorded the e-mail beside it (correos).
    crecieron(workerBefore, workerAfter, [
      ['insertOne', 'documents'],
      ['findOneAndUpdate', 'documents'],
      ['insertOne', 'correos'],
    ]);
    expect(sample(workerAfter, 'dte_email_failures_total')).toBeGreaterThanOrEqual(0);
    expect(sample(workerAfter, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(workerAfter).not.toContain(doc.codigoGeneracion);
    // The delivery came back with the workflow task's completion (eager dispatch), not through a poll. The
    // server publishes its counters once a second: wait for the count rather than read it once.
    const eager = { namespace: 'default', operation: 'RespondWorkflowTaskCompleted' };
    const temporalAfter = await scrapeUntil(
      stack().temporalMetrics,
      (after) => grew(temporalBefore, after, 'activity_eager_execution', eager) >= 1,
    );
    expect(grew(temporalBefore, temporalAfter, 'activity_eager_execution', eager)).toBeGreaterThanOrEqual(1);
  });

  it('report the documents waiting in contingency and the MH calls left unanswered', async () => {
    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    try {
      const before = await scrape(stack().workerMetrics);
      const res = await factura(`contingencia-metricas-${Date.now()}@example.test`, { testContingencia: true });
      expect(res.status).toBe(201);
      expect(res.body.data.estado).toBe('CONTINGENCIA');
      // The gauge is namespace-wide (other suites may hold documents in contingency too): at least ours,
      // once Temporal's visibility has the workflow's estado (it is updated asynchronously).
      const enContingencia = (text: string) => sample(text, 'dte_documents_in_contingency') ?? 0;
      expect(
        enContingencia(await scrapeUntil(stack().workerMetrics, (t) => enContingencia(t) >= 1)),
      ).toBeGreaterThanOrEqual(1);

      // The emisor's contingency workflow probes MH, which refuses the connection.
      const unanswered = { result: 'UNANSWERED' };
      const sinRespuesta = (text: string) => sample(text, 'dte_mh_responses_total', unanswered) ?? 0;
      const after = await scrapeUntil(stack().workerMetrics, (t) => sinRespuesta(t) > sinRespuesta(before));
      expect(sinRespuesta(after)).toBeGreaterThan(sinRespuesta(before));
    } finally {
      await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    }
    // Once MH answers again the document leaves contingency; nothing of this suite stays behind.
    const { Document } = (await testDatabase()).models;
    await eventually(
      'no document of the tenant in CONTINGENCIA',
      async () => (await Document.countDocuments({ emisorId: tenant.emisorId, estado: 'CONTINGENCIA' })) === 0,
    );
    expect(await Document.countDocuments({ emisorId: tenant.emisorId, estado: 'CONTINGENCIA' })).toBe(0);
  });

  it('serve the worker health next to its metrics', async () => {
    const res = await fetch(`${stack().workerMetrics}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', state: 'RUNNING' });
  });
});
