'use strict';
/**
 * Starts the whole service on loopback on real components, each as a child process with its log under
 * `<dataDir>/logs/`, waits for each to be healthy, and stops every child it started. Used by
 * `npm start` (fixed ports, data kept in `.data/`) and by the test suite (free ports, a temporary folder).
 */
const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

/** Every port of the stack, each overridable by its environment variable. */
const DEFAULT_PORTS = {
  TEMPORAL_PORT: 7233,
  TEMPORAL_UI_PORT: 8233,
  MONGODB_PORT: 27017,
  MINIO_PORT: 9000,
  MINIO_CONSOLE_PORT: 9001,
  SMTP_PORT: 1025,
  MAILDEV_WEB_PORT: 1080,
  IMAP_PORT: 1143,
  MH_SIM_PORT: 3100,
  API_PORT: 3000,
  WORKER_METRICS_PORT: 9464,
};
/** Internal ports of the components that we never expose but must not collide between stacks. */
const INTERNAL_PORTS = ['TEMPORAL_HTTP_PORT', 'TEMPORAL_METRICS_PORT', 'FERRETDB_DEBUG_PORT'];

/**
 * Where the kernel's range for the local ports of outgoing connections starts: a port picked inside it can
 * be taken by any connection (health checks, database pools) before its server binds it.
 */
function ephemeralLow() {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 0;
  }
}

