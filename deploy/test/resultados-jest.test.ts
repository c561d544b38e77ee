import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { resumir, leer, unir, lineaFinal } = require('../../scripts/jest-results');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const JestResultsReporter = require('../../scripts/jest-reporter');

const ROOT = path.resolve(__dirname, '../..');

/** A socket-like error as a failing HTTP test leaves it: it refers to itself, so plain JSON cannot hold it. */
function errorCircular(): Error {
  const error = new Error('socket hang up') as Error & { socket?: unknown };
  const socket: Record<string, unknown> = { remoteAddress: '127.0.0.1' };
  socket.self = socket;
  socket.error = error;
  error.socket = socket;
  return error;
}

/** jest's aggregated results of one file holding `pasan` passing tests and `fallan` failing ones. */
function agregados(archivo: string, pasan: number, fallan: number) {
  const pruebas = [
    ...Array.from({ length: pasan }, (_, i) => ({ fullName: `pasa ${i}`, status: 'passed', failureMessages: [] })),
    ...Array.from({ length: fallan }, (_, i) => ({
      fullName: `falla ${i}`,
      status: 'failed',
      duration: 12,
      failureMessages: ['Error: socket hang up'],
      failureDetails: [errorCircular()],
    })),
  ];
  return {
    numTotalTests: pasan + fallan,
    numPassedTests: pasan,
    numFailedTests: fallan,
    numPendingTests: 0,
    numTodoTests: 0,
    numTotalTestSuites: 1,
    numPassedTestSuites: fallan ? 0 : 1,
    numFailedTestSuites: fallan ? 1 : 0,
    numPendingTestSuites: 0,
    numRuntimeErrorTestSuites: 0,
    startTime: 1_700_000_000_000,
    snapshot: { failure: false },
    openHandles: [errorCircular()],
    testResults: [
      {
        testFilePath: path.join(ROOT, archivo),
        numPassingTests: pasan,
        numFailingTests: fallan,
        numPendingTests: 0,
        failureMessage: fallan ? 'socket hang up' : null,
        testExecError: undefined,
        testResults: pruebas,
      },
    ],
  };
}

describe("npm test's results (scripts/jest-results.js)", () => {
  it('keeps the counts and each failure as text, whatever the failure held', () => {
    const r = resumir(agregados('test/a.test.ts', 2, 1), true);
    expect(() => JSON.stringify(agregados('test/a.test.ts', 2, 1))).toThrow(/circular/);
    expect(JSON.parse(JSON.stringify(r))).toEqual({
      completo: true,
      success: false,
      startTime: 1_700_000_000_000,
      numTotalTests: 3,
      numPassedTests: 2,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      numTotalTestSuites: 1,
      numPassedTestSuites: 0,
      numFailedTestSuites: 1,
      numPendingTestSuites: 0,
      numRuntimeErrorTestSuites: 0,
      runExecError: null,
      testResults: [
        {
          name: 'test/a.test.ts',
          numPassingTests: 2,
          numFailingTests: 1,
          numPendingTests: 0,
          testExecError: null,
          assertionResults: [
            { fullName: 'pasa 0', status: 'passed', duration: null, failureMessages: [] },
            { fullName: 'pasa 1', status: 'passed', duration: null, failureMessages: [] },
            { fullName: 'falla 0', status: 'failed', duration: 12, failureMessages: ['Error: socket hang up'] },
          ],
        },
      ],
    });
  });

  it('counts every test of every part, and a part without its whole results as one failed, named', () => {
    const r = unir([
      { nombre: 'integration 1/2', resultados: null },
      { nombre: 'integration 2/2', resultados: resumir(agregados('test/b.test.ts', 4, 1), true) },
      { nombre: 'unit and deploy', resultados: resumir(agregados('packages/c/test/c.test.ts', 7, 0), false) },
    ]);
    // 4 + 7 passed; 1 failed test, and the two parts: one with no results, one cut short.
    expect(r).toMatchObject({
      success: false,
      numTotalTests: 12,
      numPassedTests: 11,
      numFailedTests: 1,
      numTotalTestSuites: 2,
      numRuntimeErrorTestSuites: 2,
      partesFallidas: [
        { nombre: 'integration 1/2', motivo: 'no results' },
        { nombre: 'unit and deploy', motivo: 'cut short' },
      ],
    });
    expect(r.testResults.map((s: { name: string }) => s.name)).toEqual(['test/b.test.ts', 'packages/c/test/c.test.ts']);
    expect(lineaFinal(r)).toBe(
      '11 passed, 3 failed, in 2 suites; counted as failed, without their whole results: ' +
        'integration 1/2 (no results), unit and deploy (cut short)',
    );
  });

  it('says only the count when every part ran whole', () => {
    const r = unir([
      { nombre: 'integration 1/2', resultados: resumir(agregados('test/a.test.ts', 3, 0), true) },
      { nombre: 'unit and deploy', resultados: resumir(agregados('packages/c/test/c.test.ts', 5, 0), true) },
    ]);
    expect([r.success, r.partesFallidas, lineaFinal(r)]).toEqual([true, [], '8 passed, 0 failed, in 2 suites']);
  });

  it('is written whole by the reporter after each file and at the end, and read back; a torn file reads as none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jest-results-'));
    const archivo = path.join(dir, 'parte.json');
    const antes = process.env.DTE_JEST_RESULTS;
    process.env.DTE_JEST_RESULTS = archivo;
    try {
      const reporter = new JestResultsReporter();
      reporter.onTestFileResult({}, {}, agregados('test/a.test.ts', 1, 1));
      expect(leer(archivo)).toMatchObject({ completo: false, numPassedTests: 1, numFailedTests: 1 });
      reporter.onRunComplete(new Set(), agregados('test/a.test.ts', 1, 1));
      expect(leer(archivo)).toMatchObject({ completo: true, numPassedTests: 1, numFailedTests: 1 });
      expect(fs.readdirSync(dir)).toEqual(['parte.json']);

      fs.writeFileSync(archivo, '{"completo": tr');
      expect(leer(archivo)).toBeNull();
      expect(leer(path.join(dir, 'ninguno.json'))).toBeNull();
    } finally {
      if (antes === undefined) delete process.env.DTE_JEST_RESULTS;
      else process.env.DTE_JEST_RESULTS = antes;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
