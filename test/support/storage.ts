import { ObjectStore } from '@dte/store';
import { loadConfig } from '@dte/config';
import { stack } from './stack';

export function testStore(): ObjectStore {
  return ObjectStore.fromConfig(loadConfig(stack().env));
}

/** Waits for an object written after the HTTP answer (the PDF is rendered off the synchronous path). */
export async function waitForObject(key: string, timeoutMs = 30000): Promise<Buffer> {
  const store = testStore();
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const body = await store.get(key);
    if (body) return body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${key} did not appear in storage`);
}
