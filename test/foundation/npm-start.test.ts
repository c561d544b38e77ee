import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import mongoose from 'mongoose';
import { freePort } from '../support/processes';

const ROOT = path.resolve(__dirname, '../..');
const PORT_VARS = [
  'TEMPORAL_PORT',
  'TEMPORAL_UI_PORT',
  'MONGODB_PORT',
  'MINIO_PORT',
  'MINIO_CONSOLE_PORT',
  'SMTP_PORT',
  'MAILDEV_WEB_PORT',
  'IMAP_PORT',
  'MH_SIM_PORT',
  'API_PORT',
  'WORKER_METRICS_PORT',
];

/** Runs `npm start`'s script until it prints its URL table; resolves with the process and its output. */
function start(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Press Ctrl-C to stop.')) resolve({ child, output: () => out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/** Processes whose command line mentions the data folder: what `npm start` started and must stop. */
function processesUsing(dir: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
  return ps.split('\n').filter((line) => line.includes(dir) && !line.includes('ps -eo'));
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Nothing is left behind: no process mentions the data folder and no port of the stack still listens. */
async function leftovers(env: NodeJS.ProcessEnv, dataDir: string): Promise<string[]> {
  const ports = await Promise.all(
    PORT_VARS.map(async (v) => ((await listening(Number(env[v]))) ? `${v} still listening` : '')),
  );
  return [...processesUsing(dataDir), ...ports.filter(Boolean)];
}

describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-start-'));

  // Ports are picked again for each start: a port freed by the first run may be taken by another suite
  // before the second one starts.
  async function withFreePorts(): Promise<NodeJS.ProcessEnv> {
    const env: NodeJS.ProcessEnv = { ...process.env, DTE_DATA_DIR: dataDir };
    for (const name of PORT_VARS) env[name] = String(await freePort());
    delete env.MONGODB_URI;
    delete env.SMTP_URL;
    delete env.MH_BASE_URL;
    delete env.DTE_DEV_TOKEN;
    return env;
  }
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('serves /health, stops every child on SIGTERM, and keeps the data across restarts', async () => {
    let env = await withFreePorts();
    const first = await start(env);
    const api = `http://127.0.0.1:${env.API_PORT}`;
    expect(first.output()).toContain(`Temporal Web UI    http://127.0.0.1:${env.TEMPORAL_UI_PORT}`);
    const token = fs.readFileSync(path.join(dataDir, 'dev-token'), 'utf8').trim();
    expect(first.output()).toContain(token);
    expect((await fetch(`${api}/health`)).status).toBe(200);

    const smoke = await fetch(`${api}/diagnostics/smoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': token },
      body: '{}',
    });
    const { data } = (await smoke.json()) as { data: { id: string; workflowId: string } };

    expect(await stop(first.child)).toBe(0);
    expect(await leftovers(env, dataDir)).toEqual([]);
    for (const log of ['temporal', 'ferretdb', 'minio', 'maildev', 'mh-simulator', 'worker', 'api']) {
      expect(fs.existsSync(path.join(dataDir, 'logs', `${log}.log`))).toBe(true);
    }

    env = await withFreePorts();
    const second = await start(env);
    try {
      expect(fs.readFileSync(path.join(dataDir, 'dev-token'), 'utf8').trim()).toBe(token);
      const conn = await mongoose.createConnection(`mongodb://127.0.0.1:${env.MONGODB_PORT}/dte`).asPromise();
      const record = await conn.collection('smoke').findOne({ smokeId: data.id });
      const emisores = await conn.collection('emisores').countDocuments();
      await conn.close();
      expect(record).not.toBeNull();
      expect(emisores).toBe(1);
      const connection = await Connection.connect({ address: `127.0.0.1:${env.TEMPORAL_PORT}` });
      const described = await new Client({ connection }).workflow.getHandle(data.workflowId).describe();
      await connection.close();
      expect(described.status.name).toBe('COMPLETED');
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
    expect(await leftovers(env, dataDir)).toEqual([]);
  }, 240000);
});
