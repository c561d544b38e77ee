import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const stack = (globalThis as Record<string, unknown>).__DTE_STACK__ as
    { stop(): Promise<void>; dataDir: string } | undefined;
  if (!stack) return;
  await stack.stop();
  if (!process.env.DTE_KEEP_TEST_DATA) fs.rmSync(stack.dataDir, { recursive: true, force: true });
}
