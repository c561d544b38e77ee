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
const { spawnSync } = require('node:child_process');
const { prepare, ROOT } = require('./prepare');

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

prepare();
const results = path.join(ROOT, '.data', 'jest-results.json');
fs.mkdirSync(path.dirname(results), { recursive: true });
fs.rmSync(results, { force: true });
if (process.argv.length === 2) check();
const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
const res = spawnSync(process.execPath, [jest, '--ci', '--json', `--outputFile=${results}`, ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
