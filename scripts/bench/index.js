#!/usr/bin/env node
'use strict';
/**
 * `npm run bench [-- options]`: how fast the service issues documents and what orchestration costs.
 * Starts its own stack (free ports, data in .data/bench/stack-<time>) or uses a running one, runs each
 * scenario against the HTTP API and then the same work as a plain loop (the floor, floor.js), samples
 * every process from /proc, prints the tables and writes JSON + Markdown to .data/bench/.
 *
 *   --scenario a,b   groups (dte01, mixed, contingency, seeded, lista, busqueda, libros, compras,
 *                    certificacion, numeracion, importacion) or scenario names;
 *                    default all
 *   --quick          short runs and small counts, to check the harness
 *   --duration s     seconds per measured scenario (default 20; quick 5)
 *   --backlog n      contingency backlog (default 5000; quick 300)
 *   --seed n         documents stored before the seeded latency run (default 1000000; quick 20000)
 *   --busqueda n     documents of the emisor the search box is timed on (default 1000000; quick 20000)
 *   --libros n       documents of the month the books are made of (default 100000; quick 5000)
 *   --compras n      received documents of the month the purchase books are made of (default 20000; quick 2000)
 *   --numeros n      numbers taken on one series at each process count of `numeracion` (default 800; quick 160)
 *   --importacion n  Archivos DTE of the ZIP `importacion` imports (default 20000; quick 1000)
 *   --stack-file f   use a running stack: JSON {api, mhSimulator, env, pids?: {name: pid}}
 *   --data-dir d     stack data directory to use and keep (a seeded database is then reused)
 *   --out f          JSON result file (default .data/bench/<time>.json)
 *   --drain-timeout s  longest wait for the contingency drain (default 1800; quick 300)
 *   --no-build       skip `tsc -b` and use the dist already built
 *   --pipeline       after each floor, the bare pipeline too (pipeline.js): the floor's work orchestrated by
 *                    Temporal with the PDF and e-mail delivery, none of the service's own; an upper bound
 *                    of the service's fully delivered rate on this machine
 *   --garantias      with --pipeline, the bare pipeline once more with the writes the service's guarantees and
 *                    its list need (floor.js): the stored request, the correlativo naming its document, the
 *                    record before MH and the verdict set on it, the list entry, the answer read from the
 *                    record; the bound these put on the service
 *   --profile d      write V8 CPU profiles of the API, worker and simulator to d/<process>/ (open in DevTools)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');

const ROOT = path.resolve(__dirname, '../..');
const BENCH_DIR = path.join(ROOT, '.data', 'bench');

function parseArgs(argv) {
  const o = { quick: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => argv[++i];
    if (a === '--quick') o.quick = true;
    else if (a === '--scenario') o.scenario = val();
    else if (a === '--duration') o.duration = Number(val());
    else if (a === '--backlog') o.backlog = Number(val());
    else if (a === '--seed') o.seed = Number(val());
    else if (a === '--libros') o.libros = Number(val());
    else if (a === '--busqueda') o.busqueda = Number(val());
    else if (a === '--compras') o.compras = Number(val());
    else if (a === '--numeros') o.numeros = Number(val());
    else if (a === '--importacion') o.importacion = Number(val());
    else if (a === '--stack-file') o.stackFile = path.resolve(val());
    else if (a === '--data-dir') o.dataDir = path.resolve(val());
    else if (a === '--out') o.out = path.resolve(val());
    else if (a === '--drain-timeout') o.drainTimeout = Number(val());
    else if (a === '--no-build') o.noBuild = true;
    else if (a === '--profile') o.profile = path.resolve(val());
    else if (a === '--pipeline') o.pipeline = true;
    else if (a === '--garantias') o.garantias = true;
    else if (a === '--help' || a === '-h') {
      process.stdout.write(fs.readFileSync(path.join(__dirname, 'index.js'), 'utf8').split('*/')[0]);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  o.duration ??= o.quick ? 5 : 20;
  o.backlog ??= o.quick ? 300 : 5000;
  o.seed ??= o.quick ? 20000 : 1000000;
  o.libros ??= o.quick ? 5000 : 100_000;
  o.busqueda ??= o.quick ? 20_000 : 1_000_000;
  o.compras ??= o.quick ? 2000 : 20_000;
  o.importacion ??= o.quick ? 1000 : 20_000;
  o.numeros ??= o.quick ? 160 : 800;
  o.drainTimeout ??= o.quick ? 300 : 1800;
  return o;
}

