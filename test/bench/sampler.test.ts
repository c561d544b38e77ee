import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '../support/eventually';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ProcessSampler } = require('../../scripts/bench/sampler');

interface Burner {
  /** The executable: node itself, or node under another name. */
  exe: string;
  /** CPU the process uses in all, startup included, so the figure does not depend on how busy the machine is. */
  ms: number;
  children?: Burner[];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampler-'));
let made = 0;
const doneFiles: string[] = [];

/** A node program that starts its children, uses its CPU, writes a file to say so, then idles until killed. */
function program(b: Burner): string {
  const done = path.join(dir, `done-${made++}`);
  doneFiles.push(done);
  const children = (b.children ?? [])
    .map((c) => `spawn(${JSON.stringify(c.exe)}, ['-e', ${JSON.stringify(program(c))}], { stdio: 'ignore' });`)
    .join('\n');
  return `
    const { spawn } = require('node:child_process');
    ${children}
    const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    while (used() < ${b.ms});
    require('node:fs').writeFileSync(${JSON.stringify(done)}, '');
    setInterval(() => undefined, 60000);
  `;
}

const roots: ChildProcess[] = [];
function start(b: Burner): number {
  const child = spawn(b.exe, ['-e', program(b)], { stdio: 'ignore', detached: true });
  roots.push(child);
  return child.pid!;
}

afterAll(() => {
  for (const child of roots) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The bench's CPU and memory figures per process group (scripts/bench/sampler.js): a group is a named
 * root with all its descendants, and the worker's Chromium processes are a group of their own.
 */
describe('bench process sampler', () => {
  it('charges each process tree to its root, splits Chromium out of the worker, and ignores the rest', async () => {
    // Chromium is recognised by its process name; node under a name starting with "chrom" stands in.
    const chromium = path.join(dir, 'chromium-test');
    fs.symlinkSync(process.execPath, chromium);
    const node = process.execPath;

    const sampler = new ProcessSampler({}, 100);
    sampler.start();
    sampler.roots = {
      worker: start({
        exe: node,
        ms: 300,
        children: [
          { exe: chromium, ms: 600 },
          { exe: node, ms: 200 },
        ],
      }),
      api: start({ exe: node, ms: 150 }),
    };
    // Not under any root: its CPU belongs to no group.
    start({ exe: node, ms: 500 });
    await eventually('every process to use its CPU', () => doneFiles.every((f) => fs.existsSync(f)));
    const { groups } = sampler.stop();

    // Each figure is what the group's processes used: the worker 300 + 200 ms, Chromium 600, the API 150
    // (/proc counts in 10 ms clock ticks, truncated, so each process may read up to 20 ms short).
    expect(groups.worker.cpuSeconds).toBeGreaterThanOrEqual(0.45);
    expect(groups.worker.cpuSeconds).toBeLessThan(0.6);
    expect(groups.chromium.cpuSeconds).toBeGreaterThanOrEqual(0.55);
    expect(groups.chromium.cpuSeconds).toBeLessThan(0.7);
    expect(groups.api.cpuSeconds).toBeGreaterThanOrEqual(0.12);
    expect(groups.api.cpuSeconds).toBeLessThan(0.25);
    expect(Object.keys(groups).sort()).toEqual(['api', 'chromium', 'worker']);
    for (const g of ['worker', 'chromium', 'api']) expect(groups[g].peakRssMb).toBeGreaterThan(10);
  });
});
