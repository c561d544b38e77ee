/**
 * The one way the tests wait: on a condition, never on a time budget. A probe answers what was awaited, or
 * undefined, null or false (or throws, e.g. an `expect` that does not hold yet) while it is not there.
 */

/** Set by test/support/environment.js when a test or hook starts. */
interface Running {
  started: number;
  timeoutMs: number;
}

/** The share of the test's timeout a wait may use, leaving jest time to report `what` rather than its own timeout. */
const SHARE = 0.9;

/**
 * Asks `probe` again, with a short backoff, until it answers, and answers what it answered. It gives up only
 * near the running test's jest timeout (test/support/environment.js), failing with `what` (what was awaited,
 * e.g. 'the document to be PROCESSED') and the probe's last error.
 */
export async function eventually<T>(
  what: string,
  probe: () => T | Promise<T>,
): Promise<Exclude<T, undefined | null | false>> {
  const running = (globalThis as { __jestGivesUpAt?: Running }).__jestGivesUpAt;
  if (!running) throw new Error(`eventually(${what}) waits inside a jest test or hook (test/support/environment.js)`);
  const givesUpAt = running.started + running.timeoutMs * SHARE;
  const started = Date.now();
  let last: unknown;
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    try {
      const answer = await probe();
      if (answer !== undefined && answer !== null && answer !== false)
        return answer as Exclude<T, undefined | null | false>;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() + pause > givesUpAt) {
      const seconds = (ms: number) => Math.round(ms / 1000);
      const waited = `gave up waiting for ${what} after ${seconds(Date.now() - started)} s, near the test's ${seconds(running.timeoutMs)} s timeout`;
      if (last instanceof Error) throw new Error(`${waited}; the last try threw: ${last.message}`, { cause: last });
      throw new Error(last === undefined ? waited : `${waited}; the last try threw: ${String(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
