'use strict';
/**
 * A jest run's results as `.data/jest-results.json` holds them, and the parts of `npm test` merged into
 * one. Only counts and strings are kept: jest's own `--json` also serialises each failure's error object,
 * and one that held a socket (a circular structure) made jest write nothing, so a whole part's tests
 * vanished from the closing count. A part whose results are missing, unreadable or cut short counts as
 * one failed and is named.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const CUENTAS = [
  'numTotalTests',
  'numPassedTests',
  'numFailedTests',
  'numPendingTests',
  'numTodoTests',
  'numTotalTestSuites',
  'numPassedTestSuites',
  'numFailedTestSuites',
  'numPendingTestSuites',
  'numRuntimeErrorTestSuites',
];

const mensaje = (error) => (error ? String(error.message ?? error) : null);

/** One test file's results: its path from the repository, its counts, and each test's outcome and failures. */
function suite(r) {
  return {
    name: path.relative(ROOT, r.testFilePath),
    numPassingTests: r.numPassingTests,
    numFailingTests: r.numFailingTests,
    numPendingTests: r.numPendingTests,
    testExecError: mensaje(r.testExecError),
    assertionResults: r.testResults.map((a) => ({
      fullName: a.fullName,
      status: a.status,
      duration: a.duration ?? null,
      failureMessages: a.failureMessages.map(String),
    })),
  };
}

/** jest's aggregated results (a reporter's), `completo` once the run has ended. */
function resumir(agregados, completo) {
  const cuentas = Object.fromEntries(CUENTAS.map((c) => [c, agregados[c] ?? 0]));
  const runExecError = mensaje(agregados.runExecError);
  return {
    completo,
    success:
      completo &&
      cuentas.numFailedTests === 0 &&
      cuentas.numRuntimeErrorTestSuites === 0 &&
      !agregados.snapshot?.failure &&
      runExecError === null,
    startTime: agregados.startTime,
    ...cuentas,
    runExecError,
    testResults: agregados.testResults.map(suite),
  };
}

/** The results a part wrote, or null when it wrote none that can be read. */
function leer(archivo) {
  try {
    return JSON.parse(fs.readFileSync(archivo, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The parts' results (`{ nombre, resultados }`, `resultados` as `leer` gives them) as one, in the shape
 * `.ci/run` reads; `partesFallidas` names each part without its whole results, counted as one suite that
 * could not run.
 */
function unir(partes) {
  const partesFallidas = partes.flatMap(({ nombre, resultados }) =>
    resultados === null
      ? [{ nombre, motivo: 'no results' }]
      : resultados.completo
        ? []
        : [{ nombre, motivo: 'cut short' }],
  );
  const leidas = partes.map((p) => p.resultados).filter((r) => r !== null);
  const suma = (campo) => leidas.reduce((n, r) => n + (r[campo] ?? 0), 0);
  const cuentas = Object.fromEntries(CUENTAS.map((c) => [c, suma(c)]));
  cuentas.numRuntimeErrorTestSuites += partesFallidas.length;
  return {
    success: partesFallidas.length === 0 && leidas.every((r) => r.success),
    startTime: Math.min(...leidas.map((r) => r.startTime ?? Date.now()), Date.now()),
    ...cuentas,
    partesFallidas,
    testResults: leidas.flatMap((r) => r.testResults ?? []),
  };
}

/** The closing line: what `.ci/run` counts (a suite that could not run is one failed), and the parts to blame. */
function lineaFinal(r) {
  const fallidos = r.numFailedTests + r.numRuntimeErrorTestSuites;
  const partes = r.partesFallidas.map((p) => `${p.nombre} (${p.motivo})`).join(', ');
  return (
    `${r.numPassedTests} passed, ${fallidos} failed, in ${r.numTotalTestSuites} suites` +
    (partes ? `; counted as failed, without their whole results: ${partes}` : '')
  );
}

module.exports = { resumir, leer, unir, lineaFinal };
