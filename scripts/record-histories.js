'use strict';
/**
 * Records workflow histories from a running stack (`npm start`) for the replay tests: each scenario
 * drives the API and the MH simulator's control API, waits for its workflows to end, and writes their
 * histories (`temporal workflow show --output json`) to apps/worker/test/histories/<scenario>/.
 *
 *   node scripts/record-histories.js [--out <dir>] [--api <url>] [--token <token>] [--simulator <url>]
 *     [--temporal <binary>] [--address <host:port>] [--imap <host:port>] [--only <scenario,…>]
 *
 * Defaults are those of `npm start` (the token is read from <DTE_DATA_DIR or .data>/dev-token). Histories are recorded with
 * the workflow code the stack runs, so a replay test against newer code shows it still replays them.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFile, execFileSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const { values: opts } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(ROOT, 'apps/worker/test/histories') },
    api: { type: 'string', default: 'http://127.0.0.1:3000' },
    token: { type: 'string' },
    simulator: { type: 'string', default: 'http://127.0.0.1:3100' },
    temporal: { type: 'string', default: path.join(ROOT, '.tools/bin/temporal') },
    address: { type: 'string', default: '127.0.0.1:7233' },
    imap: { type: 'string', default: '127.0.0.1:1143' },
    only: { type: 'string' },
  },
});
const DATA = path.resolve(process.env.DTE_DATA_DIR || path.join(ROOT, '.data'));
const token = opts.token ?? fs.readFileSync(path.join(DATA, 'dev-token'), 'utf8').trim();

const receptor = { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo: 'juan@example.com' };
const factura = (extra = {}) => ({
  receptor,
  items: [{ descripcion: 'Producto', cantidad: 2, precioUnitario: 11.3 }],
  condicionOperacion: 1,
  ...extra,
});
const retencion = {
  receptor: {
    tipoDocumento: '36',
    numDocumento: '06140101901015',
    nombre: 'SALVADOR CABAL',
    correo: 'contribuyente@example.com',
    codActividad: '69100',
    descActividad: 'Actividades jurídicas',
    direccion: { departamento: '06', municipio: '23', complemento: 'Colonia Escalón, calle 1 #10' },
  },
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoDte: '03',
      tipoGeneracion: 1,
      numDocumento: 'A1234',
      fechaEmision: new Date().toISOString().slice(0, 10),
      montoSujetoGrav: 100,
      codigoRetencionMH: '22',
      ivaRetenido: 1,
      descripcion: 'Retención 1 %',
    },
  ],
};

const anulacion = (codigoGeneracion) => ({
  codigoGeneracion,
  motivo: {
    tipoAnulacion: 2,
    motivoAnulacion: 'Operación rescindida',
    nombreResponsable: 'Ana Gómez',
    tipDocResponsable: '13',
    numDocResponsable: '012345678',
    nombreSolicita: 'Juan Pérez',
    tipDocSolicita: '13',
    numDocSolicita: '012345678',
  },
});

async function call(method, base, pathname, body, headers = {}, expected = [200, 201]) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}
const api = (method, pathname, body, expected) =>
  call(method, opts.api, pathname, body, { 'x-api-token': token }, expected);
const sim = (pathname, body) => call('POST', opts.simulator, `/__sim${pathname}`, body);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns something truthy. */
async function waitFor(what, probe, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** What the MH simulator holds of a document as accepted (null while it holds nothing). */
async function atMh(codigoGeneracion) {
  const { data } = await call('GET', opts.simulator, `/__sim/documentos?codigoGeneracion=${codigoGeneracion}`);
  return data[0]?.registrado ?? null;
}

/** The stack's object storage, through the service's own client (`npm start`'s configuration, as `admin`). */
function objectStore() {
  const { ObjectStore } = require('@dte/store');
  const { loadConfig } = require('@dte/config');
  return ObjectStore.fromConfig(loadConfig());
}

function temporal(...args) {
  return execFileSync(opts.temporal, [...args, '--address', opts.address], { encoding: 'utf8' });
}

/** `temporal`, without blocking: for requests that must reach a workflow together. */
function temporalAsync(...args) {
  return new Promise((resolve, reject) =>
    execFile(opts.temporal, [...args, '--address', opts.address], { encoding: 'utf8' }, (err, out) =>
      err ? reject(err) : resolve(out),
    ),
  );
}

/** Waits until the workflow has ended (any status), then returns its history as JSON. */
async function historyOf(workflowId, timeoutMs = 120000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const described = JSON.parse(temporal('workflow', 'describe', '--workflow-id', workflowId, '--output', 'json'));
    const status = described.workflowExecutionInfo?.status;
    if (status && status !== 'WORKFLOW_EXECUTION_STATUS_RUNNING') break;
    if (Date.now() > until) throw new Error(`${workflowId} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return temporal('workflow', 'show', '--workflow-id', workflowId, '--output', 'json');
}

/** The value a finished workflow returned, read from its history (`historyOf`). */
function resultOf(history) {
  const last = JSON.parse(history).events.at(-1);
  const payload = last.workflowExecutionCompletedEventAttributes?.result?.payloads?.[0];
  return payload ? JSON.parse(Buffer.from(payload.data, 'base64').toString('utf8')) : undefined;
}

/** Executions of a workflow type started since `since` (a Date), newest first. */
function executions(workflowType, since, extra = '') {
  const query = `WorkflowType = '${workflowType}' AND StartTime >= '${since.toISOString()}'${extra}`;
  return JSON.parse(temporal('workflow', 'list', '--query', query, '--output', 'json') || '[]');
}

function save(scenario, name, history) {
  const dir = path.join(opts.out, scenario);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), history);
  process.stdout.write(`recorded ${scenario}/${name}.json\n`);
}

const SCENARIOS = {
  /** A Factura MH accepts, delivered; then its invalidation and a resend. */
  async aceptado(nit) {
    const { data } = await api('POST', '/dte/dte01', factura());
    save('aceptado', 'IssueDteWorkflow', await historyOf(`dte-${data.codigoGeneracion}`));
    await api('POST', `/dte/resend/${data.codigoGeneracion}`, { email: 'otra@example.com' });
    const resend = JSON.parse(
      temporal('workflow', 'list', '--query', `WorkflowType = "ResendDteWorkflow"`, '--output', 'json'),
    ).find((w) => w.execution.workflowId.startsWith(`resend-${data.codigoGeneracion}`));
    save('aceptado', 'ResendDteWorkflow', await historyOf(resend.execution.workflowId));
    await api('POST', '/dte/anulacion', anulacion(data.codigoGeneracion));
    save('aceptado', 'InvalidateDteWorkflow', await historyOf(`anulacion-${data.codigoGeneracion}`));
    return nit;
  },
  /** A Factura MH rejects. */
  async rechazado(nit) {
    await sim('/reject', { next: 1, codigoMsg: '096', clasificaMsg: '98', emisor: nit });
    const { data } = await api('POST', '/dte/dte01', factura());
    save('rechazado', 'IssueDteWorkflow', await historyOf(`dte-${data.codigoGeneracion}`));
  },
  /** A rehearsed contingency: the Factura is issued in contingency, reported in an event, sent by lote. */
  async contingencia(nit) {
    const { data } = await api('POST', '/dte/dte01', factura({ testContingencia: true }));
    const issue = await historyOf(`dte-${data.codigoGeneracion}`);
    save('contingencia', 'IssueDteWorkflow', issue);
    const emisorId = (await api('GET', '/dte/information')).data.emisor.id;
    save('contingencia', 'ContingencyWorkflow', await historyOf(`contingencia-${emisorId}`));
    return nit;
  },
  /**
   * A person's probe during an outage (issue 52): MH refuses the emisor, a Factura is issued in contingency,
   * `POST /operaciones/sondeo` once the contingency waits for MH (unanswered), then again once MH is back
   * (answered): the contingency goes on without waiting for its backoff (`npm start`'s 30 s and up).
   */
  async sondeo(nit, emisorId) {
    await sim('/outage', { mode: 'refuse', emisor: nit });
    try {
      const { data } = await api('POST', '/dte/dte01', factura());
      if (data.estado !== 'CONTINGENCIA') throw new Error(`the Factura is ${data.estado}, not CONTINGENCIA`);
      // 409 MH_NOT_AWAITED until the contingency's first probe has gone unanswered.
      const caido = await waitFor('the contingency waiting for MH', async () => {
        const res = await api('POST', '/operaciones/sondeo', {}, [200, 409]);
        return res.status === 'success' && res.data;
      });
      if (caido.respondio) throw new Error('MH answered during the outage');
      await sim('/outage', { mode: 'none', emisor: nit });
      const arriba = await api('POST', '/operaciones/sondeo', {});
      if (!arriba.data.respondio) throw new Error('MH did not answer after the outage');
      await historyOf(`dte-${data.codigoGeneracion}`);
      save('contingencia-sondeo', 'ContingencyWorkflow', await historyOf(`contingencia-${emisorId}`));
    } finally {
      await sim('/outage', { mode: 'none', emisor: nit });
    }
  },
  /** A Comprobante de Retención while MH refuses connections: a 2023 CR cannot enter contingency, it waits. */
  async espera(nit) {
    await esperaDeMh(nit, 'espera');
  },
  /** A Factura accepted, prepared, sent and recorded in one local activity (`issueDocument`). */
  async unPaso() {
    const { data } = await api('POST', '/dte/dte01', factura());
    save('un-paso', 'IssueDteWorkflow', await historyOf(`dte-${data.codigoGeneracion}`));
  },
  /** The `espera` scenario with that one step: MH unanswered in it, the workflow waits and sends again. */
  async unPasoEspera(nit) {
    await esperaDeMh(nit, 'un-paso-espera');
  },
  /**
   * An invalidation MH does not answer (503 to the caller, the document untouched), then the same request
   * once MH is back: MH is asked about the document first, and the PDF is rendered again as INVALIDADO.
   */
  async anulacionSinMh(nit) {
    const { data } = await api('POST', '/dte/dte01', factura());
    await historyOf(`dte-${data.codigoGeneracion}`);
    await sim('/outage', { mode: 'refuse', emisor: nit });
    await api('POST', '/dte/anulacion', anulacion(data.codigoGeneracion), [503]);
    save('anulacion-sin-mh', 'InvalidateDteWorkflow', await historyOf(`anulacion-${data.codigoGeneracion}`));
    await sim('/outage', { mode: 'none', emisor: nit });
    await api('POST', '/dte/anulacion', anulacion(data.codigoGeneracion));
    save('anulacion-tras-mh', 'InvalidateDteWorkflow', await historyOf(`anulacion-${data.codigoGeneracion}`));
  },
  /** The emisor moved to MH's 2026 schemas: a Factura v2 accepted, then the emisor back on its default. */
  async normativa2026(nit, emisorId) {
    admin('emisor', 'normativa', '--emisor', String(emisorId), '--generacion', '2026');
    // The API and worker cache tenants for TENANT_CACHE_SECONDS.
    await new Promise((r) => setTimeout(r, 12000));
    try {
      const { data } = await api('POST', '/dte/dte01', factura());
      if (data.dteJson.identificacion.version !== 2) throw new Error('expected a Factura v2');
      save('normativa-2026', 'IssueDteWorkflow', await historyOf(`dte-${data.codigoGeneracion}`));
    } finally {
      admin('emisor', 'normativa', '--emisor', String(emisorId), '--generacion', '2023');
    }
  },
  /** `POST /diagnostics/smoke`: one workflow through the database, storage, Chromium and SMTP. */
  async smoke() {
    const { data } = await api('POST', '/diagnostics/smoke', { email: 'smoke@example.com' }, [200]);
    save('smoke', 'SmokeWorkflow', await historyOf(data.workflowId));
  },
  /**
   * `GET /dte/pdf` of an accepted Factura whose PDF is no longer in storage: the API has the worker render
   * it again (RenderPdfWorkflow `pdf-<codigoGeneracion>`). The PDF is taken away once the issuance workflow
   * has stored it, so the render is never the issuance's own race.
   */
  async pdf() {
    const { data } = await api('POST', '/dte/dte01', factura());
    if (data.estado !== 'PROCESSED' || !data.dtePdfUrl) throw new Error(`expected a PROCESSED Factura: ${data.estado}`);
    await historyOf(`dte-${data.codigoGeneracion}`);
    const store = objectStore();
    await store.remove(data.dtePdfUrl);
    if (await store.exists(data.dtePdfUrl)) throw new Error(`${data.dtePdfUrl} is still in storage`);
    const pdf = await api('GET', `/dte/pdf/${data.codigoGeneracion}?format=base64`, undefined, [200]);
    if (Buffer.from(pdf.data.base64, 'base64').subarray(0, 4).toString() !== '%PDF') throw new Error('not a PDF');
    if (!(await store.exists(data.dtePdfUrl))) throw new Error(`${data.dtePdfUrl} was not stored again`);
    save('pdf', 'RenderPdfWorkflow', await historyOf(`pdf-${data.codigoGeneracion}`));
  },
  /**
   * A Factura MH accepted whose outcome nobody heard: MH answers after the service's 8-second timeout, and
   * the document's IssueDteWorkflow is terminated while it sends (the API answers 202 PENDIENTE). Once the
   * document is older than the `settle-unknown-outcomes` schedule's minAgeSeconds, the schedule is
   * triggered; the run that lists the document in `procesados` is recorded (an interval run may be first).
   */
  async sinDesenlace(nit) {
    // The worker logs in to MH now, before the slow answers below.
    const primero = await api('POST', '/dte/dte01', factura());
    await historyOf(`dte-${primero.data.codigoGeneracion}`);
    const desde = new Date(Date.now() - 1000);
    // With a key, the same request answers the document's record once it is settled.
    const headers = { 'x-api-token': token, 'idempotency-key': `record-histories-sin-desenlace-${Date.now()}` };
    const body = factura();
    let codigoGeneracion;
    await sim('/latency', { ms: 10000, emisor: nit });
    try {
      // Its answer comes once the workflow is gone: 202 with the document PENDIENTE.
      const pending = call('POST', opts.api, '/dte/dte01', body, headers, [202]);
      pending.catch(() => undefined);
      const running = await waitFor('the issuance workflow', () =>
        executions('IssueDteWorkflow', desde, ` AND ExecutionStatus = 'Running'`).find(
          (w) => w.execution.workflowId !== `dte-${primero.data.codigoGeneracion}`,
        ),
      );
      codigoGeneracion = running.execution.workflowId.replace(/^dte-/, '');
      // Saved PENDIENTE (GET /dte/pdf answers 409 with the estado), then sent: MH holds its answer 10 s.
      await waitFor('the PENDIENTE document', async () => {
        const res = await api('GET', `/dte/pdf/${codigoGeneracion}`, undefined, [404, 409]);
        return res.estado === 'PENDIENTE';
      });
      await sleep(2000);
      temporal('workflow', 'terminate', '--workflow-id', `dte-${codigoGeneracion}`, '--reason', 'outcome left unknown');
      const { data } = await pending;
      if (data.codigoGeneracion !== codigoGeneracion || data.estado !== 'PENDIENTE') {
        throw new Error(`expected ${codigoGeneracion} PENDIENTE, got ${JSON.stringify(data)}`);
      }
      await waitFor('MH to accept it', () => atMh(codigoGeneracion));
    } finally {
      await sim('/latency', { ms: 0, emisor: nit });
    }

    const schedule = JSON.parse(
      temporal('schedule', 'describe', '--schedule-id', 'settle-unknown-outcomes', '--output', 'json'),
    );
    const [input] = schedule.schedule.action.startWorkflow.input.payloads.map((p) =>
      JSON.parse(Buffer.from(p.data, 'base64').toString('utf8')),
    );
    const started = new Date(
      JSON.parse(temporal('workflow', 'describe', '--workflow-id', `dte-${codigoGeneracion}`, '--output', 'json'))
        .workflowExecutionInfo.startTime,
    );
    const maduro = new Date(started.getTime() + input.minAgeSeconds * 1000 + 2000);
    process.stdout.write(`  waiting until ${maduro.toISOString()} (minAgeSeconds ${input.minAgeSeconds})\n`);
    await sleep(Math.max(0, maduro.getTime() - Date.now()));
    temporal('schedule', 'trigger', '--schedule-id', 'settle-unknown-outcomes');
    const settled = await waitFor(
      'a SettleOutcomesWorkflow run that settles it',
      async () => {
        for (const run of executions('SettleOutcomesWorkflow', started, ` AND ExecutionStatus != 'Running'`)) {
          const history = temporal(
            'workflow',
            'show',
            '--workflow-id',
            run.execution.workflowId,
            '--run-id',
            run.execution.runId,
            '--output',
            'json',
          );
          if (resultOf(history)?.procesados?.includes(codigoGeneracion)) return history;
        }
        await sleep(1000);
        return undefined;
      },
      180000,
    );
    const { data } = await call('POST', opts.api, '/dte/dte01', body, headers, [201]);
    if (data.estado !== 'PROCESSED' || !data.selloRecibido) throw new Error(`not settled: ${JSON.stringify(data)}`);
    save('sin-desenlace', 'SettleOutcomesWorkflow', settled);
  },
  /**
   * A Factura whose dte.procesado event reaches a receiver (on loopback: the dev tenant is TEST) that
   * answers 503 once and then 204: the WebhookDeliveryWorkflow's retried attempt.
   */
  async webhook() {
    const http = require('node:http');
    let vistas = 0;
    const receptor = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(vistas++ === 0 ? 503 : 204).end());
    });
    await new Promise((r) => receptor.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${receptor.address().port}/eventos`;
    const { data: endpoint } = await api('POST', '/webhooks', { url, eventos: ['dte.procesado'] });
    try {
      const desde = new Date(Date.now() - 1000);
      await api('POST', '/dte/dte01', factura());
      const entrega = await waitFor('the delivery workflow', () => executions('WebhookDeliveryWorkflow', desde)[0]);
      save('webhook', 'WebhookDeliveryWorkflow', await historyOf(entrega.execution.workflowId));
    } finally {
      await api('DELETE', `/webhooks/${endpoint.id}`);
      receptor.close();
    }
  },
  /**
   * The day's reconciliation of the dev tenant, by the admin CLI, after MH was made to forget a Factura
   * (one NO_EN_MH); then the daily workflow over every emisor for the same day.
   */
  async conciliacion(nit, emisorId) {
    const { data } = await api('POST', '/dte/dte01', factura());
    await historyOf(`dte-${data.codigoGeneracion}`);
    await sim('/documentos/olvidar', { codigoGeneracion: data.codigoGeneracion });
    const fecha = data.dteJson.identificacion.fecEmi;
    admin('conciliar', '--emisor', String(emisorId), '--fecha', fecha);
    save('conciliacion', 'ConciliacionWorkflow', await historyOf(`conciliacion-${emisorId}-${fecha}`));
    const workflowId = `conciliacion-diaria-grabada-${Date.now()}`;
    temporal(
      'workflow', 'start', '--type', 'ConciliacionDiariaWorkflow', '--task-queue', 'dte',
      '--workflow-id', workflowId, '--input', JSON.stringify({ fecha }),
    ); // prettier-ignore
    save('conciliacion', 'ConciliacionDiariaWorkflow', await historyOf(workflowId));
  },
  /**
   * A rehearsed contingency whose lote MH sits on past three quarters of the lotes' window: the alert's
   * activity (contingencia.alerta) runs. Needs `npm start` with a short window, e.g.
   * CONTINGENCIA_PLAZO_LOTES_HORAS=0.003 (10.8 s).
   */
  async alerta(nit) {
    await sim('/lotes', { delayMs: 14000, emisor: nit });
    try {
      const { data } = await api('POST', '/dte/dte01', factura({ testContingencia: true }));
      await historyOf(`dte-${data.codigoGeneracion}`);
      const emisorId = (await api('GET', '/dte/information')).data.emisor.id;
      const history = await historyOf(`contingencia-${emisorId}`);
      if (!history.includes('alertarContingencia')) throw new Error('the alert did not run: is the window short?');
      save('contingencia-alerta', 'ContingencyWorkflow', history);
    } finally {
      await sim('/lotes', { delayMs: 1000, emisor: nit });
    }
  },
  /**
   * A small certification campaign that completes (1 Factura, 1 CCF, 1 invalidation of tipo 2, which
   * needs no replacement), then its record printed (GET /certificacion/informe?formato=pdf). An emisor
   * completes one campaign only: record with a data directory whose dev tenant has none
   * (DTE_DATA_DIR=/tmp/… npm start).
   */
  async certificacion(nit, emisorId) {
    await api('POST', '/certificacion', { plan: '01=1,03=1,invalidacion=1', ritmo: 30 }, [202]);
    const campana = await historyOf(`certificacion-${emisorId}`);
    if (resultOf(campana)?.estado !== 'COMPLETA')
      throw new Error(`campaign not COMPLETA: ${resultOf(campana)?.estado}`);
    save('certificacion', 'CertificacionWorkflow', campana);
    const since = new Date();
    const res = await fetch(`${opts.api}/certificacion/informe?formato=pdf`, { headers: { 'x-api-token': token } });
    if (res.status !== 200) throw new Error(`record PDF: ${res.status} ${await res.text()}`);
    const [informe] = executions('RenderInformeCertificacionWorkflow', since);
    save('certificacion', 'RenderInformeCertificacionWorkflow', await historyOf(informe.execution.workflowId));
  },
  /**
   * Issue 37's guards. Through the API: a Nota de Crédito for more than its CCF, refused by the issuance
   * (`DteEstado` RECHAZADO_EN_API, the refusal the update's answer). Started by hand, as from the Temporal
   * UI: an issuance whose request the API never stored (it fails with the refusal), and a resend of a
   * Factura MH rejected (refused before any e-mail).
   */
  async guardias(nit, emisorId) {
    const { data: ccf } = await api('POST', '/dte/dte03', {
      receptor: require('@dte/domain').examples.contribuyente,
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    const desde = new Date(Date.now() - 1000);
    await api('POST', '/dte/dte05', {
      codigoGeneracion: ccf.codigoGeneracion,
      items: [{ descripcion: 'Ajuste', cantidad: 1, precioUnitario: 100 }],
      condicionOperacion: 1,
    }, [400]); // prettier-ignore
    const [nota] = executions('IssueDteWorkflow', desde, ` AND DteTipo = 'NOTA_CREDITO'`);
    save('guardias', 'IssueDteWorkflow', await historyOf(nota.execution.workflowId));

    // Refused on its request, before the issuer is read.
    const issuer = { emisorId, establecimientoId: 1, puntoVentaId: 1, tokenId: 1 };
    const codigoGeneracion = require('node:crypto').randomUUID().toUpperCase();
    temporal(
      'workflow', 'start', '--type', 'IssueDteWorkflow', '--task-queue', 'dte', '--workflow-id', `dte-${codigoGeneracion}`,
      '--input', JSON.stringify({ tipo: 'FACTURA_CONSUMIDOR_FINAL', issuer, codigoGeneracion }),
    ); // prettier-ignore
    save('guardias-a-mano', 'IssueDteWorkflow', await historyOf(`dte-${codigoGeneracion}`));

    await sim('/reject', { next: 1, codigoMsg: '096', clasificaMsg: '98', emisor: nit });
    const { data: rechazada } = await api('POST', '/dte/dte01', factura());
    const reenvio = `resend-${rechazada.codigoGeneracion}-a-mano`;
    temporal(
      'workflow', 'start', '--type', 'ResendDteWorkflow', '--task-queue', 'dte', '--workflow-id', reenvio,
      '--input', JSON.stringify({ codigoGeneracion: rechazada.codigoGeneracion, to: 'otra@example.com' }),
    ); // prettier-ignore
    save('guardias-a-mano', 'ResendDteWorkflow', await historyOf(reenvio));
  },
  /** An accepted invalidation, which since issue 37 carries the document's attributes with DteEstado CANCELLED. */
  async anulado() {
    const { data } = await api('POST', '/dte/dte01', factura());
    await historyOf(`dte-${data.codigoGeneracion}`);
    await api('POST', '/dte/anulacion', anulacion(data.codigoGeneracion));
    save('anulado', 'InvalidateDteWorkflow', await historyOf(`anulacion-${data.codigoGeneracion}`));
  },
  /**
   * An endpoint whose receiver answers 503 to everything, with two events pending: the attempt that
   * disables it signals the other delivery, which ends DESHABILITADO at once. Needs `npm start` with
   * WEBHOOK_DESHABILITAR_HORAS=0.005 (18 s) and WEBHOOK_REINTENTO_MAX_SEGUNDOS=600.
   */
  async webhookDeshabilitado() {
    const http = require('node:http');
    const receptor = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(503).end());
    });
    await new Promise((r) => receptor.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${receptor.address().port}/eventos`;
    const { data: endpoint } = await api('POST', '/webhooks', { url, eventos: ['dte.procesado'] });
    try {
      const desde = new Date(Date.now() - 1000);
      await api('POST', '/dte/dte01', factura());
      await api('POST', '/dte/dte01', factura());
      const entregas = await waitFor('two deliveries', () => {
        const e = executions('WebhookDeliveryWorkflow', desde);
        return e.length === 2 && e;
      });
      const historias = [];
      for (const e of entregas) historias.push(await historyOf(e.execution.workflowId, 180000));
      const senalada = historias.find((h) => h.includes('"signalName": "deshabilitado"'));
      if (!senalada) throw new Error('no delivery was stopped by the signal: is WEBHOOK_REINTENTO_MAX_SEGUNDOS long?');
      save('webhook-deshabilitado', 'WebhookDeliveryWorkflow', senalada);
    } finally {
      await api('DELETE', `/webhooks/${endpoint.id}`);
      receptor.close();
    }
  },
  /**
   * A Factura accepted and delivered, then a second run of its IssueDte workflow with the same input, as
   * a second API replica started it after the first run closed (here by hand, as from the Temporal UI).
   * Recorded as `segunda-ejecucion` by the code that answers the verdict on record, and as
   * `segunda-ejecucion-anterior` (the folder renamed) by the workflow of the code before it, the activity
   * already answering `liquidado` (a rolling deploy).
   */
  async segundaEjecucion() {
    const { data } = await api('POST', '/dte/dte01', factura());
    const workflowId = `dte-${data.codigoGeneracion}`;
    const primera = JSON.parse(await historyOf(workflowId));
    const [payload] = primera.events[0].workflowExecutionStartedEventAttributes.input.payloads;
    const input = Buffer.from(payload.data, 'base64').toString('utf8');
    temporal('workflow', 'start', '--type', 'IssueDteWorkflow', '--task-queue', 'dte', '--workflow-id', workflowId, '--input', input); // prettier-ignore
    save('segunda-ejecucion', 'IssueDteWorkflow', await historyOf(workflowId));
  },
  /**
   * A series' numbering workflow (as replicas contending for a point of sale start it): three requests at
   * once, one alone, and the first again under another request id; then terminated, since a series'
   * workflow only ends after 10 idle minutes. Its series is one of its own (no document's).
   */
  async numeracion() {
    const { colaNumeracion, Numeracion } = require('@dte/contract');
    const serie = `correlativo:9${Date.now()}`;
    const workflowId = Numeracion.workflowId(serie);
    temporal('workflow', 'start', '--type', Numeracion.workflowType, '--task-queue', colaNumeracion('dte'), '--workflow-id', workflowId, '--input', JSON.stringify(serie)); // prettier-ignore
    const pedir = (dueno, updateId = dueno) =>
      temporalAsync('workflow', 'update', 'execute', '--workflow-id', workflowId, '--name', Numeracion.tomarNumero.name, '--update-id', updateId, '--input', JSON.stringify(dueno)); // prettier-ignore
    const duenos = Array.from({ length: 4 }, () => randomUUID().toUpperCase());
    await Promise.all(duenos.slice(0, 3).map((d) => pedir(d)));
    await pedir(duenos[3]);
    await pedir(duenos[0], randomUUID());
    temporal('workflow', 'terminate', '--workflow-id', workflowId, '--reason', 'recorded');
    save('numeracion', 'NumeracionWorkflow', await historyOf(workflowId));
  },
  /**
   * Documents a supplier (another emisor of the stack) issued to the dev tenant, received by POST /compras:
   * a CCF of 100.00 (113.00) VERIFICADO (`compra`); one of 2,000.00 (2,260.00, above the service's
   * COMPRAS_MONTO_CONFIRMACION of 1,000.00) POR_CONFIRMAR, then confirmed by a person
   * (POST /compras/{cg}/confirmacion: ConfirmarCompraWorkflow) (`compra-por-confirmar`); then a run of the
   * `revision-compras` schedule, which asks MH again for both (`compra`).
   */
  async compras(nit, emisorId) {
    const proveedor = await unProveedor();
    const verificado = await api('POST', '/compras', await ccfRecibido(proveedor, 100), [201]);
    if (verificado.data.estado !== 'VERIFICADO') throw new Error(`expected VERIFICADO: ${verificado.data.estado}`);
    const { codigoGeneracion } = verificado.data;
    save('compra', 'RecibirCompraWorkflow', await historyOf(`compra-${emisorId}-${codigoGeneracion}`));

    const porConfirmar = await api('POST', '/compras', await ccfRecibido(proveedor, 2000), [201]);
    if (porConfirmar.data.estado !== 'POR_CONFIRMAR')
      throw new Error(`expected POR_CONFIRMAR: ${porConfirmar.data.estado}`);
    const cg = porConfirmar.data.codigoGeneracion;
    save('compra-por-confirmar', 'RecibirCompraWorkflow', await historyOf(`compra-${emisorId}-${cg}`));
    const confirmado = await api('POST', `/compras/${cg}/confirmacion`, { coincide: true, nota: 'Igual a la consulta pública' }); // prettier-ignore
    if (confirmado.data.estado !== 'CONFIRMADO') throw new Error(`expected CONFIRMADO: ${confirmado.data.estado}`);
    save('compra-por-confirmar', 'ConfirmarCompraWorkflow', await historyOf(`compra-confirmacion-${emisorId}-${cg}`));

    const since = new Date(Date.now() - 1000);
    temporal('schedule', 'trigger', '--schedule-id', 'revision-compras');
    const revision = await waitFor('the revision-compras run', () => executions('RevisionComprasWorkflow', since)[0]);
    const historia = await historyOf(revision.execution.workflowId);
    // Both documents are of this month, which the run asks for (with the previous one).
    if (!resultOf(historia)?.some((r) => r.consultados > 0))
      throw new Error(`the revision did not ask MH for the documents: ${JSON.stringify(resultOf(historia))}`);
    save('compra', 'RevisionComprasWorkflow', historia);
  },
  /**
   * The dev tenant's mailbox on the stack's Dovecot (`--imap`, accounts in <data>/imap/usuarios): a supplier's
   * e-mail with a CCF's Archivo DTE read by POST /buzon/lectura (LecturaBuzonWorkflow, its RecibirCompra
   * child started and left to run); another read by a run of the `lectura-buzones` schedule
   * (LecturaBuzonesWorkflow) (`buzon`); then the mailbox with a wrong password: the reading records the
   * server's refusal, 502 (`buzon-inaccesible`). The mailbox is removed at the end.
   */
  async buzon(nit, emisorId) {
    const proveedor = await unProveedor();
    const cuenta = cuentaImap();
    await api('POST', '/buzon', cuenta);
    try {
      const archivo = await ccfRecibido(proveedor, 100);
      await entregar(cuenta, archivo);
      const { data: lectura } = await api('POST', '/buzon/lectura');
      // The schedule may have read it first (every BUZON_LECTURA_SEGUNDOS): run the scenario again.
      if (lectura.tomados !== 1) throw new Error(`the reading took ${lectura.tomados} documents`);
      save('buzon', 'LecturaBuzonWorkflow', await historyOf(`buzon-${emisorId}`));
      const recibida = `compra-${emisorId}-${archivo.identificacion.codigoGeneracion}`;
      save('buzon', 'RecibirCompraWorkflow', await historyOf(recibida));

      await entregar(cuenta, await ccfRecibido(proveedor, 100));
      const since = new Date(Date.now() - 1000);
      temporal('schedule', 'trigger', '--schedule-id', 'lectura-buzones');
      const leida = await waitFor('a lectura-buzones run that took the document', async () => {
        for (const run of executions('LecturaBuzonesWorkflow', since, ` AND ExecutionStatus != 'Running'`)) {
          const history = temporal('workflow', 'show', '--workflow-id', run.execution.workflowId, '--run-id', run.execution.runId, '--output', 'json'); // prettier-ignore
          if (resultOf(history)?.some((r) => r.emisorId === emisorId && r.tomados === 1)) return history;
        }
        await sleep(1000);
        return undefined;
      });
      save('buzon', 'LecturaBuzonesWorkflow', leida);

      await api('POST', '/buzon', { ...cuenta, password: 'no-es-la-clave' });
      await api('POST', '/buzon/lectura', undefined, [502]);
      save('buzon-inaccesible', 'LecturaBuzonWorkflow', await historyOf(`buzon-${emisorId}`));
    } finally {
      await api('DELETE', '/buzon');
    }
  },
  /** A month's book printed as a PDF (GET /libros/…?formato=pdf), after a Factura of that month. */
  async libro() {
    const since = new Date();
    const { data } = await api('POST', '/dte/dte01', factura());
    await historyOf(`dte-${data.codigoGeneracion}`);
    const res = await fetch(
      `${opts.api}/libros/ventas-consumidor?periodo=${data.dteJson.identificacion.fecEmi.slice(0, 7)}&formato=pdf`,
      {
        headers: { 'x-api-token': token },
      },
    );
    if (res.status !== 200) throw new Error(`book PDF: ${res.status} ${await res.text()}`);
    const [libro] = executions('RenderLibroWorkflow', since);
    save('libro', 'RenderLibroWorkflow', await historyOf(libro.execution.workflowId));
  },
  /**
   * A person invited with the admin CLI (`usuario crear`), then e-mailed a password-reset link as the API's
   * `enviarEnlace` starts it; and a start as from the Temporal UI for a person who is not a member of the
   * emisor, refused by the activity (`enlace-rechazado`).
   */
  async enlace(nit, emisorId) {
    const correo = `historia-${Date.now()}@example.com`;
    const invitado = JSON.parse(
      admin('usuario', 'crear', '--emisor', String(emisorId), '--correo', correo, '--rol', 'SOPORTE'),
    );
    const enviar = (usuarioId) => {
      const workflowId = `enlace-${randomUUID()}`;
      temporal(
        'workflow', 'start', '--type', 'EnlaceDeAccesoWorkflow', '--task-queue', 'dte', '--workflow-id', workflowId,
        '--input', JSON.stringify({ usuarioId, tipo: 'RESTABLECER', emisorId }),
      ); // prettier-ignore
      return historyOf(workflowId);
    };
    save('enlace', 'EnlaceDeAccesoWorkflow', await enviar(invitado.usuarioId));
    const rechazado = await enviar(randomUUID());
    if (!rechazado.includes('no es usuario activo')) throw new Error('the non-member was not refused');
    save('enlace-rechazado', 'EnlaceDeAccesoWorkflow', rechazado);
  },
  /**
   * An import (POST /importaciones, ImportacionWorkflow) of a ZIP of two Archivos DTE the import refuses: one
   * of the dev tenant's own documents, issued here (YA_EXISTE), and another emisor's (OTRO_EMISOR): the
   * workflow's whole sequence, the file counted, one batch, the end.
   */
  async importacion() {
    const { ZipFile } = require('yazl');
    const { once } = require('node:events');
    const { data: propio } = await api('POST', '/dte/dte01', factura());
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(await api('GET', `/dte/${propio.codigoGeneracion}/json`))), 'a.json');
    zip.addBuffer(Buffer.from(JSON.stringify(await ccfRecibido(await unProveedor(), 100))), 'b.json');
    zip.end();
    const partes = [];
    zip.outputStream.on('data', (b) => partes.push(b));
    await once(zip.outputStream, 'end');
    const form = new globalThis.FormData();
    form.append('archivo', new globalThis.Blob([Buffer.concat(partes)]), 'anterior.zip');
    const res = await fetch(`${opts.api}/importaciones`, {
      method: 'POST',
      headers: { 'x-api-token': token },
      body: form,
    });
    if (res.status !== 202) throw new Error(`POST /importaciones: ${res.status} ${await res.text()}`);
    const { data } = await res.json();
    const historia = await historyOf(`importacion-${data.id}`);
    if (resultOf(historia)?.rechazados !== 2)
      throw new Error(`expected two refused: ${JSON.stringify(resultOf(historia))}`);
    save('importacion', 'ImportacionWorkflow', historia);
  },
};

/**
 * A supplier of the dev tenant: another emisor of the same stack (its MH credentials registered in the
 * simulator), provisioned as `npm start` provisions the dev tenant, under a NIT of its own. Answers a call
 * to the API with its token.
 */
async function unProveedor() {
  const { connectDatabase, SecretBox } = require('@dte/store');
  const { loadConfig } = require('@dte/config');
  const { ensureDevTenant } = require(path.join(ROOT, 'apps/api/dist/admin/dev-tenant.js'));
  const config = loadConfig();
  const db = await connectDatabase(config.MONGODB_URI);
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'proveedor-'));
  try {
    const { token: suyo } = await ensureDevTenant(db, new SecretBox(config.SECRET_KEY), {
      mhBaseUrl: config.MH_BASE_URL,
      tokenFile: path.join(dir, 'token'),
      nit: `0614${String(Date.now() % 1e10).padStart(10, '0')}`,
    });
    return (method, pathname, body) => call(method, opts.api, pathname, body, { 'x-api-token': suyo });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await db.close();
  }
}

/**
 * A CCF of one item of `precioUnitario` (IVA excluded) the supplier issued to the dev tenant (its NIT and
 * NRC), as the dev tenant receives it: its Archivo DTE (GET /dte/{codigoGeneracion}/json).
 */
async function ccfRecibido(proveedor, precioUnitario) {
  const { data: yo } = await api('GET', '/dte/information');
  const { nit, nrc } = yo.emisor;
  const { examples } = require('@dte/domain');
  const { data } = await proveedor('POST', '/dte/dte03', {
    receptor: { ...examples.contribuyente, nit, numDocumento: nit, nrc, correo: 'compras@demo.example' },
    items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario }],
    condicionOperacion: 1,
  });
  return proveedor('GET', `/dte/${data.codigoGeneracion}/json`);
}

/** A mailbox of the stack's Dovecot: a new account in its passwd-file (re-read when it changes), as POST /buzon takes it. */
function cuentaImap() {
  const [host, port] = opts.imap.split(':');
  const usuario = `compras-${Date.now()}@buzon.test`;
  const password = require('node:crypto').randomBytes(12).toString('hex');
  fs.appendFileSync(path.join(DATA, 'imap/usuarios'), `${usuario}:{PLAIN}${password}\n`);
  return { host, port: Number(port), tls: false, usuario, password };
}

/** A supplier's e-mail with its Archivo DTE attached, filed in the account's INBOX (IMAP APPEND, unread). */
async function entregar(cuenta, archivo) {
  const MailComposer = require('nodemailer/lib/mail-composer');
  const { ImapFlow } = require('imapflow');
  const codigo = archivo.identificacion.codigoGeneracion;
  const raw = await new MailComposer({
    from: 'Proveedor <facturacion@proveedor.test>',
    to: cuenta.usuario,
    subject: `Documento tributario electrónico ${codigo}`,
    text: 'Adjuntamos su documento.',
    attachments: [{ filename: `${codigo}.json`, content: JSON.stringify(archivo), contentType: 'application/json' }],
  })
    .compile()
    .build();
  const client = new ImapFlow({
    host: cuenta.host,
    port: cuenta.port,
    secure: false,
    auth: { user: cuenta.usuario, pass: cuenta.password },
    logger: false,
  });
  await client.connect();
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
}

/** A Comprobante de Retención issued while MH refuses connections, which MH receives once it is back. */
async function esperaDeMh(nit, scenario) {
  await sim('/outage', { mode: 'refuse', emisor: nit });
  const pending = api('POST', '/dte/dte07', retencion);
  // Long enough for the policy's three sends and one wait of the workflow's backoff.
  await new Promise((r) => setTimeout(r, 15000));
  await sim('/outage', { mode: 'none', emisor: nit });
  const { data } = await pending;
  save(scenario, 'IssueDteWorkflow', await historyOf(`dte-${data.codigoGeneracion}`));
}

/** The admin CLI against the same stack (`npm start`'s configuration). */
function admin(...args) {
  return execFileSync(process.execPath, [path.join(ROOT, 'apps/api/dist/admin/cli.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

async function main() {
  const { data } = await api('GET', '/dte/information');
  const only = opts.only?.split(',');
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    if (only && !only.includes(name)) continue;
    process.stdout.write(`scenario ${name}\n`);
    await scenario(data.emisor.nit, data.emisor.id);
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
