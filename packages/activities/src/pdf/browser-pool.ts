import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export interface BrowserPoolOptions {
  /** The Chromium binary (CHROMIUM_PATH); puppeteer-core never downloads one. */
  executablePath: string;
  /** How many pages render at once (PDF_POOL_SIZE); further callers wait their turn. */
  size: number;
  /** Bound on one page task (default 30 s), so a wedged render frees its slot instead of blocking the queue. */
  timeoutMs?: number;
}

// Chromium must not phone home or touch shared state: it runs beside the worker, often in a container
// without a user namespace (hence no sandbox) and with a small /dev/shm.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

interface Launched {
  browser: Browser;
  userDataDir: string;
}

/**
 * One Chromium per process, launched on first use, with at most `size` reusable pages. Launching costs
 * far more than rendering, so pages are kept warm between documents; a crashed or disconnected browser
 * is dropped and the next task launches a fresh one.
 */
export class BrowserPool {
  private launched: Promise<Launched> | null = null;
  private idle: Page[] = [];
  private busy = 0;
  private readonly queue: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing = false;
  private launches = 0;
  private readonly timeoutMs: number;

  constructor(private readonly options: BrowserPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('BrowserPool size must be >= 1');
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** How many pages render at once. */
  get size(): number {
    return this.options.size;
  }

  /** How many times Chromium was started; more than one means it crashed or disconnected. */
  get launchCount(): number {
    return this.launches;
  }

  /**
   * Runs `task` on a pooled page. The page loads nothing from the network: every request other than a
   * data: URL is aborted, and scripts are disabled, so a document renders exactly what its HTML embeds.
   */
  use<T>(task: (page: Page) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new Error('BrowserPool is closed'));
    const run = this.run(task);
    this.inFlight.add(run);
    const forget = () => this.inFlight.delete(run);
    run.then(forget, forget);
    return run;
  }

  /** Lets queued and running tasks finish, then closes Chromium and removes its profile. */
  async close(): Promise<void> {
    this.closing = true;
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    const launched = this.launched;
    this.launched = null;
    this.idle = [];
    if (!launched) return;
    const current = await launched.catch(() => null);
    if (!current) return;
    await current.browser.close().catch(() => current.browser.process()?.kill('SIGKILL'));
    await removeProfile(current.userDataDir);
  }

  private async run<T>(task: (page: Page) => Promise<T>): Promise<T> {
    await this.acquireSlot();
    let page: Page | null = null;
    let reusable = false;
    try {
      page = await this.takePage();
      const result = await withTimeout(task(page), this.timeoutMs);
      reusable = true;
      return result;
    } finally {
      if (page) this.returnPage(page, reusable);
      this.releaseSlot();
    }
  }

  private acquireSlot(): Promise<void> {
    if (this.busy < this.options.size) {
      this.busy++;
      return Promise.resolve();
    }
    // The slot passes straight from the releasing task to the waiter, so `busy` stays unchanged.
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.busy--;
  }

  private async takePage(): Promise<Page> {
    const browser = await this.browser();
    // Idle pages belong to the current browser (a disconnect empties the list), but a renderer crash
    // can close one on its own.
    for (let page = this.idle.pop(); page; page = this.idle.pop()) {
      if (!page.isClosed()) return page;
    }
    return this.newPage(browser);
  }

  /** A page that failed mid-task may hold a half-loaded document or a hung navigation: it is not reused. */
  private returnPage(page: Page, reusable: boolean): void {
    if (reusable && !this.closing && !page.isClosed() && page.browser().connected) {
      this.idle.push(page);
      return;
    }
    if (!page.isClosed() && page.browser().connected) page.close().catch(() => undefined);
  }

  private async newPage(browser: Browser): Promise<Page> {
    const page = await browser.newPage();
    try {
      page.setDefaultTimeout(this.timeoutMs);
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        if (request.url().startsWith('data:')) request.continue().catch(() => undefined);
        else request.abort('blockedbyclient').catch(() => undefined);
      });
      return page;
    } catch (error) {
      await page.close().catch(() => undefined);
      throw error;
    }
  }

  private async browser(): Promise<Browser> {
    const launching = this.launching();
    const { browser } = await launching;
    if (browser.connected) return browser;
    // It died and its 'disconnected' event has not been handled yet: launch a new one now.
    if (this.launched === launching) this.launched = null;
    return this.browser();
  }

  private launching(): Promise<Launched> {
    if (this.launched) return this.launched;
    const launching: Promise<Launched> = this.launch().then(
      (launched) => {
        launched.browser.once('disconnected', () => {
          if (this.launched === launching) {
            this.launched = null;
            this.idle = [];
          }
          void removeProfile(launched.userDataDir);
        });
        return launched;
      },
      (error: unknown) => {
        // A failed launch must not be cached, or every later render would fail with the same error.
        if (this.launched === launching) this.launched = null;
        throw error;
      },
    );
    this.launched = launching;
    return launching;
  }

  private async launch(): Promise<Launched> {
    const userDataDir = await mkdtemp(join(tmpdir(), `${PERFIL}${process.pid}-`));
    try {
      const browser = await puppeteer.launch({
        executablePath: this.options.executablePath,
        headless: true,
        userDataDir,
        args: CHROMIUM_ARGS,
        // Over a pipe, Chromium exits when the worker does, even when it is killed (the pipe closes): over a
        // WebSocket it would outlive a killed worker in its own process group.
        pipe: true,
        // The worker owns shutdown (close()); Chromium must not react to the signals on its own.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      this.launches++;
      return { browser, userDataDir };
    } catch (error) {
      await removeProfile(userDataDir);
      throw error;
    }
  }
}

/** A Chromium profile folder's name: this prefix, the worker's pid, a dash, mkdtemp's suffix. */
const PERFIL = 'dte-chromium-';
const PID_DEL_PERFIL = new RegExp(`^${PERFIL}(\\d+)-`);

function vive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it lives, as another user's process.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the Chromium profiles that worker processes killed before closing their browser left in `dir`
 * (a pod's /tmp is an emptyDir that outlives its container's restarts, so they would pile up there). Run
 * at start-up, before this process launches its own: a profile of this pid is a dead predecessor's (pids
 * restart in a new container), one of a live pid another worker's on the same machine, left alone.
 * Answers the folders removed.
 */
export async function removeOrphanProfiles(dir = tmpdir()): Promise<string[]> {
  const huerfanos = (await readdir(dir))
    .map((nombre) => ({ nombre, pid: Number(PID_DEL_PERFIL.exec(nombre)?.[1]) }))
    .filter(({ pid }) => Number.isInteger(pid) && (pid === process.pid || !vive(pid)))
    .map(({ nombre }) => join(dir, nombre));
  await Promise.all(huerfanos.map(removeProfile));
  return huerfanos;
}

function removeProfile(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`BrowserPool task exceeded ${ms} ms`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
