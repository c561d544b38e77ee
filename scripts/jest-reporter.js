'use strict';
/**
 * A jest reporter that writes the run's results (`resumir` in ./jest-results.js) to the file named by
 * DTE_JEST_RESULTS after each test file, marked cut short, and once more when the run ends: a jest that
 * dies midway leaves what it ran, and a part that wrote nothing is known by its missing file.
 */
const fs = require('node:fs');
const { resumir } = require('./jest-results');

class JestResultsReporter {
  constructor() {
    this.archivo = process.env.DTE_JEST_RESULTS;
  }

  onTestFileResult(_test, _result, agregados) {
    this.escribir(agregados, false);
  }

  onRunComplete(_contexts, agregados) {
    this.escribir(agregados, true);
  }

  escribir(agregados, completo) {
    if (!this.archivo) return;
    // Whole or not at all: a reader never finds half a file.
    const parcial = `${this.archivo}.${process.pid}`;
    fs.writeFileSync(parcial, JSON.stringify(resumir(agregados, completo)));
    fs.renameSync(parcial, this.archivo);
  }
}

module.exports = JestResultsReporter;
