'use strict';
/**
 * `npm test`: installs what is missing, builds, then runs every jest suite (unit, and integration on a
 * real stack that the suite starts and stops itself). Extra arguments go to jest. The results are also
 * written to `.data/jest-results.json`, which `.ci/run` summarises.
 *
 * The whole run (no arguments) first typechecks the tests and lints the tree: the architecture walls of
 * eslint.config.js are rules, so crossing one fails the build before any test runs. A run of chosen
 * files skips them, as a developer's loop on one suite.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { prepare, ROOT } = require('./prepare');
const { leer, lineaFinal, unir } = require('./jest-results');

/**
 * `npm run typecheck` and `npm run lint`, with their caches in .data/ (git-ignored): warm, a few seconds
 * instead of a minute. eslint's cache is per file, which the import walls are; a type-aware rule's answer
 * can go stale when only another file changes, as `npm run lint` (no cache) would catch.
 */
const CHECKS = [
  ['tsc', ['-p', 'tsconfig.test.json', '--incremental', '--tsBuildInfoFile', '.data/typecheck.tsbuildinfo']],
  ['eslint', ['--cache', '--cache-strategy', 'content', '--cache-location', '.data/eslintcache', '.']],
  ['prettier', ['--check', '--cache', '--cache-location', '.data/prettiercache', '.']],
];

function check() {
  for (const [tool, args] of CHECKS) {
    process.stdout.write(`[test] ${tool} ${args.join(' ')}\n`);
    const bin = path.join(ROOT, 'node_modules', '.bin', tool);
    const res = spawnSync(bin, args, { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) {
      process.stdout.write(`[test] ${tool} failed: no test was run\n`);
      process.exit(res.status || 1);
    }
  }
}

/** Resolved once `prepare()` has installed the dependencies (a fresh clone has none before). */
const jest = () => require.resolve('jest/bin/jest', { paths: [ROOT] });

/**
 * One jest run writing its results to `salida` (scripts/jest-reporter.js, not jest's `--json`); its output
 * to the terminal, or to `registro` to show later.
 */
function correrJest(args, salida, registro) {
  const reporter = path.join(__dirname, 'jest-reporter.js');
  // Last: jest reads every word after --reporters as one more reporter, a test path given after it too.
  const hijo = spawn(process.execPath, [jest(), '--ci', ...args, '--reporters=default', `--reporters=${reporter}`], {
    cwd: ROOT,
    env: { ...process.env, DTE_JEST_RESULTS: salida },
    stdio: registro ? ['ignore', ...Array(2).fill(fs.openSync(registro, 'w'))] : 'inherit',
  });
  return new Promise((resolve) => hijo.on('exit', (code) => resolve(code ?? 1)));
}

/**
 * The whole suite in three jest processes: the integration suites, which mostly wait on the stack, split in
 * two halves, each on a stack of its own (jest's `--shard`; every process runs its own globalSetup), beside
 * the unit and deploy suites, which mostly compute. One jest runs one suite at a time on a 2-core machine and
 * cannot give its projects separate workers; one after another the integration suites took 29 minutes.
 * The first half's output is shown as it runs, the others' once all are done.
 */
const MITADES_INTEGRACION = 2;

const datos = (nombre) => path.join(ROOT, '.data', nombre);

function todo() {
  return correr([
    ...Array.from({ length: MITADES_INTEGRACION }, (_, i) => ({
      nombre: `integration ${i + 1}/${MITADES_INTEGRACION}`,
      args: ['--selectProjects', 'integration', `--shard=${i + 1}/${MITADES_INTEGRACION}`],
      salida: datos(`jest-results-integration-${i + 1}.json`),
      registro: i === 0 ? undefined : datos(`jest-integration-${i + 1}.log`),
    })),
    {
      nombre: 'unit and deploy',
      args: ['--selectProjects', 'unit', 'deploy'],
      salida: datos('jest-results-unit.json'),
      registro: datos('jest-unit.log'),
    },
  ]);
}

/**
 * Runs the parts side by side, then merges their results into `.data/jest-results.json` and closes with
 * their count: every test of every part, and a part without its whole results counted as failed, named.
 */
async function correr(corridas) {
  for (const c of corridas) fs.rmSync(c.salida, { force: true });
  const codigos = await Promise.all(corridas.map((c) => correrJest(c.args, c.salida, c.registro)));
  for (const c of corridas.filter((c) => c.registro)) {
    process.stdout.write(`\n[test] ${c.nombre} suites:\n${fs.readFileSync(c.registro, 'utf8')}`);
  }
  const r = unir(corridas.map((c) => ({ nombre: c.nombre, resultados: leer(c.salida) })));
  fs.writeFileSync(results, JSON.stringify(r));
  process.stdout.write(`[test] ${lineaFinal(r)}\n`);
  return codigos.every((c) => c === 0) && r.partesFallidas.length === 0 ? 0 : 1;
}

prepare();
const results = datos('jest-results.json');
fs.mkdirSync(path.dirname(results), { recursive: true });
fs.rmSync(results, { force: true });
if (process.argv.length === 2) {
  check();
  todo().then((code) => process.exit(code));
} else {
  correr([{ nombre: 'jest', args: process.argv.slice(2), salida: datos('jest-results-elegidas.json') }]).then((code) =>
    process.exit(code),
  );
}