function bindable(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

// A port is only bound by its server later: one handed out stays reserved for this process.
const handedOut = new Set();

/** A free loopback port, chosen below the ephemeral range where the kernel allows it. */
async function freePort() {
  const low = ephemeralLow();
  for (let attempt = 0; low > 12000 && attempt < 50; attempt++) {
    const port = 10000 + Math.floor(Math.random() * (low - 10000));
    if (handedOut.has(port)) continue;
    // Reserved before the check, so concurrent callers never get the same port.
    handedOut.add(port);
    if (await bindable(port)) return port;
  }
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function resolvePorts({ random }) {
  const ports = {};
  for (const [name, port] of Object.entries(DEFAULT_PORTS)) {
    ports[name] = random ? await freePort() : Number(process.env[name] || port);
  }
  for (const name of INTERNAL_PORTS) ports[name] = await freePort();
  return ports;
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function tcpOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function httpOk(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Any HTTP answer at all: the process is up and serving. */
async function httpAnswers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** The environment every process of the service reads through the configuration module. */
function serviceEnv(ports, database) {
  const s3 = {
    S3_ACCESS_KEY: process.env.S3_ACCESS_KEY || 'dte-minio',
    S3_SECRET_KEY: process.env.S3_SECRET_KEY || 'dte-minio-secret',
  };
  return {
    API_PORT: String(ports.API_PORT),
    WORKER_METRICS_PORT: String(ports.WORKER_METRICS_PORT),
    MH_SIM_PORT: String(ports.MH_SIM_PORT),
    MONGODB_URI: database.uri,
    TEMPORAL_ADDRESS: `127.0.0.1:${ports.TEMPORAL_PORT}`,
    TEMPORAL_UI_URL: `http://127.0.0.1:${ports.TEMPORAL_UI_PORT}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.MINIO_PORT}`,
    ...s3,
    SMTP_URL: process.env.SMTP_URL || `smtp://127.0.0.1:${ports.SMTP_PORT}`,
    MH_BASE_URL: process.env.MH_BASE_URL || `http://127.0.0.1:${ports.MH_SIM_PORT}`,
  };
}

/**
 * How the embedded Temporal and FerretDB commit to their SQLite files (EMBEDDED_SQLITE_SYNC). `normal`
 * (WAL, no fsync per commit) survives any crash of a process; an OS crash or power loss may undo the last
 * commits, which the service recovers from (replayed workflows, consults to MH before resending).
 * `full` fsyncs every commit: 5 instead of 9 DTE 01 per second at concurrency 32 on a 2-core machine.
 */
function sqliteSync() {
  const mode = process.env.EMBEDDED_SQLITE_SYNC || 'normal';
  if (mode !== 'normal' && mode !== 'full') throw new Error(`EMBEDDED_SQLITE_SYNC must be normal or full, not ${mode}`);
  return mode;
}

/** A user of /etc/passwd (uid and gid), e.g. the `dovecot` account Debian's package creates. */
function systemUser(name) {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`the system user ${name} does not exist (is dovecot-core installed?)`);
  const [, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

/**
 * Dovecot's configuration for the stack's mailboxes: IMAP on loopback without TLS, accounts in a
 * passwd-file (`<dir>/usuarios`, `user:{PLAIN}password` lines, re-read when it changes) and maildirs
 * under `<dir>/mail`. Run by an ordinary user, every Dovecot process runs as that user (Dovecot's
 * "rootless" mode). Run by root (a CI container), the processes drop to the users Debian's package made,
 * as Dovecot requires (no login process nor mailbox as root); the passwd-file is read by the auth
 * process left as root, and the mail is owned by `dovecot`.
 */
function dovecotConf(dir, port) {
  const root = process.getuid() === 0;
  const me = os.userInfo();
  const internal = root ? systemUser('dovecot') : { name: me.username, uid: me.uid, gid: me.gid };
  const group = fs
    .readFileSync('/etc/group', 'utf8')
    .split('\n')
    .map((l) => l.split(':'))
    .find((g) => Number(g[2]) === internal.gid)?.[0];
  const lines = [
    'protocols = imap',
    'listen = 127.0.0.1',
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    'instance_name = dte',
    `default_internal_user = ${internal.name}`,
    `default_internal_group = ${group}`,
    `default_login_user = ${root ? 'dovenull' : me.username}`,
    'first_valid_uid = 1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    'log_path = /dev/stderr',
    'info_log_path = /dev/stderr',
    `mail_location = maildir:${dir}/mail/%u`,
    'passdb {',
    '  driver = passwd-file',
    `  args = scheme=PLAIN username_format=%u ${dir}/usuarios`,
    '}',
    'userdb {',
    '  driver = static',
    `  args = uid=${internal.uid} gid=${internal.gid} home=${dir}/mail/%u`,
    '}',
    // Only root may chroot: the login and anvil processes of an ordinary user's Dovecot run without.
    'service imap-login {',
    ...(root ? [] : ['  chroot =']),
    '  inet_listener imap {',
    `    port = ${port}`,
    '  }',
    '  inet_listener imaps {',
    '    port = 0',
    '  }',
    '}',
    ...(root ? ['service auth {', '  user = root', '}'] : ['service anvil {', '  chroot =', '}']),
  ];
  return { text: `${lines.join('\n')}\n`, root, internal };
}

class Stack {
  constructor({ dataDir, ports, tools, quiet, profileDir }) {
    this.dataDir = dataDir;
    this.profileDir = profileDir;
    this.logDir = path.join(dataDir, 'logs');
    this.ports = ports;
    this.tools = tools;
    this.quiet = quiet;
    this.children = [];
    fs.mkdirSync(this.logDir, { recursive: true });
    const db = tools.database;
    this.database =
      db.kind === 'external'
        ? { kind: 'external', uri: process.env.MONGODB_URI }
        : { ...db, uri: `mongodb://127.0.0.1:${ports.MONGODB_PORT}/dte` };
    this.env = { ...process.env, ...serviceEnv(ports, this.database) };
  }

  say(msg) {
    if (!this.quiet) process.stdout.write(`[stack] ${msg}\n`);
  }

  /** Spawns one component in its own process group so stopping it stops its descendants too. */
  spawn(name, command, args, extraEnv = {}) {
    const logFile = path.join(this.logDir, `${name}.log`);
    const out = fs.openSync(logFile, 'a');
    // The log outlives restarts; readiness and failure tails read only what this run wrote after its marker.
    fs.writeSync(out, `--- ${new Date().toISOString()} starting ${name}\n`);
    const logStart = fs.fstatSync(out).size;
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...this.env, ...extraEnv },
      stdio: ['ignore', out, out],
      detached: true,
    });
    fs.closeSync(out);
    const entry = { name, child, logFile, logStart, exited: false };
    child.on('exit', (code, signal) => {
      entry.exited = true;
      entry.exit = { code, signal };
    });
    this.children.push(entry);
    return entry;
  }

  async waitFor(entry, check, timeoutMs = 90000) {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (entry.exited) break;
      if (await check()) {
        this.say(`${entry.name} healthy (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        return;
      }
      await sleep(200);
    }
    const tail = this.logOf(entry).split('\n').slice(-20).join('\n');
    throw new Error(
      `${entry.name} did not become healthy${entry.exited ? ` (exited ${JSON.stringify(entry.exit)})` : ''}; last log lines of ${entry.logFile}:\n${tail}`,
    );
  }

  async startTemporal() {
    const { ports } = this;
    const { searchAttributeTypes } = require(path.join(ROOT, 'packages/contract/dist/search-attributes.js'));
    const attrs = Object.entries(searchAttributeTypes).flatMap(([k, t]) => ['--search-attribute', `${k}=${t}`]);
    const entry = this.spawn('temporal', this.tools.temporal, [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(ports.TEMPORAL_PORT),
      '--ui-port',
      String(ports.TEMPORAL_UI_PORT),
      '--http-port',
      String(ports.TEMPORAL_HTTP_PORT),
      '--metrics-port',
      String(ports.TEMPORAL_METRICS_PORT),
      '--db-filename',
      path.join(this.dataDir, 'temporal.sqlite'),
      '--sqlite-pragma',
      'journal_mode=wal',
      '--sqlite-pragma',
      `synchronous=${sqliteSync()}`,
      '--namespace',
      'default',
      '--dynamic-config-value',
      'frontend.enableExecuteMultiOperation=true',
      // The history service reads its transfer queue (new workflow and activity tasks) at most 20 times a
      // second per shard by default, and the dev server has one shard: a document waited up to 50 ms before
      // its workflow task reached the worker. 200 reads a second bound that wait at 5 ms.
      '--dynamic-config-value',
      'history.transferProcessorMaxPollRPS=200',
      // A workflow task that schedules an activity on its own task queue gets the activity back in its
      // completion's answer (eager dispatch, which the SDK asks for by default) instead of through the
      // matching service and a poll: IssueDte's delivery costs the server 5–7 ms less per document.
      '--dynamic-config-value',
      'system.enableActivityEagerExecution=true',
      '--log-level',
      'warn',
      ...attrs,
    ]);
    await this.waitFor(entry, () => httpOk(`http://127.0.0.1:${ports.TEMPORAL_UI_PORT}/`));
    await this.waitFor(entry, () => this.temporalReady());
  }

  /** The frontend accepts connections before the namespace is usable; ask it for the namespace. */
  async temporalReady() {
    const res = spawnSync(
      this.tools.temporal,
      [
        'operator',
        'search-attribute',
        'list',
        '--address',
        `127.0.0.1:${this.ports.TEMPORAL_PORT}`,
        '--namespace',
        'default',
      ],
      { encoding: 'utf8', timeout: 10000 },
    );
    return res.status === 0 && res.stdout.includes('DteEstado');
  }

  async startDatabase() {
    const { ports, database } = this;
    if (database.kind === 'external') return this.say(`database: external MONGODB_URI`);
    const dir = path.join(this.dataDir, database.kind);
    fs.mkdirSync(dir, { recursive: true });
    const entry =
      database.kind === 'mongod'
        ? this.spawn('mongod', database.bin, [
            '--dbpath',
            dir,
            '--bind_ip',
            '127.0.0.1',
            '--port',
            String(ports.MONGODB_PORT),
          ])
        : this.spawn('ferretdb', database.bin, [
            '--handler=sqlite',
            `--sqlite-url=file:${dir}/?_pragma=synchronous(${sqliteSync()})`,
            `--state-dir=${dir}`,
            `--listen-addr=127.0.0.1:${ports.MONGODB_PORT}`,
            `--debug-addr=127.0.0.1:${ports.FERRETDB_DEBUG_PORT}`,
            '--telemetry=disable',
            '--log-level=warn',
          ]);
    await this.waitFor(entry, () => tcpOpen(ports.MONGODB_PORT));
  }

  async startMinio() {
    const { ports } = this;
    const dir = path.join(this.dataDir, 'minio');
    fs.mkdirSync(dir, { recursive: true });
    const entry = this.spawn(
      'minio',
      this.tools.minio,
      [
        'server',
        dir,
        '--quiet',
        '--address',
        `127.0.0.1:${ports.MINIO_PORT}`,
        '--console-address',
        `127.0.0.1:${ports.MINIO_CONSOLE_PORT}`,
      ],
      {
        MINIO_ROOT_USER: this.env.S3_ACCESS_KEY,
        MINIO_ROOT_PASSWORD: this.env.S3_SECRET_KEY,
        MINIO_BROWSER_REDIRECT: 'off',
      },
    );
    await this.waitFor(entry, () => httpOk(`http://127.0.0.1:${ports.MINIO_PORT}/minio/health/live`));
  }

  async startMaildev() {
    const { ports } = this;
    if (process.env.SMTP_URL) return this.say('mail: external SMTP_URL');
    const entry = this.spawn('maildev', process.execPath, [
      this.tools.maildev,
      '--ip',
      '127.0.0.1',
      '--smtp',
      String(ports.SMTP_PORT),
      '--web',
      String(ports.MAILDEV_WEB_PORT),
    ]);
    await this.waitFor(entry, () => httpOk(`http://127.0.0.1:${ports.MAILDEV_WEB_PORT}/email`));
  }

  /** Dovecot on loopback, its accounts and maildirs under `<dataDir>/imap` (see dovecotConf). */
  async startImap() {
    const { ports } = this;
    const dir = path.join(this.dataDir, 'imap');
    for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    const usuarios = path.join(dir, 'usuarios');
    if (!fs.existsSync(usuarios)) fs.writeFileSync(usuarios, '', { mode: 0o600 });
    const conf = dovecotConf(dir, ports.IMAP_PORT);
    if (conf.root) {
      // The mail processes run as `dovecot`: they must pass through the data folder (a 0700 temporary one
      // in the tests) to reach their maildirs; passing is all the mode grants others.
      fs.chmodSync(this.dataDir, fs.statSync(this.dataDir).mode | 0o111);
      fs.chmodSync(dir, 0o711);
      fs.chownSync(path.join(dir, 'mail'), conf.internal.uid, conf.internal.gid);
    }
    fs.writeFileSync(path.join(dir, 'dovecot.conf'), conf.text);
    const entry = this.spawn('dovecot', this.tools.dovecot, ['-F', '-c', path.join(dir, 'dovecot.conf')]);
    await this.waitFor(entry, () => tcpOpen(ports.IMAP_PORT));
  }

  async startApp(name, main, ready, extraEnv = {}) {
    // A CPU profile per process (written when it exits), for `npm run bench -- --profile`.
    const profile = this.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(this.profileDir, name)}`] : [];
    const args = [...profile, '--enable-source-maps', path.join(ROOT, main)];
    const entry = this.spawn(name, process.execPath, args, extraEnv);
    await this.waitFor(entry, () => ready(entry));
    return entry;
  }

  /** What this run of the component has logged so far. */
  logOf(entry) {
    return fs.readFileSync(entry.logFile).subarray(entry.logStart).toString('utf8');
  }

  logSays(entry, text) {
    return this.logOf(entry).includes(text);
  }

  async startInfrastructure() {
    await Promise.all([
      this.startTemporal(),
      this.startDatabase(),
      this.startMinio(),
      this.startMaildev(),
      this.startImap(),
    ]);
  }

  /**
   * Starts the MH simulator (unless MH_BASE_URL points elsewhere), provisions the demo tenant, then the
   * worker and the API. Returns the demo tenant's token.
   */
  async startService({ simulatorControl, tokenFile }) {
    const { ports } = this;
    if (!process.env.MH_BASE_URL) await this.startSimulator(simulatorControl);
    const provision = spawnSync(
      process.execPath,
      [path.join(ROOT, 'apps/api/dist/admin/cli.js'), 'dev-tenant', tokenFile],
      {
        cwd: ROOT,
        env: this.env,
        encoding: 'utf8',
      },
    );
    if (provision.status !== 0) throw new Error(`demo tenant provisioning failed:\n${provision.stderr}`);
    this.say(`demo tenant ready ${provision.stdout.trim()}`);
    this.bundleWorkflows();
    await this.startWorker();
    await this.startApp('api', 'apps/api/dist/main.js', () => httpOk(`http://127.0.0.1:${ports.API_PORT}/health`));
    return fs.readFileSync(tokenFile, 'utf8').trim();
  }

  startSimulator(controlEnabled) {
    return this.startApp(
      'mh-simulator',
      'apps/mh-simulator/dist/main.js',
      () => httpAnswers(`http://127.0.0.1:${this.ports.MH_SIM_PORT}/`),
      { MH_SIM_CONTROL_ENABLED: String(controlEnabled) },
    );
  }

  /**
   * Bundles the workflows once for every worker this stack's environment starts (its own, a second one a
   * test or the bench starts), as the container image does: webpack runs here once instead of in each
   * worker's start-up, which on a busy machine took a worker a minute to be ready.
   */
  bundleWorkflows() {
    const bundle = path.join(this.dataDir, 'workflow-bundle.js');
    const built = spawnSync(process.execPath, [path.join(ROOT, 'apps/worker/dist/bundle.js'), bundle], {
      cwd: ROOT,
      env: this.env,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`workflow bundle failed:\n${built.stderr}`);
    this.env.WORKFLOW_BUNDLE_PATH = bundle;
  }

  startWorker() {
    return this.startApp('worker', 'apps/worker/dist/main.js', (entry) => this.logSays(entry, 'worker running'));
  }

  /** Stops children in reverse start order: SIGTERM to each process group, SIGKILL after a grace period. */
  async stop(graceMs = 10000) {
    for (const entry of [...this.children].reverse()) {
      if (entry.exited) continue;
      try {
        process.kill(-entry.child.pid, 'SIGTERM');
      } catch {
        continue;
      }
      const started = Date.now();
      while (!entry.exited && Date.now() - started < graceMs) await sleep(100);
      if (!entry.exited) {
        try {
          process.kill(-entry.child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      this.say(`${entry.name} stopped`);
    }
    this.children = [];
  }

  urls() {
    const p = this.ports;
    return {
      api: `http://127.0.0.1:${p.API_PORT}`,
      workerMetrics: `http://127.0.0.1:${p.WORKER_METRICS_PORT}`,
      temporalGrpc: `127.0.0.1:${p.TEMPORAL_PORT}`,
      temporalUi: `http://127.0.0.1:${p.TEMPORAL_UI_PORT}`,
      temporalMetrics: `http://127.0.0.1:${p.TEMPORAL_METRICS_PORT}`,
      database: this.database.uri,
      minio: `http://127.0.0.1:${p.MINIO_PORT}`,
      minioConsole: `http://127.0.0.1:${p.MINIO_CONSOLE_PORT}`,
      smtp: this.env.SMTP_URL,
      maildev: `http://127.0.0.1:${p.MAILDEV_WEB_PORT}`,
      imap: { host: '127.0.0.1', port: p.IMAP_PORT, usuarios: path.join(this.dataDir, 'imap', 'usuarios') },
      mhSimulator: this.env.MH_BASE_URL,
    };
  }
}

module.exports = { Stack, resolvePorts, freePort, DEFAULT_PORTS };