const log = (msg) => process.stdout.write(`[bench] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Group names of the stack's children, as the report shows them. */
const GROUP_OF_CHILD = {
  api: 'api',
  worker: 'worker',
  temporal: 'temporal',
  ferretdb: 'database',
  mongod: 'database',
  minio: 'storage',
  maildev: 'mail',
  'mh-simulator': 'simulator',
};

async function openStack(opts) {
  if (opts.stackFile) {
    const info = JSON.parse(fs.readFileSync(opts.stackFile, 'utf8'));
    // Keyed by the stack's process names (the test suite's stack file) or already by group (the bench's).
    const pids = {};
    for (const [name, pid] of Object.entries(info.pids || {})) pids[GROUP_OF_CHILD[name] || name] = pid;
    return {
      api: info.api || info.apiUrl,
      // The worker's /metrics, for its database operations; a stack file without it leaves them out.
      workerMetrics: info.workerMetrics,
      simulator: info.mhSimulator || info.simulatorUrl,
      env: { ...process.env, ...info.env },
      temporalBin: path.join(ROOT, '.tools', 'bin', 'temporal'),
      pids,
      stop: async () => undefined,
    };
  }
  // --no-build: the compiled dist as it is (e.g. while a colleague's half-done change breaks tsc).
  const tools = opts.noBuild ? require('../tools').ensureTools() : require('../prepare').prepare();
  const { Stack, resolvePorts } = require('../stack');
  // Recovery probes MH every 1–2 s, so the drain measures the service, not the production backoff.
  process.env.CONTINGENCIA_SONDEO_SEGUNDOS ??= '1';
  process.env.CONTINGENCIA_SONDEO_MAX_SEGUNDOS ??= '2';
  const dataDir = opts.dataDir || path.join(BENCH_DIR, `stack-${Date.now()}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const stack = new Stack({
    dataDir,
    ports: await resolvePorts({ random: true }),
    tools,
    quiet: true,
    profileDir: opts.profile,
  });
  log(`starting the stack in ${dataDir}...`);
  try {
    await stack.startInfrastructure();
    await stack.startService({ simulatorControl: true, tokenFile: path.join(dataDir, 'dev-token') });
  } catch (err) {
    await stack.stop();
    throw err;
  }
  const pids = {};
  for (const c of stack.children) pids[GROUP_OF_CHILD[c.name] || c.name] = c.child.pid;
  const urls = stack.urls();
  const info = {
    api: urls.api,
    mhSimulator: urls.mhSimulator,
    workerMetrics: urls.workerMetrics,
    env: stack.env,
    pids,
    dataDir,
  };
  fs.writeFileSync(path.join(dataDir, 'stack.json'), JSON.stringify(info));
  return {
    api: urls.api,
    workerMetrics: urls.workerMetrics,
    simulator: urls.mhSimulator,
    env: stack.env,
    temporalBin: tools.temporal,
    temporalAddress: urls.temporalGrpc,
    pids,
    stop: async () => {
      await stack.stop();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function simulator(stack, pathname, body) {
  const res = await fetch(`${stack.simulator}/__sim${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`simulator ${pathname}: ${res.status} ${await res.text()}`);
}

/** A tenant of its own (emisor, M001/P001, token, MH credentials in the simulator), like test/support/tenant.ts. */
async function createTenant(stack, db) {
  const { loadConfig } = require(path.join(ROOT, 'packages/config'));
  const { SecretBox } = require(path.join(ROOT, 'packages/store'));
  const { ensureDevTenant } = require(path.join(ROOT, 'apps/api/dist/admin/dev-tenant'));
  const config = loadConfig(stack.env);
  const nit = `0614${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const tokenFile = path.join(os.tmpdir(), `dte-bench-token-${randomBytes(6).toString('hex')}`);
  const tenant = await ensureDevTenant(db, new SecretBox(config.SECRET_KEY), {
    mhBaseUrl: config.MH_BASE_URL,
    tokenFile,
    nit,
  });
  fs.rmSync(tokenFile, { force: true });
  const emisor = await db.models.Emisor.findOne({ id: tenant.emisorId }, { slug: 1 }).lean();
  return { ...tenant, slug: emisor.slug };
}

/**
 * Runs the floor (floor.js) or the bare pipeline (pipeline.js) in its own process and answers its summary.
 * `onMessage` hears what the script sends over IPC (the bare pipeline: when its measured window opens and closes).
 */
function runForked(
  stack,
  tenant,
  { concurrency, durationMs, count, items, warmup, garantias },
  script = 'floor.js',
  onMessage = () => {},
) {
  return new Promise((resolve, reject) => {
    const arg = JSON.stringify({
      env: stack.env,
      emisorId: tenant.emisorId,
      concurrency,
      durationMs,
      count,
      items,
      warmup,
      garantias,
    });
    const child = spawn(process.execPath, [path.join(__dirname, script), arg], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.on('message', onMessage);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} exited ${code}: ${err.slice(-2000)}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)));
    });
    resolveFloorPid(child.pid);
  });
}
let floorPidListener = null;
function resolveFloorPid(pid) {
  if (floorPidListener) floorPidListener(pid);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { ProcessSampler } = require('./sampler');
  const { runLoad } = require('./load');
  const { deliveryTimes, mapLimit, waitForEmails } = require('./delivery');
  const { seedDocuments } = require('./seed');
  const { benchList } = require('./lista');
  const { benchLibros } = require('./libros');
  const { benchBusqueda } = require('./busqueda');
  const { benchCompras } = require('./compras');
  const { benchCertificacion } = require('./certificacion');
  const { benchNumeracion } = require('./numeracion');
  const { benchImportacion } = require('./importacion');
  const { dbOperations, perDocument } = require('./db-operations');
  const report = require('./report');
  const req = require('./requests');

  const run = {
    startedAt: new Date().toISOString(),
    quick: opts.quick,
    options: opts,
    machine: report.machine(),
    loadStart: os.loadavg().map((n) => n.toFixed(2)),
    results: [],
  };
  const stamp = run.startedAt.replace(/[:.]/g, '-');
  const out = opts.out || path.join(BENCH_DIR, `${stamp}.json`);
  /** Written after every scenario too, so an interrupted run keeps what it measured. */
  const save = () => {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(run, null, 2));
    fs.writeFileSync(`${out.replace(/\.json$/, '')}.md`, report.markdown(run));
  };
  const stack = await openStack(opts);
  let db;
  const stopAll = async () => {
    await db?.close().catch(() => undefined);
    await stack.stop();
  };
  process.on('SIGINT', () => {
    run.interrupted = true;
    run.loadEnd = os.loadavg().map((n) => n.toFixed(2));
    save();
    stopAll().then(() => process.exit(130));
  });
  try {
    const { connectDatabase } = require(path.join(ROOT, 'packages/store'));
    db = await connectDatabase(stack.env.MONGODB_URI);
    const bench = await createTenant(stack, db);
    log(`bench emisor ${bench.nit} (id ${bench.emisorId})`);

    const wanted = opts.scenario ? opts.scenario.split(',').map((s) => s.trim()) : null;
    const want = (group, name) => !wanted || wanted.includes(group) || wanted.includes(name);
    const durationMs = opts.duration * 1000;
    const deliveryTimeoutMs = (opts.quick ? 120 : 600) * 1000;
    const roots = () => ({ ...stack.pids, bench: process.pid });

    const sampled = async (extraRoots, fn) => {
      const sampler = new ProcessSampler({ ...roots(), ...extraRoots });
      sampler.start();
      try {
        const value = await fn(sampler);
        return { value, resources: sampler.stop() };
      } catch (err) {
        sampler.stop();
        throw err;
      }
    };

    /**
     * The simulator looks a received codigoGeneracion up with a filter FerretDB cannot push down, so its
     * cost grows with every document it has seen. Each phase starts with the bench emisor forgotten and
     * registered again, so the service and the floor meet the same simulator.
     */
    const freshSimulator = async (latency) => {
      const { loadConfig } = require(path.join(ROOT, 'packages/config'));
      const { SecretBox } = require(path.join(ROOT, 'packages/store'));
      const box = new SecretBox(loadConfig(stack.env).SECRET_KEY);
      const emisor = await db.models.Emisor.findOne({ id: bench.emisorId }, { secrets: 1 }).lean();
      await simulator(stack, '/reset', { emisor: bench.nit });
      await simulator(stack, '/emisores', {
        nit: bench.nit,
        password: box.open(emisor.secrets.mhPassword),
        certificado: box.open(emisor.secrets.certificado),
      });
      await simulator(stack, '/latency', { ms: latency, emisor: bench.nit });
    };

    const factura01 = (items, extra) => () => ({ path: '/dte/dte01', body: req.factura(items, extra) });

    // Chromium's launch, the first workflow and the first token belong to no scenario.
    log('warming up...');
    const warm = await runLoad({ api: stack.api, token: bench.token, concurrency: 2, count: 6, next: factura01(1) });
    await deliveryTimes({ db, env: stack.env, slug: bench.slug, issued: warm.issued, timeoutMs: 60000 });
    await runForked(stack, bench, { concurrency: 2, count: 4, items: 1, warmup: 0 });

    /** The service under HTTP load, then its deliveries drained, then the floor with the same shape. */
    const measure = async (name, { concurrency, items, latency, floor = true, next, expectEstado = 'PROCESSED' }) => {
      await freshSimulator(latency);
      log(`${name}: service...`);
      const operationsBefore = await dbOperations({ api: stack.api, worker: stack.workerMetrics });
      let medido = null;
      const svc = await sampled({}, async () => {
        const warmup = await runLoad({
          api: stack.api,
          token: bench.token,
          concurrency,
          count: concurrency,
          next: next || factura01(items),
        });
        const ventana = new ProcessSampler(roots());
        ventana.start();
        const load = await runLoad({
          api: stack.api,
          token: bench.token,
          concurrency,
          durationMs,
          next: next || factura01(items),
          expectEstado,
        });
        const delivery = await deliveryTimes({
          db,
          env: stack.env,
          slug: bench.slug,
          issued: load.issued,
          timeoutMs: deliveryTimeoutMs,
        });
        medido = ventana.stop();
        return { load, delivery, warmup: warmup.ok };
      });
      const result = { name, concurrency, items, simulatorLatencyMs: latency };
      result.service = { ...svc.value.load, issued: undefined };
      result.delivery = svc.value.delivery;
      result.resources = svc.resources;
      result.measuredResources = medido;
      // Every PDF of the window: the warm-up's too, stored before the last of the measured ones.
      result.chromiumMsPerPdf =
        (1000 * (svc.resources.groups.chromium?.cpuSeconds ?? 0)) / (result.delivery.pdfStored + svc.value.warmup);
      result.dbOperationsPerDocument = perDocument(
        operationsBefore,
        await dbOperations({ api: stack.api, worker: stack.workerMetrics }),
        svc.value.load.issued.length + svc.value.warmup,
      );
      result.history = historyPerDocument(svc.value.load.issued.map((d) => d.codigoGeneracion));
      log(
        `${name}: ${result.service.docsPerSecond} docs/s, p50 ${result.service.latencyMs.p50} ms, errors ${result.service.errors}`,
      );
      /** The floor or the bare pipeline, forked and sampled as the group `floor`. */
      const forked = async (script, garantias = false) => {
        await freshSimulator(latency);
        let floorPid = null;
        floorPidListener = (pid) => (floorPid = pid);
        const sampler = new ProcessSampler(roots());
        sampler.start();
        let ventana = null;
        let medido = null;
        const pending = runForked(
          stack,
          bench,
          { concurrency, durationMs, items, warmup: concurrency, garantias },
          script,
          (mensaje) => {
            if (mensaje === 'medir') {
              ventana = new ProcessSampler(sampler.roots);
              ventana.start();
            } else if (mensaje === 'medido' && ventana) medido = ventana.stop();
          },
        );
        // The sampler learns the floor's pid once it is forked.
        while (!floorPid) await sleep(5);
        sampler.roots = { ...sampler.roots, floor: floorPid };
        const summary = await pending;
        floorPidListener = null;
        return { summary, resources: sampler.stop(), measured: medido };
      };
      if (floor) {
        log(`${name}: floor...`);
        ({ summary: result.floor, resources: result.floorResources } = await forked('floor.js'));
        log(`${name}: floor ${result.floor.docsPerSecond} docs/s, p50 ${result.floor.latencyMs.p50} ms`);
      }
      if (floor && opts.pipeline) {
        log(`${name}: bare pipeline...`);
        ({
          summary: result.pipeline,
          resources: result.pipelineResources,
          measured: result.pipelineMeasuredResources,
        } = await forked('pipeline.js'));
        log(
          `${name}: bare pipeline ${result.pipeline.docsPerSecond} docs/s, ` +
            `${result.pipeline.deliveredPerSecond} fully delivered/s ` +
            `(${(result.pipeline.deliveredPerSecond / result.floor.docsPerSecond).toFixed(2)}× floor)`,
        );
      }
      if (floor && opts.pipeline && opts.garantias) {
        log(`${name}: pipeline with the guarantees' writes...`);
        ({
          summary: result.garantias,
          resources: result.garantiasResources,
          measured: result.garantiasMeasuredResources,
        } = await forked('pipeline.js', true));
        log(
          `${name}: pipeline with the guarantees' writes ${result.garantias.deliveredPerSecond} fully delivered/s ` +
            `(${(result.garantias.deliveredPerSecond / result.pipeline.deliveredPerSecond).toFixed(2)}× bare pipeline)`,
        );
      }
      run.results.push(result);
      save();
      return result;
    };

    // First, on an (almost) empty database: the baseline of the seeded run.
    const grid = [];
    for (const latency of [0, 300])
      for (const items of [1, 20]) for (const concurrency of [1, 8, 32]) grid.push({ latency, items, concurrency });
    for (const g of grid) {
      const name = `dte01-${g.items}item-c${g.concurrency}-${g.latency}ms`;
      const baseline = name === 'dte01-1item-c1-0ms' && want('seeded', name);
      if (want('dte01', name) || baseline) await measure(name, g);
    }
    await simulator(stack, '/latency', { ms: 0, emisor: bench.nit });

    if (want('mixed', 'mixed')) {
      log('mixed: issuing the originals the notes and retornos refer to...');
      const originals = async (n, body) => {
        const r = await runLoad({ api: stack.api, token: bench.token, concurrency: 4, count: n, next: body });
        return r.issued.map((d) => d.codigoGeneracion);
      };
      const ccfs = await originals(8, () => ({ path: '/dte/dte03', body: req.ccf(100000) }));
      const fes = await originals(8, () => ({
        path: '/dte/dte01',
        body: { ...req.factura(1), items: [{ descripcion: 'Caja', cantidad: 100000, precioUnitario: 1 }] },
      }));
      const pick = (arr, i) => arr[i % arr.length];
      const mix = [
        () => ({ path: '/dte/dte01', body: req.factura(3) }),
        () => ({ path: '/dte/dte03', body: req.ccf(50) }),
        (i) => ({ path: '/dte/dte05', body: req.nota(pick(ccfs, i)) }),
        (i) => ({ path: '/dte/dte06', body: req.nota(pick(ccfs, i)) }),
        () => ({ path: '/dte/dte07', body: req.retencion() }),
        () => ({ path: '/dte/dte14', body: req.sujetoExcluido() }),
        (i) => ({ path: '/dte/retorno', body: req.retorno(pick(fes, i)) }),
      ];
      await measure('mixed-all-kinds-c8-0ms', {
        concurrency: 8,
        items: 1,
        latency: 0,
        floor: false,
        next: (i) => mix[i % mix.length](Math.floor(i / mix.length)),
      });
    }

    if (want('contingency', 'contingency')) {
      run.contingency = await contingency();
      save();
    }

    if (want('seeded', 'seeded')) {
      const base = run.results.find((r) => r.name === 'dte01-1item-c1-0ms');
      const template = await db.models.Document.findOne({ _id: await lastIssued() }).lean();
      log(`seeding ${opts.seed} documents...`);
      const seeded = await sampled({}, () => seedDocuments(db, template, opts.seed, log));
      log(`seeded: ${JSON.stringify(seeded.value)}`);
      const after = await measure(`dte01-1item-c1-0ms-${shortCount(opts.seed)}stored`, {
        concurrency: 1,
        items: 1,
        latency: 0,
      });
      run.seed = {
        ...seeded.value,
        resources: seeded.resources,
        emptyP50: base?.service.latencyMs.p50 ?? null,
        seededP50: after.service.latencyMs.p50,
      };
    }

    if (want('lista', 'lista')) {
      const template = await db.models.Document.findOne({ _id: await lastIssued() }).lean();
      const sizes = opts.quick ? [1000, 5000] : [10_000, 100_000];
      run.lista = (await sampled({}, () => benchList(db, template, sizes, log))).value;
      save();
    }

    if (want('busqueda', 'busqueda')) {
      run.busqueda = await sampled({}, () => benchBusqueda(db, opts.busqueda, log));
      run.busqueda = { ...run.busqueda.value, resources: run.busqueda.resources };
      save();
    }

    if (want('libros', 'libros')) {
      const issued = async (next) =>
        (await runLoad({ api: stack.api, token: bench.token, concurrency: 1, count: 1, next })).issued[0]
          .codigoGeneracion;
      const plantillas = {
        fe: await db.models.Document.findOne({ _id: await issued(factura01(1)) }).lean(),
        ccf: await db.models.Document.findOne({
          _id: await issued(() => ({ path: '/dte/dte03', body: req.ccf() })),
        }).lean(),
      };
      // An emisor of its own: its month holds the seeded documents alone.
      const tenant = await createTenant(stack, db);
      run.libros = await benchLibros({ db, api: stack.api, tenant, plantillas, count: opts.libros, log, sampled });
      save();
    }

    /** A CCF the bench emisor issues now, as its record: what the scenarios below copy. */
    async function unCcf() {
      const { codigoGeneracion } = (
        await runLoad({
          api: stack.api,
          token: bench.token,
          concurrency: 1,
          count: 1,
          next: () => ({ path: '/dte/dte03', body: req.ccf() }),
        })
      ).issued[0];
      return db.models.Document.findOne({ _id: codigoGeneracion }).lean();
    }

    if (want('compras', 'compras')) {
      const ccf = await unCcf();
      // An emisor of its own: its month holds the seeded received documents alone.
      const tenant = await createTenant(stack, db);
      run.compras = await benchCompras({ db, api: stack.api, tenant, ccf, count: opts.compras, log, sampled });
      save();
    }

    if (want('certificacion', 'certificacion')) {
      // An emisor of its own, so MH's count is the campaign's alone.
      const tenant = await createTenant(stack, db);
      run.certificacion = await benchCertificacion({
        api: stack.api,
        simulatorUrl: stack.simulator,
        tenant,
        log,
        sampled,
      });
      save();
    }

    if (want('importacion', 'importacion')) {
      const ccf = await unCcf();
      // An emisor of its own, which issued nothing here: what it imports is all it has.
      const tenant = await createTenant(stack, db);
      run.importacion = await benchImportacion({
        db,
        stack,
        tenant,
        ccf,
        count: opts.importacion,
        simulator,
        log,
        sampled,
      });
      save();
    }

    if (want('numeracion', 'numeracion')) {
      run.numeracion = await benchNumeracion({ db, stack, numeros: opts.numeros, log, sampled });
      save();
    }

    async function lastIssued() {
      const r = await runLoad({ api: stack.api, token: bench.token, concurrency: 1, count: 1, next: factura01(1) });
      return r.issued[0].codigoGeneracion;
    }

    /** Outage for a tenant of its own, a backlog issued in contingency, then MH back: documents/s to PROCESSED. */
    async function contingency() {
      const tenant = await createTenant(stack, db);
      const n = opts.backlog;
      log(`contingency: ${n} documents issued in contingency for emisor ${tenant.nit} (MH refusing it)...`);
      await simulator(stack, '/outage', { mode: 'refuse', emisor: tenant.nit });
      const issue = await runLoad({
        api: stack.api,
        token: tenant.token,
        concurrency: 8,
        count: n,
        next: factura01(1, { testContingencia: true }),
        expectEstado: 'CONTINGENCIA',
      });
      log(
        `contingency: issued ${issue.ok}/${n} at ${issue.docsPerSecond} docs/s; waiting for the backlog to be enlisted`,
      );
      const codigos = issue.issued.map((d) => d.codigoGeneracion);
      const workflowId = `contingencia-${tenant.emisorId}`;
      const query = () => {
        const res = spawnSync(
          stack.temporalBin,
          [
            'workflow',
            'query',
            '--workflow-id',
            workflowId,
            '--type',
            'estado',
            '--address',
            temporalAddress(),
            '-o',
            'json',
          ],
          { encoding: 'utf8', timeout: 30000, maxBuffer: 64 * 2 ** 20 },
        );
        if (res.status !== 0) return { error: (res.stderr || res.stdout || '').trim().slice(0, 300) };
        try {
          const parsed = JSON.parse(res.stdout);
          const estado = Array.isArray(parsed.queryResult) ? parsed.queryResult[0] : (parsed.queryResult ?? parsed);
          // A finished ContingencyWorkflow has nothing pending.
          return { pendientes: estado?.pendientes?.length ?? 0 };
        } catch (err) {
          return { error: `unreadable query answer: ${err.message}` };
        }
      };
      const enlistStart = Date.now();
      let q = query();
      while ((q.pendientes ?? 0) < issue.ok && Date.now() - enlistStart < opts.drainTimeout * 1000) {
        await sleep(3000);
        q = query();
      }
      const enlisted = q.pendientes ?? 0;
      log(`contingency: ${enlisted} waiting in ${workflowId}; MH answers again`);
      const result = {
        backlog: n,
        issue: { ...issue, issued: undefined },
        enlisted,
        enlistSeconds: (Date.now() - enlistStart) / 1000,
      };
      const drained = await sampled({}, async () => {
        await simulator(stack, '/outage', { mode: 'none', emisor: tenant.nit });
        const t0 = Date.now();
        const progress = [];
        let left = enlisted;
        let failures = 0;
        while (left > 0 && Date.now() - t0 < opts.drainTimeout * 1000) {
          await sleep(3000);
          const r = query();
          if (r.error) {
            if (++failures >= 5) {
              result.note = `query failed: ${r.error}`;
              break;
            }
            continue;
          }
          failures = 0;
          left = r.pendientes;
          progress.push({ s: Math.round((Date.now() - t0) / 1000), left });
          if (progress.length % 10 === 0) log(`contingency: ${left} left after ${progress.at(-1).s} s`);
        }
        // The contingency workflow hands each verdict to the document's own workflow, which records it:
        // the drain ends when the records say PROCESSED (read by _id, only those not there yet).
        const handedOver = (Date.now() - t0) / 1000;
        let waiting = codigos;
        while (waiting.length > 0 && Date.now() - t0 < opts.drainTimeout * 1000) {
          const estados = await mapLimit(
            waiting,
            4,
            async (c) => (await db.models.Document.findOne({ _id: c }, { estado: 1 }).lean())?.estado,
          );
          waiting = waiting.filter((_, i) => estados[i] !== 'PROCESSED' && estados[i] !== 'REJECTED');
          if (waiting.length > 0) await sleep(2000);
        }
        return { t0, seconds: (Date.now() - t0) / 1000, handedOver, progress, left };
      });
      const processed = await mapLimit(
        codigos,
        4,
        async (c) => (await db.models.Document.findOne({ _id: c }, { estado: 1 }).lean())?.estado,
      );
      result.processed = processed.filter((e) => e === 'PROCESSED').length;
      result.handedOverSeconds = drained.value.handedOver;
      result.drainSeconds = drained.value.seconds;
      result.drainDocsPerSecond = result.processed / drained.value.seconds;
      result.progress = drained.value.progress;
      result.resources = drained.resources;
      // PROCESSED is recorded before the accepted version's PDF and e-mail (the contingency copy's went out
      // while MH was away): how long until the last of those, outside the drain's figures.
      const { t0 } = drained.value;
      const { emailAt } = await waitForEmails(db, codigos, opts.drainTimeout * 1000, t0);
      const accepted = [...emailAt.values()].filter((at) => at !== null);
      result.undelivered = codigos.length - accepted.length;
      result.deliveredSeconds = result.undelivered === 0 ? (Math.max(...accepted) - t0) / 1000 : null;
      result.deliveredDocsPerSecond = result.deliveredSeconds && result.processed / result.deliveredSeconds;
      result.workflow = describeWorkflow(workflowId);
      if (drained.value.left > 0)
        result.note = `${result.note ? `${result.note}; ` : ''}${drained.value.left} still pending at the end`;
      const steady = run.results.filter((r) => /^dte01-1item-c(8|32)-0ms$/.test(r.name));
      const best = (rate) => (steady.length ? Math.max(...steady.map(rate)) : null);
      result.steadyDocsPerSecond = best((r) => r.service.docsPerSecond);
      result.steadyDeliveredPerSecond = best((r) => r.delivery?.deliveredPerSecond ?? 0);
      result.history = historyPerDocument(codigos);
      log(`contingency: ${result.processed} PROCESSED in ${result.drainSeconds.toFixed(1)} s`);
      return result;
    }

    function temporalAddress() {
      return stack.temporalAddress || stack.env.TEMPORAL_ADDRESS;
    }

    /** A workflow's status and history length and size, from `temporal workflow describe`. */
    function describeWorkflow(workflowId) {
      const res = spawnSync(
        stack.temporalBin,
        ['workflow', 'describe', '--workflow-id', workflowId, '--address', temporalAddress(), '-o', 'json'],
        { encoding: 'utf8', timeout: 30000, maxBuffer: 64 * 2 ** 20 },
      );
      try {
        const d = JSON.parse(res.stdout);
        const info = d.workflowExecutionInfo || {};
        return {
          status: info.status,
          historyLength: Number(info.historyLength),
          historySizeBytes: Number(info.historySizeBytes),
        };
      } catch {
        return { status: 'unknown', error: (res.stderr || '').slice(0, 300) };
      }
    }

    /** History events of a document's IssueDte workflow, as the mean of a few spread over the run. */
    function historyPerDocument(codigos, samples = 5) {
      const picked = Array.from(
        { length: Math.min(samples, codigos.length) },
        (_, i) => codigos[Math.floor((i * codigos.length) / samples)],
      );
      const described = picked.map((c) => describeWorkflow(`dte-${c}`)).filter((d) => d.historyLength > 0);
      if (described.length === 0) return null;
      const mean = (k) => described.reduce((a, d) => a + d[k], 0) / described.length;
      return { events: mean('historyLength'), bytes: mean('historySizeBytes'), sampled: described.length };
    }

    run.loadEnd = os.loadavg().map((n) => n.toFixed(2));
    run.finishedAt = new Date().toISOString();
    report.printReport(run);
    save();
    log(`results: ${out} (table: ${out.replace(/\.json$/, '')}.md)`);
  } finally {
    await stopAll();
  }
}

function shortCount(n) {
  return n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n);
}

main().catch((err) => {
  process.stderr.write(`[bench] failed: ${err.stack || err.message}\n`);
  process.exitCode = 1;
});
