'use strict';
/**
 * `npm test`: installs what is missing, builds, then runs every jest suite (unit, and integration on a
 * real stack that the suite starts and stops itself). Extra arguments go to jest. The results are also
 * written to `.data/jest-results.json`, which `.ci/run` summarises.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { prepare, ROOT } = require('./prepare');

prepare();
const results = path.join(ROOT, '.data', 'jest-results.json');
fs.mkdirSync(path.dirname(results), { recursive: true });
fs.rmSync(results, { force: true });
const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
const res = spawnSync(process.execPath, [jest, '--ci', '--json', `--outputFile=${results}`, ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
