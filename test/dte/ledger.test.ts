import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { DteError } from '@dte/domain';
import { appendToLedger, voidLedgerTake } from '@dte/store';
import { stack } from '../support/stack';
import { closeTestDatabase, testDatabase } from '../support/tenant';

/**
 * The ledger that NC credit and retorno quantities rest on, raced across processes on the stack's
 * database (within one process appends are queued, so only separate processes race on `_id`).
 */
describe('original ledger (appendToLedger)', () => {
  afterAll(() => closeTestDatabase());

  const LIMITE = 12;
  /** A process appending `count` takes of 1 concurrently, refusing any beyond LIMITE. */
  const racer = (ledger: string, count: number) =>
    promisify(execFile)(
      process.execPath,
      [
        '-e',
        `
        const { connectDatabase, appendToLedger } = require(${JSON.stringify(path.resolve(__dirname, '../../packages/store'))});
        (async () => {
          const db = await connectDatabase(process.env.MONGODB_URI);
          const results = await Promise.all(Array.from({ length: ${count} }, (_, i) =>
            appendToLedger(db.connection, ${JSON.stringify(ledger)}, process.pid + ':' + i, (earlier) => {
              if (Number(earlier.n ?? 0) + 1 > ${LIMITE}) throw new Error('over');
              return { n: '1' };
            }).then(() => 'ok', (e) => e.message)));
          process.stdout.write(JSON.stringify(results));
          await db.close();
        })();`,
      ],
      { env: stack().env },
    );

  it('lets exactly the takes within the limit through when four processes race', async () => {
    const ledger = `test:${randomUUID()}`;
    const outputs = await Promise.all(Array.from({ length: 4 }, () => racer(ledger, 10)));
    const results = outputs.flatMap((o) => JSON.parse(o.stdout) as string[]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(LIMITE);
    expect(results.filter((r) => r === 'over')).toHaveLength(40 - LIMITE);
    const db = await testDatabase();
    const entries = db.connection.collection<{ _id: string }>('ledgers');
    expect(await entries.findOne({ _id: `${ledger}:${LIMITE}` })).not.toBeNull();
    expect(await entries.findOne({ _id: `${ledger}:${LIMITE + 1}` })).toBeNull();
  }, 120000);

  it('answers a retried take with the sums it was checked against, and frees a voided take', async () => {
    const db = await testDatabase();
    const ledger = `test:${randomUUID()}`;
    const take = () => ({ n: '5' });
    // Owners are codigoGeneracion values: unique for all time, as voids are kept by owner.
    const [A, B, C] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await appendToLedger(db.connection, ledger, A, take)).toEqual({});
    expect(await appendToLedger(db.connection, ledger, B, take)).toEqual({ n: '5' });
    expect(await appendToLedger(db.connection, ledger, A, take)).toEqual({});
    await voidLedgerTake(db.connection, A);
    expect(await appendToLedger(db.connection, ledger, C, take)).toEqual({ n: '5' });
  });

  it('refuses again, with the same answer, a document whose takes were given back for a refusal', async () => {
    const db = await testDatabase();
    const ledger = `test:${randomUUID()}`;
    const owner = randomUUID();
    await appendToLedger(db.connection, ledger, owner, () => ({ n: '5' }));
    const refusal = new DteError('CREDIT_EXCEEDS_ORIGINAL', 400, 'Excede el saldo del CCF', { saldoDisponible: 1 });
    await voidLedgerTake(db.connection, owner, refusal);
    await expect(appendToLedger(db.connection, ledger, owner, () => ({ n: '5' }))).rejects.toMatchObject({
      code: 'CREDIT_EXCEEDS_ORIGINAL',
      httpStatus: 400,
      message: 'Excede el saldo del CCF',
      details: { saldoDisponible: 1 },
    });
    // Its take no longer counts for the others.
    expect(await appendToLedger(db.connection, ledger, randomUUID(), () => ({ n: '1' }))).toEqual({});
  });
});
