import { ObjectStore } from '@dte/store';
import { loadConfig } from '@dte/config';
import { eventually } from './eventually';
import { stack } from './stack';

export function testStore(): ObjectStore {
  return ObjectStore.fromConfig(loadConfig(stack().env));
}

/** Waits for an object written after the HTTP answer (the PDF is rendered off the synchronous path). */
export function waitForObject(key: string): Promise<Buffer> {
  const store = testStore();
  return eventually(`${key} in storage`, () => store.get(key));
}
