'use strict';
/** The console table and the Markdown table of a bench run. */
const os = require('node:os');
const fs = require('node:fs');

const GROUPS = ['api', 'worker', 'chromium', 'temporal', 'database', 'storage', 'mail', 'simulator', 'floor', 'bench'];

function machine() {
  const cpus = os.cpus();
  let disk = null;
  try {
    disk =
      fs
        .readFileSync('/proc/mounts', 'utf8')
        .split('\n')
        .find((l) => / \/ /.test(l))
        ?.split(' ')[2] ?? null;
  } catch {
    /* not Linux */
  }
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    rootFs: disk,
  };
}

const fmt = (n, d = 1) => (n === null || n === undefined || Number.isNaN(n) ? '–' : Number(n).toFixed(d));
const ratio = (a, b) => (a && b ? a / b : null);

/** One row per scenario: the service's figures, and each as a ratio to the floor's when there is one. */
function rows(results) {
  return results.map((r) => {
    const s = r.service;
    const f = r.floor;
    return {
      name: r.name,
      dps: s ? fmt(s.docsPerSecond) : '–',
      floorDps: f ? fmt(f.docsPerSecond) : '–',
      dpsRatio: f && s ? fmt(ratio(s.docsPerSecond, f.docsPerSecond), 2) : '–',
      p50: s ? fmt(s.latencyMs.p50, 0) : '–',
      p95: s ? fmt(s.latencyMs.p95, 0) : '–',
      p99: s ? fmt(s.latencyMs.p99, 0) : '–',
      floorP50: f ? fmt(f.latencyMs.p50, 0) : '–',
      p50Ratio: f && s ? fmt(ratio(s.latencyMs.p50, f.latencyMs.p50), 2) : '–',
      p99Ratio: f && s ? fmt(ratio(s.latencyMs.p99, f.latencyMs.p99), 2) : '–',
      delivered: r.delivery ? fmt(r.delivery.deliveredPerSecond) : '–',
      deliveredRatio: f && r.delivery ? fmt(ratio(r.delivery.deliveredPerSecond, f.docsPerSecond), 2) : '–',
      chromium: fmt(r.chromiumMsPerPdf, 0),
      events: r.history ? fmt(r.history.events, 0) : '–',
      dbOps: r.dbOperationsPerDocument
        ? ['api', 'worker'].map((p) => fmt(r.dbOperationsPerDocument[p]?.total, 1)).join('+')
        : '–',
      pdf: r.delivery ? `${fmt(r.delivery.pdfMs.p50, 0)}/${fmt(r.delivery.pdfMs.p95, 0)}` : '–',
      mail: r.delivery ? `${fmt(r.delivery.emailMs.p50, 0)}/${fmt(r.delivery.emailMs.p95, 0)}` : '–',
      errors: s ? String(s.errors + (f ? f.errors : 0)) : '–',
    };
  });
}

const COLUMNS = [
  ['name', 'scenario'],
  ['dps', 'docs/s'],
  ['floorDps', 'floor docs/s'],
  ['dpsRatio', '×floor'],
  ['p50', 'p50 ms'],
  ['p95', 'p95 ms'],
  ['p99', 'p99 ms'],
  ['floorP50', 'floor p50'],
  ['p50Ratio', 'p50 ×floor'],
  ['p99Ratio', 'p99 ×floor'],
  // Fully delivered: PDF stored and e-mail accepted, first request to last e-mail.
  ['delivered', 'delivered/s'],
  ['deliveredRatio', 'delivered ×floor'],
  ['chromium', 'Chromium ms/PDF'],
  ['events', 'events/doc'],
  // Operations asked of the database per document: the API's + the worker's.
  ['dbOps', 'db ops/doc'],
  ['pdf', 'PDF p50/p95 ms'],
  ['mail', 'mail p50/p95 ms'],
  ['errors', 'errors'],
];

