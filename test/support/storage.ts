import { ObjectStore } from '@dte/activities';
import { loadConfig } from '@dte/config';
import { stack } from './stack';

export function testStore(): ObjectStore {
  const c = loadConfig(stack().env);
  return new ObjectStore({
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    accessKey: c.S3_ACCESS_KEY,
    secretKey: c.S3_SECRET_KEY,
    bucket: c.S3_BUCKET,
  });
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
