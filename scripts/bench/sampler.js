'use strict';
/**
 * CPU and memory of the stack's processes, read from /proc: each named root and all its descendants.
 * Chromium is the worker's child, so its processes are split out of the worker into their own group.
 */
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  /* Linux's usual value */
}

function readStat(pid) {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may hold spaces and parentheses: the fields after it start past the last ')'.
    const close = raw.lastIndexOf(')');
    const comm = raw.slice(raw.indexOf('(') + 1, close);
    const f = raw.slice(close + 2).split(' ');
    return { pid, comm, ppid: Number(f[1]), cpuTicks: Number(f[11]) + Number(f[12]), startTicks: Number(f[19]) };
  } catch {
    return null;
  }
}

function readMemoryKb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number((status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm')) || [])[1] || 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

function bootTicksNow() {
  const uptime = Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return uptime * ticksPerSecond;
}

function allProcesses() {
  const out = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(Number(name));
    if (s) out.set(s.pid, s);
  }
  return out;
}

/**
 * Samples every `intervalMs` while running. `roots` maps a group name to a pid; a process belongs to
 * the group of its nearest named ancestor, and Chromium processes (comm "chrom…") under the worker to
 * `chromium`.
 */
class ProcessSampler {
  constructor(roots, intervalMs = 500) {
    this.roots = roots;
    this.intervalMs = intervalMs;
    this.timer = null;
  }

  groupOf(pid, procs) {
    const byPid = new Map(Object.entries(this.roots).map(([g, p]) => [p, g]));
    let chromium = false;
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
      const s = procs.get(p);
      if (!s) return null;
      if (/^chrom/i.test(s.comm)) chromium = true;
      const group = byPid.get(p);
      if (group) return group === 'worker' && chromium ? 'chromium' : group;
      p = s.ppid;
    }
    return null;
  }

  start() {
    this.startedAt = Date.now();
    this.startBootTicks = bootTicksNow();
    this.perPid = new Map();
    this.peakRss = {};
    this.peakHwm = {};
    this.samples = 0;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  tick() {
    const procs = allProcesses();
    const rss = {};
    for (const s of procs.values()) {
      const group = this.groupOf(s.pid, procs);
      if (!group) continue;
      const key = `${s.pid}:${s.startTicks}`;
      let entry = this.perPid.get(key);
      if (!entry) {
        // A process born during the window counts from zero; an older one from its first reading.
        const base = s.startTicks >= this.startBootTicks ? 0 : s.cpuTicks;
        entry = { group, base, last: s.cpuTicks };
        this.perPid.set(key, entry);
      }
      entry.last = s.cpuTicks;
      // A child seen between fork and exec still has its parent's name (node for Chromium): the group is
      // the one of its latest reading.
      entry.group = group;
      const mem = readMemoryKb(s.pid);
      rss[group] = (rss[group] || 0) + mem.rss;
      this.peakHwm[group] = Math.max(this.peakHwm[group] || 0, mem.hwm);
    }
    for (const [g, kb] of Object.entries(rss)) this.peakRss[g] = Math.max(this.peakRss[g] || 0, kb);
    this.samples++;
  }

  /** Per group: CPU seconds, mean cores busy over the window, peak summed RSS and largest VmHWM (MB). */
  stop() {
    clearInterval(this.timer);
    this.tick();
    const wall = (Date.now() - this.startedAt) / 1000;
    const cpu = {};
    for (const e of this.perPid.values()) cpu[e.group] = (cpu[e.group] || 0) + (e.last - e.base) / ticksPerSecond;
    const groups = {};
    for (const g of new Set([...Object.keys(this.roots), ...Object.keys(cpu)])) {
      const cpuSeconds = cpu[g] || 0;
      groups[g] = {
        cpuSeconds: round(cpuSeconds, 2),
        cpuPercent: round((100 * cpuSeconds) / Math.max(wall, 0.001), 1),
        peakRssMb: round((this.peakRss[g] || 0) / 1024, 1),
        peakHwmMb: round((this.peakHwm[g] || 0) / 1024, 1),
      };
    }
    return { wallSeconds: round(wall, 2), samples: this.samples, groups };
  }
}

function round(n, d) {
  const f = 10 ** d;
  return Math.round(n * f) / f;
}

module.exports = { ProcessSampler };