function textTable(header, data) {
  const widths = header.map((h, i) => Math.max(h.length, ...data.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...data.map(line)].join('\n');
}

function mdTable(header, data) {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...data.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

function resourceRows(results) {
  const out = [];
  for (const r of results) {
    for (const [phase, res] of [
      ['service', r.resources],
      ['floor', r.floorResources],
      ['bare pipeline', r.pipelineResources],
      ['pipeline with guarantees', r.garantiasResources],
    ]) {
      if (!res) continue;
      out.push([
        `${r.name} (${phase})`,
        ...GROUPS.map((g) => {
          const x = res.groups[g];
          return x && (x.cpuSeconds > 0 || x.peakRssMb > 0) ? `${fmt(x.cpuPercent, 0)}% ${fmt(x.peakRssMb, 0)}M` : '–';
        }),
      ]);
    }
  }
  return out;
}

function extraLines(run) {
  const lines = [];
  const byName = (name) => run.results.find((r) => r.name === name);
  const alone = byName('dte01-1item-c1-0ms');
  const busy = byName('dte01-1item-c32-0ms');
  if (alone?.chromiumMsPerPdf && busy?.chromiumMsPerPdf) {
    lines.push(
      `Chromium CPU per stored PDF at concurrency 32: ${fmt(busy.chromiumMsPerPdf, 0)} ms = ` +
        `${fmt(busy.chromiumMsPerPdf / alone.chromiumMsPerPdf, 2)}× the ${fmt(alone.chromiumMsPerPdf, 0)} ms of one document at a time`,
    );
  }
  for (const r of run.results.filter((x) => x.pipeline && x.floor)) {
    lines.push(
      `${r.name}: the bare pipeline (the floor's work under Temporal, with the PDF and the e-mail; none of the ` +
        `service's own) fully delivered ${fmt(r.pipeline.deliveredPerSecond)} docs/s = ` +
        `${fmt(ratio(r.pipeline.deliveredPerSecond, r.floor.docsPerSecond), 2)}× floor, the service ` +
        `${fmt(r.delivery?.deliveredPerSecond)} docs/s`,
    );
    if (r.garantias)
      lines.push(
        `${r.name}: the pipeline with the guarantees' writes (the stored request, the correlativo, the record ` +
          `before MH and its verdict, the list entry, the answer read) fully delivered ${fmt(r.garantias.deliveredPerSecond)} docs/s = ` +
          `${fmt(ratio(r.garantias.deliveredPerSecond, r.pipeline.deliveredPerSecond), 2)}× bare pipeline, p50 ` +
          `${fmt(r.garantias.latencyMs.p50, 0)} ms`,
      );
    const porDocumento = [
      ['service', r.measuredResources, r.service?.ok],
      ['bare pipeline', r.pipelineMeasuredResources, r.pipeline.delivered],
      ['with guarantees', r.garantiasMeasuredResources, r.garantias?.delivered],
    ].filter(([, res, n]) => res && n);
    if (porDocumento.length)
      lines.push(
        `${r.name}: CPU per document from the warm-up's end to the last delivery, every sampled process: ` +
          porDocumento
            .map(([quien, res, n]) => {
              const ms = (g) => (1000 * g.cpuSeconds) / n;
              const grupos = Object.entries(res.groups).filter(([, g]) => g.cpuSeconds > 0);
              const total = grupos.reduce((t, [, g]) => t + ms(g), 0);
              return `${quien} ${fmt(total)} ms (${grupos.map(([nombre, g]) => `${nombre} ${fmt(ms(g))}`).join(', ')})`;
            })
            .join('; '),
      );
  }
  const c = run.contingency;
  if (c) {
    lines.push(
      `contingency backlog: ${c.backlog} issued in contingency at ${fmt(c.issue?.docsPerSecond)} docs/s; ` +
        `drain ${c.processed}/${c.backlog} PROCESSED in ${fmt(c.drainSeconds)} s = ${fmt(c.drainDocsPerSecond, 2)} docs/s` +
        (c.steadyDocsPerSecond
          ? ` (${fmt((100 * c.drainDocsPerSecond) / c.steadyDocsPerSecond, 0)}% of steady ${fmt(c.steadyDocsPerSecond)} docs/s)`
          : '') +
        (c.deliveredSeconds
          ? `; the accepted versions all e-mailed ${fmt(c.deliveredSeconds)} s after MH answered again (${fmt(c.deliveredDocsPerSecond, 2)} docs/s)`
          : '') +
        (c.deliveredDocsPerSecond && c.steadyDeliveredPerSecond
          ? ` = ${fmt(c.deliveredDocsPerSecond / c.steadyDeliveredPerSecond, 2)}× the steady fully-delivered ${fmt(c.steadyDeliveredPerSecond, 2)} docs/s`
          : '') +
        (c.history ? `; ${fmt(c.history.events, 0)} history events per document` : '') +
        (c.undelivered ? `; ${c.undelivered} not e-mailed` : '') +
        (c.note ? ` — ${c.note}` : ''),
    );
  }
  const s = run.seed;
  if (s) {
    lines.push(
      `seeded: ${s.stored} documents in the collection (${s.inserted} inserted at ${fmt(s.insertPerSecond, 0)}/s)` +
        (s.emptyP50 && s.seededP50
          ? `; issue p50 ${fmt(s.emptyP50, 0)} ms empty → ${fmt(s.seededP50, 0)} ms seeded (${fmt((100 * s.seededP50) / s.emptyP50 - 100, 0)}%)`
          : ''),
    );
  }
  for (const l of run.lista ?? []) {
    const page = (name) => `${name} ${fmt(l[name].p50, 1)} ms (max ${fmt(l[name].max, 1)}, ${l[name].devueltos} docs)`;
    lines.push(
      `GET /dte at ${l.count} documents: ` +
        ['primera', 'mitadPorCursor', 'hastaUnDia', 'rechazados', 'receptorSinCoincidencia'].map(page).join('; '),
    );
  }
  const b = run.busqueda;
  if (b) {
    const clase = (nombre, c) => `${nombre} ${fmt(c.p50, 1)}/${fmt(c.p95, 1)}/${fmt(c.max, 1)} ms`;
    lines.push(
      `GET /dte?q= at ${b.count} documents (p50/p95/max): ` +
        [...Object.entries(b.clases).map(([n, c]) => clase(n, c)), clase('all', b.todas)].join('; '),
    );
  }
  for (const [libros, que] of [
    [run.libros, 'documents'],
    [run.compras, 'received documents'],
  ]) {
    if (!libros) continue;
    lines.push(`Books and annexes of a month of ${libros.count} ${que} (${libros.periodo}):`);
    for (const r of libros.resultados)
      lines.push(
        `  ${r.nombre}: ${fmt(r.segundos, 1)} s (${r.documentosPorSegundo} documents/s), first byte ${r.primerByteMs} ms, ` +
          `${fmt(r.megabytes, 2)} MB; API peak RSS ${fmt(r.apiPeakRssMb, 0)} MB, API CPU ${fmt(r.apiCpuSeconds, 1)} s, ` +
          `database CPU ${fmt(r.databaseCpuSeconds, 1)} s`,
      );
  }
  if (run.importacion) {
    const i = run.importacion;
    const cpu = Object.entries(i.cpuSeconds)
      .map(([g, s]) => `${g} ${fmt(s, 0)} s`)
      .join(', ');
    lines.push(
      `Import of ${i.count} documents issued with a previous provider (one ZIP, each asked for at MH): ` +
        `${i.importados} imported, ${i.rechazados} refused in ${fmt(i.segundos, 1)} s (${i.documentosPorSegundo} documents/s); ` +
        `worker peak RSS ${fmt(i.workerPeakRssMb, 0)} MB, API peak RSS ${fmt(i.apiPeakRssMb, 0)} MB; CPU ${cpu}`,
    );
  }
  if (run.certificacion) {
    const c = run.certificacion;
    const cpu = Object.entries(c.cpuSeconds)
      .map(([g, s]) => `${g} ${fmt(s, 0)} s`)
      .join(', ');
    lines.push(
      `Certification campaign, MH's default plan: ${c.documentos} documents, ${c.plan.invalidaciones} invalidations, ` +
        `${c.plan.contingencias} contingency events in ${c.segundos} s (${c.documentosPorMinuto} documents/min); ` +
        `MH sealed ${c.mh.sellados} documents (${c.reemplazos} replacements and the contingency Facturas included), ` +
        `${c.mh.invalidaciones} invalidations, ${c.mh.contingencias} contingency events; CPU ${cpu}`,
    );
  }
  if (run.numeracion) {
    lines.push('Numbering, one series taken by N processes at once (per number):');
    for (const r of run.numeracion)
      lines.push(
        `  ${r.metodo} × ${r.procesos}: ${fmt(r.msPorNumero, 2)} ms (${r.numerosPorSegundo}/s), ${fmt(r.comandosPorNumero, 2)} commands, ` +
          `${fmt(r.insertsFallidosPorNumero, 2)} refused inserts, ${fmt(r.actualizacionesPorNumero ?? 0, 2)} workflow updates, ` +
          `database CPU ${fmt(r.cpuBaseDeDatosMsPorNumero, 2)} ms; ` +
          `${r.numeros} numbers ${r.sinHuecos ? 'without gap or repeat' : 'WITH A GAP OR A REPEAT'}`,
      );
  }
  return lines;
}

function printReport(run) {
  const data = rows(run.results);
  const header = COLUMNS.map(([, h]) => h);
  const cells = data.map((r) => COLUMNS.map(([k]) => r[k]));
  const out = [
    '',
    `Machine: ${run.machine.cpuModel}, ${run.machine.cores} cores, ${run.machine.memoryGb} GB, ${run.machine.kernel}, Node ${run.machine.node}`,
    `Load average at start ${run.loadStart.join(' ')}, at end ${(run.loadEnd || []).join(' ')}`,
    '',
    textTable(header, cells),
    '',
    'CPU (mean % of one core over the scenario, incl. the PDF/e-mail tail) and peak RSS per process group:',
    textTable(['scenario', ...GROUPS], resourceRows(run.results)),
    '',
    ...extraLines(run),
    '',
  ];
  process.stdout.write(out.join('\n'));
}

function markdown(run) {
  const data = rows(run.results);
  const header = COLUMNS.map(([, h]) => h);
  return [
    `Run ${run.startedAt} (${run.quick ? 'quick' : 'full'}), ${run.machine.cpuModel}, ${run.machine.cores} cores, ${run.machine.memoryGb} GB, ${run.machine.kernel}, Node ${run.machine.node}; load average ${run.loadStart.join(' ')} at start, ${(run.loadEnd || []).join(' ')} at end.`,
    '',
    mdTable(
      header,
      data.map((r) => COLUMNS.map(([k]) => r[k])),
    ),
    '',
    mdTable(['scenario', ...GROUPS], resourceRows(run.results)),
    '',
    ...extraLines(run).map((l) => `- ${l}`),
    '',
  ].join('\n');
}

module.exports = { printReport, markdown, machine };
