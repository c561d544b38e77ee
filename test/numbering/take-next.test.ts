import { randomUUID } from 'node:crypto';
import { advanceHint, connectDatabase, takeNext, takeOwned, type Database } from '@dte/store';
import { stack } from '../support/stack';

/**
 * `takeNext` remembers the last number of a series per process (per connection here), so a claim is one
 * insert. Two processes on one series must still never share a number nor leave a gap: each is given its
 * own connection, as two worker replicas would have.
 */
describe('takeNext across processes', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await connectDatabase(stack().env.MONGODB_URI!);
    b = await connectDatabase(stack().env.MONGODB_URI!);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('hands out 1..100 once each when two processes race on one series', async () => {
    const series = `prueba:${randomUUID()}`;
    const taken = await Promise.all(
      Array.from({ length: 100 }, (_, i) => takeNext((i % 2 ? a : b).connection, series)),
    );
    expect([...taken].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('gives an owner the number it already took, also from the other process', async () => {
    const series = `prueba:${randomUUID()}`;
    const first = await takeNext(a.connection, series, 'DOC-1');
    await takeNext(b.connection, series, 'DOC-2');
    expect(await takeNext(b.connection, series, 'DOC-1')).toBe(first);
    expect(await takeNext(a.connection, series, 'DOC-3')).toBe(3);
  });

  it('starts a process that comes later after the numbers already taken', async () => {
    const series = `prueba:${randomUUID()}`;
    for (let i = 0; i < 40; i++) await takeNext(a.connection, series);
    const late = await connectDatabase(stack().env.MONGODB_URI!);
    try {
      expect(await takeNext(late.connection, series)).toBe(41);
    } finally {
      await late.close();
    }
  });

  it("moves a new series' shared hint from eight processes at once, none of them failing", async () => {
    // The first processes to lose a race on a new series create its hint together; the database refuses
    // all of those upserts but one with E11000 (seen in the bench's numbering scenario), and none may fail.
    // FerretDB may lose one of the concurrent `$max` updates: the hint may stay low, never above a number.
    const procesos = await Promise.all(Array.from({ length: 8 }, () => connectDatabase(stack().env.MONGODB_URI!)));
    try {
      for (let ronda = 0; ronda < 10; ronda++) {
        const series = `prueba:${randomUUID()}`;
        await Promise.all(procesos.map((p, i) => advanceHint(p.connection, series, i + 1)));
        const hint = await a.connection.collection<{ _id: string; n: number }>('claim_hints').findOne({ _id: series });
        expect(hint?.n).toBeGreaterThanOrEqual(1);
        expect(hint?.n).toBeLessThanOrEqual(8);
      }
    } finally {
      await Promise.all(procesos.map((p) => p.close()));
    }
  });

  describe('takeOwned, a number and its owner in one insert', () => {
    it('hands out 1..100 once each when two processes race on one series, one insert per number', async () => {
      const series = `prueba:${randomUUID()}`;
      const taken = await Promise.all(
        Array.from({ length: 100 }, (_, i) => takeOwned((i % 2 ? a : b).connection, series, `DOC-${i}`)),
      );
      expect([...taken].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      // Each number is one document naming its owner.
      const guardados = await a.connection
        .collection<{ _id: string; n: number }>('numeros')
        .find({ serie: series })
        .toArray();
      expect(guardados.length).toBe(100);
      expect(new Map(guardados.map((g) => [g._id, g.n]))).toEqual(
        new Map(taken.map((n, i) => [`${series}:DOC-${i}`, n])),
      );
    });

    it('gives an owner the number it already took, also from the other process', async () => {
      const series = `prueba:${randomUUID()}`;
      const first = await takeOwned(a.connection, series, 'DOC-1');
      await takeOwned(b.connection, series, 'DOC-2');
      expect(await takeOwned(b.connection, series, 'DOC-1')).toBe(first);
      expect(await takeOwned(a.connection, series, 'DOC-3')).toBe(3);
    });

    it('goes on after the numbers the series took as claims before it, in a process starting cold', async () => {
      const series = `prueba:${randomUUID()}`;
      for (let i = 1; i <= 40; i++) await takeNext(a.connection, series, `VIEJO-${i}`);
      const late = await connectDatabase(stack().env.MONGODB_URI!);
      try {
        expect(await takeOwned(late.connection, series, 'NUEVO-1')).toBe(41);
        expect(await takeOwned(b.connection, series, 'NUEVO-2')).toBe(42);
      } finally {
        await late.close();
      }
    });
  });
});
