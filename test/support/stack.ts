import fs from 'node:fs';

/** What the integration suites know about the stack that globalSetup started. */
export interface StackInfo {
  api: string;
  /** The stack's worker's Prometheus endpoint (`/metrics`, `/health`). */
  workerMetrics: string;
  temporalGrpc: string;
  temporalUi: string;
  /** The Temporal dev server's Prometheus endpoint. */
  temporalMetrics: string;
  database: string;
  minio: string;
  smtp: string;
  maildev: string;
  /** Dovecot's IMAP on loopback (no TLS), its accounts in the passwd-file `usuarios` (test/support/buzon.ts). */
  imap: { host: string; port: number; usuarios: string };
  mhSimulator: string;
  devToken: string;
  dataDir: string;
  /** Each process the stack started, by name (api, worker, temporal, ferretdb or mongod, …; the crash test kills the worker). */
  pids: { worker: number; [name: string]: number };
  /** The environment the service processes run with (config variables). */
  env: Record<string, string>;
}

let cached: StackInfo | undefined;

export function stack(): StackInfo {
  if (!cached) {
    const file = process.env.DTE_TEST_STACK_FILE;
    if (!file) throw new Error('the integration stack is not running (DTE_TEST_STACK_FILE unset)');
    cached = JSON.parse(fs.readFileSync(file, 'utf8')) as StackInfo;
  }
  return cached!;
}
