import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eventually } from './eventually';
import { stack } from './stack';

const ROOT = path.resolve(__dirname, '../..');

/** A free loopback port, outside the range the kernel gives outgoing connections (see scripts/stack.js). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const freePort: () => Promise<number> = require('../../scripts/stack').freePort;

/** Whether something accepts TCP connections on the port (a fresh connection, never a pooled one). */
export function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A service process a suite started itself, with the stack's configuration plus its own. */
export interface ExtraProcess {
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** The JSON lines of its log so far. */
  logLines(): Record<string, unknown>[];
}

function spawnService(name: string, main: string, env: Record<string, string>): ExtraProcess {
  const logFile = path.join(stack().dataDir, 'logs', `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, main)], {
    env: { ...process.env, ...stack().env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  // The global teardown stops whatever a failed suite left running.
  fs.appendFileSync(path.join(stack().dataDir, 'extra-pids'), `${child.pid}\n`);
  return {
    child,
    logFile,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    logLines: () =>
      fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/** A second API process on a port of its own, answering /health before this resolves. */
export async function startApi(
  name: string,
  env: Record<string, string> = {},
): Promise<ExtraProcess & { url: string }> {
  const port = await freePort();
  const api = spawnService(name, 'apps/api/dist/main.js', { ...env, API_PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await eventually(`${name} to answer /health`, () =>
    fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  return { ...api, url };
}

/** A second worker process, polling once it logs `worker running`; its metrics endpoint on a port of its own. */
export async function startWorker(
  name: string,
  env: Record<string, string> = {},
): Promise<ExtraProcess & { metricsPort: number }> {
  const metricsPort = await freePort();
  const worker = spawnService(name, 'apps/worker/dist/main.js', { ...env, WORKER_METRICS_PORT: String(metricsPort) });
  await eventually(
    `${name} to log 'worker running'`,
    () => fs.existsSync(worker.logFile) && fs.readFileSync(worker.logFile, 'utf8').includes('worker running'),
  );
  return { ...worker, metricsPort };
}
