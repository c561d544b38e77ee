'use strict';
/**
 * The Debian packages the service and its tests need beyond Node, Go and Python: the one list
 * (system-packages.json) that `npm start`, `npm test` and `.ci/run` install from. Each entry names the
 * file that shows it is installed, so a warm run costs one stat per package. Installing needs root or
 * passwordless sudo; without either, the error names the command to run.
 */
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

/** @type {{ package: string, provides: string, providesFrom?: string, commands: string[], why: string }[]} */
const SYSTEM_PACKAGES = require('./system-packages.json');

/** The file that shows `entry` is installed (CHROMIUM_PATH may point Chromium elsewhere). */
function providedFile(entry) {
  return (entry.providesFrom && process.env[entry.providesFrom]) || entry.provides;
}

function ensureSystemPackages() {
  const absent = SYSTEM_PACKAGES.filter((entry) => !fs.existsSync(providedFile(entry)));
  const missing = absent.map((entry) => entry.package);
  if (missing.length === 0) return;
  process.stdout.write(`[system] installing Debian packages: ${missing.join(' ')}...\n`);
  const root = !process.getuid || process.getuid() === 0;
  const apt = (...args) => {
    const [cmd, ...rest] = root ? ['apt-get', ...args] : ['sudo', '-n', 'apt-get', ...args];
    const res = spawnSync(cmd, rest, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return res.status === 0;
  };
  const install = () => apt('install', '-y', '--no-install-recommends', ...missing);
  // The package lists of a fresh machine are often empty or stale: refreshed only when the install fails.
  if ((install() || (apt('update') && install())) && SYSTEM_PACKAGES.every((e) => fs.existsSync(providedFile(e))))
    return;
  throw new Error(
    `could not install the Debian packages ${absent.map((e) => `${e.package} (${providedFile(e)})`).join(', ')}; ` +
      'installing needs root or passwordless sudo. ' +
      `Install them, then run the command again:\n  sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`,
  );
}

module.exports = { SYSTEM_PACKAGES, providedFile, ensureSystemPackages };

if (require.main === module) {
  try {
    ensureSystemPackages();
  } catch (err) {
    process.stderr.write(`[system] ${err.message}\n`);
    process.exit(1);
  }
}
