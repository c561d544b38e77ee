import { eventually } from '../support/eventually';

/** The suites' one way to wait (test/support/eventually.ts), bounded by the running test's own timeout. */
describe('eventually', () => {
  it('asks again while the probe throws or answers undefined, null or false, and answers its first answer', async () => {
    const answers: (() => unknown)[] = [
      () => {
        throw new Error('not yet');
      },
      () => undefined,
      () => null,
      () => false,
      () => 0,
    ];
    let asked = 0;
    expect(await eventually('an answer', () => answers[asked++]!())).toBe(0);
    expect(asked).toBe(5);
  });

  // A 5 s test: it gives up at 90% of that, so what it reports is its own failure, not jest's timeout.
  it('gives up before jest does, naming what it awaited and what the probe last threw', async () => {
    let asked = 0;
    const probe = () => {
      asked++;
      throw new Error('MH has not processed it');
    };
    await expect(eventually('the lote', probe)).rejects.toThrow(
      /^gave up waiting for the lote after \d+ s, near the test's 5 s timeout; the last try threw: MH has not processed it$/,
    );
    expect(asked).toBeGreaterThan(1);
  }, 5000);

  it('names only what it awaited when the probe never threw', async () => {
    await expect(eventually('the sello', () => false)).rejects.toThrow(
      /^gave up waiting for the sello after \d+ s, near the test's 5 s timeout$/,
    );
  }, 5000);
});
