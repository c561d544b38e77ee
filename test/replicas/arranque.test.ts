import { randomUUID } from 'node:crypto';
import { loadConfig } from '@dte/config';
import { ObjectStore } from '@dte/store';
import { stack } from '../support/stack';

/** What every replica does at start-up, done by several at once against the stack's MinIO. */
describe('replicas starting together', () => {
  it('all create the bucket they find missing, and none fails because another one created it first', async () => {
    const config = loadConfig(stack().env);
    const bucket = `dte-replicas-${randomUUID().slice(0, 8)}`;
    const replicas = Array.from({ length: 6 }, () => ObjectStore.fromConfig({ ...config, S3_BUCKET: bucket }));
    const resultados = await Promise.allSettled(replicas.map((r) => r.ensureBucket()));
    expect(resultados.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
    // The bucket works, whichever replica created it.
    await replicas[0]!.put('prueba.json', Buffer.from('{}'), 'application/json');
    expect((await replicas[5]!.get('prueba.json'))?.toString()).toBe('{}');
  });
});
