import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const stack = (globalThis as Record<string, unknown>).__DTE_STACK__ as
    { stop(): Promise<void>; dataDir: string } | undefined;
  if (!stack) return;
  // Processes a suite started itself (e.g. a worker restarted after a crash test) are listed here.
  const extra = `${stack.dataDir}/extra-pids`;
  if (fs.existsSync(extra)) {
    for (const pid of fs.readFileSync(extra, 'utf8').split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
  await stack.stop();
  if (!process.env.DTE_KEEP_TEST_DATA) fs.rmSync(stack.dataDir, { recursive: true, force: true });
}
