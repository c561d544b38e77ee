'use strict';
/**
 * What both README commands need before anything runs: npm dependencies, the TypeScript build and the
 * real components, Debian's packages of system-packages.json among them. Each step is skipped when already done, so a warm run costs a few seconds.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

function step(msg) {
  process.stdout.write(`[prepare] ${msg}\n`);
}

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status})`);
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function installDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (
    mtime(marker) >= mtime(path.join(ROOT, 'package-lock.json')) &&
    mtime(marker) >= mtime(path.join(ROOT, 'package.json'))
  )
    return;
  step('installing npm dependencies...');
  // `npm install` honours package-lock.json; `npm ci` refuses locks that lack other platforms' optional
  // packages (swc, unrs), which npm leaves out when a lock is updated incrementally.
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function build() {
  step('building TypeScript (incremental)...');
  run(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [ROOT] }), '-b']);
}

function prepare() {
  installDependencies();
  build();
  return require('./tools').ensureTools();
}

module.exports = { prepare, ROOT };
